import Tessera

/// Reads the constraint strings of scene files (grammar in README.md, "Scene files"):
///
///     item.attribute REL [multiplier *] item.attribute [± constant] [@ priority]
///     item.attribute REL constant [@ priority]
///
/// `REL` is `==`, `>=` or `<=`; an item is a layer name, or `NAME.contentGuide` / `NAME.frameGuide` for a
/// scroll layer's guides; a priority is `required`, `high` (750), `low` (250) or a number in 1…1000.
/// Errors are ``TesseraError/invalidArgument(argument:reason:)`` whose reason starts with the 1-based
/// column of the offending token (`column 14: unknown attribute 'topp'`); the caller supplies the path.
/// Any thread. Cost: O(length of the string).
enum ConstraintStringParser {
    /// Layer names in constraints may hold letters, digits and `_` (a `-` is a minus sign).
    private static func isNameCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_"
    }

    private enum Token: Equatable {
        case name(String), number(Double), dot, relation(LayoutRelation), star, plus, minus, at, end
    }

    private struct Lexer {
        let characters: [Character]
        var index = 0
        let argument: String

        init(_ text: String, argument: String) {
            characters = Array(text)
            self.argument = argument
        }

        /// The next token and its 1-based column.
        mutating func next() throws -> (Token, Int) {
            while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
            let column = index + 1
            guard index < characters.count else { return (.end, column) }
            let c = characters[index]
            let two = index + 1 < characters.count ? String([c, characters[index + 1]]) : String(c)
            switch two {
            case "==": index += 2; return (.relation(.equal), column)
            case ">=": index += 2; return (.relation(.greaterThanOrEqual), column)
            case "<=": index += 2; return (.relation(.lessThanOrEqual), column)
            default: break
            }
            switch c {
            case ".": index += 1; return (.dot, column)
            case "*": index += 1; return (.star, column)
            case "+": index += 1; return (.plus, column)
            case "-": index += 1; return (.minus, column)
            case "@": index += 1; return (.at, column)
            default: break
            }
            if c.isNumber {
                var end = index
                while end < characters.count, characters[end].isNumber || characters[end] == "." { end += 1 }
                if end < characters.count, characters[end] == "e" || characters[end] == "E" {
                    end += 1
                    if end < characters.count, characters[end] == "+" || characters[end] == "-" { end += 1 }
                    while end < characters.count, characters[end].isNumber { end += 1 }
                }
                let text = String(characters[index..<end])
                guard let value = Double(text), value.isFinite else {
                    throw error(column, "'\(text)' is not a finite number")
                }
                index = end
                return (.number(value), column)
            }
            if isNameCharacter(c) {
                var end = index
                while end < characters.count, isNameCharacter(characters[end]) { end += 1 }
                let text = String(characters[index..<end])
                index = end
                return (.name(text), column)
            }
            throw error(column, "unexpected character '\(c)'")
        }

        func error(_ column: Int, _ reason: String) -> TesseraError {
            .invalidArgument(argument: argument, reason: "column \(column): \(reason)")
        }
    }

    /// Parses `text` into an inactive constraint whose ``LayoutConstraint/identifier`` is `text`.
    /// `layers` resolves names; `argument` is the path the errors name.
    static func parse(_ text: String, layers: [String: Layer], argument: String) throws -> LayoutConstraint {
        var lexer = Lexer(text, argument: argument)
        var (token, column) = try lexer.next()
        func advance() throws { (token, column) = try lexer.next() }
        func fail(_ reason: String) -> TesseraError { lexer.error(column, reason) }
        func describe(_ token: Token) -> String {
            switch token {
            case let .name(name): return "'\(name.prefix(40))'"
            case let .number(value): return "'\(LayoutConstraint.format(value))'"
            case .dot: return "'.'"
            case let .relation(relation): return "'\(relation.rawValue)'"
            case .star: return "'*'"
            case .plus: return "'+'"
            case .minus: return "'-'"
            case .at: return "'@'"
            case .end: return "the end"
            }
        }

        /// `name[.contentGuide|.frameGuide].attribute`
        func itemAttribute() throws -> (LayoutItem, LayoutAttribute) {
            guard case let .name(name) = token else { throw fail("expected a layer name, got \(describe(token))") }
            guard let layer = layers[name] else { throw fail("unknown layer '\(name.prefix(80))'") }
            try advance()
            guard token == .dot else { throw fail("expected '.' and an attribute after '\(name.prefix(80))'") }
            try advance()
            var item = LayoutItem.layer(layer)
            if case let .name(word) = token, word == "contentGuide" || word == "frameGuide" {
                guard let scroll = layer as? ScrollLayer else { throw fail("'\(name.prefix(80))' is not a scroll layer: it has no \(word)") }
                item = .guide(word == "contentGuide" ? scroll.contentLayoutGuide : scroll.frameLayoutGuide)
                try advance()
                guard token == .dot else { throw fail("expected '.' and an attribute after '\(word)'") }
                try advance()
            }
            guard case let .name(word) = token else { throw fail("expected an attribute, got \(describe(token))") }
            guard let attribute = LayoutAttribute(rawValue: word) else {
                throw fail("unknown attribute '\(word.prefix(40))' (one of \(LayoutAttribute.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            try advance()
            return (item, attribute)
        }

        let (firstItem, firstAttribute) = try itemAttribute()
        guard case let .relation(relation) = token else { throw fail("expected '==', '>=' or '<=', got \(describe(token))") }
        try advance()

        var secondItem: LayoutItem?, secondAttribute: LayoutAttribute?
        var multiplier = 1.0, constant = 0.0
        let firstColumn = column
        var sign = 1.0
        if token == .minus { sign = -1; try advance() }
        if case let .number(value) = token {
            try advance()
            if token == .star {
                multiplier = sign * value
                try advance()
                (secondItem, secondAttribute) = try itemAttribute()
            } else {
                constant = sign * value
            }
        } else {
            guard sign == 1 else { throw fail("expected a number after '-'") }
            (secondItem, secondAttribute) = try itemAttribute()
        }
        if secondItem != nil, token == .plus || token == .minus {
            let constantSign: Double = token == .plus ? 1 : -1
            try advance()
            guard case let .number(value) = token else { throw fail("expected a constant, got \(describe(token))") }
            constant = constantSign * value
            try advance()
        }
        var priority = LayoutPriority.required
        if token == .at {
            try advance()
            switch token {
            case .name("required"): priority = .required
            case .name("high"): priority = .defaultHigh
            case .name("low"): priority = .defaultLow
            case let .number(value):
                guard let parsed = try? LayoutPriority(value) else { throw fail("priority must be in 1…1000, got \(LayoutConstraint.format(value))") }
                priority = parsed
            default: throw fail("expected a priority (required, high, low or 1…1000), got \(describe(token))")
            }
            try advance()
        }
        guard token == .end else { throw fail("unexpected \(describe(token))") }
        do {
            let constraint = try LayoutConstraint(item: firstItem, attribute: firstAttribute, relatedBy: relation,
                                                  toItem: secondItem, attribute: secondAttribute, multiplier: multiplier,
                                                  constant: constant, priority: priority)
            constraint.identifier = text
            return constraint
        } catch let TesseraError.invalidArgument(_, reason) {
            throw lexer.error(firstColumn, reason)
        }
    }
}
