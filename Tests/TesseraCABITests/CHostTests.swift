import CHostSupport
import Testing
@testable import Tessera
import TesseraCABI

/// The C example host (Tests/CHost/tessera_host.c) runs through the C ABI and checks itself; its frames
/// must equal, bit for bit, the same scene built through the Swift API.
@Suite("C host")
struct CHostTests {
    static let width = Int(TESSERA_HOST_WIDTH), height = Int(TESSERA_HOST_HEIGHT)
    static let frameCount = Int(TESSERA_HOST_FRAMES)
    static let frameBytes = width * height * 4

    @Test("The C host passes its own checks and its frames equal the Swift API's")
    func hostMatchesSwift() throws {
        var cFrames = [UInt8](repeating: 0, count: Self.frameCount * Self.frameBytes)
        var message = [CChar](repeating: 0, count: 512)
        let result = cFrames.withUnsafeMutableBufferPointer { frames in
            tessera_c_host_run(frames.baseAddress, frames.count, &message, message.count)
        }
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        #expect(result == 0, "C host failed: \(text)")
        guard result == 0 else { return }

        let swiftFrames = try SwiftHostScene.renderFrames()
        #expect(swiftFrames.count == Self.frameCount)
        for (index, frame) in swiftFrames.enumerated() {
            let c = Array(cFrames[index * Self.frameBytes..<(index + 1) * Self.frameBytes])
            let firstDifference = zip(c, frame).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            #expect(c == frame, "frame \(index) differs first at byte \(firstDifference.map(String.init) ?? "-")")
        }
    }
}

/// The zoom host (Tests/CHost/tessera_zoom_host.c): transforms and zoom through the C ABI, checked in C.
@Suite("C zoom host")
struct CZoomHostTests {
    @Test("The C zoom host passes its checks: transform round trip, focal point, bounce, zoom to rect, refusals")
    func zoomHostPasses() {
        var message = [CChar](repeating: 0, count: 512)
        let result = tessera_c_zoom_host_run(&message, message.count)
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        #expect(result == 0, "C zoom host failed: \(text)")
    }
}

/// The C host's scene and frame script, built with the Swift API (``DrawingContent`` draws the same
/// pattern as the C callback).
enum SwiftHostScene {
    static func pattern(x: Int, y: Int) -> Pixel {
        let h = UInt32(truncatingIfNeeded: x) &* 73_856_093 ^ UInt32(truncatingIfNeeded: y) &* 19_349_663
        return Pixel(r: UInt8(truncatingIfNeeded: h), g: UInt8(truncatingIfNeeded: h >> 8),
                     b: UInt8(truncatingIfNeeded: (x + y) >> 2), a: 255)
    }

    static func renderFrames() throws -> [[UInt8]] {
        let compositor = try Compositor(configuration: .init(
            tileSize: 64, workers: 2, cacheBudgetBytes: 64 << 20, scale: 2, maximumPrepaintTiles: 0, rasterMode: .synchronous))
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 160, height: 120))
        root.backgroundColor = Color(red: 48, green: 48, blue: 64)
        let scroll = try ScrollLayer(frame: Rect(x: 10, y: 10, width: 140, height: 100))
        scroll.clipsToBounds = true
        scroll.backgroundColor = .white
        try scroll.setContentSize(Size(width: 140, height: 2000))
        let content = try Layer(frame: Rect(x: 0, y: 0, width: 140, height: 2000))
        content.content = DrawingContent(isOpaque: true) { context in
            for y in 0..<context.deviceRect.height {
                for x in 0..<context.deviceRect.width {
                    context.buffer[x: x, y: y] = pattern(x: context.deviceRect.x + x, y: context.deviceRect.y + y)
                }
            }
        }
        let overlay = try Layer(frame: Rect(x: 0, y: 0, width: 160, height: 20))
        overlay.backgroundColor = Color(red: 255, green: 0, blue: 0, alpha: 128)
        try scroll.addSublayer(content)
        try root.addSublayer(scroll)
        try root.addSublayer(overlay)

        let width = CHostTests.width, height = CHostTests.height
        let bytesPerRow = width * 4 + 12
        var memory = [UInt8](repeating: 0, count: bytesPerRow * height)
        var frames: [[UInt8]] = []
        func render() throws {
            try memory.withUnsafeMutableBytes { raw in
                _ = try compositor.render(root, into: raw.baseAddress!, width: width, height: height,
                                          bytesPerRow: bytesPerRow)
                frames.append(try PixelBuffer(wrapping: raw.baseAddress!, width: width, height: height,
                                              bytesPerRow: bytesPerRow).packedBytes())
            }
        }
        try render()
        try scroll.setContentOffset(Point(x: 0, y: 37.5))
        try render()
        try scroll.pan(by: Point(x: 0, y: -42.5))
        try render()
        try scroll.setContentOffset(Point(x: 0, y: 300))
        try render()
        try render()
        try scroll.pan(by: Point(x: 0, y: 180))
        try render()
        try content.setNeedsDisplay(in: Rect(x: 5, y: 130, width: 10, height: 10))
        try render()
        try scroll.pan(by: Point(x: 0, y: -10_000))
        try render()
        return frames
    }
}
