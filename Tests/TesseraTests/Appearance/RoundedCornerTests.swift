import Testing
@testable import Tessera

/// Rounded-corner clips and borders (README.md, "Rounded corners, borders"): the framebuffer equals the
/// untiled reference (`ReferenceRenderer`, which computes every coverage from the documented formula)
/// for every tile size, worker count, band height and scale; masks are applied at composite time, so
/// scrolling or changing them rasterizes nothing; the cached coverage cells agree with the definition.
@Suite struct RoundedCornerTests {
    static let width = 160
    static let height = 140

    /// Masked cards with content and sublayers, inside a masked scroll layer (clips compose); borders of
    /// fractional and integer widths, with and without a radius; a capsule (radius above half a side);
    /// a rounded background without `clipsToBounds`; translucent colours and opacity; a card cut by the
    /// viewport.
    static func makeScene() throws -> (root: Layer, scroll: ScrollLayer, cards: [Layer]) {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 160, height: 140))
        root.backgroundColor = try Color(hex: "#EEEEF2")

        let scroll = try ScrollLayer(frame: Rect(x: 6, y: 8, width: 140, height: 126))
        scroll.clipsToBounds = true
        try scroll.setCornerRadius(18)
        scroll.backgroundColor = try Color(hex: "#D0D8E0")
        scroll.content = PatternContent(seed: 21)
        try scroll.setContentOffset(Point(x: 0, y: 7.5))
        try root.addSublayer(scroll)

        var cards: [Layer] = []
        for index in 0..<4 {
            let card = try Layer(frame: Rect(x: 4 + Double(index % 2) * 70, y: Double(index / 2) * 66 - 4,
                                             width: 66, height: 60))
            card.clipsToBounds = true
            try card.setCornerRadius([10, 7.25, 40, 0][index])
            card.backgroundColor = try Color(hex: index == 1 ? "#FFFFFF80" : "#FFFFFF")
            card.content = PatternContent(seed: UInt32(30 + index))
            try card.setBorderWidth([1.5, 0, 3, 2][index])
            card.borderColor = try Color(hex: index == 2 ? "#1060C0A0" : "#202020")
            if index == 3 { try card.setOpacity(0.7) }
            let image = try Layer(frame: Rect(x: -5, y: 20, width: 50, height: 50))
            image.content = PatternContent(seed: UInt32(40 + index))
            try card.addSublayer(image)
            try scroll.addSublayer(card)
            cards.append(card)
        }

        let pill = try Layer(frame: Rect(x: 100, y: 110, width: 80, height: 20))  // partly outside
        try pill.setCornerRadius(25)
        pill.backgroundColor = try Color(hex: "#E02050")
        try pill.setBorderWidth(4.5)
        pill.borderColor = .white
        pill.content = PatternContent(seed: 50)  // not clipped: no clipsToBounds
        try root.addSublayer(pill)

        let thick = try Layer(frame: Rect(x: 2, y: 100, width: 30, height: 24))
        try thick.setBorderWidth(20)  // wider than half the layer: all border
        try thick.setCornerRadius(6)
        thick.borderColor = try Color(hex: "#30A030C0")
        try root.addSublayer(thick)
        return (root, scroll, cards)
    }

    static func render(_ root: Layer, with compositor: Compositor) throws -> [UInt8] {
        let framebuffer = try PixelBuffer(width: width, height: height)
        framebuffer.clear(to: Pixel(r: 1, g: 2, b: 3, a: 4))
        _ = try compositor.render(root, into: framebuffer)
        return framebuffer.packedBytes()
    }

    @Test(arguments: [16, 64, 256])
    func roundedClipsAndBordersMatchTheUntiledReferenceForEveryTiling(tileSize: Int) throws {
        let scene = try Self.makeScene()
        let reference = try ReferenceRenderer.render(scene.root, width: Self.width, height: Self.height, scale: 1)
        for (workers, bandHeight) in [(1, 64), (2, 7), (5, 1), (2, 1000)] {
            let compositor = try Compositor(configuration: .init(
                tileSize: tileSize, workers: workers, scale: 1, bandHeight: bandHeight, rasterMode: .synchronous))
            #expect(firstDifference(try Self.render(scene.root, with: compositor), reference, width: Self.width) == nil,
                    "tile \(tileSize), workers \(workers), band \(bandHeight)")
            #expect(firstDifference(try Self.render(scene.root, with: compositor), reference, width: Self.width) == nil)
            // The opaque cards' content is drawn onto their backgrounds in one pass (not the pill's
            // corners: its content is not cut by its rounded background).
            let framebuffer = try PixelBuffer(width: Self.width, height: Self.height)
            #expect(try compositor.render(scene.root, into: framebuffer).drawOpsUnderlaid > 0)
        }
    }

    /// A radius and a border are in the layer's own points: a transform's scale (the layer's or an
    /// ancestor's, as a zoom sets it) scales them with the rest of the layer.
    @Test(arguments: [0.5, 2.0, 3.0])
    func radiiAndBordersScaleWithTransforms(transformScale: Double) throws {
        let scene = try Self.makeScene()
        try scene.cards[1].setTransform(LayerTransform(scale: transformScale))  // the layer's own
        try scene.scroll.setTransform(LayerTransform(scale: 1.25))  // an ancestor's
        let reference = try ReferenceRenderer.render(scene.root, width: Self.width, height: Self.height, scale: 1)
        for tileSize in [16, 64] {
            let compositor = try Compositor(configuration: .init(tileSize: tileSize, workers: 2, scale: 1, bandHeight: 9,
                                                                 rasterMode: .synchronous))
            #expect(firstDifference(try Self.render(scene.root, with: compositor), reference, width: Self.width) == nil,
                    "tile \(tileSize)")
        }
    }

    @Test(arguments: [1.5, 2.0, 0.75])
    func fractionalAndDoubleScalesMatchTheReference(scale: Double) throws {
        let scene = try Self.makeScene()
        let reference = try ReferenceRenderer.render(scene.root, width: Self.width, height: Self.height, scale: scale)
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, scale: scale, bandHeight: 11,
                                                             rasterMode: .synchronous))
        #expect(firstDifference(try Self.render(scene.root, with: compositor), reference, width: Self.width) == nil)
    }

    @Test func theCornersAreCutAndTheInteriorIsUntouched() throws {
        // A 20×20 opaque white layer with radius 10 over black: the corner pixel is black (coverage 0),
        // the centre white, and a pixel on the diagonal just inside the arc is a grey in between.
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        root.backgroundColor = .black
        let disc = try Layer(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        disc.backgroundColor = .white
        try disc.setCornerRadius(10)
        try root.addSublayer(disc)
        let framebuffer = try PixelBuffer(width: 20, height: 20)
        _ = try Compositor(configuration: .init(tileSize: 16, rasterMode: .synchronous)).render(root, into: framebuffer)
        #expect(framebuffer[x: 0, y: 0] == Pixel(r: 0, g: 0, b: 0, a: 255))
        #expect(framebuffer[x: 10, y: 10] == Pixel(r: 255, g: 255, b: 255, a: 255))
        // Pixel (0, 10): centre (0.5, 10.5), √(9.5² + 0.5²) − 10 = −0.4869, coverage 0.9869 → 252.
        #expect(framebuffer[x: 0, y: 10] == Pixel(r: 252, g: 252, b: 252, a: 255))
        // Pixel (3, 3): centre (3.5, 3.5), distance to the circle of radius 10 about (10, 10) is
        // √(6.5² · 2) − 10 = −0.8076, coverage 1: white. Pixel (2, 3): √(7.5² + 6.5²) − 10 = −0.0754,
        // coverage 0.5754 → 147 → white at 147 over black: 147.
        #expect(framebuffer[x: 3, y: 3] == Pixel(r: 255, g: 255, b: 255, a: 255))
        #expect(framebuffer[x: 2, y: 3] == Pixel(r: 147, g: 147, b: 147, a: 255))
    }

    @Test func cachedCoverageCellsAgreeWithTheDefinition() throws {
        var rng = SplitMix64(seed: 77)
        for _ in 0..<60 {
            let w = 1 + Int(rng.next() % 90), h = 1 + Int(rng.next() % 90)
            let radius = Double(rng.next() % 400) / 8
            let kind: CoverageShape.Kind = rng.next() % 2 == 0 ? .roundedClip : .border(width: Double(1 + rng.next() % 120) / 8)
            let key = CoverageShape.Key(kind: kind, width: w, height: h, radius: radius)
            let cells = try ShapeCoverage(key)
            for v in 0..<h {
                for u in 0..<w {
                    let index = cells.row(of: v) * (cells.xs.count - 1) + cells.column(of: u)
                    let expected = CoverageShape.coverage(key, u: u, v: v)
                    switch cells.kinds[index] {
                    case .full: #expect(expected == 255, "\(key) (\(u), \(v))")
                    case .empty: #expect(expected == 0, "\(key) (\(u), \(v))")
                    case .partial:
                        let buffer = try #require(cells.cells[index])
                        #expect(buffer[u - cells.xs[index % (cells.xs.count - 1)], v - cells.ys[index / (cells.xs.count - 1)]] == expected)
                    }
                }
            }
        }
    }

    @Test func scrollingAndChangingMasksRasterizesNothingNew() throws {
        let scene = try Self.makeScene()
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, maximumPrepaintTiles: 0,
                                                             rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: Self.width, height: Self.height)
        _ = try compositor.render(scene.root, into: framebuffer)
        try scene.scroll.setContentOffset(Point(x: 0, y: 30))
        _ = try compositor.render(scene.root, into: framebuffer)
        // Back and forth over what has been shown: every tile is cached.
        for offset in [7.5, 30.0, 12.0, 0.0] {
            try scene.scroll.setContentOffset(Point(x: 0, y: offset))
            let statistics = try compositor.render(scene.root, into: framebuffer)
            #expect(statistics.tilesRasterized == 0, "offset \(offset)")
            let reference = try ReferenceRenderer.render(scene.root, width: Self.width, height: Self.height, scale: 1)
            #expect(firstDifference(framebuffer.packedBytes(), reference, width: Self.width) == nil, "offset \(offset)")
        }
        // New radii and borders are compositing changes: no raster, and the pixels follow.
        try scene.cards[0].setCornerRadius(25)
        try scene.cards[1].setBorderWidth(6)
        try scene.scroll.setCornerRadius(3)
        let statistics = try compositor.render(scene.root, into: framebuffer)
        #expect(statistics.tilesRasterized == 0)
        let reference = try ReferenceRenderer.render(scene.root, width: Self.width, height: Self.height, scale: 1)
        #expect(firstDifference(framebuffer.packedBytes(), reference, width: Self.width) == nil)
    }

    @Test func damageOnlyFramesWithMasksEqualTheReference() throws {
        let scene = try Self.makeScene()
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, bandHeight: 5, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: Self.width, height: Self.height)
        var token = try compositor.render(scene.root, into: framebuffer).frameToken
        let changes: [(String, () throws -> Void)] = [
            ("radius", { try scene.cards[2].setCornerRadius(5) }),
            ("border", { try scene.cards[0].setBorderWidth(4) }),
            ("colour", { scene.cards[3].borderColor = .white }),
            ("scroll", { try scene.scroll.setContentOffset(Point(x: 0, y: 19)) }),
            ("nothing", {}),
        ]
        for (name, change) in changes {
            try change()
            token = try compositor.render(scene.root, into: framebuffer, previousFrame: token).frameToken
            let reference = try ReferenceRenderer.render(scene.root, width: Self.width, height: Self.height, scale: 1)
            #expect(firstDifference(framebuffer.packedBytes(), reference, width: Self.width) == nil, "\(name)")
        }
    }

    @Test func aHugeLayerWithAHugeRadiusComputesOnlyItsVisibleCornerAndMatchesTheReference() throws {
        // Corner cells of 1,100² bytes exceed the cache's cell limit: the visible part is computed per frame.
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 120, height: 90))
        root.backgroundColor = .black
        let huge = try Layer(frame: Rect(x: -3900, y: -20, width: 4000, height: 3000))
        huge.backgroundColor = try Color(hex: "#80C0FF")
        huge.content = PatternContent(seed: 3)
        huge.clipsToBounds = true
        try huge.setCornerRadius(1100)
        try huge.setBorderWidth(7.5)
        try root.addSublayer(huge)
        let cells = try ShapeCoverage(CoverageShape.Key(kind: .roundedClip, width: 4000, height: 3000, radius: 1100))
        #expect(cells.cells.allSatisfy { $0 == nil })
        // Absurd device sizes (cells whose byte count overflows an Int) are not stored either.
        let absurd = try ShapeCoverage(CoverageShape.Key(kind: .border(width: 3), width: 1 << 40, height: 1 << 40, radius: 1e11))
        #expect(absurd.cells.allSatisfy { $0 == nil })
        let compositor = try Compositor(configuration: .init(tileSize: 64, workers: 2, bandHeight: 13, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 120, height: 90)
        _ = try compositor.render(root, into: framebuffer)
        let reference = try ReferenceRenderer.render(root, width: 120, height: 90, scale: 1)
        #expect(firstDifference(framebuffer.packedBytes(), reference, width: 120) == nil)
    }

    @Test func badRadiiAndWidthsAreRejectedByName() throws {
        let layer = try Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try layer.setCornerRadius(3)
        for bad in [-1, .nan, .infinity, 2e12] {
            #expect(throws: TesseraError.self) { try layer.setCornerRadius(bad) }
            #expect(throws: TesseraError.self) { try layer.setBorderWidth(bad) }
        }
        do {
            try layer.setCornerRadius(-2)
        } catch TesseraError.invalidArgument(let argument, _) {
            #expect(argument == "cornerRadius")
        }
        do {
            try layer.setBorderWidth(.nan)
        } catch TesseraError.invalidArgument(let argument, _) {
            #expect(argument == "borderWidth")
        }
        #expect(layer.cornerRadius == 3)
        #expect(layer.borderWidth == 0)
    }
}
