import Tessera

/// The shadow fields of a scene layer (README.md, "Scene files" and "Shadows"): `shadowColor`
/// (`#RRGGBB[AA]`), `shadowOpacity` (0…1), `shadowOffset` (`[width, height]`, points), `shadowRadius`
/// (points) and `shadowPath` (`{"rect": [x, y, width, height], "cornerRadius": r}`, the layer's bounds
/// coordinates). Errors name the field's path (`layers[2].shadowOffset[1]`, `….shadowPath.rect[2]`).
enum SceneShadowReader {
    static func read(_ fields: inout JSONFieldReader, _ layer: Layer) throws {
        if let hex = try fields.string("shadowColor") {
            layer.shadowColor = try SceneReader.color(hex, path: fields.fieldPath("shadowColor"))
        }
        if let opacity = try fields.number("shadowOpacity") {
            try rename(fields.fieldPath("shadowOpacity")) { try layer.setShadowOpacity(opacity) }
        }
        if let offset = try fields.numbers("shadowOffset", count: 2) {
            let path = fields.fieldPath("shadowOffset")
            let size = Size(width: try SceneReader.coordinate(offset[0], "\(path)[0]"),
                            height: try SceneReader.coordinate(offset[1], "\(path)[1]"))
            try rename(path) { try layer.setShadowOffset(size) }
        }
        if let radius = try fields.number("shadowRadius") {
            try rename(fields.fieldPath("shadowRadius")) { try layer.setShadowRadius(radius) }
        }
        if let value = fields.value("shadowPath") {
            let path = fields.fieldPath("shadowPath")
            var members = try JSONFieldReader(value, path: path)
            guard let numbers = try members.numbers("rect", count: 4) else {
                throw TesseraError.invalidArgument(argument: path, reason: "needs \"rect\": [x, y, width, height]")
            }
            let rect = try SceneReader.rect(numbers, path: members.fieldPath("rect"))
            let radius = try members.number("cornerRadius") ?? 0
            try members.finish()
            try rename(members.fieldPath("cornerRadius")) {
                try layer.setShadowPath(ShadowPath(rect: rect, cornerRadius: radius))
            }
        }
    }

    /// Runs `body`, replacing the argument of its error with the field's path.
    private static func rename(_ path: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let TesseraError.invalidArgument(_, reason) {
            throw TesseraError.invalidArgument(argument: path, reason: reason)
        }
    }
}
