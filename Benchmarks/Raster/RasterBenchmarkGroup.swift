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
            options.log(rasterBenchmarkTable(results, options: settings))
            return results.map { r in
                BenchmarkResult(group: name, labels: [("primitive", r.primitive)], workers: r.workers, values: [
                    ("tiles_per_s", r.tilesPerSecond), ("mpix_s", r.megapixelsPerSecond),
                    ("reference_mpix_s", r.referenceMegapixelsPerSecond), ("ratio_to_reference", r.ratioToReference),
                    ("best_tiles_per_s", r.bestTilesPerSecond),
                ])
            } + fourKRowEstimates(results, tileSize: settings.tileSize).map { e in
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
