import Tessera

/// Reads the fields of one JSON object with their full path (`root.sublayers[2].frame`) in every error,
/// and refuses fields nobody asked for.
///
/// Usage: read each known field with one of the typed accessors, then call ``finish()``, which throws
/// for the first unknown field. Every error is ``TesseraError/invalidArgument(argument:reason:)`` whose
/// argument is the path of the offending field.
struct JSONFieldReader {
    let path: String
    private let members: [(key: String, value: JSONValue)]
    private var used: Set<String> = []

    init(_ value: JSONValue, path: String) throws {
        guard case let .object(members) = value else {
            throw TesseraError.invalidArgument(
                argument: path.isEmpty ? "document" : path, reason: "expected an object, got \(value.typeName)")
        }
        self.path = path
        self.members = members
    }

    /// The path of field `key` of this object (`key` alone for the document's top level, path `""`).
    func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The raw value of `key`, or `nil` when absent (`null` counts as absent).
    mutating func value(_ key: String) -> JSONValue? {
        used.insert(key)
        guard let value = members.first(where: { $0.key == key })?.value, value != .null else { return nil }
        return value
    }

    mutating func number(_ key: String) throws -> Double? {
        try value(key).map { try Self.number($0, path: fieldPath(key)) }
    }

    mutating func bool(_ key: String) throws -> Bool? {
        guard let value = value(key) else { return nil }
        guard case let .bool(flag) = value else { throw Self.typeError(fieldPath(key), "a boolean", value) }
        return flag
    }

    mutating func string(_ key: String) throws -> String? {
        guard let value = value(key) else { return nil }
        guard case let .string(text) = value else { throw Self.typeError(fieldPath(key), "a string", value) }
        return text
    }

    mutating func array(_ key: String) throws -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard case let .array(elements) = value else { throw Self.typeError(fieldPath(key), "an array", value) }
        return elements
    }

    /// An array of exactly `count` numbers (`[x, y, width, height]` and the like).
    mutating func numbers(_ key: String, count: Int) throws -> [Double]? {
        guard let elements = try array(key) else { return nil }
        guard elements.count == count else {
            throw TesseraError.invalidArgument(
                argument: fieldPath(key), reason: "expected \(count) numbers, got \(elements.count)")
        }
        return try elements.enumerated().map { try Self.number($1, path: "\(fieldPath(key))[\($0)]") }
    }

    /// Throws for the first field that no accessor read. An empty key has no path of its own: the
    /// object is named instead, and the reason quotes the key.
    func finish() throws {
        if let unknown = members.first(where: { !used.contains($0.key) }) {
            let key = unknown.key
            let argument = !key.isEmpty ? fieldPath(key) : path.isEmpty ? "document" : path
            throw TesseraError.invalidArgument(argument: argument, reason: "unknown field \"\(key.prefix(80))\"")
        }
    }

    static func number(_ value: JSONValue, path: String) throws -> Double {
        guard case let .number(number) = value else { throw typeError(path, "a number", value) }
        return number
    }

    static func typeError(_ path: String, _ expected: String, _ value: JSONValue) -> TesseraError {
        .invalidArgument(argument: path, reason: "expected \(expected), got \(value.typeName)")
    }
}
