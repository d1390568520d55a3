import Testing
import Tessera

/// The walkthrough of `Tessera.docc/EmbeddingTessera.md`, step by step, so the article's code compiles and
/// does what the article says.
@Suite("Embedding article")
struct EmbeddingArticleTests {
    @Test("Build, draw, render into caller memory, pan, read statistics, invalidate")
    func walkthrough() throws {
        let compositor = try Compositor(configuration: .init(
            tileSize: 256, workers: 4, cacheBudgetBytes: 64 << 20, scale: 2, rasterMode: .synchronous))

        let root = try Layer(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        root.backgroundColor = Color(red: 242, green: 242, blue: 247)
        let scroll = try ScrollLayer(frame: Rect(x: 0, y: 44, width: 400, height: 256))
        scroll.clipsToBounds = true
        try scroll.setContentSize(Size(width: 400, height: 10_000))
        try root.addSublayer(scroll)

        let document = try Layer(frame: Rect(x: 0, y: 0, width: 400, height: 10_000))
        document.content = DrawingContent(isOpaque: true) { context in
            for y in 0..<context.deviceRect.height {
                let planeY = context.deviceRect.y + y
                let shade = UInt8(truncatingIfNeeded: planeY / 16 * 37)
                for x in 0..<context.deviceRect.width {
                    context.buffer[x: x, y: y] = Pixel(r: shade, g: 128, b: 255 &- shade, a: 255)
                }
            }
        }
        try scroll.addSublayer(document)

        let width = 800, height = 600, bytesPerRow = width * 4
        let memory = UnsafeMutableRawPointer.allocate(byteCount: bytesPerRow * height, alignment: 64)
        defer { memory.deallocate() }

        var statistics = try compositor.render(root, into: memory, width: width, height: height,
                                               bytesPerRow: bytesPerRow)
        // 800 × 512 device pixels of the document are visible: 4 columns × 2 rows of 256-pixel tiles.
        #expect(statistics.tilesRasterizedVisible == 8)
        #expect(statistics.tilesVisible == 8)

        try scroll.pan(by: Point(x: 0, y: -120))      // offset 120 points = 240 device pixels
        #expect(scroll.contentOffset == Point(x: 0, y: 120))
        statistics = try compositor.render(root, into: memory, width: width, height: height,
                                           bytesPerRow: bytesPerRow)
        // Rows 0…2 are visible now; row 2 is new (the first frame had no motion, so nothing was prepainted).
        #expect(statistics.tilesNewlyVisible == 4)
        #expect(statistics.tilesRasterizedVisible == 4)
        #expect(statistics.cacheHits == 8)

        try document.setNeedsDisplay(in: Rect(x: 0, y: 200, width: 400, height: 20))
        statistics = try compositor.render(root, into: memory, width: width, height: height,
                                           bytesPerRow: bytesPerRow)
        // Device rows 400…440 lie in tile row 1: its 4 tiles are drawn again.
        #expect(statistics.tilesInvalidated == 4)
        #expect(statistics.tilesRasterizedVisible == 4)

        let framebuffer = try PixelBuffer(wrapping: memory, width: width, height: height, bytesPerRow: bytesPerRow)
        #expect(framebuffer[x: 0, y: 0] == Color(red: 242, green: 242, blue: 247).premultiplied)
        // Framebuffer row 88 is the scroll layer's top: plane device row 240 of the document.
        let shade = UInt8(truncatingIfNeeded: 240 / 16 * 37)
        #expect(framebuffer[x: 5, y: 88] == Pixel(r: shade, g: 128, b: 255 &- shade, a: 255))
    }
}
