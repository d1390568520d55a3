/// Step 2 of a frame (design.md): the tile cache answers the plan's tiles; misses and prepaint tiles
/// are rasterized on the workers. Runs on the compositor's calling thread, except the drawing itself.
extension Compositor {
    /// Step 2: answers every tile of the plan from the cache, rasterizing misses and prepaint tiles.
    /// Returns the entry of every visible tile, keyed like the cache.
    /// `entering` are layers the frame does not show yet, with their tiles nearest the viewport first (see
    /// ``enteringLayers(_:plan:viewport:)``): prepaint candidates beside the visible layers' look-ahead.
    func rasterize(_ plan: FramePlan, entering: EnteringLayers = EnteringLayers(),
                   statistics: inout FrameStatistics) throws -> [TileKey: TileEntry] {
        cache.beginFrame()
        let allocationsBefore = cache.pool.allocationCount
        let layers = plan.layers + entering.layers
        for planned in layers {
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

        for candidate in prepaintCandidates(plan, entering: entering, misses: misses.count) {
            let key = cache.key(layer: layers[candidate.layer].layer.identity,
                                column: candidate.column, row: candidate.row)
            guard !cache.contains(key) else { continue }
            statistics.evictions += cache.makeRoom(forAdditional: 1)
            guard cache.fits(additional: 1) else { break }
            let entry = try cache.insert(key)
            entry.awaitsFirstUse = true
            entries.append(entry)
            jobs.append(TileJob(buffer: entry.buffer,
                                deviceRect: grid.rect(column: candidate.column, row: candidate.row),
                                content: layers[candidate.layer].content))
            statistics.tilesRasterizedPrepaint += 1
        }

        let coverages = TileRasterizer.rasterize(jobs, scale: configuration.scale, workers: configuration.workers)
        for (entry, coverage) in zip(entries, coverages) { entry.coverage = coverage }

        for planned in plan.layers {
            let record = cache.record(for: planned.layer)
            record.lastTranslation = planned.translation
            record.lastBoundsOrigin = planned.layer.boundsOrigin.devicePixel(atScale: configuration.scale)
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
    /// keeps up with the scroll in small even steps instead of a whole tile row in one frame. Candidates
    /// are the visible layers' tiles ahead of their motion and the tiles of layers about to enter.
    private func prepaintCandidates(_ plan: FramePlan, entering: EnteringLayers, misses: Int) -> [Prepaint.Candidate] {
        var candidates: [Prepaint.Candidate] = []
        var pace = 0.0
        for (index, planned) in plan.layers.enumerated() {
            let record = cache.record(for: planned.layer)
            guard record.lastFrame == cache.frame - 1, let last = record.lastTranslation else { continue }
            let motion = (x: last.x - planned.translation.x, y: last.y - planned.translation.y)
            let origin = planned.layer.boundsOrigin.devicePixel(atScale: configuration.scale)
            let lastOrigin = record.lastBoundsOrigin ?? origin
            let reachable = Prepaint.reachableRect(
                bounds: planned.layer.bounds.pixelRect(atScale: configuration.scale),
                boundsMotion: (x: origin.x - lastOrigin.x, y: origin.y - lastOrigin.y), grid: grid)
            candidates += Prepaint.candidates(layer: index, visible: planned.visiblePlaneRect, motion: motion,
                                              reachable: reachable, grid: grid)
            pace += Prepaint.exposurePace(visible: planned.visiblePlaneRect, motion: motion, grid: grid)
        }
        let allowed = Swift.min(configuration.maximumPrepaintTiles,
                                Swift.max(Prepaint.spareSlots(misses: misses, workers: configuration.workers),
                                          Int((pace * 1.25).rounded(.up))))
        guard allowed > 0 else { return [] }
        candidates += entering.tiles
        candidates.sort { $0.distance < $1.distance }
        let layers = plan.layers + entering.layers
        var chosen: [Prepaint.Candidate] = []
        for candidate in candidates where chosen.count < allowed {
            let key = cache.key(layer: layers[candidate.layer].layer.identity,
                                column: candidate.column, row: candidate.row)
            if !cache.contains(key) { chosen.append(candidate) }
        }
        return chosen
    }
}

/// Layers a scroll is about to bring into the viewport, for prepaint: not shown by this frame, but inside
/// the viewport extended ahead of the motion. Their indices in ``tiles`` continue after the frame's own
/// ``FramePlan/layers``.
struct EnteringLayers {
    var layers: [PlannedLayer] = []
    var tiles: [Prepaint.Candidate] = []
}

extension Compositor {
    /// The layers and tiles just outside the viewport in the direction content comes from: the viewport
    /// is extended against the fastest on-screen motion since the last frame (a layer's plane moving up
    /// brings new content in at the bottom) by as much as ``Prepaint`` looks ahead (at most one tile), and
    /// planned again. Without motion, or with prepaint off, there are none.
    func enteringLayers(_ root: Layer, plan: FramePlan, viewport: PixelRect) throws -> EnteringLayers {
        guard configuration.maximumPrepaintTiles > 0 else { return EnteringLayers() }
        var motion = (x: 0, y: 0)
        for planned in plan.layers {
            let record = cache.record(for: planned.layer)
            guard record.lastFrame == cache.frame, let last = record.lastTranslation else { continue }
            let delta = (x: planned.translation.x - last.x, y: planned.translation.y - last.y)
            if abs(delta.x) + abs(delta.y) > abs(motion.x) + abs(motion.y) { motion = delta }
        }
        guard motion != (0, 0) else { return EnteringLayers() }
        // Content moving up the screen comes in at the bottom: extend against the motion.
        let ahead = Prepaint.extend(viewport, by: (x: -motion.x, y: -motion.y), grid: grid)
        var planner = FramePlanner(scale: configuration.scale, grid: grid, viewport: ahead)
        let aheadPlan = try planner.plan(root)
        let shown = Set(plan.layers.map { ObjectIdentifier($0.layer) })
        var result = EnteringLayers()
        var index: [Int: Int] = [:]
        for op in aheadPlan.ops {
            guard case let .tile(layer, column, row) = op.source,
                  !shown.contains(ObjectIdentifier(aheadPlan.layers[layer].layer)) else { continue }
            if index[layer] == nil {
                index[layer] = plan.layers.count + result.layers.count
                result.layers.append(aheadPlan.layers[layer])
            }
            let d = op.destination
            let distance = Swift.max(0, viewport.minX - d.maxX, d.minX - viewport.maxX)
                + Swift.max(0, viewport.minY - d.maxY, d.minY - viewport.maxY)
            result.tiles.append(Prepaint.Candidate(layer: index[layer]!, column: column, row: row, distance: distance))
        }
        return result
    }
}
