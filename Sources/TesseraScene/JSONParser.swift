import Tessera

/// A strict JSON parser (RFC 8259) with limits, for scene files that may come from anyone.
///
/// Refuses, naming the path of the field being read (`root.sublayers[2].name`) and the line and column: syntax errors, trailing content, duplicate keys in an object,
/// nesting deeper than ``Limits/maximumDepth``, strings longer than ``Limits/maximumStringBytes``,
/// and numbers that overflow a `Double` (`1e999`). It never recurses deeper than the depth limit, so no
/// input can exhaust the stack. Pure; any thread.
public struct JSONParser {
    /// Bounds on what a document may contain.
    public struct Limits: Sendable {
        public var maximumDepth = 64
        public var maximumStringBytes = 64 * 1024
        public init() {}
    }

    /// Parses `bytes` (UTF-8). `source` names the document in messages (for example the file name).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` whose argument is the path of the
    ///   field being read (or `source` at the top level) and whose reason ends with
    ///   `(<source> line L, column C)`.
    public static func parse(_ bytes: [UInt8], source: String = "JSON", limits: Limits = Limits()) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes, source: source, limits: limits)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 } // a UTF-8 byte-order mark
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected content after the document") }
        return value
    }

    private let bytes: [UInt8]
    private let source: String
    private let limits: Limits
    private var index = 0
    /// The field being read: `.key` and `[index]` components.
    private var path: [String] = []

    private init(bytes: [UInt8], source: String, limits: Limits) {
        self.bytes = bytes
        self.source = source
        self.limits = limits
    }

    private func error(_ reason: String, at position: Int? = nil) -> TesseraError {
        let position = min(position ?? index, bytes.count)
        var line = 1, column = 1
        for byte in bytes[..<position] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        var name = path.joined()
        if name.hasPrefix(".") { name.removeFirst() }
        return .invalidArgument(argument: name.isEmpty ? source : name,
                                reason: "\(reason) (\(source) line \(line), column \(column))")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of the document") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character '\(String(decoding: [bytes[index]], as: UTF8.self))'")
        }
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws -> JSONValue {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("invalid literal (expected \(word))")
        }
        index += expected.count
        return value
    }

    private mutating func checkDepth(_ depth: Int) throws {
        guard depth <= limits.maximumDepth else {
            throw error("nesting deeper than \(limits.maximumDepth) levels")
        }
    }

    private mutating func parseObject(depth: Int) throws -> JSONValue {
        try checkDepth(depth)
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        var keys = Set<String>()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key string") }
            let keyStart = index
            let key = try parseString()
            guard keys.insert(key).inserted else {
                path.append(".\(key.prefix(100))")
                throw error("duplicate key \"\(key.prefix(100))\"", at: keyStart)
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            path.append(".\(key.prefix(100))")
            members.append((key, try parseValue(depth: depth)))
            path.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of the document in an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws -> JSONValue {
        try checkDepth(depth)
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            path.append("[\(elements.count)]")
            elements.append(try parseValue(depth: depth))
            path.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of the document in an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func parseString() throws -> String {
        let start = index
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string", at: start) }
            guard utf8.count <= limits.maximumStringBytes else {
                throw error("string longer than \(limits.maximumStringBytes) bytes", at: start)
            }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: utf8, as: UTF8.self) else {
                    throw error("string is not valid UTF-8", at: start)
                }
                return string
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw error("unterminated string", at: start) }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                              bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in a \\u escape")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in a \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    utf8 += Array(String(Character(unicode)).utf8)
                default: throw error("invalid escape '\\\(String(decoding: [escape], as: UTF8.self))'")
                }
            case 0..<0x20:
                throw error("control character in a string")
            default:
                utf8.append(byte)
            }
        }
    }

    private mutating func parseHex4() throws -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in a \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws -> Double {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digits() > 0 else { throw error("invalid number", at: start) }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
            throw error("invalid number (leading zero)", at: start)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("invalid number (no digits after '.')", at: start) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("invalid number (no exponent digits)", at: start) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("number \(text.prefix(40)) is out of the range of a double", at: start)
        }
        return value
    }
}
