import CTessera
import Testing
import Tessera

/// Misuse of the C transform and zoom functions: each bad call returns the right status and names the
/// argument as tessera.h spells it.
@Suite("C ABI zoom misuse")
struct ZoomMisuseTests {
    let invalidArgument = TESSERA_INVALID_ARGUMENT, wrongKind = TESSERA_WRONG_HANDLE_KIND

    @Test("Bad transforms, anchors, zoom values and handles are refused by name")
    func refusals() throws {
        let layer = try makeLayer(), scroll = try makeLayer(scroll: true), stranger = try makeLayer()
        expectFailure(tessera_layer_set_transform(layer, 0, 0, 0), invalidArgument, naming: "scale")
        expectFailure(tessera_layer_set_transform(layer, 1, .nan, 0), invalidArgument, naming: "tx")
        expectFailure(tessera_layer_set_transform(layer, 1, 0, 1e13), invalidArgument, naming: "ty")
        var scale = 0.0, tx = 0.0
        expectFailure(tessera_layer_get_transform(layer, &scale, &tx, nil), invalidArgument, naming: "ty")
        expectFailure(tessera_layer_set_anchor_point(layer, .infinity, 0), invalidArgument, naming: "x")
        expectFailure(tessera_scroll_layer_set_zoom_scale(layer, 2), wrongKind, naming: "scroll")
        expectFailure(tessera_scroll_layer_set_zooming_layer(scroll, stranger), invalidArgument, naming: "layer")
        expectFailure(tessera_scroll_layer_set_zoom_limits(scroll, -1, 2), invalidArgument, naming: "minimum")
        expectFailure(tessera_scroll_layer_set_zoom_limits(scroll, 2, 1), invalidArgument, naming: "maximum")
        expectFailure(tessera_scroll_layer_set_zoom_scale(scroll, .nan), invalidArgument, naming: "scale")
        expectFailure(tessera_scroll_layer_get_zoom_scale(scroll, nil), invalidArgument, naming: "scale")
        expectFailure(tessera_scroll_layer_pinch(scroll, -1, 0, 0), invalidArgument, naming: "factor")
        expectFailure(tessera_scroll_layer_pinch(scroll, 2, 0, .nan), invalidArgument, naming: "y")
        expectFailure(tessera_scroll_layer_advance_zoom(scroll, -1), invalidArgument, naming: "seconds")
        expectFailure(tessera_scroll_layer_zoom_to_rect(scroll, nil), invalidArgument, naming: "rect")
        var empty = tessera_rect(x: 0, y: 0, width: 0, height: 5)
        expectFailure(tessera_scroll_layer_zoom_to_rect(scroll, &empty), invalidArgument, naming: "rect")
        expectOK(tessera_scroll_layer_end_pinch(scroll))
        #expect(tessera_scroll_layer_get_zoom_scale(scroll, &scale) == tessera_status(TESSERA_OK) && scale == 1)
    }
}
