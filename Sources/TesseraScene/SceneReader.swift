import Foundation
import Tessera

/// Reads scene files: JSON describing a viewport and a layer tree (format in README.md, "Scene files").
///
/// Every error is ``TesseraError/invalidArgument(argument:reason:)`` whose argument is the path of the
/// offending field, e.g. `root.sublayers[2].frame[3]: height must be ≥ 0, got -5`. Unknown fields are
/// errors; files over ``maximumFileBytes`` are refused before they are read. Any thread; the returned
/// scene then belongs to the calling thread.
public enum SceneReader {
    /// The largest scene file accepted: 16 MiB.
    public static let maximumFileBytes = 16 * 1024 * 1024
    /// The largest number of layers a scene file may create.
    public static let maximumLayers = 100_000

    /// Reads the scene file at `path`.
    public static func read(contentsOfFile path: String) throws -> Scene {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw TesseraError.invalidArgument(argument: path, reason: "cannot read the scene file (\(error.localizedDescription))")
        }
        if let size = attributes[.size] as? NSNumber, size.intValue > maximumFileBytes {
            throw TesseraError.invalidArgument(
                argument: path, reason: "scene file is \(size.intValue) bytes; the limit is \(maximumFileBytes)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TesseraError.invalidArgument(argument: path, reason: "cannot read the scene file")
        }
        return try decode(Array(data), source: (path as NSString).lastPathComponent)
    }

    /// Decodes a scene from the bytes of a scene file; `source` names it in syntax errors.
    public static func decode(_ bytes: [UInt8], source: String = "scene") throws -> Scene {
        guard bytes.count <= maximumFileBytes else {
            throw TesseraError.invalidArgument(
                argument: source, reason: "scene is \(bytes.count) bytes; the limit is \(maximumFileBytes)")
        }
        var document = try JSONFieldReader(JSONParser.parse(bytes, source: source), path: "")
        guard let viewportValue = document.value("viewport") else {
            throw TesseraError.invalidArgument(argument: "viewport", reason: "is required")
        }
        var viewportFields = try JSONFieldReader(viewportValue, path: "viewport")
        let viewport = try Viewport(
            width: viewportFields.number("width") ?? { throw missing("viewport.width") }(),
            height: viewportFields.number("height") ?? { throw missing("viewport.height") }(),
            scale: viewportFields.number("scale") ?? 1)
        try viewportFields.finish()
        guard let rootValue = document.value("root") else { throw missing("root") }
        try document.finish()
        var builder = Builder()
        let root = try builder.layer(rootValue, path: "root")
        try builder.activateConstraints()
        if builder.hasConstraints { try root.layoutIfNeeded() }
        return Scene(viewport: viewport, root: root, layersByName: builder.layersByName)
    }

    static func missing(_ path: String) -> TesseraError {
        .invalidArgument(argument: path, reason: "is required")
    }

    private struct Builder {
        var layersByName: [String: Layer] = [:]
        var count = 0
        /// Glyph boxes laid out by the text items so far (see ``SceneContentReader/maximumGlyphs``).
        var glyphs = 0
        /// Constraint strings with their paths, parsed once every layer has its name.
        var pendingConstraints: [(text: String, path: String)] = []
        var hasConstraints: Bool { !pendingConstraints.isEmpty }

        /// Parses and activates the constraint strings (names may refer to layers defined later).
        func activateConstraints() throws {
            var constraints: [LayoutConstraint] = []
            for (text, path) in pendingConstraints {
                constraints.append(try ConstraintStringParser.parse(text, layers: layersByName, argument: path))
            }
            try LayoutConstraint.activate(constraints)
        }

        mutating func layer(_ value: JSONValue, path: String) throws -> Layer {
            count += 1
            guard count <= maximumLayers else {
                throw TesseraError.invalidArgument(argument: path, reason: "more than \(maximumLayers) layers")
            }
            var fields = try JSONFieldReader(value, path: path)
            let kind = try fields.string("kind") ?? "layer"
            let layer: Layer
            switch kind {
            case "layer": layer = try Layer()
            case "scroll": layer = try ScrollLayer()
            default:
                throw TesseraError.invalidArgument(
                    argument: fields.fieldPath("kind"), reason: "must be \"layer\" or \"scroll\", got \"\(kind.prefix(40))\"")
            }
            if let name = try fields.string("name") {
                guard layersByName[name] == nil else {
                    throw TesseraError.invalidArgument(
                        argument: fields.fieldPath("name"), reason: "duplicate layer name \"\(name.prefix(80))\"")
                }
                layer.name = name
                layersByName[name] = layer
            }
            if let frame = try fields.numbers("frame", count: 4) {
                try layer.setFrame(try rect(frame, path: fields.fieldPath("frame")))
            }
            try SceneTransformFields.read(&fields, layer)
            let zoom = try SceneTransformFields.readZoom(&fields, isScroll: layer is ScrollLayer)
            let origin = try fields.numbers("boundsOrigin", count: 2)
            let offset = try fields.numbers("contentOffset", count: 2)
            if origin != nil, offset != nil {
                throw TesseraError.invalidArgument(
                    argument: fields.fieldPath("contentOffset"), reason: "give boundsOrigin or contentOffset, not both")
            }
            if let values = origin ?? offset {
                let field = fields.fieldPath(origin == nil ? "contentOffset" : "boundsOrigin")
                try layer.setBoundsOrigin(try point(values, path: field))
            }
            if let scroll = layer as? ScrollLayer {
                if let size = try fields.numbers("contentSize", count: 2) {
                    let field = fields.fieldPath("contentSize")
                    try scroll.setContentSize(Size(width: try extent(size[0], "\(field)[0]", "width"),
                                                   height: try extent(size[1], "\(field)[1]", "height")))
                }
                if let inset = try fields.numbers("contentInset", count: 4) {
                    let field = fields.fieldPath("contentInset")
                    for (index, value) in inset.enumerated() { try coordinate(value, "\(field)[\(index)]") }
                    try scroll.setContentInset(EdgeInsets(top: inset[0], left: inset[1], bottom: inset[2], right: inset[3]))
                }
            } else {
                for key in ["contentSize", "contentInset"] where fields.value(key) != nil {
                    throw TesseraError.invalidArgument(argument: fields.fieldPath(key), reason: "only scroll layers have \(key)")
                }
            }
            layer.clipsToBounds = try fields.bool("clipsToBounds") ?? false
            layer.isHidden = try fields.bool("hidden") ?? false
            if let opacity = try fields.number("opacity") {
                guard (0...1).contains(opacity) else {
                    throw TesseraError.invalidArgument(argument: fields.fieldPath("opacity"), reason: "must be in 0…1, got \(opacity)")
                }
                try layer.setOpacity(opacity)
            }
            if let hex = try fields.string("background") {
                layer.backgroundColor = try SceneReader.color(hex, path: fields.fieldPath("background"))
            }
            if let content = try fields.array("content") {
                layer.content = try SceneContentReader.displayList(content, path: fields.fieldPath("content"), glyphs: &glyphs)
            }
            try SceneAppearanceReader.read(&fields, layer)
            try SceneShadowReader.read(&fields, layer)
            try layoutFields(&fields, layer)
            if let sublayers = try fields.array("sublayers") {
                for (index, sublayer) in sublayers.enumerated() {
                    try layer.addSublayer(try self.layer(sublayer, path: "\(fields.fieldPath("sublayers"))[\(index)]"))
                }
            }
            if let zoom, let scroll = layer as? ScrollLayer { try SceneTransformFields.applyZoom(zoom, scroll) }
            try fields.finish()
            return layer
        }

        /// `constraints`, `intrinsicSize`, `hugging`, `compressionResistance` (README.md, "Layout").
        mutating func layoutFields(_ fields: inout JSONFieldReader, _ layer: Layer) throws {
            if let strings = try fields.array("constraints") {
                for (index, value) in strings.enumerated() {
                    let path = "\(fields.fieldPath("constraints"))[\(index)]"
                    guard case let .string(text) = value else { throw JSONFieldReader.typeError(path, "a string", value) }
                    pendingConstraints.append((text, path))
                }
            }
            if let size = try fields.numbers("intrinsicSize", count: 2) {
                let field = fields.fieldPath("intrinsicSize")
                try layer.setIntrinsicContentSize(IntrinsicContentSize(width: try extent(size[0], "\(field)[0]", "width"),
                                                                       height: try extent(size[1], "\(field)[1]", "height")))
            } else if let list = layer.content as? DisplayList, list.items.count == 1, case let .image(placed) = list.items[0] {
                try layer.setIntrinsicContentSize(IntrinsicContentSize(width: Double(placed.image.width),
                                                                       height: Double(placed.image.height)))
            }
            for key in ["hugging", "compressionResistance"] {
                guard let value = fields.value(key) else { continue }
                let field = fields.fieldPath(key)
                let pair: [Double]
                var isPair = false
                switch value {
                case .number: pair = [try JSONFieldReader.number(value, path: field)] + [try JSONFieldReader.number(value, path: field)]
                case .array: pair = try fields.numbers(key, count: 2)!; isPair = true
                default: throw JSONFieldReader.typeError(field, "a priority or [horizontal, vertical]", value)
                }
                for (index, axis) in [LayoutAxis.horizontal, .vertical].enumerated() {
                    let path = isPair ? "\(field)[\(index)]" : field
                    let priority: LayoutPriority
                    do { priority = try LayoutPriority(pair[index]) } catch {
                        throw TesseraError.invalidArgument(argument: path, reason: "must be in 1…1000, got \(pair[index])")
                    }
                    if key == "hugging" { layer.setContentHuggingPriority(priority, for: axis) } else {
                        layer.setContentCompressionResistancePriority(priority, for: axis)
                    }
                }
            }
        }
    }

    /// Parses `#RRGGBB` / `#RRGGBBAA`, naming `path` on error.
    static func color(_ hex: String, path: String) throws -> Color {
        do {
            return try Color(hex: hex)
        } catch let TesseraError.invalidArgument(_, reason) {
            throw TesseraError.invalidArgument(argument: path, reason: reason)
        }
    }

    @discardableResult
    static func coordinate(_ value: Double, _ path: String) throws -> Double {
        guard abs(value) <= Geometry.maximumMagnitude else {
            throw TesseraError.invalidArgument(argument: path, reason: "magnitude must be ≤ 1e12 points, got \(value)")
        }
        return value
    }

    static func extent(_ value: Double, _ path: String, _ name: String) throws -> Double {
        guard value >= 0 else {
            throw TesseraError.invalidArgument(argument: path, reason: "\(name) must be ≥ 0, got \(value)")
        }
        return try coordinate(value, path)
    }

    /// `[x, y, width, height]` → a rect, naming the element on error.
    static func rect(_ v: [Double], path: String) throws -> Rect {
        Rect(x: try coordinate(v[0], "\(path)[0]"), y: try coordinate(v[1], "\(path)[1]"),
             width: try extent(v[2], "\(path)[2]", "width"), height: try extent(v[3], "\(path)[3]", "height"))
    }

    static func point(_ v: [Double], path: String) throws -> Point {
        Point(x: try coordinate(v[0], "\(path)[0]"), y: try coordinate(v[1], "\(path)[1]"))
    }
}
