import Foundation
import Testing
@testable import Tessera

/// The embedding path of the Swift API: caller-drawn content and rendering into caller memory.
@Suite("Embedding")
struct EmbeddingTests {
    @Test("DrawingContent draws the same frame as an equivalent LayerContent, tile by tile on the workers")
    func drawingContentMatchesLayerContent() throws {
        let recorder = DrawRecorder()
        func scene(_ content: any LayerContent) throws -> Layer {
            let root = try Layer(frame: Rect(x: 0, y: 0, width: 100, height: 80))
            let scroll = try ScrollLayer(frame: Rect(x: 5, y: 5, width: 90, height: 70))
            scroll.clipsToBounds = true
            try scroll.setContentOffset(Point(x: 3, y: 41))
            let layer = try Layer(frame: Rect(x: 0, y: 0, width: 90, height: 500))
            layer.content = content
            try scroll.addSublayer(layer)
            try root.addSublayer(scroll)
            return root
        }
        let drawing = DrawingContent { context in
            recorder.record(context.deviceRect)
            PatternContent(seed: 7).draw(in: context)
        }
        let configuration = Compositor.Configuration(tileSize: 32, workers: 3, scale: 2, rasterMode: .synchronous)
        let expected = try PixelBuffer(width: 200, height: 160)
        _ = try Compositor(configuration: configuration).render(try scene(PatternContent(seed: 7)), into: expected)
        let actual = try PixelBuffer(width: 200, height: 160)
        let statistics = try Compositor(configuration: configuration).render(try scene(drawing), into: actual)
        #expect(actual.packedBytes() == expected.packedBytes())
        let rects = recorder.take()
        #expect(rects.count == statistics.tilesRasterized)
        #expect(rects.allSatisfy { $0.width == 32 && $0.height == 32 && $0.x % 32 == 0 && $0.y % 32 == 0 })
    }

    @Test("DrawingContent reports the opacity promised at creation")
    func drawingContentOpacity() {
        let rect = PixelRect(x: 0, y: 0, width: 8, height: 8)
        #expect(DrawingContent(isOpaque: true) { _ in }.isOpaque(in: rect, scale: 1))
        #expect(!DrawingContent { _ in }.isOpaque(in: rect, scale: 1))
    }

    @Test("Rendering into caller memory honours the stride and names bad arguments")
    func renderIntoCallerMemory() throws {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 4, height: 3))
        root.backgroundColor = Color(red: 255, green: 0, blue: 0)
        let compositor = try Compositor(configuration: .init(tileSize: 16, workers: 1, rasterMode: .synchronous))
        let bytesPerRow = 4 * 4 + 5
        var memory = [UInt8](repeating: 0xAA, count: bytesPerRow * 3)
        try memory.withUnsafeMutableBytes { raw in
            _ = try compositor.render(root, into: raw.baseAddress!, width: 4, height: 3, bytesPerRow: bytesPerRow)
            let tooNarrow = TesseraError.invalidArgument(argument: "bytesPerRow",
                                                         reason: "must be ≥ width · 4 = 16, got 15")
            #expect(throws: tooNarrow) {
                try compositor.render(root, into: raw.baseAddress!, width: 4, height: 3, bytesPerRow: 15)
            }
            #expect(throws: TesseraError.self) {
                try compositor.render(root, into: raw.baseAddress!, width: 0, height: 3, bytesPerRow: 16)
            }
        }
        for y in 0..<3 {
            let red: [UInt8] = Array(repeating: [255, 0, 0, 255], count: 4).flatMap { $0 }
            #expect(Array(memory[y * bytesPerRow..<y * bytesPerRow + 16]) == red)
            #expect(Array(memory[y * bytesPerRow + 16..<(y + 1) * bytesPerRow]).allSatisfy { $0 == 0xAA },
                    "the padding of each row is left alone")
        }
        #expect(compositor.kernelTier == Kernels.activeTier)
    }
}
