import Testing
@testable import Tessera

/// Rounded clips, borders and groups in host pixel formats (README.md, "Host pixel formats"): masked
/// pieces and group offscreens are composited in RGBA and written in the framebuffer's format, so the
/// frame is the RGBA frame swizzled, for full and damage-only frames.
@Suite struct AppearanceFormatTests {
    @Test(arguments: [PixelFormat.bgra, .xrgb, .xbgr])
    func masksBordersAndGroupsInAHostFormatAreTheRGBAFrameSwizzled(_ format: PixelFormat) throws {
        let scene = try GroupOpacityTests.makeScene()
        let w = RoundedCornerTests.width, h = RoundedCornerTests.height
        func compositor() throws -> Compositor {
            try Compositor(configuration: .init(tileSize: 32, workers: 2, bandHeight: 7, rasterMode: .synchronous))
        }
        let rgbaCompositor = try compositor(), hostCompositor = try compositor()
        let rgba = try PixelBuffer(width: w, height: h)
        let framebuffer = try PixelBuffer(width: w, height: h, format: format)
        framebuffer.reinterpreted(as: .rgba).clear(to: Pixel(r: 1, g: 2, b: 3, a: 4))
        var token: FrameToken?
        for step in 0..<3 {
            if step == 1 { try scene.fading.setOpacity(0.3) }
            if step == 2 { try scene.scroll.setContentOffset(Point(x: 0, y: 17)) }
            _ = try rgbaCompositor.render(scene.root, into: rgba)
            token = try hostCompositor.render(scene.root, into: framebuffer, previousFrame: token).frameToken
            #expect(firstDifference(framebuffer.packedBytes(), FormatCompositeTests.swizzled(rgba.packedBytes(), format)) == nil,
                    "step \(step)")
        }
    }
}
