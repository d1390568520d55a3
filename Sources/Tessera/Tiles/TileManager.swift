/// Owns the tiles of one compositor: their storage (``TileCache``), per-layer motion history and
/// invalidation state (``LayerTileRecord``), priorities (``TilePriority``) and the raster workers
/// (``RasterQueue``). Step 2 of the frame in `ARCHITECTURE.md`.
///
/// Each frame, ``prepare(_:viewport:statistics:)``:
/// 1. frees the tiles of freed layers and applies the plan's new invalidations (a touched tile keeps its
///    pixels as *stale* and gets a new version: a raster of the old version still running is dropped
///    when it finishes, so old pixels are never taken as current);
/// 2. takes in the rasters that finished since the last frame and takes back the jobs not started yet;
/// 3. resolves every tile op of the plan with one key look-up: **NOW**; a tile without current pixels
///    gets a job;
/// 4. walks the look-ahead (``TilePolicy``): **SOON**, then **EVENTUALLY** tiles that are not ready get
///    jobs, nearest first, at most `maximumPrepaintTiles` of them and only within the budget;
/// 5. queues the jobs, most urgent first, and in ``RasterMode/synchronous`` mode waits for all of them
///    (with a deadline, for the NOW ones until then);
/// 6. returns, for each op, the pixels to draw: current, stale, or the ``Checkerboard``.
///
/// Budget: the tile buffers in use (pixels and job targets) stay within the byte budget; to make room,
/// the least recently needed tile that this frame does not need (at any priority) is evicted. Only the
/// NOW tiles may push it over budget (reported by ``FrameStatistics/isOverBudget``).
///
/// Thread safety: the model thread only (the compositor's calling thread); raster runs on the queue's
/// workers, which touch only their jobs.
final class TileManager {
    let grid: TileGrid
    let scale: Double
    let cache: TileCache
    let queue: RasterQueue
    let mode: Compositor.RasterMode
    let deadline: Duration
    let maximumPrepaintTiles: Int
    /// The kernels raster jobs draw with: the compositor's tier (the same table the composite uses).
    let kernels: KernelTable
    /// Shadow tiles kept for layers whose shadows are identical (``ShadowTileMemo``); raster jobs use it.
    let shadowTiles: ShadowTileMemo

    /// The number of the current frame (1 for the first).
    private(set) var frame: UInt64 = 0
    /// True when the last frame showed every visible tile current (no checkerboard, no stale tile, no
    /// level-of-detail stand-in) and queued no raster.
    private var lastFrameComplete = false
    private var records: [UInt64: LayerTileRecord] = [:]
    private var checkerboard: Checkerboard?
    /// Arrivals since the last frame's statistics were taken (rasters taken in between frames count in
    /// the next frame).
    private var arrivals = Arrivals()
    /// The last ``TileEntry/stamp`` handed out.
    private var stamps: UInt64 = 0
    /// The levels of detail of layers whose scale changes (``LevelsOfDetail``).
    let levels: LevelsOfDetail
    /// The last frame's level pieces, by the index of the first tile op of their layer (whose tile ops
    /// all resolve to `nil` then): read by ``Compositor/drawList(_:tiles:)``.
    private(set) var levelPieces: [Int: [LevelPiece]] = [:]
    /// The last prepared frame, for ``repeatLastFrame(_:statistics:)``.
    var lastPrepared: PreparedFrame?

    init(grid: TileGrid, scale: Double, budgetBytes: Int, workers: Int, mode: Compositor.RasterMode, deadline: Duration,
         maximumPrepaintTiles: Int, backgroundRaster: Bool, kernels: KernelTable = Kernels.active,
         levels: LevelsOfDetail = LevelsOfDetail(count: LevelsOfDetail.defaultCount, bias: LevelsOfDetail.defaultBias),
         shadowTileBytes: Int? = nil) {
        self.levels = levels
        self.grid = grid
        self.kernels = kernels
        self.scale = scale
        cache = TileCache(grid: grid, budgetBytes: budgetBytes)
        shadowTiles = ShadowTileMemo(byteBudget: shadowTileBytes ?? ShadowTileMemo.budget(forCacheBudget: budgetBytes))
        queue = RasterQueue(workers: workers, background: backgroundRaster)
        self.mode = mode
        self.deadline = deadline
        self.maximumPrepaintTiles = maximumPrepaintTiles
    }

    deinit {
        for job in queue.withdrawQueued() { release(job) }
        queue.waitUntilIdle()
    }

    /// What a frame draws for one tile op.
    ///
    /// Borrowed: `pixels` (``PixelBuffer/borrowed``) and `zeroRows` point at memory their ``TileEntry``
    /// (or the checkerboard) owns, so that resolving ~400 tiles a frame touches no second object per tile
    /// (a reference count of a cold buffer object was a cache miss behind a locked instruction). They stay
    /// valid through the frame's composite: nothing the frame shows is given back between resolving its
    /// tiles and the end of its composite (eviction spares the tiles the frame needs; a ready tile resolves
    /// at once and no arrival replaces its pixels, which only a job of its entry's version could do and a
    /// ready entry has none: ``schedule(_:_:_:)`` is for entries that are not ready, and an arrival clears
    /// the entry's job; the other tiles resolve after the frame's last arrivals are taken in). Kept past the
    /// frame (``DrawListMemo``), a tile op is drawn again only in a recoloured frame, which only a settled
    /// tile stage allows (``repeatLastFrame(_:statistics:)``: the last frame was complete, so no arrival,
    /// ``drain()``'s included, can have replaced a tile it showed); a frame that reuses an op's cut builds
    /// its draw ops with the tiles it resolved itself.
    struct ResolvedTile {
        let pixels: PixelBuffer
        let coverage: AlphaCoverage
        /// Which pixels these are, for damage tracking.
        let identity: DrawIdentity
        /// The tile's all-zero rows.
        var zeroRows = ZeroRows.View.none
    }

    /// Steps 1–6 above. Returns one element per op of `plan` (`nil` for colour ops).
    func prepare(_ plan: FramePlan, viewport: PixelRect, statistics: inout FrameStatistics) throws -> [ResolvedTile?] {
        frame += 1
        lastFrameComplete = false
        lastPrepared = nil  // until this frame is complete: a prepare that throws leaves nothing to repeat
        let allocationsBefore = cache.allocationCount
        releaseFreedLayers()
        let records = plan.layers.indices.map { record(for: plan.layers[$0]) }
        for index in plan.layers.indices {
            statistics.tilesInvalidated += applyInvalidations(plan.layers[index], records[index])
        }
        takeFinished()
        let withdrawn = queue.withdrawQueued()
        for job in withdrawn { job.isHeldByManager = true }

        var nowJobs: [RasterJob] = []
        /// The jobs that will bring the visible tiles' pixels: the new ones and those already running.
        var visibleJobs: [RasterJob] = []
        var entries = [TileEntry?](repeating: nil, count: plan.ops.count)
        /// Each op's tile: a ready tile's at once (its entry is still in the CPU's caches), the others'
        /// after the look-ahead and the wait for raster.
        var resolved = [ResolvedTile?](repeating: nil, count: plan.ops.count)
        let chosenLevels = chooseLevels(plan, records)
        var levelTiles: [Int: [(entry: TileEntry, destination: PixelRect, mapping: ResampleMapping)]] = [:]
        var replacedOps = 0
        for index in plan.ops.indices {  // in place (``PlannedLayer``, "Cost")
            guard case let .tile(layer, column, row) = plan.ops[index].source else { continue }
            if let k = chosenLevels[layer] {
                replacedOps += 1
                if index == 0 || !Self.isTileOp(plan.ops[index - 1], of: layer) {
                    levelTiles[index] = try self.levelTiles(plan.layers[layer], records[layer], level: k, jobs: &nowJobs,
                                                            visibleJobs: &visibleJobs, statistics: &statistics)
                }
                if records[layer].lastScale == plan.layers[layer].scale {  // settled: bring the exact tiles
                    let key = TileKey(layer: plan.layers[layer].identity, scaleBits: plan.layers[layer].scale.bitPattern,
                                      column: column, row: row)
                    let entry = try cache[key] ?? newEntry(key, records[layer], priority: .now)!
                    need(entry)
                    if !entry.isReady, let job = try schedule(entry, plan.layers[layer], .now) { nowJobs.append(job) }
                }
                continue
            }
            let key = TileKey(layer: plan.layers[layer].identity, scaleBits: plan.layers[layer].scale.bitPattern,
                              column: column, row: row)
            let entry = try cache[key] ?? newEntry(key, records[layer], priority: .now)!
            need(entry)
            if entry.visibleFrame == 0 || entry.visibleFrame + 1 < frame { statistics.tilesNewlyVisible += 1 }
            entry.visibleFrame = frame
            if entry.isReady {
                statistics.cacheHits += 1
                resolved[index] = resolve(entry, statistics: &statistics)
            } else {
                if entry.waitingSince == nil { entry.waitingSince = .now }
                if let job = try schedule(entry, plan.layers[layer], .now) { nowJobs.append(job) }
                if let job = entry.job { visibleJobs.append(job) }
            }
            entries[index] = entry
        }
        for (layer, record) in records.enumerated() {
            guard let drawn = chosenLevels[layer] else { continue }
            if let pending = record.pendingLevel { try requestLevel(plan.layers[layer], record, level: pending, jobs: &nowJobs) }
            try requestFallback(plan.layers[layer], record, drawnLevel: drawn, jobs: &nowJobs)
        }
        // Tiles shown: the exact tiles, with the ops of layers drawn from a level counted as their level tiles.
        statistics.tilesVisible = plan.tileOpCount - replacedOps + levelTiles.values.reduce(0) { $0 + $1.count }
        statistics.bytesNeededByFrame = statistics.tilesVisible * cache.tileBytes
        statistics.isOverBudget = statistics.bytesNeededByFrame > cache.budgetBytes

        let prepaintJobs = try scheduleLookAhead(plan, records, nowJobs: nowJobs.count)
        for job in withdrawn where job.queuedFrame != frame { release(job) }
        let queued = (nowJobs + prepaintJobs).filter { !$0.isSettled }
        for job in queued { job.isHeldByManager = false }
        queue.enqueue(queued)
        statistics.rasterJobsQueued = nowJobs.count + prepaintJobs.count

        switch mode {
        case .synchronous:
            queue.wait(for: visibleJobs + prepaintJobs)
        case .asynchronous where deadline > .zero && !visibleJobs.isEmpty:
            queue.wait(for: visibleJobs, until: .now + deadline)
        case .asynchronous:
            break
        }
        takeFinished()

        levelPieces = [:]
        for (index, tiles) in levelTiles {
            guard case let .tile(layer, _, _) = plan.ops[index].source, let k = chosenLevels[layer] else { continue }
            let withPixels = levelsWithPixels(records[layer])
            levelPieces[index] = try tiles.flatMap { tile in
                try resolveLevelTile(plan.layers[layer], level: k, entry: tile.entry, destination: tile.destination,
                                     mapping: tile.mapping, levelsWithPixels: withPixels, statistics: &statistics)
            }
        }
        for tiles in levelTiles.values { for tile in tiles { statistics.visibleTilePixels += tile.destination.area } }
        // The tiles that were not ready. Those resolved above keep their resolution (``ResolvedTile``):
        // reading their entries again here missed the CPU's caches once more (`perf annotate`: half of this
        // function's own samples).
        for (index, entry) in entries.enumerated() {
            guard let entry else { continue }
            let area = plan.ops[index].destination.area
            statistics.visibleTilePixels += area
            if resolved[index] != nil { continue }
            if let tile = resolve(entry, statistics: &statistics) {
                resolved[index] = tile
            } else if case let .tile(layer, _, _) = plan.ops[index].source, plan.layers[layer].shadow != nil {
                statistics.tilesCheckerboarded += 1  // a missing shadow tile is left out, not checkered
            } else {
                statistics.tilesCheckerboarded += 1
                statistics.checkerboardPixels += area
                let origin = plan.ops[index].sourceOrigin
                let translation = tileTranslation(plan, op: plan.ops[index])
                let planeOrigin = (x: origin.x - translation.x, y: origin.y - translation.y)
                let tile = try checkerboardTile(at: planeOrigin)
                resolved[index] = ResolvedTile(pixels: tile.pixels.borrowed, coverage: .opaque,
                                               identity: .checkerboard(phaseX: tile.phase.x, phaseY: tile.phase.y))
            }
        }

        for (index, record) in records.enumerated() {
            record.lastTranslation = plan.layers[index].translation
            record.lastBoundsOrigin = plan.layers[index].boundsOrigin
            record.lastFrame = frame
            record.lastScale = plan.layers[index].scale
        }
        _ = makeRoom(forAdditional: 0)  // a frame that needs fewer tiles than the last brings the cache back
        cache.trimSpares()
        arrivals.report(into: &statistics)
        arrivals = Arrivals()
        statistics.tilesInCache = cache.count
        statistics.bytesInCache = cache.bytes
        statistics.spareBufferBytes = cache.spareCount * cache.tileBytes
        statistics.cacheBudgetBytes = cache.budgetBytes
        statistics.tileBuffersAllocated = cache.allocationCount - allocationsBefore
        statistics.rasterJobsOutstanding = queue.outstanding
        lastFrameComplete = statistics.tilesCheckerboarded == 0 && statistics.tilesShownStale == 0
            && statistics.rasterJobsQueued == 0 && levelPieces.isEmpty  // a level stand-in moves on next frame
        lastPrepared = PreparedFrame(layers: plan.layers.indices.map { LayerTileState(plan.layers[$0]) }, statistics: statistics)
        return resolved
    }

    /// What a frame draws for `entry` when it has pixels (current or stale), counting a stale tile and a
    /// prepainted tile's first showing; `nil` when it has none.
    private func resolve(_ entry: TileEntry, statistics: inout FrameStatistics) -> ResolvedTile? {
        guard let pixels = entry.pixelsView else { return nil }
        if entry.isCurrent {
            if entry.awaitsFirstUse {
                entry.awaitsFirstUse = false
                statistics.prepaintedTilesShown += 1
            }
        } else {
            statistics.tilesShownStale += 1
        }
        return ResolvedTile(pixels: pixels, coverage: entry.coverage, identity: .tile(stamp: entry.stamp),
                            zeroRows: entry.zeroRowsView)
    }

    static func isTileOp(_ op: PlannedOp, of layer: Int) -> Bool {
        if case let .tile(owner, _, _) = op.source { return owner == layer }
        return false
    }

    /// True when, for an unchanged model, the next frame would resolve every tile exactly as the last
    /// one did: the last frame was complete and no raster is queued, running or waiting to be taken in.
    var isSettled: Bool { lastFrameComplete && queue.isIdleAndTaken }

    /// Raster starts no new draw until ``resumeRaster()``: the frame thread plans and composites with the
    /// cores to itself (``RasterQueue/holdStarts()``). Waiting for raster (synchronous mode, a raster
    /// deadline, ``drain()``) resumes it.
    func holdRaster() { queue.holdStarts() }

    /// Lets raster start draws again.
    func resumeRaster() { queue.resumeStarts() }

    /// Waits until every queued raster has finished and takes the results in: the next frame finds
    /// every tile the last frame asked for ready (unless the model changed since).
    func drain() {
        queue.waitUntilIdle()
        takeFinished()
    }

    // MARK: Entries and jobs

    /// Records that this frame needs `entry` (eviction spares it until the next frame).
    func need(_ entry: TileEntry) {
        entry.neededFrame = frame
        cache.markNeeded(entry)
    }

    /// A new entry for `key` after making room; `nil` when there is no room and `priority` is below NOW.
    func newEntry(_ key: TileKey, _ record: LayerTileRecord, priority: TilePriority) throws -> TileEntry? {
        guard makeRoom(forAdditional: 1) || priority == .now else { return nil }
        let entry = cache.insert(key)
        record.keys.insert(key)
        return entry
    }

    /// The job that will bring `entry`'s current pixels: a job taken back from the queue this frame (queued
    /// again at `priority`), a new one, or `nil` when one is already running or there is no room. `entry`
    /// is not ready: a frame borrows a ready entry's pixels as soon as it finds it (``ResolvedTile``).
    func schedule(_ entry: TileEntry, _ planned: PlannedLayer, _ priority: TilePriority) throws -> RasterJob? {
        assert(!entry.isReady, "a ready tile's pixels are borrowed by the frame: no job may replace them")
        if let job = entry.job, job.version == entry.version {
            guard job.isHeldByManager else { return nil }  // running, or finished and not taken in yet
            job.priority = priority
            job.queuedFrame = frame
            return job
        }
        if let old = entry.job, old.isHeldByManager { release(old) }
        entry.job = nil
        guard makeRoom(forAdditional: 1) || priority == .now else { return nil }
        let job = RasterJob(key: entry.key, version: entry.version, content: planned.content,
                            deviceRect: entry.key.rasterRect(grid), scale: entry.key.rasterScale,
                            target: entry.key.isLevel ? cache.takeLevelBuffer() : cache.takeBuffer(), priority: priority,
                            kernels: kernels, shadowTiles: shadowTiles, circulatingBytes: cache.circulatingBytes)
        job.queuedFrame = frame
        entry.job = job
        return job
    }

    /// Evicts tiles this frame does not need, least recently needed first, until `additional` more
    /// buffers fit. Returns whether they fit.
    private func makeRoom(forAdditional additional: Int) -> Bool {
        while !cache.fits(additional: additional), let victim = cache.leastRecentlyNeeded(notIn: frame) {
            remove(victim)
            arrivals.evictions += 1
        }
        return cache.fits(additional: additional)
    }

    /// Removes an entry that got neither pixels nor a job (no room for one).
    func forget(_ entry: TileEntry) { remove(entry) }

    /// Removes `entry` from the cache and its layer's record; a job not started is released, a running
    /// one is dropped when it finishes.
    private func remove(_ entry: TileEntry) {
        if let job = entry.job, job.isHeldByManager { release(job) }
        entry.job = nil
        cache.remove(entry)
        records[entry.key.layer]?.keys.remove(entry.key)
    }

    /// Gives back the buffer of a job that will not run (taken back from the queue and not queued again).
    private func release(_ job: RasterJob) {
        guard !job.isSettled else { return }
        job.isSettled = true
        cache.giveBack(job.target)
        if let entry = cache[job.key], entry.job === job {
            entry.job = nil
            if entry.pixels == nil { remove(entry) }
        }
    }

    /// Takes in finished rasters: a job of its entry's current version installs its pixels; any other is
    /// dropped (its entry was invalidated again, evicted or freed meanwhile).
    private func takeFinished() {
        for job in queue.takeFinished() {
            job.isSettled = true
            arrivals.workTime += job.started.map { $0.duration(to: job.finished ?? $0) } ?? .zero
            let entry = cache[job.key].flatMap { $0.job === job ? $0 : nil }
            entry?.job = nil
            guard let entry, entry.version == job.version, let target = job.target else {
                cache.giveBack(job.target)
                arrivals.dropped += 1
                continue
            }
            if let old = entry.pixels { cache.giveBack(old) }
            if job.key.layer & FramePlanner.shadowIdentityBit != 0 {
                arrivals.shadows += 1
                if job.reused { arrivals.shadowsReused += 1 }
            }
            if job.key.isLevel {
                arrivals.byLevel[Int((job.key.rasterScale / scale).exponent), default: 0] += 1
            }
            stamps += 1
            entry.stamp = stamps
            entry.pixels = target
            entry.coverage = job.coverage
            entry.zeroRows = job.zeroRows
            entry.isCurrent = true
            if let since = entry.waitingSince {
                arrivals.visible += 1
                arrivals.latencies.append(since.duration(to: job.finished ?? since))
                entry.waitingSince = nil
            } else {
                arrivals.prepaint += 1
                entry.awaitsFirstUse = true
            }
        }
    }

    // MARK: Layers

    private func record(for planned: PlannedLayer) -> LayerTileRecord {
        if let record = records[planned.identity] { return record }
        let record = LayerTileRecord(lifetime: planned.lifetime, seenSerial: planned.displayLog.serial)
        records[planned.identity] = record
        return record
    }

    /// Frees the tiles of freed layers, and forgets live layers that have no tiles and were not planned
    /// by the last frame (a layer seen again starts afresh: with no tiles, nothing can be stale).
    /// Cost: one check per record (layers with tiles, or planned last frame).
    private func releaseFreedLayers() {
        for (identity, record) in records where !record.lifetime.isAlive || (record.keys.isEmpty && record.lastFrame + 1 < frame) {
            for key in record.keys { if let entry = cache[key] { remove(entry) } }
            records[identity] = nil
        }
    }

    /// Marks the tiles `planned`'s new invalidations touch as stale; returns how many.
    private func applyInvalidations(_ planned: PlannedLayer, _ record: LayerTileRecord) -> Int {
        var changes = planned.displayLog.changes(since: record.seenSerial)
        record.seenSerial = planned.displayLog.serial
        if let shadow = planned.shadow, record.shadow != shadow {  // a shadow's tiles hold one drawing
            if record.shadow != nil { changes = .all }
            record.shadow = shadow
        }
        var touched: [TileEntry] = []
        switch changes {
        case .none:
            return 0
        case .all:
            touched = record.keys.compactMap { cache[$0] }
        case .rects(let rects):
            var seen: Set<TileKey> = []
            // A transformed layer may hold tiles at several scales (older zoom levels): each is invalidated
            // in its own plane device pixels.
            let scales = Set(record.keys.map(\.scaleBits))
            for rect in rects {
                for scaleBits in scales {
                    var pixels = rect.pixelRect(atScale: abs(Double(bitPattern: scaleBits)))
                    if Double(bitPattern: scaleBits) < 0, !pixels.isEmpty {  // level tiles: the gutter
                        pixels = PixelRect(x: pixels.x - 1, y: pixels.y - 1, width: pixels.width + 1, height: pixels.height + 1)
                    }
                    if grid.count(of: pixels) <= record.keys.count, let span = grid.span(of: pixels) {
                        for row in span.rows {
                            for column in span.columns {
                                let key = TileKey(layer: planned.identity, scaleBits: scaleBits, column: column, row: row)
                                if let entry = cache[key], seen.insert(key).inserted { touched.append(entry) }
                            }
                        }
                    } else {
                        for key in record.keys where key.scaleBits == scaleBits && !seen.contains(key)
                            && !key.rasterRect(grid).intersection(pixels).isEmpty {
                            seen.insert(key)
                            if let entry = cache[key] { touched.append(entry) }
                        }
                    }
                }
            }
        }
        for entry in touched {
            entry.version += 1
            entry.isCurrent = false
            entry.awaitsFirstUse = false
        }
        return touched.count
    }

    // MARK: Checkerboard

    /// The framebuffer translation of the layer of tile op `op`.
    private func tileTranslation(_ plan: FramePlan, op: PlannedOp) -> (x: Int, y: Int) {
        guard case let .tile(layer, _, _) = op.source else { return (0, 0) }
        return plan.layers[layer].translation
    }

    func checkerboardTile(at planeOrigin: (x: Int, y: Int)) throws -> (pixels: PixelBuffer, phase: (x: Int, y: Int)) {
        if checkerboard == nil { checkerboard = try Checkerboard(tileSize: grid.size) }
        return checkerboard!.tile(at: planeOrigin)
    }
}

/// Rasters taken in since the last frame's statistics, reported with the next frame.
private struct Arrivals {
    var visible = 0
    var prepaint = 0
    var dropped = 0
    var evictions = 0
    var byLevel: [Int: Int] = [:]
    var shadows = 0
    var shadowsReused = 0
    var workTime: Duration = .zero
    var latencies: [Duration] = []

    func report(into statistics: inout FrameStatistics) {
        statistics.tilesRasterizedVisible += visible
        statistics.tilesRasterizedPrepaint += prepaint
        statistics.rasterResultsDropped += dropped
        statistics.evictions += evictions
        statistics.tilesRasterizedByLevel.merge(byLevel, uniquingKeysWith: +)
        statistics.shadowTilesRasterized += shadows
        statistics.shadowTilesReused += shadowsReused
        statistics.rasterWorkTime += workTime
        statistics.tileArrivalLatencies += latencies
    }
}
