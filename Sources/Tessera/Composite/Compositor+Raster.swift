/// Step 2 of a frame (design.md): the tile cache answers the plan's tiles; misses and prepaint tiles
/// are rasterized on the workers. Runs on the compositor's calling thread, except the drawing itself.
extension Compositor {
    /// Step 2: answers every tile of the plan from the cache, rasterizing misses and prepaint tiles.
    /// Returns the entry of every visible tile, keyed like the cache.
    func rasterize(_ plan: FramePlan, statistics: inout FrameStatistics) throws -> [TileKey: TileEntry] {
        cache.beginFrame()
        let allocationsBefore = cache.pool.allocationCount
        for planned in plan.layers {
            statistics.tilesInvalidated += cache.synchronize(planned.layer)
        }

        var visible: [TileKey: TileEntry] = [:]
        var misses: [(key: TileKey, layer: Int, column: Int, row: Int)] = []
        for op in plan.ops {
            guard case let .tile(layer, column, row) = op.source else { continue }
            let key = cache.key(layer: plan.layers[layer].layer.identity, column: column, row: row)
            if let entry = cache.lookUp(key) {
                visible[key] = entry
                if entry.awaitsFirstUse {
                    entry.awaitsFirstUse = false
                    statistics.prepaintedTilesShown += 1
                }
            } else {
                misses.append((key, layer, column, row))
            }
        }
        statistics.cacheHits = visible.count
        let visibleKeys = Set(visible.keys).union(misses.lazy.map(\.key))
        statistics.tilesNewlyVisible = visibleKeys.subtracting(previousVisible).count
        previousVisible = visibleKeys
        statistics.tilesVisible = visible.count + misses.count
        statistics.tilesRasterizedVisible = misses.count
        statistics.bytesNeededByFrame = statistics.tilesVisible * cache.tileBytes
        statistics.isOverBudget = statistics.bytesNeededByFrame > configuration.cacheBudgetBytes

        statistics.evictions += cache.makeRoom(forAdditional: misses.count)
        var jobs: [TileJob] = []
        var entries: [TileEntry] = []
        for miss in misses {
            let entry = try cache.insert(miss.key)
            visible[miss.key] = entry
            entries.append(entry)
            jobs.append(TileJob(buffer: entry.buffer, deviceRect: grid.rect(column: miss.column, row: miss.row),
                                content: plan.layers[miss.layer].content))
        }

        for candidate in prepaintCandidates(plan, misses: misses.count) {
            let key = cache.key(layer: plan.layers[candidate.layer].layer.identity,
                                column: candidate.column, row: candidate.row)
            guard !cache.contains(key) else { continue }
            statistics.evictions += cache.makeRoom(forAdditional: 1)
            guard cache.fits(additional: 1) else { break }
            let entry = try cache.insert(key)
            entry.awaitsFirstUse = true
            entries.append(entry)
            jobs.append(TileJob(buffer: entry.buffer,
                                deviceRect: grid.rect(column: candidate.column, row: candidate.row),
                                content: plan.layers[candidate.layer].content))
            statistics.tilesRasterizedPrepaint += 1
        }

        let coverages = TileRasterizer.rasterize(jobs, scale: configuration.scale, workers: configuration.workers)
        for (entry, coverage) in zip(entries, coverages) { entry.coverage = coverage }

        for planned in plan.layers {
            let record = cache.record(for: planned.layer)
            record.lastTranslation = planned.translation
            record.lastFrame = cache.frame
        }
        cache.endFrame()
        statistics.tileBuffersAllocated = cache.pool.allocationCount - allocationsBefore
        return visible
    }

    /// The prepaint tiles this frame may draw: nearest first, within the configured maximum.
    ///
    /// The allowance is the larger of the workers the visible misses leave idle and the pace of the
    /// scroll: the tiles per frame the current motion exposes on average (plus a quarter), so raster
    /// keeps up with the scroll in small even steps instead of a whole tile row in one frame.
    private func prepaintCandidates(_ plan: FramePlan, misses: Int) -> [Prepaint.Candidate] {
        var candidates: [Prepaint.Candidate] = []
        var pace = 0.0
        for (index, planned) in plan.layers.enumerated() {
            let record = cache.record(for: planned.layer)
            guard record.lastFrame == cache.frame - 1, let last = record.lastTranslation else { continue }
            let motion = (x: last.x - planned.translation.x, y: last.y - planned.translation.y)
            candidates += Prepaint.candidates(layer: index, visible: planned.visiblePlaneRect, motion: motion,
                                              grid: grid)
            pace += Prepaint.exposurePace(visible: planned.visiblePlaneRect, motion: motion, grid: grid)
        }
        let allowed = Swift.min(configuration.maximumPrepaintTiles,
                                Swift.max(Prepaint.spareSlots(misses: misses, workers: configuration.workers),
                                          Int((pace * 1.25).rounded(.up))))
        guard allowed > 0 else { return [] }
        candidates.sort { $0.distance < $1.distance }
        var chosen: [Prepaint.Candidate] = []
        for candidate in candidates where chosen.count < allowed {
            let key = cache.key(layer: plan.layers[candidate.layer].layer.identity,
                                column: candidate.column, row: candidate.row)
            if !cache.contains(key) { chosen.append(candidate) }
        }
        return chosen
    }
}
