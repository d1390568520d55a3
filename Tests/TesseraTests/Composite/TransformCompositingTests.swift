import Testing
import Tessera

/// Invariant 3 (`ARCHITECTURE.md`) with transforms: scaled and translated layers, nested, composite
/// bit-identically to the untiled ``ReferenceRenderer`` whatever the tile size, worker count and band
/// height; a scaled layer's content is drawn at its plane's scale.
@Suite struct TransformCompositingTests {
    static let width = 120
    static let height = 100

    /// A scaled card (×2, default anchor) holding a shrunk, translated sublayer (×0.75) and a scroll
    /// layer scaled ×1.5 with a translucent sublayer; fractional positions and bounds origins.
    static func makeScene() throws -> (root: Layer, card: Layer, inner: Layer) {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 120, height: 100))
        root.backgroundColor = try Color(hex: "#F0E8D0")
        let card = try Layer(frame: Rect(x: 20, y: 15, width: 40, height: 30))
        card.content = PatternContent(seed: 21)
        try card.setTransform(LayerTransform(scale: 2, translation: Point(x: 3.25, y: -1.5)))
        try card.setBoundsOrigin(Point(x: 2.5, y: -3))
        try root.addSublayer(card)
        let inner = try Layer(frame: Rect(x: 5, y: 6, width: 30, height: 20))
        inner.content = PatternContent(seed: 22)
        try inner.setAnchorPoint(Point(x: 0, y: 0))
        try inner.setTransform(LayerTransform(scale: 0.75, translation: Point(x: 1.5, y: 2)))
        try inner.setOpacity(0.7)
        try card.addSublayer(inner)
        let scroll = try ScrollLayer(frame: Rect(x: 60, y: 50, width: 40, height: 30))
        scroll.clipsToBounds = true
        scroll.content = PatternContent(seed: 23)
        try scroll.setTransform(LayerTransform(scale: 1.5))
        try scroll.setContentOffset(Point(x: 7.5, y: -4.25))
        try root.addSublayer(scroll)
        let deep = try Layer(frame: Rect(x: 10, y: 10, width: 50, height: 25))
        deep.content = PatternContent(seed: 24)
        deep.backgroundColor = try Color(hex: "#3366CC80")
        try deep.setTransform(LayerTransform(scale: 0.5))
        try scroll.addSublayer(deep)
        return (root, card, inner)
    }

    static func render(_ root: Layer, with compositor: Compositor) throws -> [UInt8] {
        let framebuffer = try PixelBuffer(width: width, height: height)
        framebuffer.clear(to: Pixel(r: 1, g: 2, b: 3, a: 4))
        _ = try compositor.render(root, into: framebuffer)
        return framebuffer.packedBytes()
    }

    @Test(arguments: [16, 64, 256])
    func transformedLayersMatchTheUntiledReference(tileSize: Int) throws {
        let scene = try Self.makeScene()
        for scale in [1.0, 2.0] {
            let reference = try ReferenceRenderer.render(scene.root, width: Self.width, height: Self.height, scale: scale)
            for (workers, bandHeight) in [(1, 64), (2, 7), (3, 1)] {
                let compositor = try Compositor(configuration: .init(
                    tileSize: tileSize, workers: workers, scale: scale, bandHeight: bandHeight, rasterMode: .synchronous))
                #expect(firstDifference(try Self.render(scene.root, with: compositor), reference, width: Self.width) == nil,
                        "tile \(tileSize), scale \(scale), workers \(workers), band \(bandHeight)")
            }
        }
    }

    @Test func aSettledTransformAfterAChangeMatchesTheReference() throws {
        let scene = try Self.makeScene()
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, bandHeight: 16, rasterMode: .synchronous))
        for (scale, tx) in [(2.0, 3.25), (1.25, 0.0), (3.0, -10.5), (2.0, 3.25)] {
            try scene.card.setTransform(LayerTransform(scale: scale, translation: Point(x: tx, y: 1)))
            let reference = try ReferenceRenderer.render(scene.root, width: Self.width, height: Self.height, scale: 1)
            _ = try Self.render(scene.root, with: compositor)  // the scale changed: drawn from a level of detail
            #expect(firstDifference(try Self.render(scene.root, with: compositor), reference, width: Self.width) == nil,
                    "scale \(scale)")  // settled: the exact tiles
        }
    }

    @Test func aScaledLayerDrawsItsContentAtItsPlaneScale() throws {
        // A 10 × 10 point opaque square at the plane origin, scaled ×3 about (0, 0): 30 × 30 device pixels.
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 64, height: 64))
        let layer = try Layer(frame: Rect(x: 2, y: 4, width: 20, height: 20))
        layer.content = PointSquareContent(side: 10)
        try layer.setAnchorPoint(Point(x: 0, y: 0))
        try layer.setPosition(Point(x: 2, y: 4))
        try layer.setTransform(LayerTransform(scale: 3))
        try root.addSublayer(layer)
        let compositor = try Compositor(configuration: .init(tileSize: 16, workers: 2, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 64, height: 64)
        _ = try compositor.render(root, into: framebuffer)
        for (x, y, inside) in [(2, 4, true), (31, 33, true), (32, 33, false), (31, 34, false), (1, 4, false)] {
            #expect((framebuffer[x: x, y: y].a == 255) == inside, "(\(x), \(y))")
        }
    }
}

/// Opaque where a pixel's centre, in points, lies in the square `[0, side)²` of the plane.
struct PointSquareContent: LayerContent {
    var side: Double

    func draw(in context: RasterContext) {
        for y in 0..<context.deviceRect.height {
            for x in 0..<context.deviceRect.width {
                let px = (Double(context.deviceRect.x + x) + 0.5) / context.scale
                let py = (Double(context.deviceRect.y + y) + 0.5) / context.scale
                if px >= 0, px < side, py >= 0, py < side {
                    context.buffer[x: x, y: y] = Pixel(r: 0, g: 0, b: 0, a: 255)
                }
            }
        }
    }
}
