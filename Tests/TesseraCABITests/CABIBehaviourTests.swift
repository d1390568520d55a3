import CTessera
import Testing
import Tessera

/// What the C ABI does on correct use, beyond the example host: tree edits, destroy semantics, the blend
/// kernels on caller buffers and the statistics struct.
@Suite("C ABI behaviour")
struct CABIBehaviourTests {
    /// Renders `root` into a packed 8 × 8 framebuffer with a fresh compositor.
    func render(_ root: tessera_layer, statistics: UnsafeMutablePointer<tessera_frame_statistics>? = nil) throws
        -> [UInt8] {
        let compositor = try makeCompositor()
        defer { expectOK(tessera_compositor_destroy(compositor)) }
        var pixels = [UInt8](repeating: 0xEE, count: 8 * 8 * 4)
        expectOK(tessera_compositor_render(compositor, root, &pixels, 8, 8, 32, statistics))
        return pixels
    }

    @Test("Destroying a layer in a tree removes it from its superlayer and frees its sublayers")
    func destroyDetaches() throws {
        var red = tessera_color(r: 255, g: 0, b: 0, a: 255), blue = tessera_color(r: 0, g: 0, b: 255, a: 255)
        var green = tessera_color(r: 0, g: 255, b: 0, a: 255)
        let root = try makeLayer(tessera_rect(x: 0, y: 0, width: 8, height: 8))
        let child = try makeLayer(tessera_rect(x: 0, y: 0, width: 8, height: 8))
        let grandchild = try makeLayer(tessera_rect(x: 0, y: 0, width: 4, height: 4))
        expectOK(tessera_layer_set_background_color(root, &red))
        expectOK(tessera_layer_set_background_color(child, &blue))
        expectOK(tessera_layer_set_background_color(grandchild, &green))
        expectOK(tessera_layer_add_sublayer(root, child))
        expectOK(tessera_layer_add_sublayer(child, grandchild))
        var pixels = try render(root)
        #expect(Array(pixels[0..<4]) == [0, 255, 0, 255])
        #expect(Array(pixels[(7 * 8 + 7) * 4..<(7 * 8 + 8) * 4]) == [0, 0, 255, 255])

        expectOK(tessera_layer_destroy(child))
        pixels = try render(root)
        #expect(Array(pixels[0..<4]) == [255, 0, 0, 255], "the destroyed layer left the tree")
        // The grandchild survives as a root of its own.
        pixels = try render(grandchild)
        #expect(Array(pixels[0..<4]) == [0, 255, 0, 255])
        expectOK(tessera_layer_add_sublayer(root, grandchild))
        for handle in [root, grandchild] { expectOK(tessera_layer_destroy(handle)) }
    }

    @Test("Removing a layer from its superlayer takes its subtree out of the frame and keeps the handles usable")
    func removeFromSuperlayer() throws {
        var red = tessera_color(r: 255, g: 0, b: 0, a: 255), blue = tessera_color(r: 0, g: 0, b: 255, a: 255)
        var green = tessera_color(r: 0, g: 255, b: 0, a: 255)
        let root = try makeLayer(tessera_rect(x: 0, y: 0, width: 8, height: 8))
        let child = try makeLayer(tessera_rect(x: 0, y: 0, width: 4, height: 8))   // the left half
        let grandchild = try makeLayer(tessera_rect(x: 0, y: 0, width: 2, height: 2))
        expectOK(tessera_layer_set_background_color(root, &red))
        expectOK(tessera_layer_set_background_color(child, &blue))
        expectOK(tessera_layer_set_background_color(grandchild, &green))
        expectOK(tessera_layer_add_sublayer(root, child))
        expectOK(tessera_layer_add_sublayer(child, grandchild))
        let redPixel: [UInt8] = [255, 0, 0, 255], bluePixel: [UInt8] = [0, 0, 255, 255]
        let greenPixel: [UInt8] = [0, 255, 0, 255]
        /// The pixel at (x, y) of a packed 8 × 8 frame.
        func pixel(_ pixels: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * 8 + x) * 4..<(y * 8 + x + 1) * 4]) }
        /// The distinct pixels of a packed frame.
        func colours(_ pixels: [UInt8]) -> Set<[UInt8]> { Set(stride(from: 0, to: pixels.count, by: 4).map { Array(pixels[$0..<$0 + 4]) }) }
        var pixels = try render(root)
        #expect(pixel(pixels, 0, 0) == greenPixel && pixel(pixels, 3, 7) == bluePixel && pixel(pixels, 4, 0) == redPixel)

        expectOK(tessera_layer_remove_from_superlayer(child))
        pixels = try render(root)
        #expect(colours(pixels) == [redPixel], "the child and its sublayer left the frame")
        // The removed layer is a root of its own, its sublayer still in it.
        pixels = try render(child)
        #expect(pixel(pixels, 0, 0) == greenPixel && pixel(pixels, 3, 7) == bluePixel)
        #expect(pixel(pixels, 4, 0) == [0, 0, 0, 0], "outside the child's 4-point width nothing is drawn")

        // On a root (the removed child now, and the tree's root) it does nothing and succeeds.
        expectOK(tessera_layer_remove_from_superlayer(child))
        expectOK(tessera_layer_remove_from_superlayer(root))
        pixels = try render(root)
        #expect(colours(pixels) == [redPixel])

        // The handle still works: added back, it draws again; its sublayer can be removed on its own.
        expectOK(tessera_layer_add_sublayer(root, child))
        expectOK(tessera_layer_remove_from_superlayer(grandchild))
        pixels = try render(root)
        #expect(pixel(pixels, 0, 0) == bluePixel && pixel(pixels, 4, 0) == redPixel)

        // Bad handles are refused by name.
        expectFailure(tessera_layer_remove_from_superlayer(0), Int(TESSERA_INVALID_HANDLE), naming: "layer")
        let compositor = try makeCompositor()
        expectFailure(tessera_layer_remove_from_superlayer(compositor), Int(TESSERA_WRONG_HANDLE_KIND), naming: "layer")
        expectOK(tessera_compositor_destroy(compositor))
        for handle in [root, child, grandchild] { expectOK(tessera_layer_destroy(handle)) }
        expectFailure(tessera_layer_remove_from_superlayer(grandchild), Int(TESSERA_INVALID_HANDLE), naming: "layer")
    }

    @Test("Opacity, hidden, bounds origin and frame reach the pixels; the statistics struct is filled")
    func propertiesAndStatistics() throws {
        var white = tessera_color(r: 255, g: 255, b: 255, a: 255)
        let root = try makeLayer(tessera_rect(x: 0, y: 0, width: 8, height: 8))
        let child = try makeLayer(tessera_rect(x: 4, y: 0, width: 4, height: 8))
        expectOK(tessera_layer_add_sublayer(root, child))
        expectOK(tessera_layer_set_background_color(child, &white))
        expectOK(tessera_layer_set_opacity(child, 0.5))
        var statistics = tessera_frame_statistics()
        var pixels = try render(root, statistics: &statistics)
        #expect(Array(pixels[0..<4]) == [0, 0, 0, 0])
        #expect(Array(pixels[16..<20]) == [128, 128, 128, 128])
        #expect(statistics.frame_number == 1)
        #expect(statistics.draw_ops >= 1)
        #expect(statistics.cache_budget_bytes == 256 << 20)
        #expect(statistics.plan_ns >= 0 && statistics.raster_ns >= 0 && statistics.composite_ns >= 0)

        expectOK(tessera_layer_set_bounds_origin(root, 4, 0))   // moves the child 4 points left
        pixels = try render(root)
        #expect(Array(pixels[0..<4]) == [128, 128, 128, 128])
        var frame = tessera_rect()
        expectOK(tessera_layer_get_frame(child, &frame))
        #expect(frame.x == 4 && frame.width == 4 && frame.height == 8)

        expectOK(tessera_layer_set_hidden(child, 1))
        pixels = try render(root)
        #expect(pixels.allSatisfy { $0 == 0 })
        for handle in [root, child] { expectOK(tessera_layer_destroy(handle)) }
    }

    @Test("Scroll layers: content size, inset and clamped offsets")
    func scrolling() throws {
        let scroll = try makeLayer(tessera_rect(x: 0, y: 0, width: 100, height: 100), scroll: true)
        expectOK(tessera_scroll_layer_set_content_size(scroll, 100, 300))
        var inset = tessera_insets(top: 10, left: 0, bottom: 20, right: 0)
        expectOK(tessera_scroll_layer_set_content_inset(scroll, &inset))
        var x = 0.0, y = 0.0
        expectOK(tessera_scroll_layer_pan(scroll, 0, -1000))
        expectOK(tessera_scroll_layer_get_content_offset(scroll, &x, &y))
        #expect(x == 0 && y == 220)
        expectOK(tessera_scroll_layer_pan(scroll, 0, 1000))
        expectOK(tessera_scroll_layer_get_content_offset(scroll, &x, &y))
        #expect(y == -10)
        expectOK(tessera_scroll_layer_set_content_offset(scroll, 0, 5000, 0))
        expectOK(tessera_scroll_layer_get_content_offset(scroll, &x, &y))
        #expect(y == 5000, "unclamped offsets are taken as they are")
        expectOK(tessera_scroll_layer_set_content_offset(scroll, 0, 5000, 1))
        expectOK(tessera_scroll_layer_get_content_offset(scroll, &x, &y))
        #expect(y == 220)
        expectOK(tessera_layer_destroy(scroll))
    }

    @Test("The blend kernels on caller buffers equal the Swift kernels, with padded strides")
    func blendKernels() throws {
        let width = 13, height = 5, stride = width * 4 + 7
        func pattern(_ seed: Int) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: stride * height)
            for y in 0..<height {
                for x in 0..<width {
                    let a = UInt8(truncatingIfNeeded: (x * 37 + y * 11 + seed) % 256)
                    let base = y * stride + x * 4
                    bytes[base + 3] = a
                    for c in 0..<3 { bytes[base + c] = UInt8((Int(a) * ((x + c * 7 + seed) % 5)) / 4) }
                }
            }
            return bytes
        }
        var src = pattern(3), cDst = pattern(91)
        var swiftDst = cDst
        let color = tessera_pixel(r: 10, g: 20, b: 30, a: 40)
        try src.withUnsafeMutableBytes { s in
            try cDst.withUnsafeMutableBytes { d in
                var source = tessera_image(pixels: s.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                           width: Int64(width), height: Int64(height), stride: Int64(stride))
                var destination = tessera_image(pixels: d.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                width: Int64(width), height: Int64(height), stride: Int64(stride))
                expectOK(tessera_blend_source_over(&source, &destination, 200))
                expectOK(tessera_blend_fill_over(&destination, color))
                try swiftDst.withUnsafeMutableBytes { w in
                    let sb = try PixelBuffer(wrapping: s.baseAddress!, width: width, height: height,
                                             bytesPerRow: stride)
                    let wb = try PixelBuffer(wrapping: w.baseAddress!, width: width, height: height,
                                             bytesPerRow: stride)
                    ScalarReference.sourceOver(sb, onto: wb, opacity: 200)
                    ScalarReference.fillOver(wb, with: Pixel(r: 10, g: 20, b: 30, a: 40))
                }
            }
        }
        #expect(cDst == swiftDst)

        try cDst.withUnsafeMutableBytes { d in
            try src.withUnsafeMutableBytes { s in
                var destination = tessera_image(pixels: d.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                width: Int64(width), height: Int64(height), stride: Int64(stride))
                var source = tessera_image(pixels: s.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                           width: Int64(width), height: Int64(height), stride: Int64(stride))
                expectOK(tessera_blend_fill(&destination, color))
                let db = try PixelBuffer(wrapping: d.baseAddress!, width: width, height: height, bytesPerRow: stride)
                #expect(db[x: 12, y: 4] == Pixel(r: 10, g: 20, b: 30, a: 40))
                expectOK(tessera_blend_copy(&source, &destination))
                let sb = try PixelBuffer(wrapping: s.baseAddress!, width: width, height: height, bytesPerRow: stride)
                #expect(db.packedBytes() == sb.packedBytes())
            }
        }
    }
}
