import Foundation
import Tessera
import TesseraProfiling

/// `tessera profile fold|svg|phases|viewport`: the pieces of Profiles/ that are Tessera's own code
/// (folding `perf script` output, drawing the flame graph, splitting a profile by frame phase).
enum ProfileCommand {
    static let usage = """
        usage: tessera profile fold [--phases] [--threads] [--no-kernel] [--period] [--no-demangle]
                                    [--in FILE] [--out FILE]
               tessera profile svg [--title TEXT] [--subtitle TEXT] [--width PX] [--unit NAME]
                                   [--in FILE] [--out FILE]
               tessera profile phases [--in FILE]
               tessera profile top [--total] [--by-caller] [--count N] [--match TEXT] [--in FILE]
               tessera profile viewport [SCENE]
          fold      reads `perf script` output (stdin) and writes folded stacks `root;…;leaf count`,
                    one per distinct stack, sorted, Swift names demangled (swift demangle --simplified)
            --phases       start each stack with its frame phase: [plan] [raster] [composite] [render] [other]
            --threads      start each stack with the thread's name
            --no-kernel    leave kernel frames out (they are kept and marked _[k] by default)
            --period       weigh samples by their period (cpu-clock: ns) instead of counting them
            --no-demangle  keep mangled names
          svg       reads folded stacks (stdin) and writes an SVG flame graph (hover for counts, click to zoom)
            --title, --subtitle  text at the top; --width  image width in pixels (default 1200)
            --unit    what counts are, in hover titles (default samples)
          phases    reads folded stacks (stdin) and prints the samples of each frame phase
          top       reads folded stacks (stdin) and prints the functions with the most samples: self
                    (leaf) samples, or with --total the samples of stacks they are in; --count N (default 30);
                    --match TEXT keeps only names containing TEXT; --by-caller lists a non-Swift leaf
                    (libc, runtime, kernel) as `leaf ← nearest Swift caller`
          viewport  prints the device-pixel size of a scene's viewport: WIDTH HEIGHT (default scene: feed)
          --in / --out  read / write a file instead of stdin / stdout
        """

    static func run(_ arguments: [String]) throws {
        guard let sub = arguments.first else { throw UsageError("profile: missing subcommand (fold, svg, phases, top, viewport)") }
        var options = CommandLineOptions(command: "profile \(sub)", arguments: Array(arguments.dropFirst()))
        switch sub {
        case "fold":
            var fold = FoldOptions()
            fold.includePhase = options.flag("--phases")
            fold.includeCommand = options.flag("--threads")
            fold.dropKernel = options.flag("--no-kernel")
            fold.usePeriod = options.flag("--period")
            let keepMangled = options.flag("--no-demangle")
            let input = try options.value("--in"), output = try options.value("--out")
            try noPositionals(&options)
            let samples = PerfScript.samples(try readInput(input))
            var names: [String: String] = [:]
            if !keepMangled {
                names = SwiftDemangler.demangle(PerfScript.mangledSymbols(in: samples))
            }
            let lines = PerfScript.fold(samples, options: fold) { names[$0] ?? $0 }
            if samples.isEmpty {
                FileHandle.standardError.write(Data("tessera profile fold: no samples in the input (is it `perf script` output?)\n".utf8))
            }
            try writeOutput(lines.map { $0 + "\n" }.joined(), to: output)
        case "svg":
            var style = FlameGraph.Style()
            style.title = try options.value("--title") ?? style.title
            style.subtitle = try options.value("--subtitle") ?? ""
            style.width = try options.number("--width", in: 200...100_000) ?? style.width
            style.countUnit = try options.value("--unit") ?? style.countUnit
            let input = try options.value("--in"), output = try options.value("--out")
            try noPositionals(&options)
            let text = try readInput(input)
            let graph = FlameGraph(folded: text.split(separator: "\n"))
            if graph.malformedLines > 0 {
                FileHandle.standardError.write(Data("tessera profile svg: ignored \(graph.malformedLines) malformed line(s) (expected `a;b;c COUNT`)\n".utf8))
            }
            if graph.root.total == 0 {
                throw TesseraError.invalidArgument(argument: "input", reason: "no folded stacks (expected lines `a;b;c COUNT`)")
            }
            if style.subtitle.isEmpty { style.subtitle = "\(graph.root.total) \(style.countUnit)" }
            try writeOutput(graph.svg(style: style), to: output)
        case "phases":
            let input = try options.value("--in")
            try noPositionals(&options)
            let lines = try readInput(input).split(separator: "\n").map(String.init)
            let totals = FramePhase.totals(folded: lines)
            let all = Swift.max(totals.reduce(0) { FlameGraph.sum($0, $1.count) }, 1)
            let inFrame = totals.filter { $0.phase != .other }.reduce(0) { FlameGraph.sum($0, $1.count) }
            print("phase        samples   of all   of frames")
            for (phase, count) in totals {
                let ofAll = String(format: "%6.1f %%", 100 * Double(count) / Double(all))
                let ofFrames = phase == .other ? "" : String(format: "%6.1f %%", 100 * Double(count) / Double(Swift.max(inFrame, 1)))
                print("\(phase.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) \(String(count).leftPadded(9))  \(ofAll)  \(ofFrames)")
            }
        case "top":
            let byTotal = options.flag("--total")
            let byCaller = options.flag("--by-caller")
            let count = try options.integer("--count", in: 1...100_000) ?? 30
            let match = try options.value("--match")
            let input = try options.value("--in")
            try noPositionals(&options)
            let lines = try readInput(input).split(separator: "\n").map(String.init)
            let (entries, samples) = FoldedProfile.entries(folded: lines, attributeLeaves: byCaller)
            let chosen = entries
                .filter { match == nil || $0.name.contains(match!) }
                .filter { !($0.name.hasPrefix("[") && FramePhase(rawValue: String($0.name.dropFirst().dropLast())) != nil) }
                .sorted { (a, b) in
                    let (ka, kb) = byTotal ? (a.totalCount, b.totalCount) : (a.selfCount, b.selfCount)
                    return ka != kb ? ka > kb : a.name < b.name
                }
                .prefix(count)
            let all = Double(Swift.max(samples, 1))
            print("   self    total  function  (\(samples) samples)")
            for entry in chosen {
                print(String(format: "%6.2f%%  %6.2f%%  ", 100 * Double(entry.selfCount) / all,
                             100 * Double(entry.totalCount) / all) + entry.name)
            }
        case "viewport":
            let positionals = try options.positionals()
            guard positionals.count <= 1 else { throw UsageError("profile viewport: one scene at most") }
            let loaded = try SceneArgument.load(positionals.first)
            let viewport = loaded.scene.viewport
            print("\(viewport.pixelWidth) \(viewport.pixelHeight)")
        default:
            throw UsageError("profile: unknown subcommand '\(sub)' (fold, svg, phases, top, viewport)")
        }
    }

    private static func noPositionals(_ options: inout CommandLineOptions) throws {
        let rest = try options.positionals()
        guard rest.isEmpty else { throw UsageError("\(options.command): unexpected argument '\(rest[0])'") }
    }

    private static func readInput(_ path: String?) throws -> String {
        let data: Data
        if let path, path != "-" {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw TesseraError.invalidArgument(argument: "--in", reason: "cannot read '\(path)'")
            }
            data = contents
        } else {
            data = FileHandle.standardInput.readDataToEndOfFile()
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func writeOutput(_ text: String, to path: String?) throws {
        if let path, path != "-" {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw TesseraError.invalidArgument(argument: "--out", reason: "cannot write '\(path)': \(error.localizedDescription)")
            }
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

/// Demangles Swift symbols with the toolchain's `swift-demangle --simplified` (found on PATH, or as
/// `swift demangle`), one batch per run; falls back to the runtime's own `swift_demangle` (full, not
/// simplified, names) when no toolchain is on PATH.
enum SwiftDemangler {
    static func demangle(_ symbols: [String]) -> [String: String] {
        guard !symbols.isEmpty else { return [:] }
        if let lines = runTool(symbols), lines.count >= symbols.count {
            var result: [String: String] = [:]
            for (symbol, line) in zip(symbols, lines) { result[symbol] = line }
            return result
        }
        FileHandle.standardError.write(Data("tessera profile: swift-demangle not found on PATH; using the runtime's demangler (full names)\n".utf8))
        var result: [String: String] = [:]
        for symbol in symbols { result[symbol] = runtimeDemangle(symbol) ?? symbol }
        return result
    }

    private static func findOnPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The demangled lines, in input order; nil when no tool ran successfully.
    private static func runTool(_ symbols: [String]) -> [String]? {
        let command: (String, [String])
        if let tool = findOnPath("swift-demangle") {
            command = (tool, ["--simplified"])
        } else if let swift = findOnPath("swift") {
            command = (swift, ["demangle", "--simplified"])
        } else {
            return nil
        }
        let inputURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("tessera-demangle-\(ProcessInfo.processInfo.processIdentifier).txt")
        defer { try? FileManager.default.removeItem(at: inputURL) }
        do {
            try Data((symbols.joined(separator: "\n") + "\n").utf8).write(to: inputURL)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: command.0)
            process.arguments = command.1
            process.standardInput = try FileHandle(forReadingFrom: inputURL)
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return nil }
            return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
        } catch {
            return nil
        }
    }

    private static func runtimeDemangle(_ symbol: String) -> String? {
        symbol.withCString { pointer -> String? in
            guard let result = _tessera_swift_demangle(pointer, strlen(pointer), nil, nil, 0) else { return nil }
            defer { free(result) }
            return String(cString: result)
        }
    }
}

/// The Swift runtime's demangler (libswiftCore exports it; returns a malloc'd string).
@_silgen_name("swift_demangle")
private func _tessera_swift_demangle(_ mangledName: UnsafePointer<CChar>, _ length: Int,
                                     _ outputBuffer: UnsafeMutablePointer<CChar>?,
                                     _ outputBufferSize: UnsafeMutablePointer<Int>?,
                                     _ flags: UInt32) -> UnsafeMutablePointer<CChar>?
