/// Step 4 of ``TileManager/prepare(_:viewport:statistics:)``: the SOON and EVENTUALLY tiles of the plan's
/// layers (``TilePolicy``), nearest first.
extension TileManager {
    private struct Candidate {
        let layer: Int
        let column: Int
        let row: Int
        let priority: TilePriority
        let distance: Int
    }

    /// Marks the look-ahead tiles as needed (so eviction spares them) and returns jobs for those that are
    /// not ready: SOON before EVENTUALLY, nearest first, at most `maximumPrepaintTiles`, within the budget.
    /// Cost: one key look-up per look-ahead tile (the look-ahead spans at most one viewport per layer).
    func scheduleLookAhead(_ plan: FramePlan, _ records: [LayerTileRecord]) throws -> [RasterJob] {
        guard maximumPrepaintTiles > 0 else { return [] }
        let motions = zip(plan.layers, records).map { $1.motion(at: $0, frame: frame) }
        // A layer that just entered the look-ahead region has no history: it moves like the fastest layer.
        let fastest = motions.compactMap { $0 }.max { abs($0.window.x) + abs($0.window.y) < abs($1.window.x) + abs($1.window.y) }
        var candidates: [Candidate] = []
        for (index, planned) in plan.layers.enumerated() {
            guard let motion = motions[index] ?? fastest.map({ (window: $0.window, bounds: (0, 0)) }),
                  motion.window != (0, 0) || motion.bounds != (0, 0) else { continue }
            let extent = (planned.windowPlaneRect.width, planned.windowPlaneRect.height)
            let visible = grid.span(of: planned.visiblePlaneRect)
            var nearer = visible
            for priority in [TilePriority.soon, .eventually] {
                let region = TilePolicy.region(priority, window: planned.windowPlaneRect, bounds: planned.boundsPlaneRect,
                                               motion: motion.window, boundsMotion: motion.bounds, extent: extent,
                                               tileSize: grid.size)
                guard let span = grid.span(of: region) else { continue }
                for row in span.rows {
                    for column in span.columns {
                        if let nearer, nearer.rows.contains(row), nearer.columns.contains(column) { continue }
                        let distance = TilePolicy.distance(grid.rect(column: column, row: row), from: planned.windowPlaneRect)
                        candidates.append(Candidate(layer: index, column: column, row: row, priority: priority,
                                                    distance: distance))
                    }
                }
                nearer = span
            }
        }
        candidates.sort { ($0.priority, -$0.distance) > ($1.priority, -$1.distance) }

        var jobs: [RasterJob] = []
        var wanted = 0
        for candidate in candidates {
            let planned = plan.layers[candidate.layer]
            let key = TileKey(layer: planned.identity, scaleBits: scale.bitPattern, column: candidate.column, row: candidate.row)
            let existing = cache[key]
            if let existing, existing.neededFrame == frame { continue }
            if let existing, existing.isReady {
                need(existing, candidate.priority)
                continue
            }
            guard wanted < maximumPrepaintTiles,
                  let entry = try existing ?? newEntry(key, records[candidate.layer], priority: candidate.priority)
            else { continue }
            need(entry, candidate.priority)
            wanted += 1
            if let job = try schedule(entry, planned, candidate.priority) {
                jobs.append(job)
            } else if entry.job == nil && entry.pixels == nil {
                forget(entry)
            }
        }
        return jobs
    }
}
