import CTessera
import Tessera

// The shadow entry points of tessera.h (README.md, "Shadows").

/// C `tessera_layer_set_shadow`: ``Layer/shadowColor``, ``Layer/setShadowOpacity(_:)``,
/// ``Layer/setShadowOffset(_:)``, ``Layer/setShadowRadius(_:)``, ``Layer/setShadowPath(_:)`` at once. Every
/// value is checked on a scratch layer first, so a failure leaves the layer unchanged. The tree's thread. See
/// tessera.h; every failure returns a status and sets `tessera_last_error` naming the field.
@_cdecl("tessera_layer_set_shadow")
public func tesseraLayerSetShadow(_ layer: tessera_layer, _ shadow: UnsafePointer<tessera_shadow>?) -> tessera_status {
    cCall("tessera_layer_set_shadow") {
        let object = try HandleTable.shared.layer(layer, "layer")
        let value = try required(shadow, "shadow")
        let offset = Size(width: value.offset_x, height: value.offset_y)
        let path = value.has_path != 0
            ? ShadowPath(rect: value.path_rect.rect, cornerRadius: value.path_corner_radius) : nil
        let names = rectNames("shadowPath.rect", "shadow->path_rect").merging([
            "shadowOpacity": "shadow->opacity", "shadowRadius": "shadow->radius",
            "shadowOffset.width": "shadow->offset_x", "shadowOffset.height": "shadow->offset_y",
            "shadowPath.cornerRadius": "shadow->path_corner_radius",
        ]) { $1 }
        try renamingArguments(names) {
            for target in [try Layer(), object] {  // the scratch layer throws first
                try target.setShadowOpacity(value.opacity)
                try target.setShadowOffset(offset)
                try target.setShadowRadius(value.radius)
                try target.setShadowPath(path)
                target.shadowColor = value.color.color
            }
        }
    }
}

/// C `tessera_layer_get_shadow`: writes the layer's shadow properties. The tree's thread. See tessera.h; every
/// failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_layer_get_shadow")
public func tesseraLayerGetShadow(_ layer: tessera_layer, _ out: UnsafeMutablePointer<tessera_shadow>?) -> tessera_status {
    cCall("tessera_layer_get_shadow") {
        let object = try HandleTable.shared.layer(layer, "layer")
        let color = object.shadowColor, path = object.shadowPath
        let rect = path?.rect ?? .zero
        try output(out, "out").pointee = tessera_shadow(
            color: tessera_color(r: color.red, g: color.green, b: color.blue, a: color.alpha),
            opacity: object.shadowOpacity, offset_x: object.shadowOffset.width, offset_y: object.shadowOffset.height,
            radius: object.shadowRadius, has_path: path == nil ? 0 : 1,
            path_rect: tessera_rect(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height),
            path_corner_radius: path?.cornerRadius ?? 0)
    }
}
