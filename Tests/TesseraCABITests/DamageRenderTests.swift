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
        // Colours only (no tiles to wait for): the next unchanged frame is not even planned.
        expectOK(tessera_compositor_render_damage(compositor, root, &pixels, 40, 30, 160, statistics.frame_token,
                                                  &statistics))
        #expect(statistics.damage_count == 0 && statistics.unchanged_frame == 1)
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
}
