import Testing
@testable import Tessera

/// Frames rendered into host formats (README.md, "Host pixel formats"): the same pixels as an RGBA
/// frame, swizzled in the composite pass, for full and damage-only frames alike.
@Suite struct FormatCompositeTests {
    /// A tree with opaque and translucent content, a translucent group and colours of every kind.
    static func scene() throws -> (root: Layer, badge: Layer) {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 90, height: 70))
        root.content = PatternContent(seed: 11)
        let card = try Layer(frame: Rect(x: 7.5, y: 5, width: 50, height: 40))
        card.backgroundColor = Color(red: 30, green: 120, blue: 220, alpha: 140)
        card.content = PatternContent(seed: 5)
        try card.setOpacity(0.6)
        try root.addSublayer(card)
        let badge = try Layer(frame: Rect(x: 60, y: 40, width: 12, height: 9))
        badge.backgroundColor = Color(red: 250, green: 20, blue: 10)
        try root.addSublayer(badge)
        return (root, badge)
    }

    static func compositor() throws -> Compositor {
        try Compositor(configuration: .init(tileSize: 16, workers: 2, bandHeight: 8, rasterMode: .synchronous))
    }

    /// The RGBA frame's bytes with bytes 0 and 2 swapped and byte 3 set as `format` wants (written here,
    /// independently of the library).
    static func swizzled(_ rgba: [UInt8], _ format: PixelFormat) -> [UInt8] {
        var out = rgba
        for i in stride(from: 0, to: rgba.count, by: 4) {
            if format == .bgra || format == .xrgb { out[i] = rgba[i + 2]; out[i + 2] = rgba[i] }
            if format == .xrgb || format == .xbgr { out[i + 3] = 255 }
        }
        return out
    }

    @Test(arguments: [PixelFormat.bgra, .xrgb, .xbgr])
    func aFrameInAHostFormatIsTheRGBAFrameSwizzled(_ format: PixelFormat) throws {
        let (root, _) = try Self.scene()
        let rgba = try PixelBuffer(width: 90, height: 70)
        _ = try Self.compositor().render(root, into: rgba)
        let framebuffer = try PixelBuffer(width: 90, height: 70, format: format)
        framebuffer.reinterpreted(as: .rgba).clear(to: Pixel(r: 1, g: 2, b: 3, a: 4))  // garbage everywhere
        _ = try Self.compositor().render(root, into: framebuffer)
        #expect(firstDifference(framebuffer.packedBytes(), Self.swizzled(rgba.packedBytes(), format)) == nil)
    }

    /// Caller memory with an odd stride, through the raw-memory entry point.
    @Test(arguments: [PixelFormat.bgra, .xrgb, .xbgr])
    func callerMemoryInAHostFormatIsTheRGBAFrameSwizzled(_ format: PixelFormat) throws {
        let (root, _) = try Self.scene()
        let rgba = try PixelBuffer(width: 90, height: 70)
        _ = try Self.compositor().render(root, into: rgba)
        let stride = 90 * 4 + 7
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * 70, alignment: 1)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0x5A, count: stride * 70)
        _ = try Self.compositor().render(root, into: memory + 0, width: 90, height: 70, bytesPerRow: stride,
                                         format: format)
        let framebuffer = try PixelBuffer(wrapping: memory, width: 90, height: 70, bytesPerRow: stride)
        #expect(firstDifference(framebuffer.packedBytes(), Self.swizzled(rgba.packedBytes(), format)) == nil)
    }

    /// A damage-only frame in each format equals a full frame of the same tree in that format, and writes
    /// nothing outside the damage; a change of format makes a full frame.
    @Test(arguments: PixelFormat.allCases)
    func damageOnlyFramesInEveryFormatEqualFullFrames(_ format: PixelFormat) throws {
        let (root, badge) = try Self.scene()
        let compositor = try Self.compositor()
        let framebuffer = try PixelBuffer(width: 90, height: 70, format: format)
        var statistics = try compositor.render(root, into: framebuffer, previousFrame: nil)
        badge.backgroundColor = Color(red: 10, green: 200, blue: 40, alpha: 128)
        try badge.setFrame(Rect(x: 20, y: 30, width: 12, height: 9))
        statistics = try compositor.render(root, into: framebuffer, previousFrame: statistics.frameToken)
        #expect(statistics.damage != [framebuffer.bounds] && !statistics.damage.isEmpty)
        let full = try PixelBuffer(width: 90, height: 70, format: format)
        _ = try Self.compositor().render(root, into: full)
        #expect(firstDifference(framebuffer.packedBytes(), full.packedBytes()) == nil, "\(format)")

        let other = framebuffer.reinterpreted(as: format == .rgba ? .bgra : .rgba)
        statistics = try compositor.render(root, into: other, previousFrame: statistics.frameToken)
        #expect(statistics.damage == [framebuffer.bounds], "a frame in another format is a full frame")
    }
}
