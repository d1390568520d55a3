/// Step 4 of ``TileManager/prepare(_:viewport:statistics:)``: the SOON and EVENTUALLY tiles of the plan's
/// layers (``TilePolicy``), nearest first.
extension TileManager {
    struct Candidate {
        let layer: Int
        let column: Int
        let row: Int
        let priority: TilePriority
        let distance: Int
    }

    /// The tiles of `span` outside `nearer` (already taken) and not hidden, as candidates of `priority`.
    private func appendCandidates(_ span: (columns: ClosedRange<Int>, rows: ClosedRange<Int>),
                                  except nearer: (columns: ClosedRange<Int>, rows: ClosedRange<Int>)?, of planned: PlannedLayer, layer: Int,
                                  _ priority: TilePriority, to candidates: inout [Candidate]) {
        for row in span.rows {
            for column in span.columns {
                if let nearer, nearer.rows.contains(row), nearer.columns.contains(column) { continue }
                let tile = grid.rect(column: column, row: row)
                if planned.isHidden(tile) { continue }
                candidates.append(Candidate(layer: layer, column: column, row: row, priority: priority,
                                            distance: TilePolicy.distance(tile, from: planned.windowPlaneRect)))
            }
        }
    }

    /// Appends the look-ahead candidates of `planned`, plan layer `layer`, moving by `motion` (`nil`: no
    /// history): the ring around its window, then the SOON and EVENTUALLY regions of the motion. Returns the
    /// tiles per frame the motion exposes (the pace of ``scheduleLookAhead(_:_:nowJobs:)``).
    private func appendLookAhead(of planned: PlannedLayer, layer index: Int,
                                 motion: (window: (x: Int, y: Int), bounds: (x: Int, y: Int))?,
                                 to candidates: inout [Candidate]) -> Double {
        let visible = grid.span(of: planned.visiblePlaneRect)
        // The distance margin, at any velocity (tiles it shares with the motion's SOON are taken once).
        let ring = TilePolicy.ring(window: planned.windowPlaneRect, bounds: planned.boundsPlaneRect,
                                   scrolls: planned.scrolls, tileSize: grid.size)
        if let span = grid.span(of: ring) {
            appendCandidates(span, except: visible, of: planned, layer: index, .soon, to: &candidates)
        }
        guard let motion, motion.window != (0, 0) || motion.bounds != (0, 0) else { return 0 }
        let extent = (planned.windowPlaneRect.width, planned.windowPlaneRect.height)
        var pace = 0.0
        if let visible {
            pace = Double(abs(motion.window.y)) / Double(grid.size) * Double(visible.columns.count)
                + Double(abs(motion.window.x)) / Double(grid.size) * Double(visible.rows.count)
        }
        var nearer = visible
        for priority in [TilePriority.soon, .eventually] {
            let region = TilePolicy.region(priority, window: planned.windowPlaneRect, bounds: planned.boundsPlaneRect,
                                           motion: motion.window, boundsMotion: motion.bounds, extent: extent,
                                           tileSize: grid.size)
            guard let span = grid.span(of: region) else { continue }
            appendCandidates(span, except: nearer, of: planned, layer: index, priority, to: &candidates)
            nearer = span
        }
        return pace
    }

    /// The indices of `candidates`, SOON before EVENTUALLY, nearest first, in their order where equal.
    /// Sorted as packed integers (priority, distance, index) rather than through a closure: a 4K `feed`
    /// frame sorts ~450 candidates, and the closure sort was a tenth of the tile phase's instructions
    /// (callgrind). Distances from 2⁴² pixels or 2²⁰ candidates on take the closure sort.
    static func nearestFirst(_ candidates: [Candidate]) -> [Int] {
        let indexBits = 20, distanceBits = 42
        guard candidates.count < 1 << indexBits, candidates.allSatisfy({ $0.distance < 1 << distanceBits }) else {
            return candidates.indices.sorted {
                (candidates[$0].priority, -candidates[$0].distance, -$0) > (candidates[$1].priority, -candidates[$1].distance, -$1)
            }
        }
        return candidates.indices.map { index in
            let candidate = candidates[index]
            let rank = UInt64(TilePriority.now.rawValue - candidate.priority.rawValue)  // the most urgent first
            return rank << (distanceBits + indexBits) | UInt64(candidate.distance) << indexBits | UInt64(index)
        }.sorted().map { Int(truncatingIfNeeded: $0 & (1 << UInt64(indexBits) - 1)) }
    }

    /// Marks the look-ahead tiles as needed (so eviction spares them) and returns jobs for those that are
    /// not ready: SOON before EVENTUALLY, nearest first, at most `maximumPrepaintTiles`, within the budget.
    ///
    /// In synchronous mode, where the frame waits for its prepaint too, new prepaint jobs are further
    /// paced with the scroll: at most the larger of the lanes the `nowJobs` visible misses leave idle and
    /// the tiles per frame the current motion exposes (plus a quarter), so raster keeps up in small even
    /// steps instead of a burst. Cost: one key look-up per look-ahead tile (at most one window per layer).
    func scheduleLookAhead(_ plan: FramePlan, _ records: [LayerTileRecord], nowJobs: Int) throws -> [RasterJob] {
        guard maximumPrepaintTiles > 0 else { return [] }
        let motions = plan.layers.indices.map { records[$0].motion(at: plan.layers[$0], frame: frame) }
        // A layer that just entered the look-ahead region has no history: it moves like the fastest layer.
        let fastest = motions.compactMap { $0 }.max { abs($0.window.x) + abs($0.window.y) < abs($1.window.x) + abs($1.window.y) }
        var candidates: [Candidate] = []
        var pace = 0.0
        for index in plan.layers.indices where records[index].shownLevel == nil {
            // (A layer drawn from a level of detail is zooming: exact tiles ahead would be for a passing scale.)
            pace += appendLookAhead(of: plan.layers[index], layer: index,
                                    motion: motions[index] ?? fastest.map { (window: $0.window, bounds: (0, 0)) },
                                    to: &candidates)
        }
        let order = Self.nearestFirst(candidates)

        var newJobs = maximumPrepaintTiles
        if mode == .synchronous {
            let idle = nowJobs == 0 ? queue.workers : (queue.workers - nowJobs % queue.workers) % queue.workers
            newJobs = Swift.min(newJobs, Swift.max(idle, Int((pace * 1.25).rounded(.up))))
        }
        var jobs: [RasterJob] = []
        var wanted = 0
        for index in order {
            let candidate = candidates[index]
            // Fields read in place: a copy of the planned layer would retain its references per candidate.
            let key = TileKey(layer: plan.layers[candidate.layer].identity, scaleBits: plan.layers[candidate.layer].scale.bitPattern,
                              column: candidate.column, row: candidate.row)
            let existing = cache[key]
            if let existing, existing.neededFrame == frame { continue }
            if let existing, existing.isReady {
                need(existing)
                continue
            }
            // A job of the current version (running, or taken back to be queued again) is paid for already.
            let isNew = existing.flatMap { entry in entry.job.map { $0.version != entry.version } } ?? true
            guard wanted < maximumPrepaintTiles, !isNew || newJobs > 0,
                  let entry = try existing ?? newEntry(key, records[candidate.layer], priority: candidate.priority)
            else { continue }
            need(entry)
            wanted += 1
            if let job = try schedule(entry, plan.layers[candidate.layer], candidate.priority) {
                if isNew { newJobs -= 1 }
                jobs.append(job)
            } else if entry.job == nil && entry.pixelsView == nil {
                forget(entry)
            }
        }
        return jobs
    }
}
