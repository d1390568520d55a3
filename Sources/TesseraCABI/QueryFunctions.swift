import CTessera
import Tessera

// Hit testing, coordinate conversion and look-up by name (tessera.h, "Hit testing and coordinates").

/// C `tessera_layer_hit_test`: ``Layer/hitTest(_:)`` (points, the layer's own plane); 0 when nothing is hit. A
/// layer without a handle gets one. The tree's thread. See tessera.h.
@_cdecl("tessera_layer_hit_test")
public func tesseraLayerHitTest(_ layer: tessera_layer, _ x: Double, _ y: Double,
                                _ out: UnsafeMutablePointer<tessera_layer>?) -> tessera_status {
    cCall("tessera_layer_hit_test") {
        let object = try HandleTable.shared.layer(layer, "layer")
        let point = Point(x: try finite(x, "x"), y: try finite(y, "y"))
        let out = try output(out, "out")
        out.pointee = object.hitTest(point).map { HandleTable.shared.handle(for: $0) } ?? 0
    }
}

/// C `tessera_layer_convert_point`: ``Layer/convert(_:to:)`` for a point. See tessera.h.
@_cdecl("tessera_layer_convert_point")
public func tesseraLayerConvertPoint(_ from: tessera_layer, _ to: tessera_layer, _ x: Double, _ y: Double,
                                     _ outX: UnsafeMutablePointer<Double>?,
                                     _ outY: UnsafeMutablePointer<Double>?) -> tessera_status {
    cCall("tessera_layer_convert_point") {
        let source = try HandleTable.shared.layer(from, "from")
        let target = try HandleTable.shared.layer(to, "to")
        let point = Point(x: try finite(x, "x"), y: try finite(y, "y"))
        let outX = try output(outX, "out_x"), outY = try output(outY, "out_y")
        let converted = try renamingArguments(["point.x": "x", "point.y": "y"]) { try source.convert(point, to: target) }
        outX.pointee = converted.x
        outY.pointee = converted.y
    }
}

/// C `tessera_layer_convert_rect`: ``Layer/convert(_:to:)`` for a rect. See tessera.h.
@_cdecl("tessera_layer_convert_rect")
public func tesseraLayerConvertRect(_ from: tessera_layer, _ to: tessera_layer, _ rect: UnsafePointer<tessera_rect>?,
                                    _ out: UnsafeMutablePointer<tessera_rect>?) -> tessera_status {
    cCall("tessera_layer_convert_rect") {
        let source = try HandleTable.shared.layer(from, "from")
        let target = try HandleTable.shared.layer(to, "to")
        let r = try required(rect, "rect")
        for (value, name) in [(r.x, "rect->x"), (r.y, "rect->y"), (r.width, "rect->width"), (r.height, "rect->height")] {
            _ = try finite(value, name)
        }
        let out = try output(out, "out")
        let converted = try renamingArguments(rectNames("rect", "rect")) { try source.convert(r.rect, to: target) }
        out.pointee = tessera_rect(converted)
    }
}

/// C `tessera_layer_find`: the first layer named `name` in the subtree, depth first in paint order; 0 when none.
/// See tessera.h.
@_cdecl("tessera_layer_find")
public func tesseraLayerFind(_ layer: tessera_layer, _ name: UnsafePointer<CChar>?,
                             _ out: UnsafeMutablePointer<tessera_layer>?) -> tessera_status {
    cCall("tessera_layer_find") {
        let object = try HandleTable.shared.layer(layer, "layer")
        guard let name else { throw Failure.invalidArgument("name", "must not be null") }
        let out = try output(out, "out")
        let wanted = String(cString: name)
        var stack = [object]
        while let next = stack.popLast() {  // pre-order, bottom sublayer first
            if next.name == wanted {
                out.pointee = HandleTable.shared.handle(for: next)
                return
            }
            stack.append(contentsOf: next.sublayers.reversed())
        }
        out.pointee = 0
    }
}
