/// The options of one subcommand (`--name value`, `--name=value`, `--flag`, positionals), read with
/// range checks and clear errors. Read every option you know, then call ``finish()``: anything left
/// that starts with `--` is an unknown option.
struct CommandLineOptions {
    let command: String
    private var arguments: [String]

    init(command: String, arguments: [String]) {
        self.command = command
        self.arguments = arguments
    }

    /// True when `--name` is present (it is then consumed).
    mutating func flag(_ name: String) -> Bool {
        guard let index = arguments.firstIndex(of: name) else { return false }
        arguments.remove(at: index)
        return true
    }

    /// Every value given for `name` (`--name v` or `--name=v`), in order.
    mutating func values(_ name: String) throws -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == name {
                guard index + 1 < arguments.count else { throw UsageError("\(command): \(name) needs a value") }
                result.append(arguments[index + 1])
                arguments.removeSubrange(index...index + 1)
            } else if argument.hasPrefix(name + "=") {
                result.append(String(argument.dropFirst(name.count + 1)))
                arguments.remove(at: index)
            } else {
                index += 1
            }
        }
        return result
    }

    /// The value of `name`, or `nil` when absent; an error when given twice.
    mutating func value(_ name: String) throws -> String? {
        let all = try values(name)
        guard all.count <= 1 else { throw UsageError("\(command): \(name) is given \(all.count) times") }
        return all.first
    }

    /// A whole number in `range`, or `nil` when absent.
    mutating func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = try value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("\(command): \(name) must be a whole number in \(range.lowerBound)…\(range.upperBound), got '\(text)'")
        }
        return number
    }

    /// A finite number in `range`, or `nil` when absent.
    mutating func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = try value(name) else { return nil }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw UsageError("\(command): \(name) must be a number in \(range.lowerBound)…\(range.upperBound), got '\(text)'")
        }
        return number
    }

    /// One of `choices`, or `nil` when absent.
    mutating func choice(_ name: String, _ choices: [String]) throws -> String? {
        guard let text = try value(name) else { return nil }
        guard choices.contains(text) else {
            throw UsageError("\(command): \(name) must be one of \(choices.joined(separator: ", ")), got '\(text)'")
        }
        return text
    }

    /// The arguments that are not options, consumed. Call after reading every option.
    mutating func positionals() throws -> [String] {
        try finish()
        defer { arguments = [] }
        return arguments
    }

    /// Throws for the first unknown option left.
    func finish() throws {
        if let unknown = arguments.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw UsageError("\(command): unknown option '\(unknown)'")
        }
    }
}

/// A mistake in the command line: printed with the usage, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
