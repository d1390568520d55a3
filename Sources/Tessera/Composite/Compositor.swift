/// Renders a layer tree into a framebuffer: plan → raster → composite (design.md, "One frame").
///
/// 1. **Plan** (calling thread): ``FramePlanner`` walks the tree into a flat list of draws in paint
///    order — background colours as solid fills, content as tiles of the layer's plane.
/// 2. **Raster**: the ``TileCache`` answers every visible tile; misses, plus prepaint tiles ahead of the
///    scroll direction when workers would otherwise idle, are rasterized in parallel into pooled tile
///    buffers. The cache keeps its byte budget with LRU eviction, never evicting a tile the frame needs.
/// 3. **Composite**: the draws become an immutable ``DrawList``; draws hidden under a later opaque draw
///    and fully transparent tiles are dropped; ``BandCompositor`` clears the framebuffer to transparent
///    and applies the list band by band on the workers with ``Kernels``.
///
/// Units: layer geometry is in points; the framebuffer and tiles are in device pixels at
/// ``Configuration-swift.struct/scale``. The root layer's `frame.origin` places it in the framebuffer.
/// A layer's background colour fills its bounds below its content (never cached: scrolling never
/// redraws it); tiles hold only the `content`'s drawing. A layer without content has no tiles.
///
/// Tiles are kept between frames for the layers of any tree rendered with this compositor; tiles of
/// freed layers are released at the next frame.
///
/// Thread safety: not thread-safe. Call ``render(_:into:)`` from the thread that owns the layer tree
/// (the model thread), one frame at a time; the compositor uses Dispatch workers internally and returns
/// when they are done. `LayerContent.draw(in:)` runs on those workers.
public final class Compositor {
    /// The settings the compositor was created with.
    public let configuration: Configuration
    private let grid: TileGrid
    private let cache: TileCache
    /// The tiles the previous frame showed, to count newly visible ones.
    private var previousVisible: Set<TileKey> = []

    /// Creates a compositor with an empty tile cache.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming the bad configuration field.
    public init(configuration: Configuration = Configuration()) throws {
        self.configuration = try configuration.validated()
        grid = TileGrid(size: configuration.tileSize)
        cache = TileCache(grid: grid, scale: configuration.scale, budgetBytes: configuration.cacheBudgetBytes)
    }

    /// Bytes held by cached tiles now (spare pooled buffers not included).
    public var bytesInCache: Int { cache.bytes }
    /// The number of cached tiles now.
    public var tilesInCache: Int { cache.count }

    /// Renders the tree at `root` into `framebuffer` (overwriting every pixel; the area no layer covers
    /// becomes transparent) and reports what it took. `root`'s `frame.origin` (points × scale) places
    /// it; a superlayer of `root`, if any, is ignored.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `framebuffer` when it has no
    ///   pixels, or a layer whose position is too far out to be represented in device pixels. Nothing is
    ///   drawn then.
    public func render(_ root: Layer, into framebuffer: PixelBuffer) throws -> FrameStatistics {
        guard framebuffer.width > 0, framebuffer.height > 0 else {
            throw TesseraError.invalidArgument(
                argument: "framebuffer",
                reason: "must be at least 1×1 pixels, got \(framebuffer.width)×\(framebuffer.height)")
        }
        let clock = ContinuousClock()
        var statistics = FrameStatistics()
        statistics.cacheBudgetBytes = configuration.cacheBudgetBytes

        let planStart = clock.now
        var planner = FramePlanner(scale: configuration.scale, grid: grid, viewport: framebuffer.bounds)
        let plan = try planner.plan(root)
        statistics.planTime = clock.now - planStart

        let rasterStart = clock.now
        let tiles = try rasterize(plan, statistics: &statistics)
        statistics.rasterTime = clock.now - rasterStart

        let compositeStart = clock.now
        let list = drawList(plan, tiles: tiles)
        let culled = list.list.removingOccluded()
        statistics.drawOps = culled.list.ops.count
        statistics.drawOpsSkipped = list.skipped + culled.removed
        try BandCompositor.composite(culled.list, into: framebuffer, bandHeight: configuration.bandHeight,
                                     workers: configuration.workers)
        statistics.compositeTime = clock.now - compositeStart

        statistics.frameNumber = cache.frame
        statistics.tilesInCache = cache.count
        statistics.bytesInCache = cache.bytes
        return statistics
    }

    /// Step 2: answers every tile of the plan from the cache, rasterizing misses and prepaint tiles.
    /// Returns the entry of every visible tile, keyed like the cache.
    private func rasterize(_ plan: FramePlan, statistics: inout FrameStatistics) throws -> [TileKey: TileEntry] {
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

    /// The prepaint tiles this frame may draw: nearest first, within the configured maximum and the
    /// workers the visible misses leave idle. Only layers also drawn by the previous frame have a motion.
    private func prepaintCandidates(_ plan: FramePlan, misses: Int) -> [Prepaint.Candidate] {
        let allowed = Swift.min(configuration.maximumPrepaintTiles,
                                Prepaint.spareSlots(misses: misses, workers: configuration.workers))
        guard allowed > 0 else { return [] }
        var candidates: [Prepaint.Candidate] = []
        for (index, planned) in plan.layers.enumerated() {
            let record = cache.record(for: planned.layer)
            guard record.lastFrame == cache.frame - 1, let last = record.lastTranslation else { continue }
            let motion = (x: last.x - planned.translation.x, y: last.y - planned.translation.y)
            candidates += Prepaint.candidates(layer: index, visible: planned.visiblePlaneRect, motion: motion,
                                              grid: grid)
        }
        candidates.sort { $0.distance < $1.distance }
        var chosen: [Prepaint.Candidate] = []
        for candidate in candidates where chosen.count < allowed {
            let key = cache.key(layer: plan.layers[candidate.layer].layer.identity,
                                column: candidate.column, row: candidate.row)
            if !cache.contains(key) { chosen.append(candidate) }
        }
        return chosen
    }

    /// The plan's draws with their tiles resolved; fully transparent tiles are left out (counted).
    private func drawList(_ plan: FramePlan, tiles: [TileKey: TileEntry]) -> (list: DrawList, skipped: Int) {
        var ops: [DrawOp] = []
        ops.reserveCapacity(plan.ops.count)
        var skipped = 0
        for op in plan.ops {
            switch op.source {
            case .color(let pixel):
                ops.append(DrawOp(source: .color(pixel), destination: op.destination, sourceOrigin: op.sourceOrigin,
                                  opacity: 255, isOpaque: pixel.a == 255))
            case let .tile(layer, column, row):
                let key = cache.key(layer: plan.layers[layer].layer.identity, column: column, row: row)
                guard let entry = tiles[key], entry.coverage != .transparent else {
                    skipped += 1
                    continue
                }
                ops.append(DrawOp(source: .tile(entry.buffer), destination: op.destination,
                                  sourceOrigin: op.sourceOrigin, opacity: op.opacity,
                                  isOpaque: entry.coverage == .opaque && op.opacity == 255))
            }
        }
        return (DrawList(ops: ops), skipped)
    }
}
