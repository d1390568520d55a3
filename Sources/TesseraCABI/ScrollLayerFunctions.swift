import CTessera
import Tessera

// The scroll-layer entry points of tessera.h; a plain layer's handle is TESSERA_WRONG_HANDLE_KIND.

/// C `tessera_scroll_layer_set_content_size`: ``ScrollLayer/setContentSize(_:)`` (points). The tree's thread. See
/// tessera.h; every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_scroll_layer_set_content_size")
public func tesseraScrollLayerSetContentSize(_ scroll: tessera_layer, _ width: Double,
                                             _ height: Double) -> tessera_status {
    cCall("tessera_scroll_layer_set_content_size") {
        let layer = try HandleTable.shared.scrollLayer(scroll, "scroll")
        try renamingArguments(pairNames("contentSize", ("width", "width"), ("height", "height"))) {
            try layer.setContentSize(Size(width: width, height: height))
        }
    }
}

/// C `tessera_scroll_layer_set_content_inset`: ``ScrollLayer/setContentInset(_:)`` (points). The tree's thread. See
/// tessera.h; every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_scroll_layer_set_content_inset")
public func tesseraScrollLayerSetContentInset(_ scroll: tessera_layer,
                                              _ inset: UnsafePointer<tessera_insets>?) -> tessera_status {
    cCall("tessera_scroll_layer_set_content_inset") {
        let layer = try HandleTable.shared.scrollLayer(scroll, "scroll")
        let insets = try required(inset, "inset").insets
        let names = ["top", "left", "bottom", "right"].map { ("contentInset.\($0)", "inset->\($0)") }
        try renamingArguments(Dictionary(uniqueKeysWithValues: names)) { try layer.setContentInset(insets) }
    }
}

/// C `tessera_scroll_layer_set_content_offset`: ``ScrollLayer/setContentOffset(_:clamped:)`` (points). The tree's
/// thread. See tessera.h; every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_scroll_layer_set_content_offset")
public func tesseraScrollLayerSetContentOffset(_ scroll: tessera_layer, _ x: Double, _ y: Double,
                                               _ clamped: Int32) -> tessera_status {
    cCall("tessera_scroll_layer_set_content_offset") {
        let layer = try HandleTable.shared.scrollLayer(scroll, "scroll")
        let offset = Point(x: try finite(x, "x"), y: try finite(y, "y"))
        try renamingArguments(pairNames("contentOffset", ("x", "x"), ("y", "y"))) {
            try layer.setContentOffset(offset, clamped: clamped != 0)
        }
    }
}

/// C `tessera_scroll_layer_get_content_offset`: writes ``ScrollLayer/contentOffset`` (points). The tree's thread. See
/// tessera.h; every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_scroll_layer_get_content_offset")
public func tesseraScrollLayerGetContentOffset(_ scroll: tessera_layer, _ x: UnsafeMutablePointer<Double>?,
                                               _ y: UnsafeMutablePointer<Double>?) -> tessera_status {
    cCall("tessera_scroll_layer_get_content_offset") {
        let offset = try HandleTable.shared.scrollLayer(scroll, "scroll").contentOffset
        let outX = try output(x, "x"), outY = try output(y, "y")
        outX.pointee = offset.x
        outY.pointee = offset.y
    }
}

/// C `tessera_scroll_layer_pan`: ``ScrollLayer/pan(by:)`` (points). The tree's thread. See tessera.h; every failure
/// returns a status and sets `tessera_last_error`.
@_cdecl("tessera_scroll_layer_pan")
public func tesseraScrollLayerPan(_ scroll: tessera_layer, _ dx: Double, _ dy: Double) -> tessera_status {
    cCall("tessera_scroll_layer_pan") {
        let layer = try HandleTable.shared.scrollLayer(scroll, "scroll")
        let translation = Point(x: try finite(dx, "dx"), y: try finite(dy, "dy"))
        try renamingArguments(pairNames("translation", ("x", "dx"), ("y", "dy"))) {
            try layer.pan(by: translation)
        }
    }
}
