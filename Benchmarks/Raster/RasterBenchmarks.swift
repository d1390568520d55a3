// Raster benchmarks (see `Raster/README.md`): how fast display-list content rasterizes into 256 × 256
// tiles, next to a clear + fill reference measured in the same run. Self-contained so that it can be
// folded into the shared `tessera-benchmarks` executable: call `runRasterBenchmarks(options:)`.
import Dispatch
import Foundation
import Tessera

/// Settings of one raster benchmark run.
struct RasterBenchmarkOptions: Sendable {
    /// Timed samples per measurement; the median is reported.
    var repetitions = 9
    /// Minimum duration of one sample, in seconds (a sample repeats its pass until it lasts this long).
    var minimumSampleSeconds = 0.02
    /// Device pixels per point for every scene.
    var scale = 2.0
    /// Worker counts to measure; the default is 1 and every active processor.
    var workerCounts = [1, ProcessInfo.processInfo.activeProcessorCount]
    /// Tile side in device pixels.
    var tileSize = 256
    /// When set, only the workloads whose name contains this text run.
    var only: String?
    /// How many times the whole benchmark runs; each figure reported is the median over the runs of
    /// each run's median (on a shared machine one run can land in a busy moment).
    var runs = 1
    /// When set, every sample is this many passes (no calibration): for instruction counting under
    /// callgrind, where timings mean nothing.
    var fixedPasses: Int?
}

/// One measurement: a workload rasterized into `tileSize`² tiles by `workers` threads, and the clear + fill
/// reference over the same tiles with the same workers.
struct RasterBenchmarkResult: Sendable {
    var primitive: String
    var workers: Int
    /// Tiles rasterized per second (median sample).
    var tilesPerSecond: Double
    /// Million device pixels per second (tiles × tile area).
    var megapixelsPerSecond: Double
    /// The clear + fill reference over the same tiles and workers, Mpix/s.
    var referenceMegapixelsPerSecond: Double
    /// `megapixelsPerSecond / referenceMegapixelsPerSecond`.
    var ratioToReference: Double
    /// Tiles per pass.
    var tiles: Int
    /// Tiles per second of the fastest sample: on a shared machine, the least disturbed figure.
    var bestTilesPerSecond: Double
    /// The fastest reference sample, Mpix/s.
    var bestReferenceMegapixelsPerSecond: Double
    /// How many whole runs the figures are medians over.
    var runs = 1
    /// The lowest and highest per-run median Mpix/s.
    var runMegapixelsPerSecondRange: [Double] = []
    /// The bytes of the workload's tile buffers, the tile memory its tiles are drawn over.
    var circulatingBytes = 0
    /// Whether its tiles were drawn through the thread's scratch (for those buffers, on this CPU's cache:
    /// `ScratchTile.pays`), or in place.
    var throughScratch = false
}

/// What rasterizing one new row of 4K tiles (3840 px = 15 tiles of feed content) costs.
struct FourKRowEstimate: Sendable {
    var workers: Int
    var tiles: Int
    var milliseconds: Double
    /// `milliseconds / 8.33`: the fraction of a 120 Hz frame.
    var frameFraction: Double
    /// The same from the fastest sample.
    var bestMilliseconds: Double
}

/// A content workload: a display list and the tiles of its plane to rasterize in one pass.
struct RasterWorkload {
    var name: String
    var content: DisplayList
    var tiles: [PixelRect]
}

/// Runs every workload with every worker count, `options.runs` times, and reports per workload and
/// worker count the median over the runs of every figure (best figures: the best over the runs).
func runRasterBenchmarks(options: RasterBenchmarkOptions) throws -> [RasterBenchmarkResult] {
    let runs = try (0..<max(1, options.runs)).map { _ in try runRasterBenchmarksOnce(options: options) }
    return runs[0].indices.map { i in
        let same = runs.map { $0[i] }
        func med(_ field: (RasterBenchmarkResult) -> Double) -> Double { median(same.map(field)) }
        var merged = same[0]
        merged.tilesPerSecond = med(\.tilesPerSecond)
        merged.megapixelsPerSecond = med(\.megapixelsPerSecond)
        merged.referenceMegapixelsPerSecond = med(\.referenceMegapixelsPerSecond)
        merged.ratioToReference = med(\.ratioToReference)
        merged.bestTilesPerSecond = same.map(\.bestTilesPerSecond).max()!
        merged.bestReferenceMegapixelsPerSecond = same.map(\.bestReferenceMegapixelsPerSecond).max()!
        merged.runs = same.count
        merged.runMegapixelsPerSecondRange = [same.map(\.megapixelsPerSecond).min()!,
                                              same.map(\.megapixelsPerSecond).max()!]
        return merged
    }
}

/// One run: every workload with every worker count.
private func runRasterBenchmarksOnce(options: RasterBenchmarkOptions) throws -> [RasterBenchmarkResult] {
    let workloads = try RasterScenes.workloads(scale: options.scale, tileSize: options.tileSize)
    var results: [RasterBenchmarkResult] = []
    for workload in workloads where options.only.map({ workload.name.contains($0) }) ?? true {
        let pool = try (0..<workload.tiles.count).map { _ in
            try PixelBuffer(width: options.tileSize, height: options.tileSize)
        }
        let tileBytes = options.tileSize * options.tileSize * 4, circulating = pool.count * tileBytes
        try checkWorkersAgree(workload, pool: pool, circulatingBytes: circulating, scale: options.scale,
                              workers: options.workerCounts)
        let content = workload.content, tiles = workload.tiles, scale = options.scale
        let fill = Pixel(r: 40, g: 80, b: 120, a: 255)
        // One raster pass and one reference pass per worker count.
        let passes: [(raster: () -> Void, reference: () -> Void)] = options.workerCounts.map { workers in
            ({ forEachTile(tiles.count, workers: workers) { i in
                drawTile(content, into: pool[i], tiles[i], scale: scale, circulatingBytes: circulating)
            } }, { forEachTile(tiles.count, workers: workers) { i in
                let buffer = pool[i]
                buffer.clear()
                buffer.clear(to: fill)
            } })
        }
        let counts = passes.map { pass in
            (options.fixedPasses ?? passesPerSample(pass.raster, options.minimumSampleSeconds),
             options.fixedPasses ?? passesPerSample(pass.reference, options.minimumSampleSeconds))
        }
        // Samples interleave workload and reference, and every worker count, so that all of them see the
        // same machine load.
        var rasterSeconds = [[Double]](repeating: [], count: passes.count)
        var referenceSeconds = [[Double]](repeating: [], count: passes.count)
        for _ in 0..<options.repetitions {
            for (k, pass) in passes.enumerated() {
                rasterSeconds[k].append(time(pass.raster, passes: counts[k].0))
                referenceSeconds[k].append(time(pass.reference, passes: counts[k].1))
            }
        }
        let pixels = Double(tiles.count * options.tileSize * options.tileSize)
        for (k, workers) in options.workerCounts.enumerated() {
            let perSecond = Double(tiles.count) / median(rasterSeconds[k])
            let mpix = pixels / median(rasterSeconds[k]) / 1e6
            let reference = pixels / median(referenceSeconds[k]) / 1e6
            results.append(RasterBenchmarkResult(
                primitive: workload.name, workers: workers, tilesPerSecond: perSecond, megapixelsPerSecond: mpix,
                referenceMegapixelsPerSecond: reference, ratioToReference: mpix / reference, tiles: tiles.count,
                bestTilesPerSecond: Double(tiles.count) / rasterSeconds[k].min()!,
                bestReferenceMegapixelsPerSecond: pixels / referenceSeconds[k].min()! / 1e6,
                runs: 1, runMegapixelsPerSecondRange: [mpix, mpix], circulatingBytes: circulating,
                throughScratch: ScratchTile.pays(byteCount: tileBytes, kernels: Kernels.active,
                                                 circulatingBytes: circulating)))
        }
    }
    return results
}

/// The 4K-row cost from the feed-card results: 15 tiles at the measured tiles per second.
func fourKRowEstimates(_ results: [RasterBenchmarkResult], tileSize: Int = 256) -> [FourKRowEstimate] {
    let tiles = (3840 + tileSize - 1) / tileSize
    return results.filter { $0.primitive == RasterScenes.feedName }.map { result in
        // Measured over 45 feed tiles (three 4K rows) at a time; one row is a third of that work.
        let milliseconds = Double(tiles) / result.tilesPerSecond * 1000
        return FourKRowEstimate(workers: result.workers, tiles: tiles, milliseconds: milliseconds,
                                frameFraction: milliseconds / (1000.0 / 120.0),
                                bestMilliseconds: Double(tiles) / result.bestTilesPerSecond * 1000)
    }
}

/// The report as an aligned table.
func rasterBenchmarkTable(_ results: [RasterBenchmarkResult], options: RasterBenchmarkOptions) -> String {
    func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
    func f(_ v: Double, _ digits: Int = 0) -> String { String(format: "%.\(digits)f", v) }
    var lines = ["Raster benchmarks: \(options.tileSize)×\(options.tileSize) tiles, scale \(f(options.scale, 1)), "
                 + "median of \(options.repetitions) samples" + (options.runs > 1 ? ", median over \(options.runs) runs" : ""),
                 pad("workload", 34) + pad("workers", 9) + pad("tiles/s", 11) + pad("Mpix/s", 10)
                 + pad("ref Mpix/s", 12) + pad("ratio", 8) + pad("best tiles/s", 14) + pad("best ref Mpix/s", 17)
                 + "runs' Mpix/s"]
    for r in results {
        lines.append(pad(r.primitive, 34) + pad("\(r.workers)", 9) + pad(f(r.tilesPerSecond), 11)
                     + pad(f(r.megapixelsPerSecond), 10) + pad(f(r.referenceMegapixelsPerSecond), 12)
                     + pad(f(r.ratioToReference, 3), 8) + pad(f(r.bestTilesPerSecond), 14)
                     + pad(f(r.bestReferenceMegapixelsPerSecond), 17)
                     + (r.runs > 1 ? r.runMegapixelsPerSecondRange.map { f($0) }.joined(separator: "–") : "-"))
    }
    // Each workload once (its first worker count): where its tiles were drawn, and why.
    let workloads = results.filter { r in results.first { $0.primitive == r.primitive }?.workers == r.workers }
    let cache = CPUCaches.current.lastLevelBytes.map { f(Double($0) / 1_048_576, 1) + " MiB" } ?? "unknown size"
    lines.append("tiles drawn (ScratchTile.pays: in place when the workload's tile buffers fit half the last-level "
                 + "cache, \(cache)): " + workloads.map { r in
                     "\(r.primitive) \(r.throughScratch ? "through the scratch" : "in place") "
                         + "(\(r.tiles) buffers, \(f(Double(r.circulatingBytes) / 1_048_576, 1)) MiB)"
                 }.joined(separator: ", "))
    for e in fourKRowEstimates(results, tileSize: options.tileSize) {
        lines.append("new 4K row (\(e.tiles) feed tiles), \(e.workers) worker(s): median \(f(e.milliseconds, 2)) ms = "
                     + "\(f(e.frameFraction * 100, 1)) % of an 8.33 ms frame; best \(f(e.bestMilliseconds, 2)) ms = "
                     + "\(f(e.bestMilliseconds / (1000.0 / 120.0) * 100, 1)) %")
    }
    return lines.joined(separator: "\n")
}

// MARK: - Timing

/// Runs `body(i)` for every tile index, on `workers` threads (1: the calling thread only).
private func forEachTile(_ count: Int, workers: Int, _ body: @Sendable (Int) -> Void) {
    if workers <= 1 {
        for i in 0..<count { body(i) }
        return
    }
    // Each worker takes a contiguous share of the tiles.
    DispatchQueue.concurrentPerform(iterations: workers) { w in
        let lo = count * w / workers, hi = count * (w + 1) / workers
        for i in lo..<hi { body(i) }
    }
}

private func time(_ pass: () -> Void, passes: Int) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<passes { pass() }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(passes)
}

private func passesPerSample(_ pass: () -> Void, _ minimum: Double) -> Int {
    pass() // warm-up
    let one = time(pass, passes: 1)
    return max(1, Int((minimum / max(one, 1e-7)).rounded(.up)))
}

private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2]
        : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Draws `tile` of `content` over `buffer`'s stale pixels as the tile stage's raster jobs do:
/// `drawReplacing`, through the thread's scratch tile when that pays for a buffer from `circulatingBytes`
/// of tile buffers, the workload's pool (`Sources/Tessera/Tiles/ScratchTile.swift`).
private func drawTile(_ content: DisplayList, into buffer: PixelBuffer, _ tile: PixelRect, scale: Double,
                      circulatingBytes: Int) {
    ScratchTile.draw(content, in: RasterContext(buffer: buffer, deviceRect: tile, scale: scale),
                     circulatingBytes: circulatingBytes) { _ in }
}

/// Rasterizes the workload into cleared tiles on one worker, then over stale pixels as the timed passes
/// do (``drawTile(_:into:_:scale:circulatingBytes:)``, `circulatingBytes` the pool's) with every worker
/// count, and checks the bytes agree (invariant 3, in passing).
private func checkWorkersAgree(_ workload: RasterWorkload, pool: [PixelBuffer], circulatingBytes: Int, scale: Double,
                               workers: [Int]) throws {
    forEachTile(workload.tiles.count, workers: 1) { i in
        pool[i].clear()
        workload.content.draw(in: RasterContext(buffer: pool[i], deviceRect: workload.tiles[i], scale: scale))
    }
    let first = pool.map { $0.packedBytes() }
    for count in workers {
        forEachTile(workload.tiles.count, workers: count) { i in
            pool[i].clear(to: Pixel(r: 9, g: 200, b: 31, a: 210))
            drawTile(workload.content, into: pool[i], workload.tiles[i], scale: scale, circulatingBytes: circulatingBytes)
        }
        if first != pool.map({ $0.packedBytes() }) {
            throw TesseraError.invalidArgument(argument: "workers", reason: "\(workload.name): \(count) workers differ")
        }
    }
}
