import CTessera
import Testing

/// `tessera_compositor_render_damage`: a host that keeps its framebuffer gets only the damage
/// composited, and the rects to present.
@Suite struct DamageRenderTests {
    @Test func anUnchangedFrameHasNoDamageAndARecolouredLayerOnlyItsRect() throws {
        let compositor = try makeCompositor()
        let root = try makeLayer(tessera_rect(x: 0, y: 0, width: 40, height: 30))
        let square = try makeLayer(tessera_rect(x: 5, y: 6, width: 10, height: 4))
        var grey = tessera_color(r: 90, g: 90, b: 90, a: 255)
        var red = tessera_color(r: 255, g: 0, b: 0, a: 255)
        expectOK(tessera_layer_set_background_color(root, &grey))
        expectOK(tessera_layer_set_background_color(square, &red))
        expectOK(tessera_layer_add_sublayer(root, square))
        var pixels = [UInt8](repeating: 0, count: 40 * 30 * 4)
        var statistics = tessera_frame_statistics()
        expectOK(tessera_compositor_render_damage(compositor, root, &pixels, 40, 30, 160, 0, &statistics))
        #expect(statistics.damage_count == 1 && statistics.damage.0.width == 40 && statistics.damage.0.height == 30)
        let first = statistics.frame_token
        #expect(first != 0)
        expectOK(tessera_compositor_render_damage(compositor, root, &pixels, 40, 30, 160, first, &statistics))
        #expect(statistics.damage_count == 0)
        // Colours only (no tiles to wait for): an unchanged frame is not even planned. Whatever other tests
        // do to their own trees meanwhile, this tree did not change.
        #expect(statistics.unchanged_frame == 1)
        var blue = tessera_color(r: 0, g: 0, b: 255, a: 255)
        expectOK(tessera_layer_set_background_color(square, &blue))
        expectOK(tessera_compositor_render_damage(compositor, root, &pixels, 40, 30, 160, statistics.frame_token,
                                                  &statistics))
        #expect(statistics.damage_count == 1 && statistics.unchanged_frame == 0)
        let rect = statistics.damage.0
        #expect((rect.x, rect.y, rect.width, rect.height) == (5, 6, 10, 4))
        #expect(Array(pixels[(6 * 40 + 5) * 4..<(6 * 40 + 5) * 4 + 4]) == [0, 0, 255, 255])
        // A token from before the last frame means "unknown contents": everything again.
        expectOK(tessera_compositor_render_damage(compositor, root, &pixels, 40, 30, 160, first, &statistics))
        #expect(statistics.damage_count == 1 && statistics.damage.0.width == 40)
        expectFailure(tessera_compositor_render_damage(compositor, root, nil, 40, 30, 160, 0, &statistics),
                      Int(TESSERA_INVALID_ARGUMENT), naming: "pixels")
        expectOK(tessera_layer_destroy(square))
        expectOK(tessera_layer_destroy(root))
        expectOK(tessera_compositor_destroy(compositor))
    }

    /// A whole-point scroll of a layer with content moves the last frame's pixels (`pixels_moved`) and
    /// composites the rest: the same bytes as a full render, with either kind of stores.
    @Test(arguments: [TESSERA_SCROLL_MOVE_STORES_AUTO, TESSERA_SCROLL_MOVE_STORES_TEMPORAL, TESSERA_SCROLL_MOVE_STORES_STREAMING])
    func aScrollMovesTheLastFramesPixelsAndEqualsAFullRender(stores: Int) throws {
        let compositor = try makeCompositor(tileSize: 32, workers: 2, rasterMode: tessera_raster_mode(TESSERA_RASTER_SYNC),
                                            scrollMoveStores: tessera_scroll_move_stores(stores))
        let (root, scroll, page) = try scrolledPage()
        var pixels = [UInt8](repeating: 0, count: 40 * 30 * 4)
        var full = pixels
        var statistics = tessera_frame_statistics()
        expectOK(tessera_compositor_render_damage(compositor, root, &pixels, 40, 30, 160, 0, &statistics))
        #expect(statistics.pixels_moved == 0 && statistics.pixels_composited == 40 * 30)
        expectOK(tessera_scroll_layer_set_content_offset(scroll, 0, 3, 1))
        expectOK(tessera_compositor_render_damage(compositor, root, &pixels, 40, 30, 160, statistics.frame_token,
                                                  &statistics))
        #expect(statistics.pixels_moved == 40 * 27, "rows 0…26 receive the last frame's rows 3…29")
        #expect(statistics.pixels_composited == 40 * 3, "rows 27…29: nothing was moved there")
        // Every pixel may have changed: the damage to present is the whole frame.
        #expect(statistics.damage_count == 1 && statistics.damage.0.y == 0 && statistics.damage.0.height == 30)
        var other = tessera_frame_statistics()
        expectOK(tessera_compositor_render_damage(compositor, root, &full, 40, 30, 160, 0, &other))
        #expect(pixels == full)
        expectOK(tessera_layer_destroy(page))
        expectOK(tessera_layer_destroy(scroll))
        expectOK(tessera_layer_destroy(root))
        expectOK(tessera_compositor_destroy(compositor))
    }

    /// Under a fixed translucent header, the rows a scroll up moves in from below it get the header alone
    /// drawn over them (`pixels_overlaid`); the rows the last frame's header moved to are composited.
    @Test func aHeaderIsDrawnOverTheRowsAScrollMovesUnderIt() throws {
        let compositor = try makeCompositor(tileSize: 32, workers: 2, rasterMode: tessera_raster_mode(TESSERA_RASTER_SYNC))
        let (root, scroll, page) = try scrolledPage()
        let header = try makeLayer(tessera_rect(x: 0, y: 0, width: 40, height: 5))
        var tint = tessera_color(r: 240, g: 240, b: 250, a: 180)
        expectOK(tessera_layer_set_background_color(header, &tint))
        expectOK(tessera_layer_add_sublayer(root, header))
        var pixels = [UInt8](repeating: 0, count: 40 * 30 * 4)
        var full = pixels
        var statistics = tessera_frame_statistics()
        expectOK(tessera_compositor_render_damage(compositor, root, &pixels, 40, 30, 160, 0, &statistics))
        #expect(statistics.pixels_overlaid == 0)
        expectOK(tessera_scroll_layer_set_content_offset(scroll, 0, 3, 1))
        expectOK(tessera_compositor_render_damage(compositor, root, &pixels, 40, 30, 160, statistics.frame_token,
                                                  &statistics))
        #expect(statistics.pixels_moved == 40 * 27)
        #expect(statistics.pixels_overlaid == 40 * 3, "rows 2…4 received rows 5…7, which the header did not cover")
        #expect(statistics.pixels_composited == 40 * 2 + 40 * 3, "rows 0…1 (the last header's, moved) and 27…29")
        var other = tessera_frame_statistics()
        expectOK(tessera_compositor_render_damage(compositor, root, &full, 40, 30, 160, 0, &other))
        #expect(pixels == full)
        for layer in [header, page, scroll, root] { expectOK(tessera_layer_destroy(layer)) }
        expectOK(tessera_compositor_destroy(compositor))
    }

    /// A 40 × 30 root showing a scroll layer over a 200-pixel-tall page of `gradientCallback` content.
    /// A scroll over flat colour (a page of opaque bands beside a gradient column) fills and keeps the
    /// moved 64-pixel cells it knows to be one colour (`pixels_move_filled`, `pixels_move_kept`, within
    /// `pixels_moved`), a translucent header over it is drawn as fills over those cells
    /// (`pixels_overlaid_filled`, within `pixels_overlaid`), and its frames equal full renders.
    @Test func aScrollOverFlatColourReportsTheCellsItFilledAndKept() throws {
        let compositor = try makeCompositor(tileSize: 32, workers: 2, rasterMode: tessera_raster_mode(TESSERA_RASTER_SYNC))
        let reference = try makeCompositor(tileSize: 32, workers: 1, rasterMode: tessera_raster_mode(TESSERA_RASTER_SYNC))
        let root = try makeLayer(tessera_rect(x: 0, y: 0, width: 256, height: 40))
        let scroll = try makeLayer(tessera_rect(x: 0, y: 0, width: 256, height: 40), scroll: true)
        expectOK(tessera_scroll_layer_set_content_size(scroll, 256, 400))
        var bands: [tessera_layer] = []
        for index in 0..<10 {
            let band = try makeLayer(tessera_rect(x: 0, y: Double(index * 40), width: 192, height: 40))
            var color = tessera_color(r: UInt8(index * 20), g: 200, b: 100, a: 255)
            expectOK(tessera_layer_set_background_color(band, &color))
            expectOK(tessera_layer_add_sublayer(scroll, band))
            bands.append(band)
        }
        let column = try makeLayer(tessera_rect(x: 192, y: 0, width: 64, height: 400))
        expectOK(tessera_layer_set_content(column, gradientCallback, nil, 1))
        expectOK(tessera_layer_add_sublayer(scroll, column))
        expectOK(tessera_layer_add_sublayer(root, scroll))
        let header = try makeLayer(tessera_rect(x: 0, y: 0, width: 256, height: 8))
        var headerColor = tessera_color(r: 250, g: 250, b: 252, a: 0xD8)
        expectOK(tessera_layer_set_background_color(header, &headerColor))
        expectOK(tessera_layer_add_sublayer(root, header))
        var pixels = [UInt8](repeating: 0, count: 256 * 40 * 4), full = pixels
        var statistics = tessera_frame_statistics(), other = tessera_frame_statistics()
        var filled: Int64 = 0, kept: Int64 = 0, overlaidFilled: Int64 = 0
        for frame in 0..<6 {
            expectOK(tessera_scroll_layer_set_content_offset(scroll, 0, Double(frame * 5), 1))
            expectOK(tessera_compositor_render_damage(compositor, root, &pixels, 256, 40, 1024, statistics.frame_token,
                                                      &statistics))
            #expect(statistics.pixels_move_filled >= 0 && statistics.pixels_move_kept >= 0
                    && statistics.pixels_move_filled + statistics.pixels_move_kept <= statistics.pixels_moved)
            #expect(statistics.pixels_overlaid_filled >= 0 && statistics.pixels_overlaid_filled <= statistics.pixels_overlaid)
            (filled, kept) = (filled + statistics.pixels_move_filled, kept + statistics.pixels_move_kept)
            overlaidFilled += statistics.pixels_overlaid_filled
            expectOK(tessera_compositor_render_damage(reference, root, &full, 256, 40, 1024, 0, &other))
            #expect(pixels == full, "frame \(frame)")
        }
        #expect(filled > 0 && kept > 0 && overlaidFilled > 0, "filled \(filled), kept \(kept), overlaid \(overlaidFilled)")
        for layer in bands + [column, scroll, header, root] { expectOK(tessera_layer_destroy(layer)) }
        expectOK(tessera_compositor_destroy(compositor))
        expectOK(tessera_compositor_destroy(reference))
    }

    private func scrolledPage() throws -> (root: tessera_layer, scroll: tessera_layer, page: tessera_layer) {
        let root = try makeLayer(tessera_rect(x: 0, y: 0, width: 40, height: 30))
        let scroll = try makeLayer(tessera_rect(x: 0, y: 0, width: 40, height: 30), scroll: true)
        let page = try makeLayer(tessera_rect(x: 0, y: 0, width: 40, height: 200))
        expectOK(tessera_scroll_layer_set_content_size(scroll, 40, 200))
        expectOK(tessera_layer_set_content(page, gradientCallback, nil, 1))
        expectOK(tessera_layer_add_sublayer(scroll, page))
        expectOK(tessera_layer_add_sublayer(root, scroll))
        return (root, scroll, page)
    }
}

/// Opaque content that differs on every row and column of its plane.
private let gradientCallback: tessera_raster_fn = { _, pixels, stride, rect, _ in
    guard let pixels, let rect = rect?.pointee else { return }
    for row in 0..<Int(rect.height) {
        for column in 0..<Int(rect.width) {
            let p = pixels + row * stride + column * 4
            p[0] = UInt8(truncatingIfNeeded: Int(rect.x) + column)
            p[1] = UInt8(truncatingIfNeeded: Int(rect.y) + row)
            p[2] = UInt8(truncatingIfNeeded: (Int(rect.y) + row) * 3)
            p[3] = 255
        }
    }
}
