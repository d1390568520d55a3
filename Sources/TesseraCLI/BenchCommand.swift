import Foundation
import Tessera

/// `tessera bench [SCENE] [--frames N] [--speed PX/S] [--fps HZ] [--script pan|fling|backforth]
/// [--workers N] [--tile-size PX] [--budget MIB] [--json]`
enum BenchCommand {
    static let usage = """
        usage: tessera bench [SCENE] [--frames N] [--speed PX/S] [--fps HZ] [--script pan|fling|backforth]
                             [--workers N] [--tile-size PX] [--budget MIB] [--json]
          SCENE        a built-in scene (tessera scenes) or a scene file (.json); default feed
          --frames     measured frames, default 600
          --speed      scroll speed in points per second, default 10000
          --fps        frame rate of the script, default 120 (the frame budget is 1/fps)
          --script     pan (constant speed), fling (physics), backforth (drags and flings); default pan
          --workers    Dispatch workers for raster and composite, default: the processor count
          --tile-size  tile side in device pixels, 16…2048, default 256
          --budget     tile cache budget in MiB, default 256
          --json       print one JSON object instead of text
        """

    static func run(_ arguments: [String]) throws {
        var options = CommandLineOptions(command: "bench", arguments: arguments)
        var bench = ScrollBenchmark.Options()
        bench.frames = try options.integer("--frames", in: 1...1_000_000) ?? bench.frames
        bench.speed = try options.number("--speed", in: 0...10_000_000) ?? bench.speed
        bench.framesPerSecond = try options.number("--fps", in: 1...1000) ?? bench.framesPerSecond
        if let script = try options.choice("--script", ScrollScript.Kind.allCases.map(\.rawValue)) {
            bench.script = ScrollScript.Kind(rawValue: script)!
        }
        bench.compositor.workers = try options.integer("--workers", in: 1...1024) ?? bench.compositor.workers
        bench.compositor.tileSize = try options.integer("--tile-size", in: 16...2048) ?? bench.compositor.tileSize
        if let mebibytes = try options.integer("--budget", in: 0...1 << 20) {
            bench.compositor.cacheBudgetBytes = mebibytes << 20
        }
        let json = options.flag("--json")
        let positionals = try options.positionals()
        guard positionals.count <= 1 else { throw UsageError("bench: one scene at most, got \(positionals.joined(separator: " "))") }
        let loaded = try SceneArgument.load(positionals.first)
        guard let scene = loaded.bench else {
            throw UsageError("bench: scene '\(loaded.name)' has no scroll layer to scroll")
        }
        let progress = ProgressLine(enabled: !json)
        let report = try ScrollBenchmark.run(scene, name: loaded.name, options: bench) { done, total in
            progress.update("frame \(done)/\(total)", done: done == total)
        }
        print(json ? BenchReportFormat.json(report).text : BenchReportFormat.text(report))
    }
}

/// A one-line progress indicator on standard error, shown only on a terminal and redrawn at most
/// ten times a second.
final class ProgressLine {
    private let enabled: Bool
    private var last = ContinuousClock.now

    init(enabled: Bool) {
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
    }

    func update(_ text: String, done: Bool) {
        guard enabled else { return }
        let now = ContinuousClock.now
        guard done || now - last > .milliseconds(100) else { return }
        last = now
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)\(done ? "\r\u{1B}[K" : "")".utf8))
    }
}
