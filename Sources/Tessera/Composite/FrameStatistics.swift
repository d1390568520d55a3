/// What one ``Compositor/render(_:into:)`` call did: counts, cache state and timings.
///
/// Tile counts are of distinct tiles (device-pixel squares of a layer's plane). Times are wall-clock
/// durations measured on the calling thread. Thread safety: a plain value.
public struct FrameStatistics: Sendable, Hashable, CustomStringConvertible {
    /// The compositor's frame number, from 1. An unchanged frame (``isUnchangedFrame``) repeats the
    /// number of the last planned frame.
    public var frameNumber: UInt64 = 0
    /// True when the frame was the last frame again: no layer of the root's tree had changed, the tile
    /// stage was settled and the caller's framebuffer held the last frame, so nothing was planned, looked
    /// up or composited (`damage` is empty; tile and cache figures are the last frame's).
    public var isUnchangedFrame = false
    /// True when only colours changed and the frame recoloured the last frame's draw list instead of
    /// resolving the tiles and building it (`Compositor+RecoloredFrame.swift`).
    public var isRecoloredFrame = false
    /// Tiles the frame shows (the tiles of every visible layer's content intersecting its clipped bounds).
    public var tilesVisible = 0
    /// Visible tiles whose current pixels were cached when the frame looked them up.
    public var cacheHits = 0
    /// Visible tiles that the previous frame did not show: what a scroll exposed. Every tiled compositor
    /// must have these ready (rasterized now, or earlier by prepaint or the cache).
    public var tilesNewlyVisible = 0
    /// Visible tiles shown for the first time since a prepaint drew them: prepaint that paid off.
    /// Over a run, `tilesRasterizedVisible + prepaintedTilesShown` counts every tile rasterized for
    /// visible content.
    public var prepaintedTilesShown = 0
    /// Rasters taken in since the previous frame (or during this one) of tiles that a frame showed
    /// before their pixels were current: visible misses and invalidated visible tiles. In
    /// ``Compositor/RasterMode/synchronous`` mode, exactly this frame's visible tiles that were not cached.
    public var tilesRasterizedVisible = 0
    /// Rasters taken in since the previous frame (or during this one) of tiles no frame had shown yet:
    /// prepaint ahead of the motion (SOON and EVENTUALLY).
    public var tilesRasterizedPrepaint = 0
    /// Of the rasters taken in (visible and prepaint), the level-of-detail tiles by level exponent `k`
    /// (rasterized at `scale · 2^k`, README.md "Levels of detail"); exact-scale tiles are not listed.
    public var tilesRasterizedByLevel: [Int: Int] = [:]
    /// Of ``tilesRasterized``: the tiles of layers' shadows (README.md, "Shadows").
    public var shadowTilesRasterized = 0
    /// Of ``shadowTilesRasterized``: the tiles copied from an identical shadow tile drawn before (another
    /// layer with the same shadow shape, blur and colour; `Tiles/ShadowTileMemo.swift`), not drawn.
    public var shadowTilesReused = 0
    /// Raster results dropped because their tile was invalidated again, evicted or freed while they ran.
    public var rasterResultsDropped = 0
    /// Raster jobs this frame queued (new, or queued again at a new priority).
    public var rasterJobsQueued = 0
    /// Raster jobs queued or running when the frame returned.
    public var rasterJobsOutstanding = 0
    /// Visible tiles drawn as the checkerboard because no pixels of them had arrived.
    public var tilesCheckerboarded = 0
    /// Visible tiles drawn from an older version while the raster of the invalidated content runs.
    public var tilesShownStale = 0
    /// Framebuffer pixels of the checkerboarded tiles (their clipped destinations, before occlusion).
    public var checkerboardPixels = 0
    /// Framebuffer pixels of all visible tiles (clipped destinations, before occlusion): the base of
    /// the checkerboarded share.
    public var visibleTilePixels = 0
    /// For each tile counted in ``tilesRasterizedVisible``: the time from the first frame that showed it
    /// without current pixels to the end of its raster.
    public var tileArrivalLatencies: [Duration] = []
    /// Cached tiles marked stale because `setNeedsDisplay` / a new `content` invalidated them.
    public var tilesInvalidated = 0
    /// Tiles evicted (tiles the frame does not need, least recently needed first) to keep the cache
    /// within its budget.
    public var evictions = 0
    /// Tiles in the cache after the frame.
    public var tilesInCache = 0
    /// Bytes held by the cached tiles after the frame (spare pooled buffers not included).
    public var bytesInCache = 0
    /// Bytes held by spare pooled tile buffers after the frame (kept for reuse; with ``bytesInCache``
    /// they stay within the budget unless the frame is over budget).
    public var spareBufferBytes = 0
    /// The configured budget, in bytes.
    public var cacheBudgetBytes = 0
    /// Bytes of the tiles the frame shows (`tilesVisible × tileSize² × 4`).
    public var bytesNeededByFrame = 0
    /// True when the visible tiles alone exceed the budget: the cache then holds exactly the frame's
    /// tiles, over budget, until a later frame needs fewer.
    public var isOverBudget = false
    /// Tile buffers newly allocated by this frame (0 in a steady scroll: evicted buffers are reused).
    public var tileBuffersAllocated = 0
    /// Draw ops handed to composition (colours and tiles meeting the damage); 0 when the frame
    /// composited nothing (no damage). What later opaque ops cover is cut away per band, not counted.
    public var drawOps = 0
    /// Fully transparent tiles skipped (nothing to draw).
    public var drawOpsSkipped = 0
    /// Of ``drawOps``, translucent tile pieces drawn onto their layer's opaque background in one opaque
    /// pass (README.md, "Composition"): the background's fill under them is then hidden, not drawn.
    public var drawOpsUnderlaid = 0
    /// Group-opacity groups composited through an offscreen buffer (README.md, "Group opacity"); 0 when
    /// the frame composited nothing.
    public var offscreenPasses = 0
    /// Groups drawn without an offscreen buffer because it could not change a pixel (the peephole).
    public var opacityPeepholes = 0
    /// This frame, for ``Compositor/render(_:into:previousFrame:)`` next time.
    public var frameToken = FrameToken(value: 0)
    /// The framebuffer rects whose pixels may differ from the previous frame's, for hosts that present
    /// with damage (device pixels; at most 8, disjoint): the whole framebuffer for a full frame,
    /// the rects composited, and in a frame that moved the last one's pixels (``pixelsMoved``) the scroll's
    /// whole window too; none when nothing could change.
    public var damage: [PixelRect] = []
    /// Framebuffer pixels moved (copied one scroll offset away) before the damage was composited: a scroll
    /// that left most of the last frame right (`DamageTracker`, "Scrolls"); 0 otherwise.
    public var pixelsMoved = 0
    /// Of ``pixelsMoved``: pixels of cells the compositor knew to hold one colour (`FramebufferCells`),
    /// written as that colour without reading their source (``Compositor/Configuration-swift.struct/scrollMoveCells``).
    public var pixelsMoveFilled = 0
    /// Of ``pixelsMoved``: pixels of such cells whose destination held that colour already, not written.
    public var pixelsMoveKept = 0
    /// Framebuffer pixels composited (the composited rects' areas summed; overlaps counted twice): the
    /// ``damagedPixels`` but in a frame that moved pixels, where it is what the move could not give.
    public var pixelsComposited = 0
    /// Framebuffer pixels a move brought under ops drawn after every moved one (a fixed translucent
    /// header over a scroll): only those ops were drawn over them (`DamageTracker`, "Overlays"); not
    /// counted in ``pixelsComposited``.
    public var pixelsOverlaid = 0
    /// Of ``pixelsOverlaid``: pixels a translucent colour (a fixed header's background) was drawn over as a
    /// fill of one blended colour, without reading them, because the move left them in cells known to hold
    /// one colour (`FramebufferCells`).
    public var pixelsOverlaidFilled = 0
    /// Time spent walking the tree into a plan.
    public var planTime: Duration = .zero
    /// Time the frame thread spent in the tile stage: resolving tiles, queueing raster and, in
    /// synchronous mode or with a raster deadline, waiting for it.
    public var rasterTime: Duration = .zero
    /// Worker time of the rasters taken in (``tilesRasterizedVisible`` + ``tilesRasterizedPrepaint`` +
    /// ``rasterResultsDropped``), summed over the workers.
    public var rasterWorkTime: Duration = .zero
    /// Time spent building the draw list and compositing the bands.
    public var compositeTime: Duration = .zero

    /// Every raster taken in: visible misses plus prepaint.
    public var tilesRasterized: Int { tilesRasterizedVisible + tilesRasterizedPrepaint }
    /// Framebuffer pixels composited: the areas of ``damage`` (overlaps counted twice).
    public var damagedPixels: Int { damage.reduce(0) { $0 + $1.area } }
    /// True when some visible tile was drawn as the checkerboard.
    public var isCheckerboarded: Bool { tilesCheckerboarded > 0 }
    /// Plan, raster and composite time together.
    public var totalTime: Duration { planTime + rasterTime + compositeTime }

    /// Statistics with every count zero (the compositor fills them in).
    public init() {}

    /// One line with the counts and times, for logs.
    public var description: String {
        "frame \(frameNumber): \(tilesVisible) visible, \(cacheHits) hits, rasterized \(tilesRasterizedVisible)"
            + " + \(tilesRasterizedPrepaint) prepaint, \(tilesCheckerboarded) checkerboarded, \(tilesShownStale) stale,"
            + " \(tilesInvalidated) invalidated, \(evictions) evicted,"
            + " cache \(tilesInCache) tiles / \(bytesInCache) of \(cacheBudgetBytes) bytes"
            + (isOverBudget ? " (OVER BUDGET: frame needs \(bytesNeededByFrame))" : "")
            + ", \(drawOps) ops (\(drawOpsSkipped) skipped), plan \(planTime), raster \(rasterTime),"
            + " composite \(compositeTime)"
    }
}
