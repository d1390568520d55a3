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
    let grid: TileGrid
    let cache: TileCache
    /// The composition kernels: the configured tier's, or the process's selected tier's.
    let kernels: KernelTable
    /// The tiles the previous frame showed, to count newly visible ones.
    var previousVisible: Set<TileKey> = []

    /// Creates a compositor with an empty tile cache.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming the bad configuration field.
    public init(configuration: Configuration = Configuration()) throws {
        self.configuration = try configuration.validated()
        grid = TileGrid(size: configuration.tileSize)
        cache = TileCache(grid: grid, scale: configuration.scale, budgetBytes: configuration.cacheBudgetBytes)
        kernels = try configuration.kernelTier.map { try KernelTable(tier: $0) } ?? Kernels.active
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
        let entering = try enteringLayers(root, plan: plan, viewport: framebuffer.bounds)
        statistics.planTime = clock.now - planStart

        let rasterStart = clock.now
        let tiles = try rasterize(plan, entering: entering, statistics: &statistics)
        statistics.rasterTime = clock.now - rasterStart

        let compositeStart = clock.now
        let list = drawList(plan, tiles: tiles)
        let culled = list.list.removingOccluded()
        statistics.drawOps = culled.list.ops.count
        statistics.drawOpsSkipped = list.skipped + culled.removed
        try BandCompositor.composite(culled.list, into: framebuffer, bandHeight: configuration.bandHeight,
                                     workers: configuration.workers, kernels: kernels)
        statistics.compositeTime = clock.now - compositeStart

        statistics.frameNumber = cache.frame
        statistics.tilesInCache = cache.count
        statistics.bytesInCache = cache.bytes
        statistics.spareBufferBytes = cache.pool.count * cache.tileBytes
        return statistics
    }
}
