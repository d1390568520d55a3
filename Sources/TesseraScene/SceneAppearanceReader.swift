import Tessera

/// The appearance fields of a scene layer (README.md, "Scene files"): `cornerRadius`, `borderWidth`,
/// `borderColor`, `allowsGroupOpacity`. Errors name the field's path, like every scene error.
enum SceneAppearanceReader {
    static func read(_ fields: inout JSONFieldReader, _ layer: Layer) throws {
        if let radius = try fields.number("cornerRadius") {
            try rename(fields.fieldPath("cornerRadius")) { try layer.setCornerRadius(radius) }
        }
        if let width = try fields.number("borderWidth") {
            try rename(fields.fieldPath("borderWidth")) { try layer.setBorderWidth(width) }
        }
        if let hex = try fields.string("borderColor") {
            layer.borderColor = try SceneReader.color(hex, path: fields.fieldPath("borderColor"))
        }
        if let allows = try fields.bool("allowsGroupOpacity") {
            layer.allowsGroupOpacity = allows
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
