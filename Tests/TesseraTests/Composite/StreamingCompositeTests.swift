import Testing
@testable import Tessera

/// Frames wide enough for the composite's streaming path (rows of opaque tiles and fills of ≥ 256 pixels
/// that no translucent op covers, the clear) stay bit-identical to the untiled reference for every tile
/// size, worker count and band height, also in a framebuffer with an unaligned start and padded rows.
@Suite struct StreamingCompositeTests {
    static let width = 1300
    static let height = 230

    /// Opaque pixels of varied colour: its tiles are opaque, so they are composited as copies.
    struct OpaqueNoiseContent: LayerContent {
        var seed: UInt32

        func draw(in context: RasterContext) {
            for y in 0..<context.deviceRect.height {
                for x in 0..<context.deviceRect.width {
                    var h = UInt32(truncatingIfNeeded: (context.deviceRect.x + x) &* 73_856_093
                                   ^ (context.deviceRect.y + y) &* 19_349_663) ^ seed
                    h = (h ^ (h >> 15)) &* 2_246_822_519
                    context.buffer[x: x, y: y] = Pixel(r: UInt8(truncatingIfNeeded: h), g: UInt8(truncatingIfNeeded: h >> 8),
                                                       b: UInt8(truncatingIfNeeded: h >> 16), a: 255)
                }
            }
        }
    }

    /// An opaque background fill, a wide opaque image over most of it, translucent layers over parts of
    /// both (the pixels under them must keep temporal stores and be blended), an opaque solid layer, and
    /// uncovered margins (the clear).
    static func makeScene() throws -> Layer {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 1290, height: 220))
        root.backgroundColor = try Color(hex: "#F0E8D0")
        let image = try Layer(frame: Rect(x: 7, y: 5, width: 1200, height: 190))
        image.content = OpaqueNoiseContent(seed: 3)
        try root.addSublayer(image)
        let glass = try Layer(frame: Rect(x: 100, y: 50, width: 500, height: 40))
        glass.backgroundColor = try Color(hex: "#3366CC80")
        try root.addSublayer(glass)
        let card = try Layer(frame: Rect(x: 700, y: 120, width: 400, height: 90))
        card.content = PatternContent(seed: 9)
        try card.setOpacity(0.8)
        try root.addSublayer(card)
        let solid = try Layer(frame: Rect(x: 900, y: 20, width: 385, height: 60))
        solid.content = SolidContent(pixel: Pixel(r: 10, g: 200, b: 30, a: 255))
        try root.addSublayer(solid)
        return root
    }

    @Test(arguments: [64, 256, 512])
    func wideFramesMatchTheUntiledReference(tileSize: Int) throws {
        let root = try Self.makeScene()
        let reference = try ReferenceRenderer.render(root, width: Self.width, height: Self.height, scale: 1)
        var rng = SplitMix64(seed: UInt64(tileSize))
        for (workers, bandHeight) in [(1, 64), (2, 7), (3, 1), (2, 1000)] {
            let compositor = try Compositor(configuration: .init(
                tileSize: tileSize, workers: workers, scale: 1, bandHeight: bandHeight, rasterMode: .synchronous))
            for (offset, padding) in [(0, 0), (4, 12), (36, 68)] {
                let memory = try TestMemory(width: Self.width, height: Self.height,
                                            bytesPerRow: Self.width * 4 + padding, offset: offset, rng: &rng)
                for frame in 0..<2 {  // the second frame answers every tile from the cache
                    _ = try compositor.render(root, into: memory.buffer)
                    #expect(firstDifference(memory.buffer.packedBytes(), reference, width: Self.width) == nil,
                            "tile \(tileSize), workers \(workers), band \(bandHeight), offset \(offset), frame \(frame)")
                }
            }
        }
    }
}
