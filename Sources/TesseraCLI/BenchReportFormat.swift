import Foundation
import Tessera
import TesseraScene
import TesseraBench

/// The two faces of a ``ScrollBenchmark/Report``: text for people, JSON (snake_case keys) for tools.
enum BenchReportFormat {
    /// `async` or `sync`, as `--raster` spells it.
    static func modeName(_ mode: Compositor.RasterMode) -> String { mode == .synchronous ? "sync" : "async" }

    /// The raster workers' priority: `background` or `normal` (`Compositor.Configuration.backgroundRaster`).
    static func rasterPriorityName(_ o: ScrollBenchmark.Options) -> String {
        o.compositor.backgroundRaster ? "background" : "normal"
    }

    /// How background raster draws run here: `idle` (`SCHED_IDLE`) or `nice` (the quality of service's
    /// nice value alone); empty for `normal` priority.
    static func rasterPriorityDetail(_ o: ScrollBenchmark.Options) -> String {
        guard o.compositor.backgroundRaster else { return "" }
        return Compositor.backgroundRasterRunsIdle ? " (idle)" : " (nice)"
    }

    /// The speed the script moves at (`fastfling` releases at 30,000 pt/s at least).
    static func scrollSpeed(_ o: ScrollBenchmark.Options) -> Double {
        o.script == .fastfling ? Swift.max(o.speed, ScrollScript.fastFlingSpeed) : o.speed
    }

    /// The report as JSON; with `perFrame`, a `per_frame` array of the report's ``FrameRecord``s last.
    static func json(_ r: ScrollBenchmark.Report, perFrame: Bool) -> JSONOutput {
        guard perFrame, case .object(let fields) = json(r) else { return json(r) }
        return .object(fields + [("per_frame", .array(r.series.map { f in
            .object([("frame", .int(f.frame)), ("ms", .number(f.totalMilliseconds)),
                     ("plan_ms", .number(f.planMilliseconds)), ("raster_ms", .number(f.rasterMilliseconds)),
                     ("composite_ms", .number(f.compositeMilliseconds)),
                     ("tiles_checkerboarded", .int(f.tilesCheckerboarded)), ("damaged_pixels", .int(f.damagedPixels))])
        }))])
    }

    static func json(_ r: ScrollBenchmark.Report) -> JSONOutput {
        let o = r.options, raster = r.raster, arrival = r.raster.arrival
        let totalPhase = r.planMilliseconds + r.rasterMilliseconds + r.compositeMilliseconds
        return .object([
            ("scene", .string(r.scene)), ("script", .string(o.script.rawValue)), ("frames", .int(o.frames)),
            ("fps", .number(o.framesPerSecond)), ("speed", .number(scrollSpeed(o))),
            ("raster_mode", .string(modeName(o.compositor.rasterMode))), ("raster_cost", .int(o.rasterCost)),
            ("raster_priority", .string(rasterPriorityName(o))),
            ("raster_idle_policy", .bool(o.compositor.backgroundRaster && Compositor.backgroundRasterRunsIdle)),
            ("pace", .string(o.pacing.rawValue)),
            ("workers", .int(o.compositor.workers)), ("tile_size", .int(o.compositor.tileSize)),
            ("isa_tier", .string(r.isaTier)),
            ("moved_stores", .string(r.movesStream ? "streaming" : "temporal")),
            ("last_level_cache_bytes", r.lastLevelCacheBytes.map { .int($0) } ?? .null),
            ("format", .string(r.options.format.rawValue)),
            ("frame_ms", .object([("mean", .number(r.frameTimes.mean)), ("p50", .number(r.frameTimes.p50)),
                                  ("p95", .number(r.frameTimes.p95)), ("p99", .number(r.frameTimes.p99)),
                                  ("max", .number(r.frameTimes.max))])),
            ("frame_budget_ms", .number(1000 / o.framesPerSecond)),
            ("frames_over_budget", .int(r.framesOverBudget)),
            ("first_frame_ms", .number(r.firstFrameMilliseconds)),
            ("checkerboard_frames", .int(r.checkerboardFrames)),
            ("checkerboard_area_percent", .object([("mean", .number(raster.meanCheckerboardPercent)),
                                                   ("worst", .number(raster.worstCheckerboardPercent))])),
            ("longest_checkerboard_run", .int(raster.longestCheckerboardRun)),
            ("tiles_checkerboarded", .int(raster.tilesCheckerboarded)),
            ("stale_frames", .int(raster.staleFrames)),
            ("tiles_shown_stale", .int(raster.tilesShownStale)),
            ("tile_arrival_ms", .object([("count", .int(arrival.count)), ("p50", .number(arrival.p50)),
                                         ("p99", .number(arrival.p99)), ("max", .number(arrival.max))])),
            ("raster_work_ms", .number(raster.rasterWorkMilliseconds)),
            ("raster_jobs_queued", .int(raster.rasterJobsQueued)),
            ("raster_results_dropped", .int(raster.rasterResultsDropped)),
            ("tiles_visible", .int(r.tilesVisible)),
            ("tiles_exposed", .int(r.tilesExposed)),
            ("tiles_rasterized", .int(r.tilesRasterized)),
            ("tiles_rasterized_visible", .int(r.tilesRasterizedVisible)),
            ("tiles_prepainted", .int(r.tilesPrepainted)),
            ("tiles_rasterized_by_level", .object(r.tilesRasterizedByLevel.sorted { $0.key < $1.key }
                .map { ("\($0.key)", .int($0.value)) })),
            ("shadow_tiles_rasterized", .int(r.shadowTilesRasterized)),
            ("shadow_tiles_reused", .int(r.shadowTilesReused)),
            ("tiles_prepainted_shown", .int(r.prepaintedTilesShown)),
            ("tiles_rasterized_for_visible", .int(r.tilesRasterizedForVisibleContent)),
            ("cache_hit_rate", .number(r.cacheHitRate)),
            ("damaged_pixels", .int(r.damagedPixels)),
            ("damage_share", .number(r.damageShare)),
            ("moved_pixels", .int(r.movedPixels)),
            ("moved_share", .number(r.movedShare)),
            ("moved_frames", .int(r.movedFrames)),
            ("move_filled_pixels", .int(r.moveFilledPixels)),
            ("move_kept_pixels", .int(r.moveKeptPixels)),
            ("overlaid_pixels", .int(r.overlaidPixels)),
            ("overlaid_filled_pixels", .int(r.overlaidFilledPixels)),
            ("overlaid_share", .number(r.overlaidShare)),
            ("recolored_frames", .int(r.recoloredFrames)),
            ("evictions", .int(r.evictions)),
            ("peak_tile_bytes", .int(r.peakTileBytes)),
            ("budget_bytes", .int(o.compositor.cacheBudgetBytes)),
            ("over_budget_frames", .int(r.overBudgetFrames)),
            ("peak_rss_bytes", r.peakResidentBytes.map { .int($0) } ?? .null),
            ("rss", r.memory.map { m in .object([
                ("start_bytes", .int(m.startBytes)), ("peak_bytes", .int(m.peakBytes)), ("end_bytes", .int(m.endBytes)),
                ("slope_bytes_per_1000_frames", .number(m.slopeBytesPerThousandFrames)),
                ("slope_after_warm_up_bytes_per_1000_frames", .number(m.slopeAfterWarmUpBytesPerThousandFrames)),
                ("warm_up_frames", .int(m.warmUpFrames)), ("samples", .int(m.sampleCount))]) } ?? .null),
            ("plan_ms", .number(r.planMilliseconds)), ("raster_ms", .number(r.rasterMilliseconds)),
            ("composite_ms", .number(r.compositeMilliseconds)),
            ("raster_share", .number(totalPhase > 0 ? r.rasterMilliseconds / totalPhase : 0)),
            ("composite_share", .number(totalPhase > 0 ? r.compositeMilliseconds / totalPhase : 0)),
            ("offscreen_passes_per_frame", .number(Double(r.offscreenPasses) / Double(Swift.max(o.frames, 1)))),
            ("opacity_peepholes_per_frame", .number(Double(r.opacityPeepholes) / Double(Swift.max(o.frames, 1)))),
            ("floor", r.floor.map { floor in .object([
                ("threads", .int(floor.threads)),
                ("back_to_back_ms", .number(floor.backToBackMilliseconds)),
                ("paced_ms", floor.pacedMilliseconds.map { .number($0) } ?? .null),
                ("mean_over_back_to_back", .number(r.frameTimes.mean / floor.backToBackMilliseconds)),
                ("p99_over_back_to_back", .number(r.frameTimes.p99 / floor.backToBackMilliseconds)),
                ("mean_over_paced", floor.pacedMilliseconds.map { .number(r.frameTimes.mean / $0) } ?? .null),
                ("p99_over_paced", floor.pacedMilliseconds.map { .number(r.frameTimes.p99 / $0) } ?? .null),
                ("paced_p99_ms", floor.pacedP99Milliseconds.map { .number($0) } ?? .null),
                ("paced_tail_slots", floor.pacedTailSlots.map { .int($0) } ?? .null),
                ("p99_over_paced_p99", floor.pacedP99Milliseconds.map { .number(r.frameTimes.p99 / $0) } ?? .null),
                ("move_rows", floor.moveRows.map { .int($0) } ?? .null),
                ("move_ms", floor.moveMilliseconds.map { .number($0) } ?? .null),
                ("mean_over_move", floor.moveMilliseconds.map { .number(r.frameTimes.mean / $0) } ?? .null),
            ]) } ?? .null),
            ("floor_not_measured", r.floorNotMeasured.map { .string($0) } ?? .null),
        ])
    }

    /// The floor line of the text report: both floors and the frames' mean and p99 as ratios to them.
    static func floorLine(_ r: ScrollBenchmark.Report) -> String {
        guard let floor = r.floor else { return "not measured: " + (r.floorNotMeasured ?? "--floor off") }
        let t = r.frameTimes, b = floor.backToBackMilliseconds
        func f(_ value: Double) -> String { String(format: "%.2f", value) }
        var line = "streaming write of this framebuffer from cached \(r.options.compositor.tileSize)-px tiles, "
            + "\(floor.threads) threads: back to back \(f(b)) ms (mean ×\(f(t.mean / b)), p99 ×\(f(t.p99 / b)))"
        if let paced = floor.pacedMilliseconds {
            line += "; paced as the frames \(f(paced)) ms (mean ×\(f(t.mean / paced)), p99 ×\(f(t.p99 / paced)))"
        }
        if let p99 = floor.pacedP99Milliseconds, let slots = floor.pacedTailSlots {
            line += "; paced p99 over \(slots) slots \(f(p99)) ms (p99 ×\(f(t.p99 / p99)))"
        }
        if let move = floor.moveMilliseconds, let rows = floor.moveRows {
            line += "; moving the framebuffer \(rows) rows (memmove) \(f(move)) ms (mean ×\(f(t.mean / move)))"
        }
        return line
    }

    static func text(_ r: ScrollBenchmark.Report) -> String {
        let o = r.options, t = r.frameTimes, raster = r.raster, arrival = r.raster.arrival
        let frames = Double(Swift.max(o.frames, 1))
        let totalPhase = Swift.max(r.planMilliseconds + r.rasterMilliseconds + r.compositeMilliseconds, 1e-9)
        func f(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
        func mib(_ bytes: Int) -> String { f(Double(bytes) / 1_048_576, 1) + " MiB" }
        func percent(_ part: Double) -> String { f(100 * part / totalPhase, 0) + " %" }
        func percent(_ part: Int, of whole: Int) -> String { f(whole == 0 ? 0 : 100 * Double(part) / Double(whole), 1) }
        return """
            tessera bench \(r.scene): \(o.frames) frames, \(o.script.rawValue) at \(f(scrollSpeed(o), 0)) pt/s, \
            \(f(o.framesPerSecond, 0)) Hz (\(o.pacing == .vsync ? "vsync-paced" : "unpaced")), \(o.compositor.workers) workers, \
            \(o.compositor.tileSize)-px tiles, \(r.isaTier) kernels, \(o.format) framebuffer, \(modeName(o.compositor.rasterMode)) raster\
            \(o.rasterCost > 1 ? " ×\(o.rasterCost) cost" : ""), \(rasterPriorityName(o))\(rasterPriorityDetail(o)) raster priority
              frame time (ms)   mean \(f(t.mean))  p50 \(f(t.p50))  p95 \(f(t.p95))  p99 \(f(t.p99))  max \(f(t.max))
              floor             \(floorLine(r))
              frame budget      \(f(1000 / o.framesPerSecond)) ms: \(r.framesOverBudget) frames over; first frame \(f(r.firstFrameMilliseconds, 1)) ms
              checkerboard      \(r.checkerboardFrames) frames (longest run \(raster.longestCheckerboardRun)), area \
            mean \(f(raster.meanCheckerboardPercent)) %, worst \(f(raster.worstCheckerboardPercent)) % of visible tiles; \
            \(raster.tilesCheckerboarded) tiles
              stale tiles       \(raster.staleFrames) frames, \(raster.tilesShownStale) tiles
              tile arrival      \(arrival.count) visible tiles waited for: p50 \(f(arrival.p50)) ms, p99 \(f(arrival.p99)) ms, \
            max \(f(arrival.max)) ms (first shown missing → raster done)
              raster workers    \(f(raster.rasterWorkMilliseconds, 1)) ms of work (\(f(raster.rasterWorkMilliseconds / frames)) ms \
            per frame), \(raster.rasterJobsQueued) jobs queued, \(raster.rasterResultsDropped) results dropped
              tiles per frame   visible \(f(Double(r.tilesVisible) / frames, 1)), exposed \(f(Double(r.tilesExposed) / frames)), \
            rasterized \(f(Double(r.tilesRasterized) / frames)) (visible \(f(Double(r.tilesRasterizedVisible) / frames)), \
            prepaint \(f(Double(r.tilesPrepainted) / frames)); shadows \(f(Double(r.shadowTilesRasterized) / frames)), \
            of which copied from an identical shadow \(f(Double(r.shadowTilesReused) / frames)))
              tiles in total    exposed \(r.tilesExposed); rasterized for visible content \(r.tilesRasterizedForVisibleContent) \
            (visible misses \(r.tilesRasterizedVisible) + prepainted then shown \(r.prepaintedTilesShown)); prepainted \(r.tilesPrepainted)
              levels of detail  \(r.tilesRasterizedByLevel.isEmpty ? "none rasterized" : r.tilesRasterizedByLevel.sorted { $0.key < $1.key }
                .map { "2^\($0.key): \($0.value) tiles" }.joined(separator: ", "))
              tile cache        hit rate \(f(100 * r.cacheHitRate, 1)) %, peak \(mib(r.peakTileBytes)) of \(mib(o.compositor.cacheBudgetBytes)), \
            \(r.evictions) evictions, \(r.overBudgetFrames) frames over budget
              damage            \(f(100 * r.damageShare, 1)) % of the framebuffer's pixels composited per frame; \(r.movedFrames) scroll moves (\(f(100 * r.movedShare, 1)) % of the pixels moved per frame, \(r.movesStream ? "streaming" : "temporal") stores, of them \(percent(r.moveFilledPixels, of: r.movedPixels)) % filled with a known colour and \(percent(r.moveKeptPixels, of: r.movedPixels)) % already right; last-level cache \(r.lastLevelCacheBytes.map(mib) ?? "unknown"); \(f(100 * r.overlaidShare, 1)) % drawn over by the ops above the scroll alone, of them \(percent(r.overlaidFilledPixels, of: r.overlaidPixels)) % as fills over known cells), \(r.recoloredFrames) recoloured
              time split        plan \(percent(r.planMilliseconds)), raster \(percent(r.rasterMilliseconds)), composite \(percent(r.compositeMilliseconds))
              phase ms / frame  plan \(f(r.planMilliseconds / frames)), raster \(f(r.rasterMilliseconds / frames)), composite \(f(r.compositeMilliseconds / frames))
              group opacity     \(f(Double(r.offscreenPasses) / frames)) offscreen passes per frame, \(f(Double(r.opacityPeepholes) / frames)) peepholes
              peak RSS          \(r.peakResidentBytes.map(mib) ?? "unknown")
              RSS over the run  \(r.memory.map { m in "start \(mib(m.startBytes)), peak \(mib(m.peakBytes)), end \(mib(m.endBytes)); " + "slope \(f(m.slopeBytesPerThousandFrames / 1024, 1)) KiB / 1,000 frames, after warm-up (\(m.warmUpFrames) frames) \(f(m.slopeAfterWarmUpBytesPerThousandFrames / 1024, 1)) KiB" } ?? "unknown")
            """
    }
}
