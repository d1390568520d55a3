import CTessera
import Testing

/// `tessera_compositor_render_format`: a C host gets its framebuffer in BGRA or opaque XRGB / XBGR.
@Suite struct FormatRenderTests {
    @Test func everyFormatWritesTheRGBAFramesBytesSwizzledAndUnknownFormatsAreRefused() throws {
        let compositor = try makeCompositor()
        let root = try makeLayer(tessera_rect(x: 0, y: 0, width: 20, height: 10))
        let square = try makeLayer(tessera_rect(x: 2, y: 3, width: 5, height: 4))
        var red = tessera_color(r: 250, g: 20, b: 10, a: 255)
        expectOK(tessera_layer_set_background_color(square, &red))
        expectOK(tessera_layer_add_sublayer(root, square))
        var statistics = tessera_frame_statistics()
        // (format, the square's bytes, the bytes of a pixel no layer covers)
        let cases: [(tessera_pixel_format, [UInt8], [UInt8])] = [
            (tessera_pixel_format(TESSERA_FORMAT_RGBA), [250, 20, 10, 255], [0, 0, 0, 0]),
            (tessera_pixel_format(TESSERA_FORMAT_BGRA), [10, 20, 250, 255], [0, 0, 0, 0]),
            (tessera_pixel_format(TESSERA_FORMAT_XRGB), [10, 20, 250, 255], [0, 0, 0, 255]),
            (tessera_pixel_format(TESSERA_FORMAT_XBGR), [250, 20, 10, 255], [0, 0, 0, 255]),
        ]
        for (format, inside, outside) in cases {
            var pixels = [UInt8](repeating: 7, count: 20 * 10 * 4)
            expectOK(tessera_compositor_render_format(compositor, root, &pixels, 20, 10, 80, format, 0, &statistics))
            #expect(Array(pixels[(4 * 20 + 3) * 4..<(4 * 20 + 3) * 4 + 4]) == inside, "format \(format)")
            #expect(Array(pixels[0..<4]) == outside, "format \(format)")
        }
        var pixels = [UInt8](repeating: 0, count: 20 * 10 * 4)
        for bad: tessera_pixel_format in [-1, 4, .max] {
            expectFailure(tessera_compositor_render_format(compositor, root, &pixels, 20, 10, 80, bad, 0, &statistics),
                          Int(TESSERA_INVALID_ARGUMENT), naming: "format")
        }
        expectOK(tessera_layer_destroy(square))
        expectOK(tessera_layer_destroy(root))
        expectOK(tessera_compositor_destroy(compositor))
    }
}
