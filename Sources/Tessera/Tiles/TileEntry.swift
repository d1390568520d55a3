/// One tile the tile manager knows: its pixels (when rasterized), whether they are current, the raster
/// job that will replace them, and its place in the cache's recency list.
///
/// States, by ``pixels`` and ``isCurrent``:
/// - **ready**: pixels of the current drawing (`pixels != nil`, `isCurrent`);
/// - **stale**: pixels of an older drawing, shown until the job for the current one arrives;
/// - **missing**: no pixels yet (a visible missing tile is drawn as checkerboard).
/// A stale or missing tile that a frame needs has a ``job`` whose ``RasterJob/version`` equals
/// ``version``; a job of an older version may still be running, and its result is dropped.
///
/// Buffers are `tileSize × tileSize` device pixels of the layer's plane (see ``TileKey``).
///
/// Thread safety: owned by the ``TileManager`` on the model thread; raster workers never touch an
/// entry (they write only their job's ``RasterJob/target``), composite workers only read ``pixels``.
final class TileEntry {
    let key: TileKey
    /// The tile's pixels, current or stale; `nil` until the first raster arrives.
    var pixels: PixelBuffer? { didSet { pixelsView = pixels?.borrowed } }
    /// ``pixels`` lent to a frame (no ownership), taken when they are set: resolving a visible tile then
    /// reads this entry only. Copying ``pixels`` retains its storage, a write to an object header the
    /// frame touches nowhere else and that the last frame's composite has evicted: that one retain was
    /// 2 % of `tessera bench feed`'s samples (`perf`, 0.26 ms of a 0.88 ms tile phase per frame).
    private(set) var pixelsView: PixelBuffer?
    /// Unique per installation of ``pixels`` (from ``TileManager``): equal stamps, equal pixels.
    var stamp: UInt64 = 0
    /// What ``pixels``' alpha says (``AlphaCoverage/mixed`` until known).
    var coverage: AlphaCoverage = .mixed
    /// ``pixels``' all-zero rows (composition skips reading them).
    var zeroRows = ZeroRows.none { didSet { zeroRowsView = zeroRows.view } }
    /// ``zeroRows`` lent to a frame: taken when they are set, so that resolving the tile reads nothing
    /// but this entry (``TileManager/ResolvedTile``).
    private(set) var zeroRowsView = ZeroRows.View.none
    /// False once an invalidation touched the tile, until a raster of the new drawing arrives.
    var isCurrent = false
    /// Increases with every invalidation; a raster result of another version is dropped.
    var version: UInt64 = 0
    /// The job rasterizing ``version``, queued or running; `nil` when none is wanted.
    var job: RasterJob?

    /// The last frame that needed the tile (at any priority): eviction spares it during that frame.
    var neededFrame: UInt64 = 0
    /// The last frame that showed the tile (needed it at ``TilePriority/now``).
    var visibleFrame: UInt64 = 0
    /// When a frame first showed the tile without its current pixels; cleared when they arrive.
    var waitingSince: ContinuousClock.Instant?
    /// True from a prepaint's arrival until the first frame that shows the tile.
    var awaitsFirstUse = false

    /// Towards the least recently needed and the most recently needed end of the cache's list. Not
    /// counted (no reference counting on the per-frame relinking: a retain of a neighbour is a locked
    /// read-modify-write of its header, often a cache miss; without them the tile phase of `tessera bench
    /// feed` took 0.71 ms a frame instead of 0.81): the cache keeps every linked entry alive in its
    /// dictionary, and unlinks an entry before it lets it go.
    var older: Unmanaged<TileEntry>?
    var newer: Unmanaged<TileEntry>?

    init(key: TileKey) {
        self.key = key
    }

    /// True when the tile has pixels of its current drawing.
    var isReady: Bool { isCurrent && pixelsView != nil }
}
