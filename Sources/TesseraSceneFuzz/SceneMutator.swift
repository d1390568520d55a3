/// What README.md says a mutated scene file must give: a refusal (with the reason the fuzzer expects),
/// or nothing in particular (accepted or refused, both fine).
enum FuzzExpectation: Equatable {
    case refused(String)
    case either
}

/// One mutated scene file and what it must give.
struct FuzzInput {
    var bytes: [UInt8]
    var expectation: FuzzExpectation
    /// The mutations applied, in order, for the failure report.
    var mutations: [String]
}

/// Mutates valid scene files (``SceneSeeds``) into the inputs of one fuzz case: numbers replaced by
/// extremes, values by other types, fields deleted, duplicated or unknown ones added, deep nesting, long
/// strings, many layers, then possibly text-level damage (truncation, flipped or inserted bytes) or
/// entirely random bytes. Deterministic from the generator. Cost: linear in the scene per mutation.
struct SceneMutator {
    var random: FuzzRandom

    /// Numbers that are legal JSON but extreme for a scene; `1e999` overflows a double (README: refused).
    static let extremeNumbers = ["1e308", "-1e308", "1e999", "-1e999", "-0", "0", "1e-320", "-1e-320",
                                 "123456789012345678901234567890", "-9223372036854775809", "9223372036854775807",
                                 "4294967296", "1e12", "1000000000001", "-1", "0.5", "65536", "65537", "1e6",
                                 "2.5e-8", "16", "16.000001", "100000", "0.1"]

    /// The JSON type of every field of README.md's "Scene files".
    static let fieldTypes: [String: String] = {
        var types: [String: String] = ["viewport": "object", "root": "object", "clipsToBounds": "bool", "hidden": "bool",
                                       "allowsGroupOpacity": "bool", "shadowPath": "object"]
        for key in ["width", "height", "scale", "opacity", "radius", "seed", "cornerRadius", "borderWidth",
                    "shadowOpacity", "shadowRadius"] {
            types[key] = "number"
        }
        for key in ["name", "kind", "background", "color", "string", "pixels", "borderColor", "shadowColor"] { types[key] = "string" }
        for key in ["frame", "boundsOrigin", "contentOffset", "contentSize", "contentInset", "content", "sublayers",
                    "rect", "roundedRect", "linearGradient", "text", "image", "start", "end", "stops", "size", "shadowOffset"] {
            types[key] = "array"
        }
        return types
    }()

    /// Field names Tessera's scene files do not have.
    static let unknownKeys = ["colour", "Frame", "transform", "", "frame ", "sublayer", "zIndex", "\u{0}", "é"]

    mutating func makeInput() -> FuzzInput {
        if random.chance(3) { return randomBytes() }
        var document = SceneSeeds.all.randomElement(using: &random)!
        var mutations: [String] = []
        var expectation = FuzzExpectation.either
        // Mutations whose outcome README.md does not fix.
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            mutations.append(mutateFreely(&document))
        }
        // At most one mutation README.md says is refused.
        if random.chance(45), let (name, reason) = mutateToRefusal(&document) {
            mutations.append(name)
            expectation = .refused(reason)
        }
        var bytes = document.serialized()
        // Text-level damage.
        if random.chance(15) {
            let (name, refused) = damage(&bytes)
            mutations.append(name)
            if refused { expectation = .refused("truncated JSON") } else { expectation = .either }
        }
        return FuzzInput(bytes: bytes, expectation: expectation, mutations: mutations)
    }

    // MARK: - mutations with any outcome

    private mutating func mutateFreely(_ document: inout FuzzJSON) -> String {
        let paths = document.allPaths()
        let path = paths.randomElement(using: &random)!
        let key = document.key(at: path) ?? "item"
        switch Int.random(in: 0..<7, using: &random) {
        case 0, 1:
            // a number (or anything) replaced by an extreme number that a double can hold
            let text = SceneMutator.extremeNumbers.filter { !$0.hasSuffix("e999") }.randomElement(using: &random)!
            document.modify(at: path[...]) { _ in .number(text) }
            return "\(key) = \(text)"
        case 2:
            guard !path.isEmpty, case .field? = path.last else { return "nothing" }
            document.modify(at: path.dropLast()[...]) { parent in
                guard case .object(var fields) = parent, case .field(let index)? = path.last else { return parent }
                fields.remove(at: index)
                return .object(fields)
            }
            return "delete \(key)"
        case 3:
            // nesting: a sublayer chain of legal depth (README: refused beyond 64 levels of JSON)
            let depth = Int.random(in: 1...20, using: &random)
            document.modify(at: path[...]) { value in chain(depth: depth, around: value) }
            return "wrap \(key) in \(depth) layers"
        case 4:
            // many sublayers
            let count = Int.random(in: 10...400, using: &random)
            let layer: FuzzJSON = .object([("frame", .array([.num(1), .num(2), .num(30), .num(20)])),
                                            ("background", .string("#80FF0080")),
                                            ("content", .array([.object([("text", .array([.num(0), .num(0), .num(30), .num(10)])),
                                                                         ("color", .string("#000000"))])]))])
            guard case .object(let top) = document, let rootIndex = top.firstIndex(where: { $0.key == "root" }) else {
                return "nothing"
            }
            document.modify(at: [.field(rootIndex)][...]) { root in
                guard case .object(var fields) = root else { return root }
                fields.removeAll { $0.key == "sublayers" }
                fields.append((key: "sublayers", value: .array(Array(repeating: layer, count: count))))
                return .object(fields)
            }
            return "root with \(count) sublayers"
        case 5:
            // a legal value of the right type but extreme: geometry near the limits
            let value = [1e12, -1e12, 1e9, -1e9, 1e-9, 0, 4096, 65536].randomElement(using: &random)!
            guard case .array(let items) = document.value(at: path[...]),
                  items.allSatisfy({ if case .number = $0 { return true }; return false }) else { return "nothing" }
            let replaced = items.map { item in random.chance(50) ? FuzzJSON.num(value) : item }
            document.modify(at: path[...]) { _ in .array(replaced) }
            return "\(key) numbers = \(value)"
        default:
            // a string replaced by another string, possibly odd
            let texts = ["", "#", "#FFF", "#GGGGGG", "#ffffff", "scroll", "layer", "\u{1F600}", "a\u{0}b", "#12345678",
                         String(repeating: "x", count: 3000)]
            let text = texts.randomElement(using: &random)!
            document.modify(at: path[...]) { old in if case .string = old { return .string(text) }; return old }
            return "\(key) string = \(text.prefix(12))"
        }
    }

    /// `depth` nested layers, the innermost holding `value` as its only sublayer (when it is a layer).
    private func chain(depth: Int, around value: FuzzJSON) -> FuzzJSON {
        var inner = value
        for _ in 0..<depth {
            inner = .object([("frame", .array([.num(1), .num(1), .num(50), .num(50)])), ("sublayers", .array([inner]))])
        }
        return inner
    }

    // MARK: - mutations README.md says are refused

    private mutating func mutateToRefusal(_ document: inout FuzzJSON) -> (String, String)? {
        let paths = document.allPaths()
        let objectPaths = paths.filter { if case .object = document.value(at: $0[...]) { return true }; return false }
        switch Int.random(in: 0..<8, using: &random) {
        case 0:
            // a number that overflows a double
            let numberPaths = paths.filter { if case .number = document.value(at: $0[...]) { return true }; return false }
            guard let path = numberPaths.randomElement(using: &random) else { return nil }
            let text = random.chance(50) ? "1e999" : "-1e999"
            document.modify(at: path[...]) { _ in .number(text) }
            return ("\(document.key(at: path) ?? "item") = \(text)", "a number that overflows a double")
        case 1:
            // an unknown field
            guard let path = objectPaths.randomElement(using: &random) else { return nil }
            let key = SceneMutator.unknownKeys.randomElement(using: &random)!
            document.modify(at: path[...]) { old in
                guard case .object(var fields) = old else { return old }
                fields.insert((key: key, value: .num(1)), at: Int.random(in: 0...fields.count, using: &random))
                return .object(fields)
            }
            return ("add unknown field \"\(key)\"", "an unknown field")
        case 2:
            // a duplicate key
            let nonEmpty = objectPaths.filter { if case .object(let f) = document.value(at: $0[...]) { return !f.isEmpty }; return false }
            guard let path = nonEmpty.randomElement(using: &random) else { return nil }
            var duplicated = ""
            document.modify(at: path[...]) { old in
                guard case .object(var fields) = old else { return old }
                let field = fields.randomElement(using: &random)!
                duplicated = field.key
                fields.insert(field, at: Int.random(in: 0...fields.count, using: &random))
                return .object(fields)
            }
            return ("duplicate \"\(duplicated)\"", "a duplicate key")
        case 3:
            // nesting deeper than 64 levels
            let depth = Int.random(in: 65...400, using: &random)
            let path = paths.randomElement(using: &random)!
            let asArrays = random.chance(50)
            document.modify(at: path[...]) { value in
                var inner = value
                for _ in 0..<depth { inner = asArrays ? .array([inner]) : .object([("sublayers", .array([inner]))]) }
                return inner
            }
            return ("nest \(depth) \(asArrays ? "arrays" : "sublayer objects")", "nesting deeper than 64 levels")
        case 4:
            // a string over 64 KiB
            let stringPaths = paths.filter { if case .string = document.value(at: $0[...]) { return true }; return false }
            guard let path = stringPaths.randomElement(using: &random) else { return nil }
            document.modify(at: path[...]) { _ in .string(String(repeating: "A", count: 65 * 1024 + 1)) }
            return ("\(document.key(at: path) ?? "item") = 65 KiB string", "a string over 64 KiB")
        case 5:
            // a required field deleted
            let required = ["viewport", "root"].randomElement(using: &random)!
            document.modify(at: [][...]) { old in
                guard case .object(let fields) = old else { return old }
                return .object(fields.filter { $0.key != required })
            }
            return ("delete \(required)", "a missing \(required)")
        case 6:
            // a value of another type where a field has one type
            // (a field README.md defines, by the type README.md gives it: an earlier mutation may have
            // changed the value's type already)
            let fieldPaths = paths.filter { document.key(at: $0).flatMap { SceneMutator.fieldTypes[$0] } != nil }
            guard let path = fieldPaths.randomElement(using: &random), let key = document.key(at: path),
                  let type = SceneMutator.fieldTypes[key] else { return nil }
            let old = document.value(at: path[...])
            // (not `null`: README.md says a `null` field counts as absent)
            let replacements: [FuzzJSON] = [.string("1"), .number("1"), .bool(true), .array([]), .object([])]
            let candidates = replacements.filter { $0.typeName != type }
            let replacement = candidates.randomElement(using: &random)!
            document.modify(at: path[...]) { _ in replacement }
            return ("\(document.key(at: path) ?? "?") (\(old.typeName)) = \(replacement.typeName)", "a value of the wrong type")
        default:
            // an out-of-range value with a documented range
            let choices: [(String, [FuzzJSONStep], FuzzJSON)] = [
                ("viewport.width = 0", [.field(0), .field(0)], .num(0)),
                ("viewport.height = -5", [.field(0), .field(1)], .num(-5)),
                ("viewport.scale = 17", [.field(0), .field(2)], .num(17)),
                ("viewport.scale = 0", [.field(0), .field(2)], .num(0)),
                ("viewport.width = 70000", [.field(0), .field(0)], .num(70000)),
                ("viewport.width = 1e12", [.field(0), .field(0)], .num(1e12)),
            ]
            guard case .object(let top) = document, top.count >= 1, top[0].key == "viewport",
                  case .object(let fields) = top[0].value, fields.count == 3 else { return nil }
            let (name, path, value) = choices.randomElement(using: &random)!
            document.modify(at: path[...]) { _ in value }
            if name.hasPrefix("viewport.width = ") && !name.hasSuffix("= 0") {
                // too wide only in device pixels: the scale must not shrink it (an earlier mutation may have
                // made it 2.5e-8; seed 3, case 4285)
                document.modify(at: [.field(0), .field(2)][...]) { _ in .num(1) }
            }
            return (name, "a viewport outside its range")
        }
    }

    // MARK: - text-level damage

    /// Damages the serialized text; returns its name and whether the result must be refused.
    private mutating func damage(_ bytes: inout [UInt8]) -> (String, Bool) {
        guard !bytes.isEmpty else { return ("nothing", false) }
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            // cut before the closing brace: never a complete JSON document
            let end = Int.random(in: 0..<bytes.count, using: &random)
            bytes.removeSubrange(end...)
            return ("truncate to \(end) bytes", true)
        case 1:
            let count = Int.random(in: 1...8, using: &random)
            for _ in 0..<count { bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
            return ("\(count) random bytes", false)
        case 2:
            let at = Int.random(in: 0...bytes.count, using: &random)
            let junk = (0..<Int.random(in: 1...16, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            bytes.insert(contentsOf: junk, at: at)
            return ("insert \(junk.count) bytes", false)
        default:
            let at = Int.random(in: 0..<bytes.count, using: &random)
            bytes.remove(at: at)
            return ("delete byte \(at)", false)
        }
    }

    private mutating func randomBytes() -> FuzzInput {
        let alphabet = Array("{}[]\":,0123456789.eE-+ truefalsnl\\u#abcdefABCDEF\n".utf8)
        let count = Int.random(in: 0...200, using: &random)
        let bytes = (0..<count).map { _ in
            random.chance(70) ? alphabet.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
        }
        return FuzzInput(bytes: bytes, expectation: .either, mutations: ["\(count) random bytes"])
    }
}
