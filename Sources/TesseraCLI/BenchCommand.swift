import Foundation
import Tessera
import TesseraBench

/// `tessera bench [SCENE] [--frames N] [--speed PX/S] [--fps HZ] [--script pan|fling|fastfling|backforth|idle|spinner|zoom]
/// [--raster async|sync] [--raster-cost N] [--raster-priority background|normal] [--pace vsync|none]
/// [--scroll-moves on|off] [--moved-stores auto|temporal|streaming] [--move-cells on|off] [--floor on|off] [--workers N]
/// [--tile-size PX] [--budget MIB] [--format rgba|bgra|xrgb|xbgr] [--levels-of-detail N]
/// [--levels-of-detail-bias N] [--trace FILE.json] [--plot FILE.svg]
/// [--json [--per-frame]]`
enum BenchCommand {
    static let usage = """
        usage: tessera bench [SCENE] [--frames N] [--speed PX/S] [--fps HZ] [--script pan|fling|fastfling|backforth|idle|spinner|zoom]
                             [--raster async|sync] [--raster-cost N] [--raster-priority background|normal]
                             [--pace vsync|none] [--scroll-moves on|off] [--moved-stores auto|temporal|streaming]
                             [--move-cells on|off] [--floor on|off]
                             [--workers N] [--tile-size PX] [--budget MIB] [--format rgba|bgra|xrgb|xbgr]
                             [--levels-of-detail N] [--levels-of-detail-bias N]
                             [--trace FILE.json] [--plot FILE.svg] [--json [--per-frame]]
          SCENE          a built-in scene (tessera scenes) or a scene file (.json); default feed
          --frames       measured frames, default 600
          --speed        scroll speed in points per second, default 10000
          --fps          frame rate of the script, default 120 (the frame budget is 1/fps)
          --script       pan (constant speed), fling (physics), fastfling (a fling at max(speed, 30000) pt/s),
                         backforth (drags and flings), idle (nothing changes), spinner (a 64-pt layer
                         changes colour every frame), zoom (pinch 1x to 8x and back around the
                         centre, one second each way); default pan
          --raster       async: frames never wait for raster, missing tiles show as checkerboard (default);
                         sync: every frame waits for its raster
          --raster-cost  draw every tile N times (1…1000, default 1): stands for expensive content
          --raster-priority
                         background: raster draws run at Dispatch's background quality of service, below
                         the frame (default); normal: at user-initiated, competing with composition
          --pace         vsync: each frame starts no earlier than its 1/fps slot, raster runs in between
                         (default); none: frames back to back. Frame times are render times either way
          --scroll-moves on: a whole-pixel scroll moves the last frame's pixels and composites the rest
                         (default); off: every scrolling frame is composited (README.md, "Damage")
          --moved-stores how a frame that moves pixels stores them: auto (default: streaming when the
                         framebuffer holds at least half the last-level cache, else temporal), temporal, streaming
          --move-cells   on: a vertical move writes 64-px cells known to hold one colour as that colour,
                         unread, or not at all where they hold it already (default); off: it copies every
                         pixel (README.md, "Damage")
          --floor        on: after the frames, measure the floor they are compared with: a streaming write of
                         this framebuffer from cached tiles, back to back and paced as the frames (its
                         median, and its p99 over a second of slots), and for a vertical pan that moved
                         pixels the move of one frame's step (default); off: skip it (README.md, "The floor
                         in the same run")
          --workers      Dispatch workers for raster and composite, default: the processor count
          --tile-size    tile side in device pixels, 16…2048, default 256
          --budget       tile cache budget in MiB, default 256
          --levels-of-detail, --levels-of-detail-bias
                         the levels of detail a zooming layer is drawn from: how many (1…16, default 6) and
                         how many of them magnified (0…16, default 3): README.md, "Levels of detail"
          --format       framebuffer pixel format: rgba (default), bgra, xrgb (bytes B,G,R,255), xbgr (R,G,B,255)
          --trace        write a Chrome trace (Perfetto, chrome://tracing) of every frame and tile raster
          --plot         write an SVG of the frame times: a bar per frame (raster / composite), the frame
                         budget line, checkerboarded frames marked
          --json         print one JSON object instead of text
          --per-frame    with --json: add "per_frame", one entry per measured frame
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
        if let raster = try options.choice("--raster", ["async", "sync"]) {
            bench.compositor.rasterMode = raster == "sync" ? .synchronous : .asynchronous
        }
        bench.rasterCost = try options.integer("--raster-cost", in: 1...1000) ?? bench.rasterCost
        if let priority = try options.choice("--raster-priority", ["background", "normal"]) {
            bench.compositor.backgroundRaster = priority == "background"
        }
        if let moves = try options.choice("--scroll-moves", ["on", "off"]) {
            bench.compositor.scrollMoves = moves == "on"
        }
        if let stores = try options.choice("--moved-stores", ["auto", "temporal", "streaming"]) {
            bench.compositor.scrollMoveStores = stores == "auto" ? .automatic : Compositor.ScrollMoveStores(rawValue: stores)!
        }
        if let cells = try options.choice("--move-cells", ["on", "off"]) {
            bench.compositor.scrollMoveCells = cells == "on"
        }
        bench.measuresFloor = try options.choice("--floor", ["on", "off"]).map { $0 == "on" } ?? true
        if let pace = try options.choice("--pace", FramePacer.Mode.allCases.map(\.rawValue)) {
            bench.pacing = FramePacer.Mode(rawValue: pace)!
        }
        bench.compositor.workers = try options.integer("--workers", in: 1...1024) ?? bench.compositor.workers
        bench.compositor.tileSize = try options.integer("--tile-size", in: 16...2048) ?? bench.compositor.tileSize
        if let mebibytes = try options.integer("--budget", in: 0...1 << 20) {
            bench.compositor.cacheBudgetBytes = mebibytes << 20
        }
        bench.compositor.levelsOfDetail = try options.integer("--levels-of-detail", in: 1...16)
            ?? bench.compositor.levelsOfDetail
        bench.compositor.levelsOfDetailBias = try options.integer("--levels-of-detail-bias", in: 0...16)
            ?? bench.compositor.levelsOfDetailBias
        if let format = try options.choice("--format", PixelFormat.allCases.map(\.rawValue)) {
            bench.format = PixelFormat(rawValue: format)!
        }
        let tracePath = try options.value("--trace")
        if let tracePath, tracePath.isEmpty { throw UsageError("bench: --trace needs a file name") }
        let json = options.flag("--json")
        let perFrame = options.flag("--per-frame")
        if perFrame && !json { throw UsageError("bench: --per-frame needs --json") }
        let plotPath = try options.value("--plot")
        if let plotPath, plotPath.isEmpty { throw UsageError("bench: --plot needs a file name") }
        bench.recordsFrames = perFrame || plotPath != nil
        let positionals = try options.positionals()
        guard positionals.count <= 1 else { throw UsageError("bench: one scene at most, got \(positionals.joined(separator: " "))") }
        let loaded = try SceneArgument.load(positionals.first)
        guard let scene = loaded.bench else {
            throw UsageError("bench: scene '\(loaded.name)' has no scroll layer to scroll")
        }
        let trace = tracePath.map { _ in FrameTrace() }
        let progress = ProgressLine(enabled: !json)
        let report = try ScrollBenchmark.run(scene, name: loaded.name, options: bench, trace: trace) { done, total in
            progress.update("frame \(done)/\(total)", done: done == total)
        }
        if let trace, let tracePath {
            do {
                try AtomicFile.write(Data(trace.json.text.utf8), to: tracePath)
            } catch {
                throw TesseraError.invalidArgument(argument: "--trace", reason: "\(error)")
            }
        }
        if let plotPath {
            let title = "tessera bench \(loaded.name): \(report.options.script.rawValue), \(report.options.frames) frames, "
                + "\(report.isaTier), \(report.options.format)"
            let svg = FramePlot.svg(report.series, budgetMilliseconds: 1000 / report.options.framesPerSecond, title: title)
            do {
                try AtomicFile.write(Data(svg.utf8), to: plotPath)
            } catch {
                throw TesseraError.invalidArgument(argument: "--plot", reason: "\(error)")
            }
        }
        print(json ? BenchReportFormat.json(report, perFrame: perFrame).text : BenchReportFormat.text(report))
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
