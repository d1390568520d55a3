import Foundation
import Tessera

/// The raster benchmarks as a group of `tessera-benchmarks`: each display-list primitive alone
/// and a whole feed card, in 256 × 256 tiles, 1 and all workers, next to a clear + fill reference
/// measured in the same run; then what a new row of 4K tiles costs. Ids: `raster/<workload>`.
struct RasterBenchmarks: BenchmarkGroup {
    let name = "raster"
    let summary = "primitives and a feed card rasterized into 256² tiles, 1 and all workers, vs clear+fill"

    func run(options: BenchmarkOptions) -> [BenchmarkResult] {
        var settings = RasterBenchmarkOptions()
        if options.quick {
            settings.repetitions = 3
            settings.minimumSampleSeconds = 0.005
        }
        do {
            let names = try RasterScenes.workloads(scale: settings.scale, tileSize: settings.tileSize).map(\.name)
            let selected = names.filter { options.selects("raster/\($0)") }
            guard !selected.isEmpty else { return [] }
            var results: [RasterBenchmarkResult] = []
            if selected.count == names.count {
                results = try runRasterBenchmarks(options: settings)
            } else {
                for workload in selected {
                    settings.only = workload
                    results += try runRasterBenchmarks(options: settings).filter { $0.primitive == workload }
                }
            }
            // What the workers can do side by side right now, next to what they did on the workloads.
            let most = settings.workerCounts.max() ?? 1
            let probe = ParallelismProbe.speedup(workers: most)
            let speedups = speedupsOverOneWorker(results)
            options.log(rasterBenchmarkTable(results, options: settings))
            if most > 1 {
                func f(_ v: Double) -> String { String(format: "%.2f", v) }
                let measured = speedups.map { "\($0.key.primitive) × \($0.key.workers): \(f($0.value))" }.sorted()
                options.log("speedup over 1 worker (tiles/s): \(measured.joined(separator: ", ")); "
                            + "a compute-only loop on \(most) workers (the machine, same run): \(f(probe))")
            }
            let probeEntry = BenchmarkResult(group: name, labels: [("primitive", "compute-only loop")], workers: most,
                                             values: [("speedup_over_one_worker", probe)])
            return results.map { r in
                let speedup = speedups[RasterRun(primitive: r.primitive, workers: r.workers)]
                return BenchmarkResult(group: name, labels: [("primitive", r.primitive)], workers: r.workers, values: [
                    ("tiles_per_s", r.tilesPerSecond), ("mpix_s", r.megapixelsPerSecond),
                    ("reference_mpix_s", r.referenceMegapixelsPerSecond), ("ratio_to_reference", r.ratioToReference),
                    ("best_tiles_per_s", r.bestTilesPerSecond), ("tile_buffer_bytes", Double(r.circulatingBytes)),
                    ("through_scratch", r.throughScratch ? 1 : 0),
                ] + (speedup.map { [("speedup_over_one_worker", $0)] } ?? []))
            } + (most > 1 ? [probeEntry] : [])
              + fourKRowEstimates(results, tileSize: settings.tileSize).map { e in
                BenchmarkResult(group: name, labels: [("primitive", "new 4K row of feed tiles")], workers: e.workers,
                                values: [("milliseconds", e.milliseconds), ("fraction_of_8_33_ms_frame", e.frameFraction),
                                         ("best_milliseconds", e.bestMilliseconds)])
            }
        } catch {
            options.log("raster benchmarks failed: \(error)")
            return []
        }
    }
}

/// A workload measured with a worker count.
private struct RasterRun: Hashable {
    var primitive: String
    var workers: Int
}

/// Each multi-worker result's tiles per second over the same workload's 1-worker figure.
private func speedupsOverOneWorker(_ results: [RasterBenchmarkResult]) -> [RasterRun: Double] {
    var speedups: [RasterRun: Double] = [:]
    for r in results where r.workers > 1 {
        guard let one = results.first(where: { $0.primitive == r.primitive && $0.workers == 1 }) else { continue }
        speedups[RasterRun(primitive: r.primitive, workers: r.workers)] = r.tilesPerSecond / one.tilesPerSecond
    }
    return speedups
}
