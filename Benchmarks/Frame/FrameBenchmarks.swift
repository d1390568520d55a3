import Foundation
import Tessera
import TesseraBench
import TesseraScene

/// The frame benchmarks: in one run, the floor of a full 4K scroll frame (``FrameFloor``:
/// `memcpy` rows, streaming rows, Tessera's streaming kernel) and Tessera's composite of a full frame of
/// the built-in `feed` scene with a warm cache, as ratios to the floor; an idle frame (nothing changed, the
/// framebuffer holds the last frame) as a ratio to a full one; and the row length at which streaming
/// starts to pay. Ids: `frame/floor/w<N>`, `frame/rows/<width>/w<N>`, `frame/feed/<case>/w<N>`
/// (`still`, `scroll1px`, `idle`).
///
/// Samples are interleaved in short runs (a few floor frames, a few Tessera frames, …) so that both see
/// the same machine load; the first frame of each run is not counted, so every counted frame follows one
/// of its own kind (as in a frame loop: it pays for the write-backs its predecessor left, no other's).
struct FrameBenchmarks: BenchmarkGroup {
    let name = "frame"
    let summary = "4K frame floor (memcpy vs streaming rows from 256² tiles) and a full feed frame composite vs the floor"

    func run(options: BenchmarkOptions) -> [BenchmarkResult] {
        let allWorkers = ProcessInfo.processInfo.activeProcessorCount
        let workerCounts = allWorkers > 1 ? [1, allWorkers] : [1]
        let selected = workerCounts.flatMap { w in
            ["frame/floor/w\(w)", "frame/feed/still/w\(w)", "frame/feed/scroll1px/w\(w)", "frame/feed/idle/w\(w)"]
                + Self.columnWidths.map { "frame/rows/\($0)/w\(w)" }
        }.filter(options.selects)
        guard !selected.isEmpty else { return [] }
        let floor = FrameFloor(), coldFloor = FrameFloor(tileSets: 4)
        var results: [BenchmarkResult] = []
        options.log("# frame: 4K floor from 256² tiles in 64-row bands vs Tessera's feed frame, tier "
                    + "\(Kernels.activeTier.rawValue), \(allWorkers) CPUs")
        for workers in workerCounts {
            let rounds = options.quick ? 5 : 41
            var times: [FrameFloor.Mode: [Double]] = [:]
            for _ in 0..<rounds {
                for mode in FrameFloor.Mode.allCases {
                    times[mode, default: []] += Self.run { floor.write(mode: mode, workers: workers) }
                }
            }
            let memcpy = Timing.median(times[.memcpy]!), stream = Timing.median(times[.stream]!)
            let tessera = Timing.median(times[.tessera]!)
            if options.selects("frame/floor/w\(workers)") {
                var cold: [FrameFloor.Mode: [Double]] = [:]
                for _ in 0..<(options.quick ? 2 : 11) {
                    for mode in FrameFloor.Mode.allCases {
                        cold[mode, default: []] += Self.run(5) { coldFloor.write(mode: mode, workers: workers) }
                    }
                }
                let coldMemcpy = Timing.median(cold[.memcpy]!), coldStream = Timing.median(cold[.stream]!)
                let coldTessera = Timing.median(cold[.tessera]!)
                // Floor frames on 120 Hz slots, as `tessera bench` paces its frames.
                let paced = Self.floorTime(FloorMeasurement.fastestWrite(floor, threads: workers,
                                                                         counted: FloorMeasurement.countedFrames,
                                                                         pacing: .vsync, framesPerSecond: 120))
                results.append(BenchmarkResult(group: name, labels: [("case", "floor")], workers: workers, values: [
                    ("memcpy_ms", memcpy * 1e3), ("stream_ms", stream * 1e3), ("tessera_stream_ms", tessera * 1e3),
                    ("memcpy_over_stream", memcpy / stream), ("tessera_stream_over_stream", tessera / stream),
                    ("cold_memcpy_ms", coldMemcpy * 1e3), ("cold_stream_ms", coldStream * 1e3),
                    ("cold_tessera_stream_ms", coldTessera * 1e3), ("cold_memcpy_over_stream", coldMemcpy / coldStream),
                    ("paced_stream_ms", paced), ("paced_over_stream", paced / 1e3 / Swift.min(stream, tessera)),
                ]))
                options.log(String(format: "frame/floor/w%d: tiles from the cache (1 set): memcpy rows %.2f ms, streaming rows "
                                   + "%.2f ms (memcpy ×%.2f), Tessera copyStreaming rows %.2f ms (×%.2f); tiles from memory "
                                   + "(4 sets): memcpy %.2f ms, streaming %.2f ms (memcpy ×%.2f), Tessera %.2f ms (×%.2f); "
                                   + "streaming, paced at 120 Hz (1 set): %.2f ms (×%.2f the back-to-back streaming floor)",
                                   workers, memcpy * 1e3, stream * 1e3, memcpy / stream, tessera * 1e3, tessera / stream,
                                   coldMemcpy * 1e3, coldStream * 1e3, coldMemcpy / coldStream, coldTessera * 1e3,
                                   coldTessera / coldStream, paced, paced / 1e3 / Swift.min(stream, tessera)))
            }
            for width in Self.columnWidths where options.selects("frame/rows/\(width)/w\(workers)") {
                var m: [Double] = [], s: [Double] = []
                for _ in 0..<(options.quick ? 2 : 7) {
                    m += Self.run { floor.write(columnWidth: width, mode: .memcpy, workers: workers) }
                    s += Self.run { floor.write(columnWidth: width, mode: .stream, workers: workers) }
                }
                let (mm, sm) = (Timing.median(m), Timing.median(s))
                results.append(BenchmarkResult(group: name, labels: [("case", "rows of \(width) px")], workers: workers,
                                               values: [("memcpy_ms", mm * 1e3), ("stream_ms", sm * 1e3),
                                                        ("memcpy_over_stream", mm / sm)]))
                options.log(String(format: "frame/rows/%d/w%d: 4K frame in rows of %d px (%d B): memcpy %.2f ms, "
                                   + "streaming %.2f ms (memcpy ×%.2f)", width, workers, width, width * 4, mm * 1e3,
                                   sm * 1e3, mm / sm))
            }
            for feedCase in ["still", "scroll1px"] where options.selects("frame/feed/\(feedCase)/w\(workers)") {
                do {
                    let frames = try Self.feedFrames(moving: feedCase == "scroll1px", workers: workers,
                                                     rounds: options.quick ? 4 : 40, floor: floor, coldFloor: coldFloor)
                    let coldFloorStream = Timing.median(frames.coldFloor)
                    // The floor: the faster streaming write of this run (this file's loop or Tessera's kernel).
                    let floorStream = Swift.min(Timing.median(frames.floor), Timing.median(frames.floorTessera))
                    let sorted = frames.frame.sorted()
                    let mean = Timing.mean(sorted)
                    let p99 = Timing.percentile(sorted, 0.99)
                    let p50 = Timing.median(sorted), composite = Timing.median(frames.composite)
                    let frameCPU = Timing.median(frames.frameCPU), floorCPU = Timing.median(frames.floorCPU)
                    results.append(BenchmarkResult(group: name, labels: [("case", "feed \(feedCase)")], workers: workers, values: [
                        ("frame_mean_ms", mean * 1e3), ("frame_p50_ms", p50 * 1e3), ("frame_p99_ms", p99 * 1e3),
                        ("composite_p50_ms", composite * 1e3), ("floor_stream_ms", floorStream * 1e3),
                        ("floor_memcpy_ms", memcpy * 1e3), ("mean_over_floor", mean / floorStream),
                        ("p99_over_floor", p99 / floorStream), ("composite_over_floor", composite / floorStream),
                        ("frame_cpu_p50_ms", frameCPU * 1e3), ("floor_cpu_p50_ms", floorCPU * 1e3),
                        ("cpu_over_floor_cpu", frameCPU / floorCPU), ("cold_floor_stream_ms", coldFloorStream * 1e3),
                        ("mean_over_cold_floor", mean / coldFloorStream), ("p99_over_cold_floor", p99 / coldFloorStream),
                        ("composite_over_cold_floor", composite / coldFloorStream),
                    ]))
                    options.log(String(format: "frame/feed/%@/w%d: frame mean %.2f p50 %.2f p99 %.2f ms (composite p50 %.2f); "
                                       + "floor (streaming, same run) %.2f ms: mean ×%.2f, p99 ×%.2f, composite ×%.2f",
                                       feedCase, workers, mean * 1e3, p50 * 1e3, p99 * 1e3, composite * 1e3,
                                       floorStream * 1e3, mean / floorStream, p99 / floorStream, composite / floorStream)
                                + String(format: "; CPU time (all threads) frame %.2f ms vs Tessera floor %.2f ms (×%.2f)",
                                         frameCPU * 1e3, floorCPU * 1e3, frameCPU / floorCPU)
                                + String(format: "; floor with tiles from memory %.2f ms: mean ×%.2f, p99 ×%.2f, composite ×%.2f",
                                         coldFloorStream * 1e3, mean / coldFloorStream, p99 / coldFloorStream,
                                         composite / coldFloorStream))
                } catch {
                    options.log("frame/feed/\(feedCase)/w\(workers) failed: \(error)")
                }
            }
            if options.selects("frame/feed/idle/w\(workers)") {
                do {
                    let frames = try Self.idleFrames(workers: workers, rounds: options.quick ? 4 : 40)
                    let full = Timing.mean(frames.full)
                    let sorted = frames.idle.sorted()
                    let mean = Timing.mean(sorted)
                    let p99 = Timing.percentile(sorted, 0.99)
                    results.append(BenchmarkResult(group: name, labels: [("case", "feed idle")], workers: workers, values: [
                        ("idle_mean_ms", mean * 1e3), ("idle_p99_ms", p99 * 1e3), ("full_mean_ms", full * 1e3),
                        ("idle_over_full", mean / full),
                    ]))
                    options.log(String(format: "frame/feed/idle/w%d: idle frame mean %.3f p99 %.3f ms; full frame (same "
                                       + "rounds) mean %.2f ms: idle ×%.4f (%.2f %%)", workers, mean * 1e3, p99 * 1e3,
                                       full * 1e3, mean / full, 100 * mean / full))
                } catch {
                    options.log("frame/feed/idle/w\(workers) failed: \(error)")
                }
            }
        }
        _ = floor.checksum
        return results
    }

    /// Row lengths of the streaming-threshold sweep, in pixels.
    static let columnWidths = [16, 32, 64, 128, 256]

    /// Renders the `feed` scene with a warm cache (`rounds` frames, each after one streaming floor frame):
    /// the scroll offset unchanged, or moving one pixel back and forth. Synchronous raster; the cache is
    /// warmed for both offsets first and drained.
    static func feedFrames(moving: Bool, workers: Int, rounds: Int,
                           floor: FrameFloor, coldFloor: FrameFloor)
        throws -> (frame: [Double], composite: [Double], floor: [Double], floorTessera: [Double],
                   frameCPU: [Double], floorCPU: [Double], coldFloor: [Double]) {
        let bench = try BuiltInScene.feed.make()
        let compositor = try Compositor(configuration: .init(workers: workers, scale: bench.scene.viewport.scale,
                                                             rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: bench.scene.viewport.pixelWidth,
                                          height: bench.scene.viewport.pixelHeight)
        let origin = bench.scrollLayer.contentOffset
        let shifted = Point(x: origin.x + bench.direction.x, y: origin.y + bench.direction.y)
        for offset in [shifted, origin] {
            try bench.scrollLayer.setContentOffset(offset)
            _ = try compositor.render(bench.scene.root, into: framebuffer)
        }
        compositor.drainRaster()
        _ = try compositor.render(bench.scene.root, into: framebuffer)
        var frames: [Double] = [], composites: [Double] = [], floors: [Double] = [], floorsTessera: [Double] = []
        var frameCPU: [Double] = [], floorCPU: [Double] = [], coldFloors: [Double] = []
        var frame = 0
        for _ in 0..<rounds {
            // The cold floor first: its 140 MB evict the warm floor's tiles, which its first (uncounted)
            // frame of the next run reads back.
            coldFloors += run(5) { coldFloor.write(mode: .tessera, workers: workers) }
            floors += run { floor.write(mode: .stream, workers: workers) }
            let tessera = runTimed { floorTime(floor.write(mode: .tessera, workers: workers)) }
            floorsTessera += tessera.wall
            floorCPU += tessera.cpu
            var composite: [Double] = []
            let timed = try runTimed {
                if moving { try bench.scrollLayer.setContentOffset(frame % 2 == 0 ? shifted : origin) }
                frame += 1
                let statistics = try compositor.render(bench.scene.root, into: framebuffer)
                composite.append(Double(statistics.compositeTime.components.attoseconds) / 1e18
                                 + Double(statistics.compositeTime.components.seconds))
                return nil  // the render call's wall time
            }
            frames += timed.wall
            frameCPU += timed.cpu
            composites += composite.dropFirst()  // the counted frames only
        }
        return (frames, composites, floors, floorsTessera, frameCPU, floorCPU, coldFloors)
    }

    /// Renders the `feed` scene with a warm cache (asynchronous raster, drained while warming), `rounds`
    /// times: a full frame (no previous frame), then three frames that pass the last one's token with
    /// nothing changed (idle: nothing is composited).
    /// Returns the render calls' wall times, full and idle.
    static func idleFrames(workers: Int, rounds: Int) throws -> (full: [Double], idle: [Double]) {
        let bench = try BuiltInScene.feed.make()
        let compositor = try Compositor(configuration: .init(workers: workers, scale: bench.scene.viewport.scale))
        let framebuffer = try PixelBuffer(width: bench.scene.viewport.pixelWidth,
                                          height: bench.scene.viewport.pixelHeight)
        for _ in 0..<3 {  // the visible tiles, then what the tile stage prepaints around them
            _ = try compositor.render(bench.scene.root, into: framebuffer)
            compositor.drainRaster()
        }
        var full: [Double] = [], idle: [Double] = []
        for _ in 0..<rounds {
            var start = Timing.now()
            var token = try compositor.render(bench.scene.root, into: framebuffer).frameToken
            full.append(Double(Timing.now() - start) / 1e9)
            for _ in 0..<3 {
                start = Timing.now()
                token = try compositor.render(bench.scene.root, into: framebuffer, previousFrame: token).frameToken
                idle.append(Double(Timing.now() - start) / 1e9)
            }
        }
        return (full, idle)
    }

    /// Runs `body` `count` times back to back: of all but the first, the time `body` returns (a floor
    /// write's, seconds) or, when it returns nil, the call's wall time; and the CPU time of the whole process
    /// (all threads, seconds) of each counted call.
    static func runTimed(_ count: Int = 4, _ body: () throws -> Double?) rethrows -> (wall: [Double], cpu: [Double]) {
        var wall: [Double] = [], cpu: [Double] = []
        for index in 0..<count {
            let start = Timing.now(), cpuStart = processCPUSeconds()
            let time = try body()
            if index > 0 {
                wall.append(time ?? Double(Timing.now() - start) / 1e9)
                cpu.append(processCPUSeconds() - cpuStart)
            }
        }
        return (wall, cpu)
    }

    static func processCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Runs the floor write `body` `count` times back to back; the times it returns (seconds from the moment
    /// its workers run: ``FrameFloor/write(columnWidth:mode:workers:)``) of all but the first.
    static func run(_ count: Int = 4, _ body: () -> Double?) -> [Double] {
        (0..<count).map { _ in floorTime(body()) }.dropFirst().map { $0 }
    }

    /// A floor figure (a write's seconds, a median's milliseconds); nil (a worker thread could not be
    /// started) ends the benchmark with a message.
    static func floorTime(_ value: Double?) -> Double {
        guard let value else {
            FileHandle.standardError.write(Data("tessera-benchmarks: frame floor: a worker thread could not be started\n".utf8))
            exit(1)
        }
        return value
    }
}
