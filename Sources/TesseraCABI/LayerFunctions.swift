import CTessera
import Tessera

// The layer entry points of tessera.h. Scroll-layer handles are accepted wherever a layer is.

private func create(_ frame: UnsafePointer<tessera_rect>?, _ out: UnsafeMutablePointer<tessera_layer>?,
                    scroll: Bool) throws {
    let frame = try required(frame, "frame")
    let out = try output(out, "out")
    let layer = try renamingArguments(rectNames("frame", "frame")) {
        scroll ? try ScrollLayer(frame: frame.rect) : try Layer(frame: frame.rect)
    }
    out.pointee = HandleTable.shared.insert(layer, kind: scroll ? .scrollLayer : .layer)
}

/// C `tessera_layer_create`: creates a ``Layer`` at `frame` (points, superlayer's plane). Any thread. See tessera.h;
/// every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_layer_create")
public func tesseraLayerCreate(_ frame: UnsafePointer<tessera_rect>?,
                               _ out: UnsafeMutablePointer<tessera_layer>?) -> tessera_status {
    cCall("tessera_layer_create") { try create(frame, out, scroll: false) }
}

/// C `tessera_scroll_layer_create`: creates a ``ScrollLayer`` at `frame` (points). Any thread. See tessera.h; every
/// failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_scroll_layer_create")
public func tesseraScrollLayerCreate(_ frame: UnsafePointer<tessera_rect>?,
                                     _ out: UnsafeMutablePointer<tessera_layer>?) -> tessera_status {
    cCall("tessera_scroll_layer_create") { try create(frame, out, scroll: true) }
}

/// C `tessera_layer_destroy`: removes the layer from its superlayer, detaches its sublayers, drops its content
/// (revoking a callback: waits for its running calls, none starts later) and invalidates the handle. The tree's
/// thread. See tessera.h; every failure returns a status and sets
/// `tessera_last_error`.
@_cdecl("tessera_layer_destroy")
public func tesseraLayerDestroy(_ layer: tessera_layer) -> tessera_status {
    cCall("tessera_layer_destroy") {
        let object = try HandleTable.shared.layer(layer, "layer")
        object.removeFromSuperlayer()
        for sublayer in object.sublayers { sublayer.removeFromSuperlayer() }
        let old = object.content
        object.content = nil
        try HandleTable.shared.remove(layer, "layer")
        (old as? CallbackContent)?.revoke()
    }
}

/// C `tessera_layer_set_frame`: ``Layer/setFrame(_:)`` (points, superlayer's plane). The tree's thread. See
/// tessera.h; every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_layer_set_frame")
public func tesseraLayerSetFrame(_ layer: tessera_layer, _ frame: UnsafePointer<tessera_rect>?) -> tessera_status {
    cCall("tessera_layer_set_frame") {
        let object = try HandleTable.shared.layer(layer, "layer")
        let rect = try required(frame, "frame").rect
        try renamingArguments(rectNames("frame", "frame")) { try object.setFrame(rect) }
    }
}

/// C `tessera_layer_get_frame`: writes ``Layer/frame`` (points). The tree's thread. See tessera.h; every failure
/// returns a status and sets `tessera_last_error`.
@_cdecl("tessera_layer_get_frame")
public func tesseraLayerGetFrame(_ layer: tessera_layer, _ out: UnsafeMutablePointer<tessera_rect>?) -> tessera_status {
    cCall("tessera_layer_get_frame") {
        let frame = try HandleTable.shared.layer(layer, "layer").frame
        try output(out, "out").pointee = tessera_rect(x: frame.origin.x, y: frame.origin.y,
                                                      width: frame.size.width, height: frame.size.height)
    }
}

/// C `tessera_layer_set_bounds_origin`: ``Layer/setBoundsOrigin(_:)`` (points, the layer's own plane). The tree's
/// thread. See tessera.h; every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_layer_set_bounds_origin")
public func tesseraLayerSetBoundsOrigin(_ layer: tessera_layer, _ x: Double, _ y: Double) -> tessera_status {
    cCall("tessera_layer_set_bounds_origin") {
        let object = try HandleTable.shared.layer(layer, "layer")
        let origin = Point(x: try finite(x, "x"), y: try finite(y, "y"))
        try renamingArguments(pairNames("boundsOrigin", ("x", "x"), ("y", "y"))) {
            try object.setBoundsOrigin(origin)
        }
    }
}

/// C `tessera_layer_set_opacity`: ``Layer/setOpacity(_:)``, 0…1. The tree's thread. See tessera.h; every failure
/// returns a status and sets `tessera_last_error`.
@_cdecl("tessera_layer_set_opacity")
public func tesseraLayerSetOpacity(_ layer: tessera_layer, _ opacity: Double) -> tessera_status {
    cCall("tessera_layer_set_opacity") {
        try HandleTable.shared.layer(layer, "layer").setOpacity(opacity)
    }
}

/// C `tessera_layer_set_clips_to_bounds`: ``Layer/clipsToBounds``. The tree's thread. See tessera.h; every failure
/// returns a status and sets `tessera_last_error`.
@_cdecl("tessera_layer_set_clips_to_bounds")
public func tesseraLayerSetClipsToBounds(_ layer: tessera_layer, _ clips: Int32) -> tessera_status {
    cCall("tessera_layer_set_clips_to_bounds") {
        try HandleTable.shared.layer(layer, "layer").clipsToBounds = clips != 0
    }
}

/// C `tessera_layer_set_hidden`: ``Layer/isHidden``. The tree's thread. See tessera.h; every failure returns a status
/// and sets `tessera_last_error`.
@_cdecl("tessera_layer_set_hidden")
public func tesseraLayerSetHidden(_ layer: tessera_layer, _ hidden: Int32) -> tessera_status {
    cCall("tessera_layer_set_hidden") {
        try HandleTable.shared.layer(layer, "layer").isHidden = hidden != 0
    }
}

/// C `tessera_layer_set_background_color`: ``Layer/backgroundColor`` (straight alpha; null removes it). The tree's
/// thread. See tessera.h; every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_layer_set_background_color")
public func tesseraLayerSetBackgroundColor(_ layer: tessera_layer,
                                           _ color: UnsafePointer<tessera_color>?) -> tessera_status {
    cCall("tessera_layer_set_background_color") {
        try HandleTable.shared.layer(layer, "layer").backgroundColor = color?.pointee.color
    }
}

/// C `tessera_layer_add_sublayer`: ``Layer/addSublayer(_:)``; a cycle or a tree deeper than 256 levels is `TESSERA_HIERARCHY_ERROR`. The tree's
/// thread. See tessera.h; every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_layer_add_sublayer")
public func tesseraLayerAddSublayer(_ layer: tessera_layer, _ sublayer: tessera_layer) -> tessera_status {
    cCall("tessera_layer_add_sublayer") {
        let parent = try HandleTable.shared.layer(layer, "layer")
        try parent.addSublayer(try HandleTable.shared.layer(sublayer, "sublayer"))
    }
}

/// C `tessera_layer_insert_sublayer`: ``Layer/insertSublayer(_:at:)``. The tree's thread. See tessera.h; every
/// failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_layer_insert_sublayer")
public func tesseraLayerInsertSublayer(_ layer: tessera_layer, _ sublayer: tessera_layer,
                                       _ index: Int64) -> tessera_status {
    cCall("tessera_layer_insert_sublayer") {
        let parent = try HandleTable.shared.layer(layer, "layer")
        try parent.insertSublayer(try HandleTable.shared.layer(sublayer, "sublayer"), at: Int(index))
    }
}

/// C `tessera_layer_remove_from_superlayer`: ``Layer/removeFromSuperlayer()``. The tree's thread. See tessera.h;
/// every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_layer_remove_from_superlayer")
public func tesseraLayerRemoveFromSuperlayer(_ layer: tessera_layer) -> tessera_status {
    cCall("tessera_layer_remove_from_superlayer") {
        try HandleTable.shared.layer(layer, "layer").removeFromSuperlayer()
    }
}

/// C `tessera_layer_set_content`: makes a raster callback the layer's content (null removes it); the callback runs on
/// worker threads, concurrently for different tiles. The previous callback is revoked (waits for its running calls,
/// none starts later). The tree's thread. See tessera.h; every failure returns a status
/// and sets `tessera_last_error`.
@_cdecl("tessera_layer_set_content")
public func tesseraLayerSetContent(_ layer: tessera_layer, _ draw: tessera_raster_fn?,
                                   _ user: UnsafeMutableRawPointer?, _ opaque: Int32) -> tessera_status {
    cCall("tessera_layer_set_content") {
        let object = try HandleTable.shared.layer(layer, "layer")
        let old = object.content
        object.content = draw.map { CallbackContent(callback: $0, user: user, opaque: opaque != 0) }
        (old as? CallbackContent)?.revoke()
    }
}

/// C `tessera_layer_set_needs_display`: ``Layer/setNeedsDisplay(in:)`` (points, the layer's own plane); null
/// invalidates everything. The tree's thread. See tessera.h; every failure returns a status and sets
/// `tessera_last_error`.
@_cdecl("tessera_layer_set_needs_display")
public func tesseraLayerSetNeedsDisplay(_ layer: tessera_layer,
                                        _ rect: UnsafePointer<tessera_rect>?) -> tessera_status {
    cCall("tessera_layer_set_needs_display") {
        let object = try HandleTable.shared.layer(layer, "layer")
        if let rect {
            let dirty = rect.pointee.rect
            try renamingArguments(rectNames("rect", "rect")) { try object.setNeedsDisplay(in: dirty) }
        } else {
            object.setNeedsDisplay()
        }
    }
}
