import Tessera

/// The transform and zoom fields of a scene file's layer (README.md, "Scene files"):
/// `anchorPoint: [x, y]`, `transform: {"scale": s, "translation": [x, y]}`, and for scroll layers
/// `minimumZoomScale`, `maximumZoomScale`, `zoomingLayer` (the name of one of its direct sublayers) and
/// `zoomScale` (which must lie within the limits: it is not clamped).
///
/// `frame` stays the layer's untransformed frame (as Auto Layout sees it); the anchor point is set
/// keeping that frame, and the transform applies about it. Every error names the field's path.
enum SceneTransformFields {
    /// Reads `anchorPoint` and `transform` (after `frame`).
    static func read(_ fields: inout JSONFieldReader, _ layer: Layer) throws {
        if let anchor = try fields.numbers("anchorPoint", count: 2) {
            let path = fields.fieldPath("anchorPoint")
            let frame = layer.untransformedFrame
            try renamed(path, "anchorPoint") { try layer.setAnchorPoint(Point(x: anchor[0], y: anchor[1])) }
            try layer.setUntransformedFrame(frame)
        }
        guard let value = fields.value("transform") else { return }
        var transform = try JSONFieldReader(value, path: fields.fieldPath("transform"))
        let scale = try transform.number("scale") ?? 1
        let translation = try transform.numbers("translation", count: 2) ?? [0, 0]
        try transform.finish()
        try renamed(transform.path, "transform") {
            try layer.setTransform(LayerTransform(scale: scale, translation: Point(x: translation[0], y: translation[1])))
        }
    }

    /// The zoom fields of a scroll layer, read before its sublayers exist; ``applyZoom(_:_:)`` applies them.
    struct Zoom {
        var minimum: Double?
        var maximum: Double?
        var scale: Double?
        var layerName: String?
        var paths: (minimum: String, maximum: String, scale: String, layer: String)
    }

    static func readZoom(_ fields: inout JSONFieldReader, isScroll: Bool) throws -> Zoom? {
        let keys = ["minimumZoomScale", "maximumZoomScale", "zoomScale", "zoomingLayer"]
        guard isScroll else {
            for key in keys where fields.value(key) != nil {
                throw TesseraError.invalidArgument(argument: fields.fieldPath(key), reason: "only scroll layers have \(key)")
            }
            return nil
        }
        return Zoom(minimum: try fields.number("minimumZoomScale"), maximum: try fields.number("maximumZoomScale"),
                    scale: try fields.number("zoomScale"), layerName: try fields.string("zoomingLayer"),
                    paths: (fields.fieldPath("minimumZoomScale"), fields.fieldPath("maximumZoomScale"),
                            fields.fieldPath("zoomScale"), fields.fieldPath("zoomingLayer")))
    }

    /// Applies the zoom fields once the scroll layer's sublayers exist.
    static func applyZoom(_ zoom: Zoom, _ scroll: ScrollLayer) throws {
        let minimum = zoom.minimum ?? 1, maximum = zoom.maximum ?? 1
        do {
            try scroll.setZoomScaleLimits(minimum: minimum, maximum: maximum)
        } catch let TesseraError.invalidArgument(argument, reason) {
            throw TesseraError.invalidArgument(
                argument: argument == "minimumZoomScale" ? zoom.paths.minimum : zoom.paths.maximum, reason: reason)
        }
        if let name = zoom.layerName {
            guard let layer = scroll.sublayers.first(where: { $0.name == name }) else {
                throw TesseraError.invalidArgument(
                    argument: zoom.paths.layer, reason: "no direct sublayer is named \"\(name.prefix(80))\"")
            }
            try scroll.setZoomingLayer(layer)
        }
        if let scale = zoom.scale {
            guard scale.isFinite, (minimum...maximum).contains(scale) else {
                throw TesseraError.invalidArgument(
                    argument: zoom.paths.scale,
                    reason: "must be within minimumZoomScale…maximumZoomScale (\(minimum)…\(maximum)), got \(scale)")
            }
            guard zoom.layerName != nil || scale == 1 else {
                throw TesseraError.invalidArgument(argument: zoom.paths.scale, reason: "needs a zoomingLayer")
            }
            try scroll.setZoomScale(scale)
        }
    }

    /// Runs `body`, replacing the argument name prefix `prefix` of its error with `path`.
    private static func renamed(_ path: String, _ prefix: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let TesseraError.invalidArgument(argument, reason) where argument.hasPrefix(prefix) {
            throw TesseraError.invalidArgument(argument: path + argument.dropFirst(prefix.count), reason: reason)
        }
    }
}
