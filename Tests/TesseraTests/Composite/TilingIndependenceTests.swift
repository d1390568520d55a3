import Testing
import Tessera

/// Invariant 3 of ARCHITECTURE.md: the framebuffer is bit-identical whatever the tile size, worker count and
/// band height, and identical to compositing each layer's untiled image.
@Suite struct TilingIndependenceTests {
    static let width = 150
    static let height = 130

    /// Several layers; nested scroll layers with fractional and negative bounds origins; opacity < 1;
    /// clipsToBounds on and off; background colours (opaque and translucent); translucent, opaque and
    /// transparent content; a hidden layer; a layer partly outside the viewport.
    static func makeScene() throws -> (root: Layer, scroll: ScrollLayer, inner: ScrollLayer) {
        let root = try Layer(frame: Rect(x: 3, y: 2, width: 140, height: 120))
        root.backgroundColor = try Color(hex: "#F0E8D0")
        root.content = PatternContent(seed: 11)
        try root.setBoundsOrigin(Point(x: -2.5, y: 4.25))  // the root scrolls its own content and sublayers

        let card = try Layer(frame: Rect(x: 5, y: 5, width: 80, height: 60))
        card.content = PatternContent(seed: 1)
        card.backgroundColor = try Color(hex: "#3366CC80")
        try card.setOpacity(0.8)
        try root.addSublayer(card)

        let scroll = try ScrollLayer(frame: Rect(x: 20, y: 30, width: 100, height: 80))
        scroll.clipsToBounds = true
        scroll.content = PatternContent(seed: 2)
        scroll.backgroundColor = try Color(hex: "#20202040")
        try scroll.setContentOffset(Point(x: -7.5, y: 13.25))
        try root.addSublayer(scroll)

        let wide = try Layer(frame: Rect(x: 10, y: 10, width: 200, height: 50))
        wide.content = PatternContent(seed: 3)
        try wide.setOpacity(0.6)
        try scroll.addSublayer(wide)

        let inner = try ScrollLayer(frame: Rect(x: 30, y: 40, width: 60, height: 60))
        inner.content = PatternContent(seed: 4)
        try inner.setContentOffset(Point(x: 3.7, y: -20.4))
        try scroll.addSublayer(inner)

        let outside = try Layer(frame: Rect(x: 50, y: 70, width: 40, height: 40))
        outside.backgroundColor = try Color(hex: "#D0021B")
        try outside.setOpacity(0.5)
        try inner.addSublayer(outside)

        let corner = try Layer(frame: Rect(x: 100, y: 90, width: 60, height: 60))
        corner.content = PatternContent(seed: 5)
        try root.addSublayer(corner)
        let solid = try Layer(frame: Rect(x: -20, y: -20, width: 30, height: 30))
        solid.content = SolidContent(pixel: Pixel(r: 10, g: 200, b: 30, a: 255))
        try corner.addSublayer(solid)

        let hidden = try Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        hidden.content = PatternContent(seed: 6)
        hidden.isHidden = true
        try root.addSublayer(hidden)

        let invisible = try Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        invisible.backgroundColor = .black
        try invisible.setOpacity(0.001)
        try root.addSublayer(invisible)
        return (root, scroll, inner)
    }

    static func render(_ root: Layer, with compositor: Compositor) throws -> [UInt8] {
        let framebuffer = try PixelBuffer(width: width, height: height)
        framebuffer.clear(to: Pixel(r: 1, g: 2, b: 3, a: 4))  // must be overwritten everywhere
        _ = try compositor.render(root, into: framebuffer)
        return framebuffer.packedBytes()
    }

    @Test(arguments: [16, 64, 256, 1024])
    func everyTilingMatchesTheUntiledReference(tileSize: Int) throws {
        let scene = try Self.makeScene()
        let reference = try ReferenceRenderer.render(scene.root, width: Self.width, height: Self.height, scale: 1)
        for (workers, bandHeight) in [(1, 64), (2, 7), (5, 1), (2, 1000)] {
            let compositor = try Compositor(configuration: .init(
                tileSize: tileSize, workers: workers, scale: 1, bandHeight: bandHeight, rasterMode: .synchronous))
            let bytes = try Self.render(scene.root, with: compositor)
            #expect(firstDifference(bytes, reference, width: Self.width) == nil,
                    "tile \(tileSize), workers \(workers), band \(bandHeight)")
            // A second frame answers every tile from the cache and must give the same bytes.
            #expect(firstDifference(try Self.render(scene.root, with: compositor), reference, width: Self.width) == nil)
        }
    }

    @Test(arguments: [1.5, 2.0])
    func fractionalAndDoubleScalesMatchTheReference(scale: Double) throws {
        let scene = try Self.makeScene()
        let reference = try ReferenceRenderer.render(scene.root, width: Self.width, height: Self.height, scale: scale)
        for tileSize in [16, 64] {
            let compositor = try Compositor(configuration: .init(tileSize: tileSize, workers: 2, scale: scale,
                                                                 bandHeight: 13, rasterMode: .synchronous))
            #expect(firstDifference(try Self.render(scene.root, with: compositor), reference, width: Self.width) == nil,
                    "tile \(tileSize)")
        }
    }

    @Test func scrolledFramesFromAWarmCacheMatchTheReference() throws {
        let scene = try Self.makeScene()
        let compositor = try Compositor(configuration: .init(tileSize: 16, workers: 2, bandHeight: 9, rasterMode: .synchronous))
        let offsets = [Point(x: 0, y: 0), Point(x: 12.5, y: -31.75), Point(x: -40, y: 17), Point(x: -7.5, y: 13.25)]
        for offset in offsets {
            try scene.scroll.setContentOffset(offset)
            try scene.inner.setContentOffset(Point(x: -offset.y / 3, y: offset.x / 2))
            let reference = try ReferenceRenderer.render(scene.root, width: Self.width, height: Self.height, scale: 1)
            #expect(firstDifference(try Self.render(scene.root, with: compositor), reference, width: Self.width) == nil,
                    "offset \(offset)")
        }
    }

    @Test func anOpaqueBackgroundOverWholeBandsMatchesTheReference() throws {
        // The root covers the framebuffer with an opaque colour: bands start at its fill (no clear).
        let scene = try Self.makeScene()
        try scene.root.setFrame(Rect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height)))
        let reference = try ReferenceRenderer.render(scene.root, width: Self.width, height: Self.height, scale: 1)
        for (workers, bandHeight) in [(1, 1), (2, 7), (5, 64)] {
            let compositor = try Compositor(configuration: .init(tileSize: 64, workers: workers, bandHeight: bandHeight, rasterMode: .synchronous))
            #expect(firstDifference(try Self.render(scene.root, with: compositor), reference, width: Self.width) == nil,
                    "workers \(workers), band \(bandHeight)")
        }
    }

    @Test func opaqueLayersHideWhatIsBelowWithoutChangingPixels() throws {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 64, height: 64))
        root.content = PatternContent(seed: 9)
        let cover = try Layer(frame: Rect(x: 0, y: 0, width: 64, height: 64))
        cover.content = SolidContent(pixel: Pixel(r: 9, g: 8, b: 7, a: 255))
        try root.addSublayer(cover)
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 64, height: 64)
        _ = try compositor.render(root, into: framebuffer)
        let reference = try ReferenceRenderer.render(root, width: 64, height: 64, scale: 1)
        #expect(firstDifference(framebuffer.packedBytes(), reference, width: 64) == nil)
    }
}
