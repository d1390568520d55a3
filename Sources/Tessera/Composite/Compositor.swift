/// Renders a layer tree into a framebuffer: plan → tiles → composite (`ARCHITECTURE.md`, "One frame").
///
/// 1. **Plan** (calling thread): ``FramePlanner`` walks the tree — the only stage that reads it — into a
///    flat list of draws in paint order (background colours as solid fills, content as tiles of the
///    layer's plane) plus what the tile stage needs of each layer.
/// 2. **Tiles**: the ``TileManager`` answers every visible tile from its cache and queues raster for
///    the missing ones and for look-ahead tiles on its workers. In ``RasterMode/asynchronous`` mode
///    (the default) the frame does not wait: a visible tile whose pixels have not arrived is drawn
///    from its older version or as the ``Checkerboard``, and counted in ``FrameStatistics``.
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
/// Thread safety: not thread-safe. Call ``render(_:into:)`` and ``drainRaster()`` from the thread that
/// owns the layer tree (the model thread), one call at a time. `LayerContent.draw(in:)` runs on the
/// compositor's raster workers — during and between frames in asynchronous mode — until the job's
/// raster ends: a draw may still be running after the layer was changed or freed, until the next
/// ``drainRaster()`` returns or the compositor is released (its deinit waits for running draws and
/// drops queued ones).
public final class Compositor {
    /// The settings the compositor was created with.
    public let configuration: Configuration
    let grid: TileGrid
    let tiles: TileManager
    /// The last frame's ops, for damage-only frames.
    var damage = DamageTracker()
    /// The last frame's draw-list output per plan op, for the ops that did not change (`DrawListMemo.swift`).
    var drawListMemo = DrawListMemo()
    /// The last plan's layer and op counts (``FramePlanner/expected``).
    private var plannedSizes = (layers: 0, ops: 0)
    /// What the last frame saw, for skipping unchanged frames (`Compositor+UnchangedFrame.swift`).
    var unchanged: UnchangedFrameState?
    /// The planned frames so far (``FrameStatistics/frameNumber``).
    private var plannedFrames: UInt64 = 0
    /// The pixel format of the last frame's framebuffer: a frame in another format is a full frame.
    var damageFormat: PixelFormat?
    /// The last frame's device translation of each visible layer, by identity: where this frame's differ,
    /// the framebuffer may be moved instead of recomposited (``scrollMoves(_:)``).
    var layerTranslations: [UInt64: (x: Int, y: Int)] = [:]
    /// The composition kernels: the configured tier's, or the process's selected tier's.
    let kernels: KernelTable
    /// Band helpers woken at the start of a frame that will likely composite many bands (``WorkCrew``).
    let crew = WorkCrew()
    /// Frames since the last composite of many bands (more than one band work item over at least
    /// 1/``crewDamageFraction`` of the framebuffer): helpers are woken while it is below ``crewMemory``.
    var framesSinceBands = Compositor.crewMemory
    /// How many frames after one that composited many bands the next frames still wake the crew: at the
    /// end of a fling most frames move less than a device pixel (nothing to composite) and every few
    /// frames one moves a pixel and recomposites everything; without this, those frames ran their bands
    /// on one thread (`bench feed --script fastfling`: 8–10 ms composites instead of 5).
    static let crewMemory = 60
    /// A composite counts as one of many bands when it covers at least 1/`crewDamageFraction` of the
    /// framebuffer: a spinner's few bands are not worth keeping helpers for.
    static let crewDamageFraction = 8
    /// Whether the last frame that had a move candidate saved work by moving (true before any had one):
    /// only then does a frame start its move early (`Compositor+EarlyMove.swift`). Frames without a
    /// candidate (the scroll still) leave it, so the first frame of a scroll moves early after a scroll
    /// whose moves paid, and takes the ordinary path after one whose moves did not.
    var lastMoveSaved = true
    /// Frames whose move started early, since the compositor was made, and the last one's
    /// ``ScrollMove/temporalRows`` (for tests).
    var earlyMoves = 0
    var lastEarlyMoveTemporalRows: [Range<Int>] = []
    /// Plan ops cut by shapes whose pieces were the last frame's, moved by a scroll or not (``DrawListMemo``),
    /// since the compositor was made (for tests).
    var reusedCuts = 0
    /// The rects the last frame's damage made it composite (not counting the rows its early move left, nor
    /// its overlays): the next early move predicts from them the rows its frame rewrites whole
    /// (`Compositor+EarlyMove.swift`).
    var lastRegions: [PixelRect] = []
    /// The rects where the last frame drew its trailing ops over moved pixels (``Damage/Overlay``): the next
    /// early move writes their rows with temporal stores (``ScrollMove/temporalRows``).
    var lastOverlaid: [PixelRect] = []
    /// The last planned frame, while its draw list is the one kept (`Compositor+RecoloredFrame.swift`).
    var lastPlan: LastPlan?
    /// Frames that patched the last plan instead of planning, since the compositor was made (for tests).
    var patchedPlans = 0
    /// Rounded-corner and border coverage by shape, shared by every frame (`CoverageShape.swift`).
    let coverageCache = CoverageCache()
    /// What the last frame left in the framebuffer's 64-pixel cells, for a scroll's move
    /// (``Configuration-swift.struct/scrollMoveCells``).
    let framebufferCells = FramebufferCells()

    /// Creates a compositor with an empty tile cache.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming the bad configuration field.
    public init(configuration: Configuration = Configuration()) throws {
        self.configuration = try configuration.validated()
        grid = TileGrid(size: configuration.tileSize)
        kernels = try configuration.kernelTier.map { try KernelTable(tier: $0) } ?? Kernels.active
        tiles = TileManager(grid: grid, scale: configuration.scale, budgetBytes: configuration.cacheBudgetBytes,
                            workers: configuration.workers, mode: configuration.rasterMode,
                            deadline: configuration.rasterDeadline,
                            maximumPrepaintTiles: configuration.maximumPrepaintTiles,
                            backgroundRaster: configuration.backgroundRaster, kernels: kernels,
                            levels: LevelsOfDetail(count: configuration.levelsOfDetail, bias: configuration.levelsOfDetailBias))
    }

    /// True when background raster draws (``Configuration/backgroundRaster``) run under Linux's
    /// `SCHED_IDLE` policy in this process, false when they run at their quality of service's nice value
    /// alone (the process may not return a thread from `SCHED_IDLE`; README.md, "Tile priorities").
    public static var backgroundRasterRunsIdle: Bool { IdleRasterPolicy.isAvailable }

    /// Bytes held by tile buffers in use now: tiles' pixels and raster targets (spare pooled buffers not
    /// included).
    public var bytesInCache: Int { tiles.cache.bytes }
    /// The number of tiles the cache knows now (with pixels, or waiting for them).
    public var tilesInCache: Int { tiles.cache.count }

    /// Renders the tree at `root` into `framebuffer` (overwriting every pixel; the area no layer covers
    /// becomes transparent, or opaque black in the `X` formats) and reports what it took; the pixels are
    /// written in the framebuffer's ``PixelBuffer/format`` by the composite pass itself. `root`'s
    /// `frame.origin` (points × scale) places
    /// it; a superlayer of `root`, if any, is ignored.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `framebuffer` when it has no
    ///   pixels, or a layer whose position is too far out to be represented in device pixels. Nothing is
    ///   drawn then.
    public func render(_ root: Layer, into framebuffer: PixelBuffer) throws -> FrameStatistics {
        try render(root, into: framebuffer, previousFrame: nil)
    }

    /// Renders like ``render(_:into:)``, but composites only the pixels that can differ from the frame
    /// `previousFrame` (``FrameStatistics/frameToken`` of an earlier call), which `framebuffer` must still
    /// hold: the caller's promise. When `previousFrame` is `nil`, not this compositor's last frame, or the
    /// framebuffer's size or ``PixelFormat`` changed, every pixel is composited. ``FrameStatistics/damage`` lists the rects
    /// composited (for presenting with damage, as Wayland's `damage_buffer` wants); an unchanged frame
    /// composites nothing, and when no layer changed and the tile stage is settled it is not even
    /// planned (`Compositor+UnchangedFrame.swift`: O(1)).
    /// - Throws: as ``render(_:into:)``; the next frame is then a full one. The framebuffer then holds the
    ///   previous frame, or, when a scroll's move had started (`Compositor+EarlyMove.swift`), its pixels moved.
    public func render(_ root: Layer, into framebuffer: PixelBuffer, previousFrame: FrameToken?) throws -> FrameStatistics {
        var statistics = FrameStatistics()
        try tesseraPhaseFrame {  // the phase marks are for profilers (PhaseMarkers.swift)
            statistics = try renderFrame(root, into: framebuffer, previousFrame: previousFrame)
        }
        return statistics
    }

    private func renderFrame(_ root: Layer, into framebuffer: PixelBuffer, previousFrame: FrameToken?) throws -> FrameStatistics {
        guard framebuffer.width > 0, framebuffer.height > 0 else {
            throw TesseraError.invalidArgument(
                argument: "framebuffer",
                reason: "must be at least 1×1 pixels, got \(framebuffer.width)×\(framebuffer.height)")
        }
        let clock = ContinuousClock()
        let start = clock.now
        // A frame in another pixel format than the last one rewrites every pixel.
        let sameFormat = damageFormat == framebuffer.format
        if sameFormat, var statistics = unchangedFrame(root, viewport: framebuffer.bounds, previousFrame: previousFrame) {
            statistics.planTime = clock.now - start
            return statistics
        }
        unchanged = nil
        var last = lastPlan.take()  // a frame that throws leaves no plan to patch
        if configuration.workers > 1, framesSinceBands < Self.crewMemory {  // helpers poll until the bands
            crew.wake(helpers: configuration.workers - 1)
        }
        defer { crew.dismiss() }  // helpers the frame did not use (it composited nothing, or threw)
        tiles.holdRaster()  // no raster draw starts while the frame runs, unless it waits for raster
        defer { tiles.resumeRaster() }
        let subject = PlannedSubject(root: root, viewport: framebuffer.bounds)
        var statistics = FrameStatistics()
        plannedFrames += 1
        statistics.frameNumber = plannedFrames

        let planStart = clock.now
        // Only background colours changed: the last plan, recoloured (`Compositor+RecoloredFrame.swift`).
        var planned = patchedPlan(&last, root: root, viewport: framebuffer.bounds)
        let patched = planned != nil
        if planned == nil {
            var planner = FramePlanner(scale: configuration.scale, grid: grid, viewport: framebuffer.bounds,
                                       lookAhead: configuration.maximumPrepaintTiles > 0, expected: plannedSizes)
            try tesseraPhasePlan { planned = try planner.plan(root) }
        } else {
            patchedPlans += 1
        }
        let plan = planned!  // set unless `plan` threw
        plannedSizes = (plan.layers.count, plan.ops.count)
        statistics.planTime = clock.now - planStart
        // A patched plan is the last one recoloured: its layers, so their translations, are the last frame's
        // (which recorded them): nothing moved.
        let moves = configuration.scrollMoves && !patched ? scrollMoves(plan) : []
        // What the framebuffer's cells hold, if it holds the last frame (known until this frame ends).
        let cells = configuration.scrollMoveCells
            ? framebufferCells.begin(width: framebuffer.width, height: framebuffer.height,
                                     holdsLastFrame: damage.holds(sameFormat ? previousFrame : nil, viewport: framebuffer.bounds))
            : nil
        // A scroll's move starts now, on the helpers (`Compositor+EarlyMove.swift`).
        let early = startEarlyMove(moves, framebuffer: framebuffer, previousFrame: sameFormat ? previousFrame : nil,
                                   cells: cells)
        var composited = false
        defer {
            if let early {
                early.run.join()  // no helper writes the framebuffer after the frame
                if !composited { damage = DamageTracker() }  // the pixels moved: the next frame is a full one
            }
        }

        let rasterStart = clock.now
        // Only colours changed and the tiles are the last frame's: recolour its draw list
        // (`Compositor+RecoloredFrame.swift`).
        var recolorings = early == nil ? recolorings(plan) : nil  // a recoloured frame moves nothing
        var resolved: [TileManager.ResolvedTile?] = []
        try tesseraPhaseTiles {
            if recolorings != nil, tiles.repeatLastFrame(plan, statistics: &statistics) { return }
            recolorings = nil
            resolved = try tiles.prepare(plan, viewport: framebuffer.bounds, statistics: &statistics)
        }
        statistics.rasterTime = clock.now - rasterStart
        statistics.isRecoloredFrame = recolorings != nil

        let compositeStart = clock.now
        var failure: (any Error)?  // only a coverage plane that cannot be allocated
        tesseraPhaseComposite {
            do {
                try composite(plan, &resolved, recoloring: recolorings, moves: moves, early: early, cells: cells,
                              into: framebuffer, previousFrame: sameFormat ? previousFrame : nil, statistics: &statistics)
                composited = true
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        statistics.compositeTime = clock.now - compositeStart
        unchanged = UnchangedFrameState(subject: subject, statistics: statistics)
        lastPlan = LastPlan(plan: plan, subject: subject)
        return statistics
    }

    /// Step 3 of the frame: the draw list (built, or the last one recoloured at `recoloring`), damage and
    /// the bands. `resolved`: the tiles step 2 prepared, emptied once the draw list is built. `moves`: the
    /// frame's move candidates (``scrollMoves(_:)``), `early` the one already under way. `cells`: what the
    /// framebuffer's cells hold (``FramebufferCells``), for the move.
    private func composite(_ plan: FramePlan, _ resolved: inout [TileManager.ResolvedTile?], recoloring: [Int]?,
                           moves: [Damage.Move], early: EarlyMove?, cells: FramebufferCells.Maps?,
                           into framebuffer: PixelBuffer, previousFrame: FrameToken?,
                           statistics: inout FrameStatistics) throws {
        var tracker = damage
        damage = DamageTracker()  // a frame that fails half-way leaves the framebuffer unknown: full next time
        damageFormat = framebuffer.format
        let token = FrameToken.next()
        let list: (list: DrawList, signatures: [DrawSignature], skipped: Int)
        let found: Damage
        if let recoloring {  // the plan is the last one but for colours: no move, none started early
            // The last frame's signatures are recoloured in place: the tracker lets go of them first (an
            // array it shared would be copied whole), and the damage is the recoloured ops' rects.
            tracker.releaseSignatures()
            let recolored = recoloredDrawList(plan, changing: recoloring)
            list = (recolored.list, recolored.signatures, recolored.skipped)
            found = tracker.damage(recolored: recolored.recolored, of: list.signatures, viewport: framebuffer.bounds,
                                   previousFrame: previousFrame, token: token)
        } else {
            list = try drawList(plan, tiles: resolved)
            // The resolved tiles are let go here, while a helper still moves, not in the frame's serial tail
            // (their tiles are borrowed, `TileManager.ResolvedTile`: no reference is counted any more).
            resolved = []
            found = tracker.damage(list.signatures, viewport: framebuffer.bounds, previousFrame: previousFrame,
                                   token: token, moves: moves, moved: early?.candidate,
                                   groups: drawListMemo.groups.map(\.signatures))
        }
        if early != nil {
            // Woken for the bands now, not when the move started: a helper that had not yet seen the move's
            // run would have skipped it for the bands' (`WorkCrew` keeps the latest run only). The band run
            // joins the move (`BandCompositor`: the parts it does not touch go first).
            crew.wake(helpers: configuration.workers - 1)
        }
        let move = early != nil ? nil : found.move.flatMap {
            ScrollMove(offset: $0.offset, within: $0.window, workers: configuration.workers, rewritten: found.regions,
                       overlaid: found.overlay?.rects ?? [], streams: movesStream(framebuffer), cells: cells)
        }
        // The tracker only proposes moves `ScrollMove` takes; without one, its damage would not hold.
        var regions = found.move != nil && move == nil && early == nil ? [framebuffer.bounds] : found.regions
        // The rects where the frame's last ops are drawn over the moved pixels (a fixed header's), and the
        // first of those ops in `list.list`: the op of the first trailing signature. A group's signatures
        // outnumber its ops (its marker, or pieces, then its ops'): the tracker starts the trailing ones
        // outside groups. Were one inside, the rects would be composited whole (disjoint from `regions`).
        var overlay: (rects: [PixelRect], first: Int)?
        if let found = found.overlay, regions != [framebuffer.bounds] {
            if let first = drawListMemo.opIndex(ofSignature: list.signatures.count - found.ops) {
                overlay = (found.rects, first)
            } else {
                regions += found.rects
            }
        }
        // What the damage rewrites, without the rows an early move left: were they kept, the next move would
        // leave them again, and a row composited once would be composited in every frame after (on
        // `tessera bench feed`, 24–25 rows above the strip, 11 % of the composited pixels, in the frame's tail).
        lastRegions = regions
        if let moved = early?.move, !moved.skippedRows.isEmpty, regions != [framebuffer.bounds] {
            // The rows the early move left (`Compositor+EarlyMove.swift`) hold the last frame's pixels.
            let rows = moved.skippedRows.map {
                PixelRect(x: moved.window.minX, y: $0.lowerBound, width: moved.window.width, height: $0.count)
            }
            regions = DamageTracker.merged(regions + rows, within: framebuffer.bounds)
            if let left = overlay {  // not moved: composited whole
                overlay = (left.rects.flatMap { DamageTracker.subtract(regions, from: $0) }, left.first)
            }
        }
        lastOverlaid = overlay?.rects ?? []
        statistics.pixelsMoved = early?.move.window.area ?? move?.window.area ?? 0
        if early != nil { lastMoveSaved = found.moveSaved } else if !moves.isEmpty { lastMoveSaved = move != nil }
        statistics.pixelsComposited = DamageTracker.area(regions)
        statistics.pixelsOverlaid = DamageTracker.area(overlay?.rects ?? [])
        var moved = early?.move  // the move the framebuffer's pixels went through
        if !regions.isEmpty || overlay?.rects.isEmpty == false {  // an unchanged frame composites nothing
            // Only the ops that meet the damage matter (an op hiding another meets whatever it hides).
            var relevant = list.list, overlaid: (rects: [PixelRect], first: Int)?
            if regions != [framebuffer.bounds] {
                let meeting = Self.ops(meeting: regions + (overlay?.rects ?? []),
                                       destinations: drawListMemo.destinations)
                relevant = DrawList(ops: meeting.map { list.list.ops[$0] })
                overlaid = overlay.map { overlay in (overlay.rects, meeting.count { $0 < overlay.first }) }
            }
            statistics.drawOps = relevant.ops.count
            statistics.offscreenPasses = plan.groups.count
            statistics.drawOpsSkipped = list.skipped
            statistics.drawOpsUnderlaid = relevant.ops.reduce(0) { $0 + ($1.underlay == nil ? 0 : 1) }
            let bandsDone = BandCompositor.composite(relevant, into: framebuffer, regions: regions,
                                                     bandHeight: configuration.bandHeight,
                                                     workers: configuration.workers, kernels: kernels, crew: crew,
                                                     overlay: overlaid,
                                                     move: move, started: early.map { ($0.move, $0.run) },
                                                     // below what area the bands run on this thread alone (the
                                                     // kernels' threshold, which tests bind to 0), but a small
                                                     // framebuffer's whole frame still takes helpers
                                                     helperArea: min(BandScheduler.areaForHelpers,
                                                                     framebuffer.bounds.area / Self.crewDamageFraction))
            statistics.pixelsOverlaidFilled = bandsDone.overlaidFilled
            let area = statistics.pixelsComposited + statistics.pixelsOverlaid + statistics.pixelsMoved
            let many = bandsDone.items > 1 && area >= framebuffer.bounds.area / Self.crewDamageFraction
            framesSinceBands = many ? 0 : min(framesSinceBands + 1, Self.crewMemory)
            moved = moved ?? move
        } else {
            framesSinceBands = min(framesSinceBands + 1, Self.crewMemory)
        }
        if configuration.scrollMoveCells {
            early?.run.join()  // (the band run joined it already, when there was one)
            framebufferCells.finish(moved: moved, composited: regions + (overlay?.rects ?? []))
            (statistics.pixelsMoveFilled, statistics.pixelsMoveKept) = moved?.cellPixels ?? (0, 0)
        }
        damage = tracker
        statistics.opacityPeepholes = plan.opacityPeepholes
        statistics.frameToken = token
        // What a host presents: every pixel of the moved window may differ.
        statistics.damage = found.move.map { DamageTracker.merged(regions + [$0.window], within: framebuffer.bounds) }
            ?? regions
    }

    /// Whether a frame that moves pixels into `framebuffer` streams them (``Configuration-swift.struct/scrollMoveStores``).
    package func movesStream(_ framebuffer: PixelBuffer) -> Bool {
        configuration.scrollMoveStores.streams(framebufferBytes: framebuffer.bytesPerRow * framebuffer.height)
    }

    /// The indices of the ops whose destination meets one of `regions`, in order, found in `destinations`,
    /// the ops' destinations side by side (``DrawListMemo/destinations``: the memo's ops are the frame's
    /// list), not in the ops: the caller copies only the ops taken (a copy retains what it owns, masks and
    /// level tiles: a spinner's frame takes a handful of ~600).
    private static func ops(meeting regions: [PixelRect], destinations: [PixelRect]) -> [Int] {
        destinations.indices.filter { index in regions.contains { !destinations[index].intersection($0).isEmpty } }
    }

    /// Waits until every raster the compositor has queued has finished, and takes the results in: the
    /// next ``render(_:into:)`` then shows every tile the last frame asked for (unless the model changed
    /// since). No `draw(in:)` call of this compositor runs after it returns until the next frame.
    /// Model thread, like ``render(_:into:)``.
    public func drainRaster() {
        tiles.drain()
    }
}
