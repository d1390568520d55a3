import CTessera
import Foundation
import Testing
import Tessera

/// Misuse of the C ABI: every bad call returns the right status and a message naming the argument, and
/// nothing traps. The functions are called through tessera.h's declarations, as a C program would.
@Suite("C ABI misuse")
struct MisuseTests {
    let invalidArgument = TESSERA_INVALID_ARGUMENT, invalidHandle = TESSERA_INVALID_HANDLE
    let wrongKind = TESSERA_WRONG_HANDLE_KIND

    @Test("Null pointers are reported by name")
    func nullPointers() throws {
        expectFailure(tessera_config_init(nil), invalidArgument, naming: "config")
        var compositor: tessera_compositor = 0
        expectFailure(tessera_compositor_create(nil, &compositor), invalidArgument, naming: "config")
        var config = tessera_config()
        expectOK(tessera_config_init(&config))
        expectFailure(tessera_compositor_create(&config, nil), invalidArgument, naming: "out")
        var layer: tessera_layer = 0
        expectFailure(tessera_layer_create(nil, &layer), invalidArgument, naming: "frame")
        #expect(layer == 0, "an out-parameter is only written on success")
        var frame = tessera_rect(x: 0, y: 0, width: 10, height: 10)
        expectFailure(tessera_scroll_layer_create(&frame, nil), invalidArgument, naming: "out")

        let real = try makeCompositor(), root = try makeLayer(), scroll = try makeLayer(scroll: true)
        expectFailure(tessera_compositor_render(real, root, nil, 16, 16, 64, nil), invalidArgument, naming: "pixels")
        expectFailure(tessera_layer_set_frame(root, nil), invalidArgument, naming: "frame")
        expectFailure(tessera_layer_get_frame(root, nil), invalidArgument, naming: "out")
        expectFailure(tessera_scroll_layer_set_content_inset(scroll, nil), invalidArgument, naming: "inset")
        var y = 0.0
        expectFailure(tessera_scroll_layer_get_content_offset(scroll, nil, &y), invalidArgument, naming: "x")
        expectFailure(tessera_active_isa(nil), invalidArgument, naming: "out")

        var pixels = [UInt8](repeating: 0, count: 64)
        try pixels.withUnsafeMutableBufferPointer { buffer in
            var image = tessera_image(pixels: buffer.baseAddress, width: 4, height: 4, stride: 16)
            expectFailure(tessera_blend_copy(nil, &image), invalidArgument, naming: "src")
            expectFailure(tessera_blend_copy(&image, nil), invalidArgument, naming: "dst")
            expectFailure(tessera_blend_fill(nil, tessera_pixel()), invalidArgument, naming: "dst")
            var nullPixels = tessera_image(pixels: nil, width: 4, height: 4, stride: 16)
            expectFailure(tessera_blend_source_over(&image, &nullPixels, 255), invalidArgument, naming: "dst->pixels")
            try #require(buffer.count == 64)
        }
        // A null colour is not an error: it removes the background; a null rect invalidates everything.
        expectOK(tessera_layer_set_background_color(root, nil))
        expectOK(tessera_layer_set_needs_display(root, nil))
        expectOK(tessera_layer_set_content(root, nil, nil, 0))
        for handle in [root, scroll] { expectOK(tessera_layer_destroy(handle)) }
        expectOK(tessera_compositor_destroy(real))
    }

    @Test("Zero and negative sizes are reported by name")
    func zeroAndNegativeSizes() throws {
        let compositor = try makeCompositor(), root = try makeLayer()
        var pixels = [UInt8](repeating: 0, count: 16 * 16 * 4)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let p = buffer.baseAddress
            expectFailure(tessera_compositor_render(compositor, root, p, 0, 16, 64, nil), invalidArgument,
                          naming: "width")
            expectFailure(tessera_compositor_render(compositor, root, p, -16, 16, 64, nil), invalidArgument,
                          naming: "width")
            expectFailure(tessera_compositor_render(compositor, root, p, 16, 0, 64, nil), invalidArgument,
                          naming: "height")
            expectFailure(tessera_compositor_render(compositor, root, p, 16, -3, 64, nil), invalidArgument,
                          naming: "height")
            var empty = tessera_image(pixels: p, width: 0, height: 4, stride: 16)
            expectFailure(tessera_blend_fill(&empty, tessera_pixel()), invalidArgument, naming: "dst->width")
            var negative = tessera_image(pixels: p, width: 4, height: -1, stride: 16)
            expectFailure(tessera_blend_fill_over(&negative, tessera_pixel()), invalidArgument, naming: "dst->height")
        }

        var config = tessera_config()
        expectOK(tessera_config_init(&config))
        var bad = config
        bad.tile_size = 0
        var out: tessera_compositor = 0
        expectFailure(tessera_compositor_create(&bad, &out), invalidArgument, naming: "config->tile_size")
        bad = config
        bad.workers = -1
        expectFailure(tessera_compositor_create(&bad, &out), invalidArgument, naming: "config->workers")
        bad = config
        bad.cache_budget_bytes = -1
        expectFailure(tessera_compositor_create(&bad, &out), invalidArgument, naming: "config->cache_budget_bytes")
        bad = config
        bad.scale = 0
        expectFailure(tessera_compositor_create(&bad, &out), invalidArgument, naming: "config->scale")
        bad = config
        bad.band_height = 0
        expectFailure(tessera_compositor_create(&bad, &out), invalidArgument, naming: "config->band_height")
        bad = config
        bad.max_prepaint_tiles = -2
        expectFailure(tessera_compositor_create(&bad, &out), invalidArgument, naming: "config->max_prepaint_tiles")
        bad = config
        bad.raster_mode = 2
        expectFailure(tessera_compositor_create(&bad, &out), invalidArgument, naming: "config->raster_mode")
        bad = config
        bad.raster_mode = -1
        expectFailure(tessera_compositor_create(&bad, &out), invalidArgument, naming: "config->raster_mode")
        bad = config
        bad.raster_deadline_us = -1
        expectFailure(tessera_compositor_create(&bad, &out), invalidArgument, naming: "config->raster_deadline_us")
        bad = config
        bad.raster_deadline_us = 1_000_001
        expectFailure(tessera_compositor_create(&bad, &out), invalidArgument, naming: "config->raster_deadline_us")
        bad = config
        bad.background_raster = 2
        expectFailure(tessera_compositor_create(&bad, &out), invalidArgument, naming: "config->background_raster")
        bad = config
        bad.scroll_moves = -1
        expectFailure(tessera_compositor_create(&bad, &out), invalidArgument, naming: "config->scroll_moves")
        for value: Int32 in [-1, 3, .max] {
            bad = config
            bad.scroll_move_stores = value
            expectFailure(tessera_compositor_create(&bad, &out), invalidArgument, naming: "config->scroll_move_stores")
        }
        for value: Int32 in [0, -1, 17, .min] {
            bad = config
            bad.levels_of_detail = value
            expectFailure(tessera_compositor_create(&bad, &out), invalidArgument, naming: "config->levels_of_detail")
        }
        for value: Int32 in [-1, 17, .max] {
            bad = config
            bad.levels_of_detail_bias = value
            expectFailure(tessera_compositor_create(&bad, &out), invalidArgument, naming: "config->levels_of_detail_bias")
        }
        #expect(out == 0)
        expectFailure(tessera_compositor_drain(0), invalidHandle, naming: "compositor")

        var negativeFrame = tessera_rect(x: 0, y: 0, width: -5, height: 10)
        var layer: tessera_layer = 0
        expectFailure(tessera_layer_create(&negativeFrame, &layer), invalidArgument, naming: "frame->width")
        expectFailure(tessera_layer_set_frame(root, &negativeFrame), invalidArgument, naming: "frame->width")
        var negativeRect = tessera_rect(x: 0, y: 0, width: 4, height: -1)
        expectFailure(tessera_layer_set_needs_display(root, &negativeRect), invalidArgument, naming: "rect->height")
        let scroll = try makeLayer(scroll: true)
        expectFailure(tessera_scroll_layer_set_content_size(scroll, 10, -1), invalidArgument, naming: "height")
        expectFailure(tessera_layer_insert_sublayer(root, scroll, 5), invalidArgument, naming: "index")
        expectFailure(tessera_layer_insert_sublayer(root, scroll, -1), invalidArgument, naming: "index")
        for handle in [root, scroll] { expectOK(tessera_layer_destroy(handle)) }
        expectOK(tessera_compositor_destroy(compositor))
    }

    @Test("A stride smaller than width · 4 is reported")
    func strideTooSmall() throws {
        let compositor = try makeCompositor(), root = try makeLayer()
        var pixels = [UInt8](repeating: 0, count: 16 * 16 * 4)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let p = buffer.baseAddress
            expectFailure(tessera_compositor_render(compositor, root, p, 16, 16, 63, nil), invalidArgument,
                          naming: "stride")
            expectFailure(tessera_compositor_render(compositor, root, p, 16, 16, -64, nil), invalidArgument,
                          naming: "stride")
            #expect(lastError().contains("width · 4 = 64"))
            var good = tessera_image(pixels: p, width: 4, height: 4, stride: 16)
            var bad = tessera_image(pixels: p, width: 4, height: 4, stride: 15)
            expectFailure(tessera_blend_copy(&bad, &good), invalidArgument, naming: "src->stride")
            expectFailure(tessera_blend_source_over(&good, &bad, 128), invalidArgument, naming: "dst->stride")
            expectOK(tessera_compositor_render(compositor, root, p, 16, 16, 64, nil))
        }
        expectOK(tessera_layer_destroy(root))
        expectOK(tessera_compositor_destroy(compositor))
    }

    @Test("Destroyed, null and forged handles are reported, not undefined behaviour")
    func destroyedHandles() throws {
        let layer = try makeLayer()
        expectOK(tessera_layer_destroy(layer))
        expectFailure(tessera_layer_set_opacity(layer, 0.5), invalidHandle, naming: "layer")
        #expect(lastError().contains("destroyed"))
        expectFailure(tessera_layer_destroy(layer), invalidHandle, naming: "layer")

        // The slot is reused by the next layer, under a new generation: the old handle stays dead.
        let next = try makeLayer()
        #expect(next != layer)
        expectFailure(tessera_layer_set_hidden(layer, 1), invalidHandle, naming: "layer")
        expectOK(tessera_layer_set_hidden(next, 1))

        let compositor = try makeCompositor()
        expectOK(tessera_compositor_destroy(compositor))
        expectFailure(tessera_compositor_destroy(compositor), invalidHandle, naming: "compositor")
        var pixel = [UInt8](repeating: 0, count: 4)
        expectFailure(tessera_compositor_render(compositor, next, &pixel, 1, 1, 4, nil), invalidHandle,
                      naming: "compositor")

        expectFailure(tessera_layer_set_opacity(0, 1), invalidHandle, naming: "layer")
        #expect(lastError().contains("null handle"))
        expectFailure(tessera_layer_set_opacity(0xDEAD_BEEF_0000_1234, 1), invalidHandle, naming: "layer")
        expectFailure(tessera_layer_add_sublayer(next, layer), invalidHandle, naming: "sublayer")
        expectOK(tessera_layer_destroy(next))
    }

    @Test("Handles of the wrong kind are reported")
    func wrongKinds() throws {
        let compositor = try makeCompositor(), layer = try makeLayer(), scroll = try makeLayer(scroll: true)
        expectFailure(tessera_layer_set_opacity(compositor, 1), wrongKind, naming: "layer")
        #expect(lastError().contains("is a compositor, expected a layer"))
        expectFailure(tessera_scroll_layer_pan(layer, 0, 10), wrongKind, naming: "scroll")
        #expect(lastError().contains("is a layer, expected a scroll layer"))
        expectFailure(tessera_scroll_layer_set_content_size(compositor, 1, 1), wrongKind, naming: "scroll")
        expectFailure(tessera_compositor_destroy(layer), wrongKind, naming: "compositor")
        expectFailure(tessera_layer_destroy(compositor), wrongKind, naming: "layer")
        var pixel = [UInt8](repeating: 0, count: 4)
        expectFailure(tessera_compositor_render(layer, layer, &pixel, 1, 1, 4, nil), wrongKind, naming: "compositor")
        expectFailure(tessera_compositor_render(compositor, compositor, &pixel, 1, 1, 4, nil), wrongKind,
                      naming: "root")
        // A scroll layer is a layer: layer functions take it.
        expectOK(tessera_layer_set_opacity(scroll, 0.5))
        expectOK(tessera_layer_add_sublayer(layer, scroll))
        for handle in [layer, scroll] { expectOK(tessera_layer_destroy(handle)) }
        expectOK(tessera_compositor_destroy(compositor))
    }

    @Test("NaN and infinite values are reported by name")
    func notANumber() throws {
        let layer = try makeLayer(), scroll = try makeLayer(scroll: true)
        expectFailure(tessera_layer_set_opacity(layer, .nan), invalidArgument, naming: "opacity")
        expectFailure(tessera_layer_set_opacity(layer, 1.5), invalidArgument, naming: "opacity")
        expectFailure(tessera_layer_set_bounds_origin(layer, .nan, 0), invalidArgument, naming: "x")
        expectFailure(tessera_layer_set_bounds_origin(layer, 0, .infinity), invalidArgument, naming: "y")
        var frame = tessera_rect(x: .nan, y: 0, width: 1, height: 1)
        expectFailure(tessera_layer_set_frame(layer, &frame), invalidArgument, naming: "frame->x")
        var out: tessera_layer = 0
        expectFailure(tessera_layer_create(&frame, &out), invalidArgument, naming: "frame->x")
        var rect = tessera_rect(x: 0, y: 0, width: .nan, height: 1)
        expectFailure(tessera_layer_set_needs_display(layer, &rect), invalidArgument, naming: "rect->width")
        expectFailure(tessera_scroll_layer_pan(scroll, .nan, 0), invalidArgument, naming: "dx")
        expectFailure(tessera_scroll_layer_pan(scroll, 0, -.infinity), invalidArgument, naming: "dy")
        expectFailure(tessera_scroll_layer_set_content_offset(scroll, 0, .nan, 1), invalidArgument, naming: "y")
        expectFailure(tessera_scroll_layer_set_content_size(scroll, .nan, 1), invalidArgument, naming: "width")
        var inset = tessera_insets(top: 0, left: .nan, bottom: 0, right: 0)
        expectFailure(tessera_scroll_layer_set_content_inset(scroll, &inset), invalidArgument, naming: "inset->left")
        var config = tessera_config()
        expectOK(tessera_config_init(&config))
        config.scale = .nan
        var compositor: tessera_compositor = 0
        expectFailure(tessera_compositor_create(&config, &compositor), invalidArgument, naming: "config->scale")
        for handle in [layer, scroll] { expectOK(tessera_layer_destroy(handle)) }
    }

    @Test("Absurd magnitudes are reported by name; far but valid positions render without trapping")
    func absurdMagnitudes() throws {
        let layer = try makeLayer(), scroll = try makeLayer(scroll: true)
        expectFailure(tessera_layer_set_bounds_origin(layer, 1e300, 0), invalidArgument, naming: "x")
        expectFailure(tessera_scroll_layer_set_content_offset(scroll, 0, -1e300, 0), invalidArgument, naming: "y")
        expectFailure(tessera_scroll_layer_set_content_size(scroll, 1e300, 1), invalidArgument, naming: "width")
        expectFailure(tessera_scroll_layer_pan(scroll, 1e300, 0), invalidArgument, naming: "dx")
        var huge = tessera_rect(x: 0, y: 0, width: 1e300, height: 1)
        expectFailure(tessera_layer_set_frame(layer, &huge), invalidArgument, naming: "frame->width")

        var config = tessera_config()
        expectOK(tessera_config_init(&config))
        config.scale = 16
        config.workers = 1
        var compositor: tessera_compositor = 0
        expectOK(tessera_compositor_create(&config, &compositor))
        var far = tessera_rect(x: 1e12, y: -1e12, width: 10, height: 10)
        var white = tessera_color(r: 255, g: 255, b: 255, a: 255)
        expectOK(tessera_layer_set_frame(layer, &far))
        expectOK(tessera_layer_set_background_color(layer, &white))
        var pixels = [UInt8](repeating: 0, count: 4 * 4 * 4)
        let status = tessera_compositor_render(compositor, layer, &pixels, 4, 4, 16, nil)
        #expect(status == tessera_status(TESSERA_OK) || status == tessera_status(TESSERA_INVALID_ARGUMENT),
                "\(lastError())")
        expectOK(tessera_compositor_destroy(compositor))
        for handle in [layer, scroll] { expectOK(tessera_layer_destroy(handle)) }
    }

    @Test("Other bad values: cycles, kernel tiers, non-premultiplied colours, mismatched sizes")
    func otherErrors() throws {
        let parent = try makeLayer(), child = try makeLayer()
        expectOK(tessera_layer_add_sublayer(parent, child))
        #expect(tessera_layer_add_sublayer(child, parent) == tessera_status(TESSERA_HIERARCHY_ERROR))
        #expect(lastError().contains("hierarchy"))
        #expect(tessera_layer_add_sublayer(parent, parent) == tessera_status(TESSERA_HIERARCHY_ERROR))

        var config = tessera_config()
        expectOK(tessera_config_init(&config))
        var active = tessera_isa(0)
        expectOK(tessera_active_isa(&active))
        var compositor: tessera_compositor = 0
        config.isa = active
        expectOK(tessera_compositor_create(&config, &compositor))
        expectOK(tessera_compositor_destroy(compositor))
        // Every tier the CPU has is accepted per compositor; one it lacks is refused by name.
        let tiers: [(tessera_isa, KernelTier)] = [(tessera_isa(TESSERA_ISA_BASELINE), .baseline),
                                                  (tessera_isa(TESSERA_ISA_AVX2), .avx2),
                                                  (tessera_isa(TESSERA_ISA_AVX512), .avx512)]
        for (value, tier) in tiers {
            config.isa = value
            if KernelTier.available.contains(tier) {
                expectOK(tessera_compositor_create(&config, &compositor))
                expectOK(tessera_compositor_destroy(compositor))
            } else {
                expectFailure(tessera_compositor_create(&config, &compositor), invalidArgument, naming: "config->isa")
                #expect(lastError().contains("not available"))
            }
        }
        config.isa = 9
        expectFailure(tessera_compositor_create(&config, &compositor), invalidArgument, naming: "config->isa")

        var a = [UInt8](repeating: 0, count: 64), b = [UInt8](repeating: 0, count: 32)
        a.withUnsafeMutableBufferPointer { pa in
            b.withUnsafeMutableBufferPointer { pb in
                var four = tessera_image(pixels: pa.baseAddress, width: 4, height: 4, stride: 16)
                var two = tessera_image(pixels: pb.baseAddress, width: 2, height: 4, stride: 8)
                expectFailure(tessera_blend_copy(&four, &two), invalidArgument, naming: "src")
                expectFailure(tessera_blend_fill(&four, tessera_pixel(r: 200, g: 0, b: 0, a: 100)), invalidArgument,
                              naming: "color.r")
            }
        }
        for handle in [parent, child] { expectOK(tessera_layer_destroy(handle)) }
    }

    @Test("The last error is per thread and prefixed with the function")
    func lastErrorIsThreadLocal() throws {
        expectFailure(tessera_layer_set_opacity(0, 1), invalidHandle, naming: "layer")
        let mine = lastError()
        #expect(mine.hasPrefix("tessera_layer_set_opacity: layer:"))
        let done = DispatchSemaphore(value: 0)
        let other = Thread {
            _ = tessera_config_init(nil)
            done.signal()
        }
        other.start()
        done.wait()
        #expect(lastError() == mine)
        // Successful calls leave the text alone; it stays readable.
        var isa = tessera_isa(0)
        expectOK(tessera_active_isa(&isa))
        #expect(lastError() == mine)
    }
}

@Suite("C ABI handle table under concurrent misuse")
struct ConcurrentDestroyTests {
    /// Two threads destroying the same handle: exactly one succeeds, the other is told the handle was
    /// destroyed, and a handle created meanwhile (which may reuse the slot) stays valid.
    @Test("A handle destroyed twice at once is destroyed once")
    func concurrentDoubleDestroy() throws {
        var config = tessera_config()
        expectOK(tessera_config_init(&config))
        config.cache_budget_bytes = 0
        for _ in 0..<300 {
            var victim: tessera_compositor = 0
            expectOK(tessera_compositor_create(&config, &victim))
            let handle = victim
            let results = Results()
            defer { results.free() }
            let configuration = config
            DispatchQueue.concurrentPerform(iterations: 3) { i in
                if i < 2 {
                    results.statuses[i] = tessera_compositor_destroy(handle)
                } else {
                    var c = configuration
                    results.statuses[2] = tessera_compositor_create(&c, results.created)
                }
            }
            #expect(results.statuses[2] == tessera_status(TESSERA_OK))
            let ok = results.statuses[0..<2].filter { $0 == tessera_status(TESSERA_OK) }.count
            #expect(ok == 1, "both destroys of one handle succeeded")
            #expect(tessera_compositor_destroy(results.created.pointee) == tessera_status(TESSERA_OK),
                    "the handle created meanwhile was freed by a stale destroy")
        }
    }
}

/// Slots each written by one thread of a `concurrentPerform`, read after it returns.
private final class Results: @unchecked Sendable {
    let statuses = UnsafeMutableBufferPointer<tessera_status>.allocate(capacity: 3)
    let created = UnsafeMutablePointer<tessera_compositor>.allocate(capacity: 1)
    func free() {
        statuses.deallocate()
        created.deallocate()
    }
}
