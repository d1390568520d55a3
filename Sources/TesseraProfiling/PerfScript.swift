import Tessera

/// Reading the text that `perf script` prints, and folding its call stacks into the one-line-per-stack
/// "folded" form (`root;caller;leaf count`) that flame graphs are drawn from (Profiles/README.md).
///
/// `perf script` (perf 5–6, default fields, or `-F comm,tid,time,period,event,ip,sym,symoff,dso`)
/// prints one block per sample: a header line that starts in column 0, then one line per stack frame,
/// leaf first, each indented, then a blank line:
///
/// ```text
/// tessera 30375  3407.831728:     250000 cpu-clock:
///         40e27 $s7Tessera13GradientPaintV4fill…+0x227 (/…/release/tessera)
///         1dbb6 $s7Tessera15ShapeRasterizerO…+0x556 (/…/release/tessera)
///     ffffffff821e86a7 clear_page_erms+0x7 ([kernel.kallsyms])
///             0 [unknown] ([unknown])
/// ```
///
/// A frame line is `ADDRESS SYMBOL[+0xOFFSET] (DSO)`; the symbol may itself hold spaces and parentheses
/// (demangled C++), so the DSO is the last ` (` … `)` group. Offsets are dropped (a function is one
/// frame however many addresses were sampled in it).
public enum PerfScript {
    /// One stack frame of a sample.
    public struct Frame: Equatable, Sendable {
        /// The symbol as perf printed it (mangled for Swift), without `+0x…`; `[unknown]` when perf
        /// had none.
        public var symbol: String
        /// The object file, `[kernel.kallsyms]` for the kernel; empty when perf printed none.
        public var dso: String
        /// True for kernel frames (`[kernel.kallsyms]`, `[kernel.vmlinux]`, kernel modules).
        public var isKernel: Bool

        public init(symbol: String, dso: String, isKernel: Bool) {
            self.symbol = symbol
            self.dso = dso
            self.isKernel = isKernel
        }

        /// The name shown in folded stacks: the symbol; for an unknown symbol in a known object
        /// `[libfoo.so]` (its file name), else `[unknown]`; kernel frames get FlameGraph's `_[k]` suffix.
        public var displayName: String {
            var name = symbol
            if symbol == "[unknown]", !dso.isEmpty, dso != "[unknown]" {
                let file = dso.split(separator: "/").last.map(String.init) ?? dso
                name = file.hasPrefix("[") ? file : "[\(file)]"
            }
            return isKernel ? name + "_[k]" : name
        }
    }

    /// One sample: the thread's command name, its weight (1, or the period with ``FoldOptions/usePeriod``),
    /// and its frames **leaf first**, as perf prints them.
    public struct Sample: Equatable, Sendable {
        public var command: String
        public var period: Int
        public var frames: [Frame]

        public init(command: String, period: Int, frames: [Frame]) {
            self.command = command
            self.period = period
            self.frames = frames
        }
    }

    /// Parses `perf script` output into samples. Lines that are neither headers nor frames (perf's own
    /// warnings, `#` comments) are ignored; a sample without frames (recorded without `-g`, or printed
    /// with `-F` lacking `ip`) keeps an empty frame list.
    public static func samples(_ text: Substring) -> [Sample] {
        var samples: [Sample] = []
        var current: Sample?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                if let sample = current { samples.append(sample) }
                current = nil
                continue
            }
            if line.first == " " || line.first == "\t" {
                guard current != nil, let frame = frame(line) else { continue }
                current!.frames.append(frame)
            } else {
                if line.hasPrefix("#") { continue }
                if let sample = current { samples.append(sample) }
                current = header(line)
            }
        }
        if let sample = current { samples.append(sample) }
        return samples
    }

    /// Convenience for a whole `String`.
    public static func samples(_ text: String) -> [Sample] { samples(Substring(text)) }

    /// A header line: the command name is everything before the first `PID` or `PID/TID` field (the
    /// name may contain spaces); the period is the number before the event name (`250000 cpu-clock:`),
    /// 1 when absent.
    static func header(_ line: Substring) -> Sample {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        var commandEnd = fields.count
        for (index, field) in fields.enumerated() where index > 0 {
            let parts = field.split(separator: "/", omittingEmptySubsequences: false)
            if (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) {
                commandEnd = index
                break
            }
        }
        let command = fields.prefix(commandEnd).joined(separator: " ")
        var period = 1
        for (index, field) in fields.enumerated() where index + 1 < fields.count && index > commandEnd {
            if let value = Int(field), fields[index + 1].hasSuffix(":"), !field.hasSuffix(":") {
                period = value
            }
        }
        return Sample(command: command, period: max(period, 1), frames: [])
    }

    /// A frame line (leading whitespace included), or nil when it does not start with a hex address.
    static func frame(_ line: Substring) -> Frame? {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
            // An address alone: perf had neither symbol nor DSO.
            return trimmed.allSatisfy(\.isHexDigit) && !trimmed.isEmpty
                ? Frame(symbol: "[unknown]", dso: "", isKernel: false) : nil
        }
        let address = trimmed[..<space]
        guard !address.isEmpty, address.allSatisfy(\.isHexDigit) else { return nil }
        var rest = trimmed[space...].drop(while: { $0 == " " || $0 == "\t" })
        while rest.last == " " || rest.last == "\t" { rest = rest.dropLast() }
        var dso = ""
        if rest.hasSuffix(")"), let open = lastRange(of: " (", in: rest) {
            dso = String(rest[rest.index(open, offsetBy: 2)..<rest.index(before: rest.endIndex)])
            rest = rest[..<open]
        } else if rest.hasPrefix("("), rest.hasSuffix(")") {
            // `ADDRESS (DSO)`: no symbol column.
            dso = String(rest.dropFirst().dropLast())
            rest = ""
        }
        var symbol = String(stripOffset(rest))
        if symbol.isEmpty { symbol = "[unknown]" }
        let kernelAddress = address.count == 16 && address.lowercased().hasPrefix("ffff")
        let isKernel = dso.hasPrefix("[kernel.") || (dso.isEmpty && kernelAddress)
            || (dso.hasPrefix("[") && dso.hasSuffix("]") && dso != "[unknown]" && kernelAddress)
        return Frame(symbol: symbol, dso: dso, isKernel: isKernel)
    }

    /// `name+0x1a2` → `name`; anything else unchanged (an `operator+` stays).
    static func stripOffset(_ symbol: Substring) -> Substring {
        guard let plus = symbol.lastIndex(of: "+") else { return symbol }
        let offset = symbol[symbol.index(after: plus)...]
        guard offset.hasPrefix("0x"), offset.count > 2, offset.dropFirst(2).allSatisfy(\.isHexDigit) else {
            return symbol
        }
        return symbol[..<plus]
    }

    private static func lastRange(of needle: String, in text: Substring) -> Substring.Index? {
        let pattern = Array(needle)
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            if text[index...].starts(with: pattern) { return index }
        }
        return nil
    }

    /// Whether `symbol` looks like a mangled Swift name (`$s…`, `_$s…`, `$S…`, `$e…`, `_T0…`).
    public static func isSwiftMangled(_ symbol: String) -> Bool {
        for prefix in ["$s", "_$s", "$S", "_$S", "$e", "_$e", "_T0"] where symbol.hasPrefix(prefix) {
            return symbol.count > prefix.count
        }
        return false
    }
}

/// How ``PerfScript/fold(_:options:demangle:)`` folds samples.
public struct FoldOptions: Sendable {
    /// Start every stack with the thread's command name (e.g. `tessera`, `oot.default-qos`).
    public var includeCommand = false
    /// Start every stack with the Tessera frame phase (``FramePhase``) the sample belongs to.
    public var includePhase = false
    /// Leave kernel frames out (the user-space part of the stack is kept).
    public var dropKernel = false
    /// Weigh samples by their period instead of counting them (`cpu-clock`: nanoseconds).
    public var usePeriod = false

    public init(includeCommand: Bool = false, includePhase: Bool = false, dropKernel: Bool = false,
                usePeriod: Bool = false) {
        self.includeCommand = includeCommand
        self.includePhase = includePhase
        self.dropKernel = dropKernel
        self.usePeriod = usePeriod
    }
}

extension PerfScript {
    /// Every distinct mangled Swift symbol in `samples`, sorted (what to hand to a demangler).
    public static func mangledSymbols(in samples: [Sample]) -> [String] {
        var set = Set<String>()
        for sample in samples {
            for frame in sample.frames where isSwiftMangled(frame.symbol) { set.insert(frame.symbol) }
        }
        return set.sorted()
    }

    /// Folds samples into `root;…;leaf count` lines, sorted, identical stacks merged. `demangle` maps a
    /// symbol to its display form (return it unchanged to keep it). `;` in names becomes `:` so that
    /// the folded format stays unambiguous. Samples without frames fold to `[no stack]`.
    public static func fold(_ samples: [Sample], options: FoldOptions = FoldOptions(),
                            demangle: (String) -> String = { $0 }) -> [String] {
        var counts: [String: Int] = [:]
        var cache: [String: String] = [:]
        func name(_ frame: Frame) -> String {
            var display = frame.displayName
            if isSwiftMangled(frame.symbol) {
                if let known = cache[frame.symbol] {
                    display = known
                } else {
                    display = demangle(frame.symbol)
                    cache[frame.symbol] = display
                }
                if frame.isKernel { display += "_[k]" }
            }
            return sanitize(display)
        }
        for sample in samples {
            var names: [String] = []
            for frame in sample.frames.reversed() where !(options.dropKernel && frame.isKernel) {
                names.append(name(frame))
            }
            if names.isEmpty { names = ["[no stack]"] }
            var prefix: [String] = []
            if options.includeCommand { prefix.append(sanitize(sample.command.isEmpty ? "[unknown]" : sample.command)) }
            if options.includePhase { prefix.append("[\(FramePhase.classify(rootFirst: names).rawValue)]") }
            let key = (prefix + names).joined(separator: ";")
            counts[key] = FlameGraph.sum(counts[key] ?? 0, options.usePeriod ? sample.period : 1)
        }
        return counts.keys.sorted().map { "\($0) \(counts[$0]!)" }
    }

    /// Frame names inside folded stacks: no `;` (the separator), no line breaks or other controls.
    static func sanitize(_ name: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(name.unicodeScalars.count)
        for scalar in name.unicodeScalars {
            switch scalar {
            case ";": result.unicodeScalars.append(":")
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result.unicodeScalars.append(" ")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
