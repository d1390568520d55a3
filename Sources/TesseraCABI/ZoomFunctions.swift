import CTessera
import Tessera

// The transform and zoom entry points of tessera.h (README.md, "Transforms and zoom"). The tree's thread;
// every failure returns a status and sets `tessera_last_error`.

/// C `tessera_layer_set_transform`: ``Layer/setTransform(_:)`` (uniform scale, translation in points).
@_cdecl("tessera_layer_set_transform")
public func tesseraLayerSetTransform(_ layer: tessera_layer, _ scale: Double, _ tx: Double, _ ty: Double) -> tessera_status {
    cCall("tessera_layer_set_transform") {
        let target = try HandleTable.shared.layer(layer, "layer")
        let names = ["transform.scale": "scale", "transform.translation.x": "tx", "transform.translation.y": "ty"]
        try renamingArguments(names) {
            try target.setTransform(LayerTransform(scale: scale, translation: Point(x: tx, y: ty)))
        }
    }
}

/// C `tessera_layer_get_transform`: writes ``Layer/transform``'s scale and translation (points).
@_cdecl("tessera_layer_get_transform")
public func tesseraLayerGetTransform(_ layer: tessera_layer, _ scale: UnsafeMutablePointer<Double>?,
                                     _ tx: UnsafeMutablePointer<Double>?, _ ty: UnsafeMutablePointer<Double>?) -> tessera_status {
    cCall("tessera_layer_get_transform") {
        let transform = try HandleTable.shared.layer(layer, "layer").transform
        let outScale = try output(scale, "scale"), outX = try output(tx, "tx"), outY = try output(ty, "ty")
        outScale.pointee = transform.scale
        outX.pointee = transform.translation.x
        outY.pointee = transform.translation.y
    }
}

/// C `tessera_layer_set_anchor_point`: ``Layer/setAnchorPoint(_:)`` (unit coordinates; the position stays).
@_cdecl("tessera_layer_set_anchor_point")
public func tesseraLayerSetAnchorPoint(_ layer: tessera_layer, _ x: Double, _ y: Double) -> tessera_status {
    cCall("tessera_layer_set_anchor_point") {
        let target = try HandleTable.shared.layer(layer, "layer")
        try renamingArguments(pairNames("anchorPoint", ("x", "x"), ("y", "y"))) {
            try target.setAnchorPoint(Point(x: x, y: y))
        }
    }
}

/// C `tessera_scroll_layer_set_zooming_layer`: ``ScrollLayer/setZoomingLayer(_:)``; handle 0 stops zooming.
@_cdecl("tessera_scroll_layer_set_zooming_layer")
public func tesseraScrollLayerSetZoomingLayer(_ scroll: tessera_layer, _ layer: tessera_layer) -> tessera_status {
    cCall("tessera_scroll_layer_set_zooming_layer") {
        let target = try HandleTable.shared.scrollLayer(scroll, "scroll")
        let zooming = layer == 0 ? nil : try HandleTable.shared.layer(layer, "layer")
        try renamingArguments(["zoomingLayer": "layer"]) { try target.setZoomingLayer(zooming) }
    }
}

/// C `tessera_scroll_layer_set_zoom_limits`: ``ScrollLayer/setZoomScaleLimits(minimum:maximum:)``.
@_cdecl("tessera_scroll_layer_set_zoom_limits")
public func tesseraScrollLayerSetZoomLimits(_ scroll: tessera_layer, _ minimum: Double, _ maximum: Double) -> tessera_status {
    cCall("tessera_scroll_layer_set_zoom_limits") {
        let target = try HandleTable.shared.scrollLayer(scroll, "scroll")
        try renamingArguments(["minimumZoomScale": "minimum", "maximumZoomScale": "maximum"]) {
            try target.setZoomScaleLimits(minimum: minimum, maximum: maximum)
        }
    }
}

/// C `tessera_scroll_layer_set_zoom_scale`: ``ScrollLayer/setZoomScale(_:)`` (clamped into the limits).
@_cdecl("tessera_scroll_layer_set_zoom_scale")
public func tesseraScrollLayerSetZoomScale(_ scroll: tessera_layer, _ scale: Double) -> tessera_status {
    cCall("tessera_scroll_layer_set_zoom_scale") {
        let target = try HandleTable.shared.scrollLayer(scroll, "scroll")
        try renamingArguments(["zoomScale": "scale"]) { try target.setZoomScale(scale) }
    }
}

/// C `tessera_scroll_layer_get_zoom_scale`: writes ``ScrollLayer/zoomScale``.
@_cdecl("tessera_scroll_layer_get_zoom_scale")
public func tesseraScrollLayerGetZoomScale(_ scroll: tessera_layer, _ scale: UnsafeMutablePointer<Double>?) -> tessera_status {
    cCall("tessera_scroll_layer_get_zoom_scale") {
        let value = try HandleTable.shared.scrollLayer(scroll, "scroll").zoomScale
        try output(scale, "scale").pointee = value
    }
}

/// C `tessera_scroll_layer_pinch`: ``ScrollLayer/pinch(scale:around:)`` (focal point in the scroll layer's
/// plane, points).
@_cdecl("tessera_scroll_layer_pinch")
public func tesseraScrollLayerPinch(_ scroll: tessera_layer, _ factor: Double, _ x: Double, _ y: Double) -> tessera_status {
    cCall("tessera_scroll_layer_pinch") {
        let target = try HandleTable.shared.scrollLayer(scroll, "scroll")
        try renamingArguments(["scale": "factor", "focalPoint.x": "x", "focalPoint.y": "y"]) {
            try target.pinch(scale: factor, around: Point(x: x, y: y))
        }
    }
}

/// C `tessera_scroll_layer_end_pinch`: ``ScrollLayer/endPinch()``.
@_cdecl("tessera_scroll_layer_end_pinch")
public func tesseraScrollLayerEndPinch(_ scroll: tessera_layer) -> tessera_status {
    cCall("tessera_scroll_layer_end_pinch") {
        try HandleTable.shared.scrollLayer(scroll, "scroll").endPinch()
    }
}

/// C `tessera_scroll_layer_advance_zoom`: ``ScrollLayer/advanceZoom(by:)`` (seconds).
@_cdecl("tessera_scroll_layer_advance_zoom")
public func tesseraScrollLayerAdvanceZoom(_ scroll: tessera_layer, _ seconds: Double) -> tessera_status {
    cCall("tessera_scroll_layer_advance_zoom") {
        try HandleTable.shared.scrollLayer(scroll, "scroll").advanceZoom(by: seconds)
    }
}

/// C `tessera_scroll_layer_zoom_to_rect`: ``ScrollLayer/zoom(to:)`` (a rect of the zooming layer's plane).
@_cdecl("tessera_scroll_layer_zoom_to_rect")
public func tesseraScrollLayerZoomToRect(_ scroll: tessera_layer, _ rect: UnsafePointer<tessera_rect>?) -> tessera_status {
    cCall("tessera_scroll_layer_zoom_to_rect") {
        let target = try HandleTable.shared.scrollLayer(scroll, "scroll")
        let r = try required(rect, "rect")
        let names = ["rect.origin.x": "rect->x", "rect.origin.y": "rect->y", "rect.size.width": "rect->width",
                     "rect.size.height": "rect->height", "rect.size": "rect"]
        try renamingArguments(names) {
            try target.zoom(to: Rect(x: r.x, y: r.y, width: r.width, height: r.height))
        }
    }
}
