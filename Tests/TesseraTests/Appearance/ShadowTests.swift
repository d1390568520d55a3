import Testing
@testable import Tessera

/// Shadows (README.md, "Shadows"): the framebuffer equals the untiled reference (`ReferenceRenderer`,
/// which blurs each shadow whole with `ScalarReference.shadowBlur`) for every tile size, worker count,
/// band height and scale; a shadow's tiles are cut anywhere without a seam; changing a shadow redraws
/// only that layer's shadow tiles; bad values are refused by name.
@Suite struct ShadowTests {
    static let width = 160
    static let height = 140

    /// Shadowed cards in a clipping, rounded scroll layer (the ancestors' clip and coverage cut the
    /// shadows; the cards' own `clipsToBounds` does not): blur radii 0, fractional and large; negative
    /// and fractional offsets; a `shadowPath`; a translucent shadow colour; a fading card (a group with
    /// its shadow inside), one without group opacity; a card without a background (its shadow shows
    /// through); a scaled card (transform); a shadow reaching outside the viewport.
    static func makeScene() throws -> (root: Layer, scroll: ScrollLayer, cards: [Layer]) {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 160, height: 140))
        root.backgroundColor = try Color(hex: "#EEEEF2")
        let scroll = try ScrollLayer(frame: Rect(x: 6, y: 8, width: 140, height: 126))
        scroll.clipsToBounds = true
        try scroll.setCornerRadius(14)
        scroll.backgroundColor = try Color(hex: "#D0D8E0")
        try scroll.setContentOffset(Point(x: 0, y: 5.5))
        try root.addSublayer(scroll)

        var cards: [Layer] = []
        let radii = [4.0, 0, 2.75, 9, 6, 1.5]
        let offsets = [Size(width: 0, height: 3), Size(width: -2.5, height: 1.25), Size(width: 0, height: -3),
                       Size(width: 6, height: 7), Size(width: 0, height: 0), Size(width: 1, height: 2)]
        for index in 0..<6 {
            let card = try Layer(frame: Rect(x: 8 + Double(index % 2) * 68, y: Double(index / 2) * 44 + 2,
                                             width: 56, height: 34))
            card.clipsToBounds = true
            try card.setCornerRadius([8, 3.5, 0, 17, 6, 10][index])
            if index != 4 { card.backgroundColor = try Color(hex: index == 1 ? "#FFFFFFC0" : "#FFFFFF") }
            card.content = PatternContent(seed: UInt32(60 + index))
            try card.setShadowOpacity([0.5, 1, 0.3, 0.8, 0.6, 0.25][index])
            try card.setShadowRadius(radii[index])
            try card.setShadowOffset(offsets[index])
            if index == 2 { card.shadowColor = try Color(hex: "#2050E080") }
            if index == 3 { try card.setShadowPath(ShadowPath(rect: Rect(x: -4, y: 10, width: 40, height: 30), cornerRadius: 6)) }
            if index == 1 { try card.setOpacity(0.7) }
            if index == 5 {
                try card.setOpacity(0.6)
                card.allowsGroupOpacity = false
                try card.setTransform(LayerTransform(scale: 1.25))
            }
            try scroll.addSublayer(card)
            cards.append(card)
        }
        let outside = try Layer(frame: Rect(x: 130, y: 112, width: 50, height: 40))  // shadow past the viewport
        outside.backgroundColor = try Color(hex: "#E02050")
        try outside.setShadowOpacity(0.9)
        try outside.setShadowRadius(5)
        try root.addSublayer(outside)
        return (root, scroll, cards)
    }

    static func render(_ root: Layer, with compositor: Compositor, width: Int = width, height: Int = height) throws -> [UInt8] {
        let framebuffer = try PixelBuffer(width: width, height: height)
        framebuffer.clear(to: Pixel(r: 1, g: 2, b: 3, a: 4))
        _ = try compositor.render(root, into: framebuffer)
        return framebuffer.packedBytes()
    }

    @Test(arguments: [16, 64, 256])
    func shadowsMatchTheUntiledReferenceForEveryTiling(tileSize: Int) throws {
        let scene = try Self.makeScene()
        let reference = try ReferenceRenderer.render(scene.root, width: Self.width, height: Self.height, scale: 1)
        for (workers, bandHeight) in [(1, 64), (2, 7), (5, 1), (2, 1000)] {
            let compositor = try Compositor(configuration: .init(
                tileSize: tileSize, workers: workers, scale: 1, bandHeight: bandHeight, rasterMode: .synchronous))
            #expect(firstDifference(try Self.render(scene.root, with: compositor), reference, width: Self.width) == nil,
                    "tile \(tileSize), workers \(workers), band \(bandHeight)")
        }
    }

    @Test(arguments: [1.5, 2])
    func shadowsMatchTheUntiledReferenceAtFractionalAndDoubleScale(scale: Double) throws {
        let scene = try Self.makeScene()
        let (w, h) = (Int(160 * scale), Int(140 * scale))
        let reference = try ReferenceRenderer.render(scene.root, width: w, height: h, scale: scale)
        let compositor = try Compositor(configuration: .init(
            tileSize: 64, workers: 2, scale: scale, bandHeight: 16, rasterMode: .synchronous))
        #expect(firstDifference(try Self.render(scene.root, with: compositor, width: w, height: h), reference, width: w) == nil)
    }

    @Test func scrollingAndChangingShadowsStillMatchTheReference() throws {
        let scene = try Self.makeScene()
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, scale: 1, rasterMode: .synchronous))
        _ = try Self.render(scene.root, with: compositor)
        try scene.scroll.setContentOffset(Point(x: 0, y: 23))
        try scene.cards[0].setShadowRadius(6.5)
        try scene.cards[3].setShadowPath(nil)
        scene.cards[4].shadowColor = try Color(hex: "#C03000")
        try scene.cards[1].setBounds(Rect(x: 0, y: 0, width: 40, height: 30))
        let reference = try ReferenceRenderer.render(scene.root, width: Self.width, height: Self.height, scale: 1)
        #expect(firstDifference(try Self.render(scene.root, with: compositor), reference, width: Self.width) == nil)
    }

    /// A shadow drawn in tiles of random sizes and positions equals the shadow drawn whole, which equals
    /// the definition (the shape's coverage blurred by `ScalarReference.shadowBlur`, colour scaled by it).
    @Test func aShadowCutAnywhereEqualsTheWholeShadowAndTheDefinition() throws {
        var random = SplitMix(seed: 7)
        for trial in 0..<12 {
            let content = ShadowContent(
                rect: Rect(x: random.double(-5, 20), y: random.double(-5, 20), width: random.double(0.5, 40),
                           height: random.double(0.5, 30)),
                cornerRadius: random.double(0, 12), sigma: [0, 0.4, 1.7, 3, 6][trial % 5],
                color: ScalarReference.scale(Color(red: 200, green: 40, blue: 90, alpha: 230).premultiplied,
                                             by: UInt32(random.int(1, 255))))
            let scale = [1, 1.5, 2][trial % 3]
            let extent = content.extent(scale: scale)
            let whole = try PixelBuffer(width: extent.width, height: extent.height)
            content.draw(in: RasterContext(buffer: whole, deviceRect: extent, scale: scale))
            // The definition, computed here.
            let k = ScalarReference.boxRadius(sigma: content.sigma * scale)
            let plane = try CoverageBuffer(width: extent.width, height: extent.height)
            let shape = DeviceRect(content.rect, scale: scale)
            let distance = RoundedRectDistance(shape, radius: content.cornerRadius * scale)
            for y in 0..<extent.height {
                for x in 0..<extent.width {
                    plane[x, y] = UInt8(distance.coverage(x: extent.x + x, centerY: Double(extent.y + y) + 0.5))
                }
            }
            try ScalarReference.shadowBlur(plane, radius: k)
            let expected = try PixelBuffer(width: extent.width, height: extent.height)
            ScalarReference.maskedFillOver(expected, with: content.color, coverage: plane)
            #expect(firstDifference(whole.packedBytes(), expected.packedBytes(), width: extent.width) == nil, "trial \(trial)")
            // Random cuts (odd sizes, reaching past the extent).
            for _ in 0..<6 {
                let cut = PixelRect(x: extent.x + random.int(-8, extent.width), y: extent.y + random.int(-8, extent.height),
                                    width: random.int(1, 40), height: random.int(1, 40))
                let piece = try PixelBuffer(width: cut.width, height: cut.height)
                content.draw(in: RasterContext(buffer: piece, deviceRect: cut, scale: scale))
                for y in 0..<cut.height {
                    for x in 0..<cut.width {
                        let (wx, wy) = (cut.x + x - extent.x, cut.y + y - extent.y)
                        let inside = wx >= 0 && wy >= 0 && wx < extent.width && wy < extent.height
                        let want = inside ? whole[x: wx, y: wy] : .transparent
                        if piece[x: x, y: y] != want {
                            Issue.record("trial \(trial) cut \(cut): (\(x), \(y)) is \(piece[x: x, y: y]), want \(want)")
                            return
                        }
                    }
                }
            }
        }
    }

    /// Long shapes drawn in a grid of small tiles: the tiles along the straight edges take the one-column
    /// and one-row paths, the corners the full plane, the interior the uniform fill — all equal to the
    /// definition.
    @Test func edgeTilesOfLongShapesEqualTheDefinition() throws {
        for (trial, (size, radius, sigma, scale)) in [
            ((300.0, 40.0), 12.0, 2.0, 1.0), ((40.0, 300.0), 12.0, 2.5, 1.0), ((257.5, 31.25), 0.0, 1.3, 1.5),
            ((31.0, 200.0), 15.5, 0.0, 2.0), ((200.0, 3.0), 1.0, 4.0, 1.0), ((120.0, 120.0), 60.0, 3.0, 1.0),
        ].enumerated() {
            let content = ShadowContent(rect: Rect(x: 3.25, y: -2.5, width: size.0, height: size.1), cornerRadius: radius,
                                        sigma: sigma, color: Pixel(r: 40, g: 20, b: 90, a: 180))
            let extent = content.extent(scale: scale)
            let k = ScalarReference.boxRadius(sigma: sigma * scale)
            let plane = try CoverageBuffer(width: extent.width, height: extent.height)
            let distance = RoundedRectDistance(DeviceRect(content.rect, scale: scale), radius: radius * scale)
            for y in 0..<extent.height {
                for x in 0..<extent.width {
                    plane[x, y] = UInt8(distance.coverage(x: extent.x + x, centerY: Double(extent.y + y) + 0.5))
                }
            }
            try ScalarReference.shadowBlur(plane, radius: k)
            let expected = try PixelBuffer(width: extent.width, height: extent.height)
            ScalarReference.maskedFillOver(expected, with: content.color, coverage: plane)
            let tiled = try PixelBuffer(width: extent.width, height: extent.height)
            let side = 13
            for ty in stride(from: extent.minY - 5, to: extent.maxY, by: side) {
                for tx in stride(from: extent.minX - 7, to: extent.maxX, by: side) {
                    let tile = PixelRect(x: tx, y: ty, width: side, height: side)
                    let buffer = try PixelBuffer(width: side, height: side)
                    content.draw(in: RasterContext(buffer: buffer, deviceRect: tile, scale: scale))
                    let part = tile.intersection(extent)
                    guard !part.isEmpty else { continue }
                    for y in part.minY..<part.maxY {
                        for x in part.minX..<part.maxX {
                            tiled[x: x - extent.x, y: y - extent.y] = buffer[x: x - tx, y: y - ty]
                        }
                    }
                }
            }
            #expect(firstDifference(tiled.packedBytes(), expected.packedBytes(), width: extent.width) == nil, "trial \(trial)")
        }
    }

    @Test func aUniformInteriorTileEqualsTheBlurredPlane() throws {
        // A large shape: tiles deep inside take the uniform fill; it must equal what the passes give.
        for sigma in [0.0, 2, 40, 80] {
            let content = ShadowContent(rect: Rect(x: 0, y: 0, width: 900, height: 900), cornerRadius: 20, sigma: sigma,
                                        color: Pixel(r: 10, g: 20, b: 30, a: 200))
            let tile = try PixelBuffer(width: 8, height: 8)
            content.draw(in: RasterContext(buffer: tile, deviceRect: PixelRect(x: 446, y: 446, width: 8, height: 8), scale: 1))
            let plane = try CoverageBuffer(width: 701, height: 1)
            for x in 0..<701 { plane[x, 0] = 255 }
            let k = ScalarReference.boxRadius(sigma: sigma)
            let scratch = try CoverageBuffer(width: 701, height: 1)
            for _ in 0..<6 {  // rows and columns of a uniform plane blur alike
                ScalarReference.boxBlurRows(plane, into: scratch, radius: k)
                for x in 0..<701 { plane[x, 0] = scratch[x, 0] }
            }
            #expect(tile[x: 3, y: 3] == ScalarReference.scale(Pixel(r: 10, g: 20, b: 30, a: 200), by: UInt32(plane[350, 0])),
                    "σ \(sigma)")
        }
    }

    @Test func changingAShadowRedrawsOnlyThatLayersShadowTiles() throws {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 200, height: 120))
        let recorders = [DrawRecorder(), DrawRecorder()]
        var cards: [Layer] = []
        for index in 0..<2 {
            let card = try Layer(frame: Rect(x: 20 + Double(index) * 100, y: 20, width: 60, height: 60))
            card.content = CountingContent(recorder: recorders[index], seed: UInt32(index + 1))
            try card.setShadowOpacity(0.5)
            try card.setShadowRadius(4)
            try root.addSublayer(card)
            cards.append(card)
        }
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, scale: 1, maximumPrepaintTiles: 0,
                                                             rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 200, height: 120)
        let first = try compositor.render(root, into: framebuffer)
        #expect(first.shadowTilesRasterized > 0)
        _ = recorders.map { $0.take() }
        let shadowTilesOfOne = first.shadowTilesRasterized / 2

        for change in [{ try cards[0].setShadowRadius(5) }, { try cards[0].setShadowOpacity(0.7) },
                       { cards[0].shadowColor = .white }, { try cards[0].setCornerRadius(9) }] {
            try change()
            let statistics = try compositor.render(root, into: framebuffer)
            #expect(statistics.tilesRasterized == statistics.shadowTilesRasterized, "no content tile redrawn")
            #expect(statistics.shadowTilesRasterized >= 1 && statistics.shadowTilesRasterized <= shadowTilesOfOne + 4)
            #expect(recorders[0].take().isEmpty && recorders[1].take().isEmpty)
        }
        // Opacity is applied when compositing: nothing is redrawn.
        try cards[0].setOpacity(0.5)
        #expect(try compositor.render(root, into: framebuffer).tilesRasterized == 0)
        // Moving a card moves its shadow tiles with it.
        try cards[1].setFrame(Rect(x: 120, y: 37, width: 60, height: 60))
        #expect(try compositor.render(root, into: framebuffer).tilesRasterized == 0)
    }

    @Test func badShadowValuesAreRefusedByName() throws {
        let layer = try Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        for value in [-0.1, 1.5, .nan, .infinity] {
            #expect(argumentName { try layer.setShadowOpacity(value) } == "shadowOpacity")
        }
        for value in [-1, .nan, .infinity, 1e6] {
            #expect(argumentName { try layer.setShadowRadius(value) } == "shadowRadius")
        }
        #expect(argumentName { try layer.setShadowOffset(Size(width: .nan, height: 0)) } == "shadowOffset.width")
        #expect(argumentName { try layer.setShadowOffset(Size(width: 0, height: -2e12)) } == "shadowOffset.height")
        #expect(argumentName { try layer.setShadowPath(ShadowPath(rect: Rect(x: 0, y: 0, width: -1, height: 4))) }
                == "shadowPath.rect.size.width")
        #expect(argumentName { try layer.setShadowPath(ShadowPath(rect: Rect(x: .nan, y: 0, width: 1, height: 4))) }
                == "shadowPath.rect.origin.x")
        #expect(argumentName { try layer.setShadowPath(ShadowPath(rect: Rect(x: 0, y: 0, width: 1, height: 4),
                                                                  cornerRadius: -2)) } == "shadowPath.cornerRadius")
        #expect(layer.shadowOpacity == 0 && layer.shadowRadius == 3 && layer.shadowPath == nil)
        #expect(layer.shadowOffset == Size(width: 0, height: -3) && layer.shadowColor == .black)
        try layer.setShadowOffset(Size(width: -4, height: 2.5))
        #expect(layer.shadowOffset == Size(width: -4, height: 2.5))
    }
}

extension SplitMix {
    mutating func int(_ low: Int, _ high: Int) -> Int { low + Int(next() % UInt64(high - low + 1)) }
    mutating func double(_ low: Double, _ high: Double) -> Double { low + (high - low) * Double(next() >> 11) / Double(1 << 53) }
}
