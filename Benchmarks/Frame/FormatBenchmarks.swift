import Foundation
import Tessera
import TesseraScene

/// The host pixel formats' cost (README.md, "Host pixel formats"): full frames of the built-in `feed`
/// scene (4K, warm cache, synchronous raster, every pixel composited) rendered into a framebuffer of
/// each format, interleaved in short runs so that every format sees the same machine load; each format's
/// median as a ratio to RGBA's in the same run. Ids: `formats/feed/<format>/w<N>`.
struct FormatBenchmarks: BenchmarkGroup {
    let name = "formats"
    let summary = "full 4K feed frames into rgba, bgra, xrgb and xbgr framebuffers, each vs rgba in the same run"

    func run(options: BenchmarkOptions) -> [BenchmarkResult] {
        let allWorkers = ProcessInfo.processInfo.activeProcessorCount
        let workerCounts = allWorkers > 1 ? [1, allWorkers] : [1]
        var results: [BenchmarkResult] = []
        for workers in workerCounts {
            let ids = PixelFormat.allCases.map { "formats/feed/\($0)/w\(workers)" }
            guard ids.contains(where: options.selects) else { continue }
            do {
                let times = try Self.frames(workers: workers, rounds: options.quick ? 3 : 25)
                let rgba = Timing.median(times[.rgba]!.frame), rgbaComposite = Timing.median(times[.rgba]!.composite)
                for format in PixelFormat.allCases where options.selects("formats/feed/\(format)/w\(workers)") {
                    let frame = Timing.median(times[format]!.frame)
                    let composite = Timing.median(times[format]!.composite)
                    results.append(BenchmarkResult(
                        group: name, labels: [("case", "feed full frame"), ("format", format.rawValue)],
                        workers: workers, values: [
                            ("frame_p50_ms", frame * 1e3), ("composite_p50_ms", composite * 1e3),
                            ("rgba_frame_p50_ms", rgba * 1e3), ("rgba_composite_p50_ms", rgbaComposite * 1e3),
                            ("frame_over_rgba", frame / rgba), ("composite_over_rgba", composite / rgbaComposite),
                        ]))
                    options.log(String(format: "formats/feed/%@/w%d: full frame p50 %.2f ms (composite %.2f ms); rgba same run "
                                       + "%.2f ms (composite %.2f ms): frame ×%.3f, composite ×%.3f",
                                       format.rawValue, workers, frame * 1e3, composite * 1e3, rgba * 1e3,
                                       rgbaComposite * 1e3, frame / rgba, composite / rgbaComposite))
                }
            } catch {
                options.log("formats/feed/w\(workers) failed: \(error)")
            }
        }
        return results
    }

    /// `rounds` × 3 counted full frames per format (each run of 4 frames drops its first), rounds interleaved.
    static func frames(workers: Int, rounds: Int) throws -> [PixelFormat: (frame: [Double], composite: [Double])] {
        let bench = try BuiltInScene.feed.make()
        let compositor = try Compositor(configuration: .init(workers: workers, scale: bench.scene.viewport.scale,
                                                             rasterMode: .synchronous))
        let framebuffers = try PixelFormat.allCases.map {
            try PixelBuffer(width: bench.scene.viewport.pixelWidth, height: bench.scene.viewport.pixelHeight, format: $0)
        }
        for framebuffer in framebuffers { _ = try compositor.render(bench.scene.root, into: framebuffer) }
        compositor.drainRaster()
        var times: [PixelFormat: (frame: [Double], composite: [Double])] = [:]
        for _ in 0..<rounds {
            for framebuffer in framebuffers {
                for index in 0..<4 {
                    let start = Timing.now()
                    // previousFrame nil: a full frame, every pixel composited.
                    let statistics = try compositor.render(bench.scene.root, into: framebuffer, previousFrame: nil)
                    let wall = Double(Timing.now() - start) / 1e9
                    guard index > 0 else { continue }
                    let c = statistics.compositeTime.components
                    times[framebuffer.format, default: ([], [])].frame.append(wall)
                    times[framebuffer.format, default: ([], [])].composite.append(
                        Double(c.seconds) + Double(c.attoseconds) / 1e18)
                }
            }
        }
        return times
    }
}
