import CTessera
import Tessera

// The appearance entry points of tessera.h: corner radius, border, group opacity.

/// C `tessera_layer_set_corner_radius`: ``Layer/setCornerRadius(_:)``. The tree's thread. See tessera.h; every
/// failure returns a status and sets `tessera_last_error` (naming `radius`).
@_cdecl("tessera_layer_set_corner_radius")
public func tesseraLayerSetCornerRadius(_ layer: tessera_layer, _ radius: Double) -> tessera_status {
    cCall("tessera_layer_set_corner_radius") {
        let object = try HandleTable.shared.layer(layer, "layer")
        try renamed("radius") { try object.setCornerRadius(radius) }
    }
}

/// C `tessera_layer_set_border`: ``Layer/setBorderWidth(_:)`` and ``Layer/borderColor`` (null keeps it). The
/// tree's thread. See tessera.h; every failure returns a status and sets `tessera_last_error` (naming `width`);
/// the layer is then unchanged.
@_cdecl("tessera_layer_set_border")
public func tesseraLayerSetBorder(_ layer: tessera_layer, _ width: Double,
                                  _ color: UnsafePointer<tessera_color>?) -> tessera_status {
    cCall("tessera_layer_set_border") {
        let object = try HandleTable.shared.layer(layer, "layer")
        try renamed("width") { try object.setBorderWidth(width) }
        if let color { object.borderColor = color.pointee.color }
    }
}

/// C `tessera_layer_set_allows_group_opacity`: ``Layer/allowsGroupOpacity``. The tree's thread. See tessera.h;
/// every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_layer_set_allows_group_opacity")
public func tesseraLayerSetAllowsGroupOpacity(_ layer: tessera_layer, _ allows: Int32) -> tessera_status {
    cCall("tessera_layer_set_allows_group_opacity") {
        try HandleTable.shared.layer(layer, "layer").allowsGroupOpacity = allows != 0
    }
}

/// Runs `body`, naming the C argument `argument` in its error.
private func renamed(_ argument: String, _ body: () throws -> Void) throws {
    do {
        try body()
    } catch let TesseraError.invalidArgument(_, reason) {
        throw TesseraError.invalidArgument(argument: argument, reason: reason)
    }
}
