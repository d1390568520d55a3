/// A JSON document as the scene fuzzer builds and mutates it: objects keep their key order and may hold
/// a key twice (to test duplicate-key refusal); numbers are kept as their text, so that values JSON can
/// write but a double cannot hold (`1e999`, 30-digit integers, `-0`) survive until serialization.
/// Value type; any thread.
indirect enum FuzzJSON: Sendable {
    case object([(key: String, value: FuzzJSON)])
    case array([FuzzJSON])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    static func num(_ value: Double) -> FuzzJSON {
        value == value.rounded() && abs(value) < 1e15 ? .number(String(Int64(value))) : .number("\(value)")
    }

    /// A short name of the value's JSON type, to tell whether a replacement changed the type.
    var typeName: String {
        switch self {
        case .object: return "object"
        case .array: return "array"
        case .string: return "string"
        case .number: return "number"
        case .bool: return "bool"
        case .null: return "null"
        }
    }

    /// Compact JSON text (UTF-8 bytes). Cost: linear in the document.
    func serialized() -> [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    private func write(into out: inout [UInt8]) {
        switch self {
        case .object(let fields):
            out.append(UInt8(ascii: "{"))
            for (index, field) in fields.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                FuzzJSON.string(field.key).write(into: &out)
                out.append(UInt8(ascii: ":"))
                field.value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .string(let text):
            out.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): out += Array("\\\"".utf8)
                case UInt8(ascii: "\\"): out += Array("\\\\".utf8)
                case 0..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
                default: out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
        case .number(let text):
            out += Array(text.utf8)
        case .bool(let value):
            out += Array((value ? "true" : "false").utf8)
        case .null:
            out += Array("null".utf8)
        }
    }
}

/// A step into a JSON document: an object field (by position, since keys may repeat) or an array item.
enum FuzzJSONStep: Sendable {
    case field(Int)
    case item(Int)
}

extension FuzzJSON {
    /// Every path in the document (the root's is empty), depth first. Cost: linear in the document.
    func allPaths(prefix: [FuzzJSONStep] = []) -> [[FuzzJSONStep]] {
        var paths = [prefix]
        switch self {
        case .object(let fields):
            for (index, field) in fields.enumerated() { paths += field.value.allPaths(prefix: prefix + [.field(index)]) }
        case .array(let items):
            for (index, item) in items.enumerated() { paths += item.allPaths(prefix: prefix + [.item(index)]) }
        default: break
        }
        return paths
    }

    /// The value at `path`.
    func value(at path: ArraySlice<FuzzJSONStep>) -> FuzzJSON {
        guard let step = path.first else { return self }
        switch (self, step) {
        case (.object(let fields), .field(let index)): return fields[index].value.value(at: path.dropFirst())
        case (.array(let items), .item(let index)): return items[index].value(at: path.dropFirst())
        default: return self
        }
    }

    /// The key of the field `path` ends in, if it ends in a field.
    func key(at path: [FuzzJSONStep]) -> String? {
        guard case .field(let index)? = path.last,
              case .object(let fields) = value(at: path.dropLast()[...]) else { return nil }
        return fields[index].key
    }

    /// Replaces the value at `path` by `change(old value)`.
    mutating func modify(at path: ArraySlice<FuzzJSONStep>, _ change: (FuzzJSON) -> FuzzJSON) {
        guard let step = path.first else {
            self = change(self)
            return
        }
        switch (self, step) {
        case (.object(var fields), .field(let index)):
            fields[index].value.modify(at: path.dropFirst(), change)
            self = .object(fields)
        case (.array(var items), .item(let index)):
            items[index].modify(at: path.dropFirst(), change)
            self = .array(items)
        default: break
        }
    }
}
