/// The storage of the tile manager: tile entries by key, their recency list, and the tile buffers
/// (in use and spare) counted against a byte budget. It holds no policy: the ``TileManager`` decides
/// what to keep, what to evict and when.
///
/// - Buffers: every tile buffer in use — a tile's pixels, and the target of a raster job, queued,
///   running or abandoned — is counted in ``buffersInUse`` from ``takeBuffer()`` (or
///   ``takeLevelBuffer()``) to ``giveBack(_:)``. Spare buffers wait in two ``TileBufferPool``s, one of
///   exact tiles (`N²` pixels) and one of level-of-detail tiles (`(N + 1)²`, with their gutter), and are
///   trimmed after each frame so that buffers in use plus spares stay within the budget (a level
///   buffer counts as one tile: 0.8 % more bytes at N = 256). Pooling level buffers keeps a pinch from
///   allocating, page-faulting and freeing a buffer per level tile.
/// - Recency: ``markNeeded(_:)`` moves an entry to the recently needed end; ``leastRecentlyNeeded(notIn:)``
///   walks from the other end.
///
/// Units: device pixels. Thread safety: the model thread only.
final class TileCache {
    let grid: TileGrid
    let budgetBytes: Int
    let pool: TileBufferPool
    /// Spare level-of-detail tile buffers (`(N + 1)²`).
    let levelPool: TileBufferPool

    /// Every entry, keeping it alive: the recency list's links are not counted (``TileEntry/older``).
    /// Without the runtime's exclusivity check: each frame reads it for every visible and look-ahead
    /// tile (a check is a thread-local look-up and a record: 0.06 ms a frame of `tessera bench feed` in a
    /// `perf` profile), and only this class's own methods touch it, on the model thread, never within
    /// another access.
    @exclusivity(unchecked) private var entries = TileTable()
    /// Most recently needed end of the list.
    private var newest: Unmanaged<TileEntry>?
    /// Least recently needed end of the list.
    private var oldest: Unmanaged<TileEntry>?
    /// Tile buffers taken and not given back yet.
    private(set) var buffersInUse = 0

    init(grid: TileGrid, budgetBytes: Int) {
        self.grid = grid
        self.budgetBytes = budgetBytes
        pool = TileBufferPool(tileSize: grid.size, capacity: budgetBytes / (grid.size * grid.size * 4))
        levelPool = TileBufferPool(tileSize: grid.size + 1, capacity: budgetBytes / (grid.size * grid.size * 4))
    }

    /// The bytes one tile buffer holds.
    var tileBytes: Int { grid.size * grid.size * 4 }
    /// The number of entries.
    var count: Int { entries.count }
    /// The bytes of the buffers in use (spares not included).
    var bytes: Int { buffersInUse * tileBytes }
    /// The bytes of the buffers in use and spare (a level buffer counted as a tile): the memory a
    /// buffer handed to raster was last written in (``ScratchTile/pays(byteCount:kernels:circulatingBytes:caches:)``).
    var circulatingBytes: Int { (buffersInUse + pool.count + levelPool.count) * tileBytes }
    /// True when `additional` more buffers fit in the budget.
    func fits(additional: Int) -> Bool { (buffersInUse + additional) * tileBytes <= budgetBytes }

    subscript(key: TileKey) -> TileEntry? { entries[key] }

    /// Adds a new entry (no pixels, no job) at the recently needed end.
    func insert(_ key: TileKey) -> TileEntry {
        let entry = TileEntry(key: key)
        entries.set(entry, for: key)
        linkAsNewest(entry)
        return entry
    }

    /// Removes `entry`, giving back its pixels' buffer (its job is the caller's to settle).
    func remove(_ entry: TileEntry) {
        guard entries[entry.key] === entry else { return }
        entries.remove(entry.key)
        unlink(entry)
        if let pixels = entry.pixels { giveBack(pixels) }
        entry.pixels = nil
    }

    /// Counts one more tile buffer in use and returns a spare one (dirty) if the pool has one; `nil` means
    /// the user allocates it (a raster worker does, off the model thread: first-touch page faults and
    /// zeroing then cost the worker, not the frame).
    func takeBuffer() -> PixelBuffer? {
        buffersInUse += 1
        return pool.takeSpare()
    }

    /// Ends the use of a buffer counted by ``takeBuffer()``: it goes back to the pool (or is freed when the
    /// pool is full); `nil` when it was never allocated.
    func giveBack(_ buffer: PixelBuffer?) {
        buffersInUse -= 1
        guard let buffer else { return }
        if buffer.width == grid.size { pool.give(buffer) } else if buffer.width == grid.size + 1 { levelPool.give(buffer) }
    }

    /// ``takeBuffer()`` for a level tile, whose buffer is one gutter pixel larger each way (see
    /// ``TileKey/rasterRect(_:)``): a spare from the level pool, or `nil` (the raster worker allocates).
    /// Counted as one tile.
    func takeLevelBuffer() -> PixelBuffer? {
        buffersInUse += 1
        return levelPool.takeSpare()
    }

    /// The spare buffers of both pools.
    var spareCount: Int { pool.count + levelPool.count }
    /// The buffers both pools had to allocate since they were created.
    var allocationCount: Int { pool.allocationCount + levelPool.allocationCount }

    /// Frees spare buffers beyond what the budget could still take (level spares first).
    func trimSpares() {
        let limit = Swift.max(0, budgetBytes - bytes) / tileBytes
        levelPool.trim(to: Swift.max(0, limit - pool.count))
        pool.trim(to: limit - levelPool.count)
    }

    // MARK: Recency

    /// Moves `entry` to the most recently needed end.
    func markNeeded(_ entry: TileEntry) {
        guard newest?.toOpaque() != Unmanaged.passUnretained(entry).toOpaque() else { return }
        unlink(entry)
        linkAsNewest(entry)
    }

    /// The least recently needed entry whose ``TileEntry/neededFrame`` is not `frame`, if any; walks only
    /// the entries older than the first one `frame` needed (needed entries are at the newer end).
    func leastRecentlyNeeded(notIn frame: UInt64) -> TileEntry? {
        guard let candidate = oldest?.takeUnretainedValue(), candidate.neededFrame != frame else { return nil }
        return candidate
    }

    private func linkAsNewest(_ entry: TileEntry) {
        let linked = Unmanaged.passUnretained(entry)
        entry.older = newest
        entry.newer = nil
        newest?._withUnsafeGuaranteedRef { $0.newer = linked }
        newest = linked
        if oldest == nil { oldest = linked }
    }

    private func unlink(_ entry: TileEntry) {
        let (older, newer) = (entry.older, entry.newer)
        if let newer { newer._withUnsafeGuaranteedRef { $0.older = older } } else { newest = older }
        if let older { older._withUnsafeGuaranteedRef { $0.newer = newer } } else { oldest = newer }
        entry.older = nil
        entry.newer = nil
    }
}
