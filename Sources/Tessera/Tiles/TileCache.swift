/// The tiles a compositor keeps between frames, within a byte budget.
///
/// - Budget: ``bytes`` (tiles × `tileSize² × 4`) stays ≤ ``budgetBytes``, except when the tiles the
///   current frame itself needs do not fit; then every other tile is evicted and the frame reports it
///   (invariant 4 of design.md).
/// - LRU: tiles are evicted least recently used first, and never when the current frame needs them
///   (a tile touched this frame is at the recently-used end of the list, so eviction stops there).
/// - Pooling: evicted buffers go to a ``TileBufferPool`` and are reused by the tiles rasterized next;
///   spare buffers are trimmed after each frame so that tiles plus spares stay within the budget.
/// - Invalidation: ``synchronize(_:)`` reads a layer's display log and drops the tiles the new
///   invalidation rects touch (or all of the layer's tiles).
/// - Freed layers: the cache holds layers weakly; the tiles of a layer that no longer exists are freed
///   at the start of the next frame (``beginFrame()``). Tiles of layers removed from the tree but still
///   alive are not needed by any frame and leave through LRU eviction.
///
/// Units: device pixels at ``scale``. Thread safety: the compositor's calling thread only.
final class TileCache {
    let grid: TileGrid
    let scale: Double
    let budgetBytes: Int
    let pool: TileBufferPool

    private var entries: [TileKey: TileEntry] = [:]
    /// Most recently used end of the LRU list.
    private var newest: TileEntry?
    /// Least recently used end of the LRU list.
    private var oldest: TileEntry?
    private var layers: [UInt64: LayerRecord] = [:]
    /// The number of the current frame (starts at 1 with the first ``beginFrame()``).
    private(set) var frame: UInt64 = 0
    /// Tiles evicted to respect the budget, since the cache was created.
    private(set) var evictionCount = 0

    init(grid: TileGrid, scale: Double, budgetBytes: Int) {
        self.grid = grid
        self.scale = scale
        self.budgetBytes = budgetBytes
        // Spares never exceed what the budget could hold; ``endFrame()`` trims them to the budget's free
        // room, so after a frame cached tiles plus spares stay within the budget (unless over budget).
        self.pool = TileBufferPool(tileSize: grid.size, capacity: budgetBytes / (grid.size * grid.size * 4))
    }

    /// The bytes one tile holds.
    var tileBytes: Int { grid.size * grid.size * 4 }
    /// The number of cached tiles.
    var count: Int { entries.count }
    /// The bytes the cached tiles hold (pool spares not included).
    var bytes: Int { entries.count * tileBytes }

    /// The key of tile `(column, row)` of `layer`'s plane at this cache's scale.
    func key(layer: UInt64, column: Int, row: Int) -> TileKey {
        TileKey(layer: layer, scaleBits: scale.bitPattern, column: column, row: row)
    }

    /// Starts a frame: advances the frame number and frees the tiles of layers that no longer exist.
    func beginFrame() {
        frame += 1
        let dead = layers.filter { $0.value.layer == nil }.map(\.key)
        guard !dead.isEmpty else { return }
        let deadSet = Set(dead)
        for id in dead { layers[id] = nil }
        for entry in entries.values where deadSet.contains(entry.key.layer) { remove(entry) }
    }

    /// The per-layer record (created on first sight: a new layer has no tiles, so nothing is stale).
    func record(for layer: Layer) -> LayerRecord {
        if let record = layers[layer.identity] { return record }
        let record = LayerRecord(layer: layer, seenSerial: layer.displayLog.serial)
        layers[layer.identity] = record
        return record
    }

    /// Drops the tiles `layer`'s display log invalidated since the cache last looked; returns how many.
    @discardableResult
    func synchronize(_ layer: Layer) -> Int {
        let record = record(for: layer)
        let changes = layer.displayLog.changes(since: record.seenSerial)
        record.seenSerial = layer.displayLog.serial
        switch changes {
        case .none:
            return 0
        case .all:
            let stale = entries.values.filter { $0.key.layer == layer.identity }
            stale.forEach(remove)
            return stale.count
        case .rects(let rects):
            var removed = 0
            for rect in rects {
                let pixels = rect.pixelRect(atScale: scale)
                if grid.count(of: pixels) <= entries.count, let span = grid.span(of: pixels) {
                    for row in span.rows {
                        for column in span.columns {
                            if let entry = entries[key(layer: layer.identity, column: column, row: row)] {
                                remove(entry)
                                removed += 1
                            }
                        }
                    }
                } else {
                    let stale = entries.values.filter {
                        $0.key.layer == layer.identity
                            && !grid.rect(column: $0.key.column, row: $0.key.row).intersection(pixels).isEmpty
                    }
                    stale.forEach(remove)
                    removed += stale.count
                }
            }
            return removed
        }
    }

    /// The cached tile for `key`, marked as used by the current frame; `nil` on a miss.
    func lookUp(_ key: TileKey) -> TileEntry? {
        guard let entry = entries[key] else { return nil }
        touch(entry)
        return entry
    }

    /// True when `key` is cached (does not count as a use).
    func contains(_ key: TileKey) -> Bool { entries[key] != nil }

    /// Evicts least recently used tiles the current frame has not used until `additional` more tiles fit
    /// in the budget, or nothing evictable is left. Returns the number evicted.
    @discardableResult
    func makeRoom(forAdditional additional: Int) -> Int {
        var evicted = 0
        while (entries.count + additional) * tileBytes > budgetBytes,
              let victim = oldest, victim.lastUsedFrame != frame {
            remove(victim)
            evicted += 1
        }
        evictionCount += evicted
        return evicted
    }

    /// True when `additional` more tiles fit in the budget without evicting anything.
    func fits(additional: Int) -> Bool { (entries.count + additional) * tileBytes <= budgetBytes }

    /// Adds an empty (not yet rasterized) tile for `key`, used by the current frame, with a pooled buffer.
    func insert(_ key: TileKey) throws -> TileEntry {
        let entry = TileEntry(key: key, buffer: try pool.take(), frame: frame)
        entries[key] = entry
        linkAsNewest(entry)
        return entry
    }

    /// Removes `entry` and gives its buffer back to the pool.
    func remove(_ entry: TileEntry) {
        guard entries[entry.key] === entry else { return }
        entries[entry.key] = nil
        unlink(entry)
        pool.give(entry.buffer)
    }

    /// Ends a frame: frees spare buffers beyond what the budget could still take.
    func endFrame() {
        pool.trim(to: Swift.max(0, budgetBytes - bytes) / tileBytes)
    }

    // MARK: LRU list

    private func touch(_ entry: TileEntry) {
        entry.lastUsedFrame = frame
        guard newest !== entry else { return }
        unlink(entry)
        linkAsNewest(entry)
    }

    private func linkAsNewest(_ entry: TileEntry) {
        entry.older = newest
        entry.newer = nil
        newest?.newer = entry
        newest = entry
        if oldest == nil { oldest = entry }
    }

    private func unlink(_ entry: TileEntry) {
        if let newer = entry.newer { newer.older = entry.older } else { newest = entry.older }
        if let older = entry.older { older.newer = entry.newer } else { oldest = entry.newer }
        entry.older = nil
        entry.newer = nil
    }
}

/// What the cache remembers about one layer between frames. Thread safety: as ``TileCache``.
final class LayerRecord {
    /// Weak: the cache must not keep layers alive; a `nil` here frees the layer's tiles.
    weak var layer: Layer?
    /// The ``DisplayLog/serial`` the cache has applied.
    var seenSerial: UInt64
    /// The plane-to-framebuffer translation (device pixels) of the last frame that drew the layer.
    var lastTranslation: (x: Int, y: Int)?
    /// The layer's bounds origin in plane device pixels in that frame.
    var lastBoundsOrigin: (x: Int, y: Int)?
    /// The frame number of ``lastTranslation``.
    var lastFrame: UInt64 = 0

    init(layer: Layer, seenSerial: UInt64) {
        self.layer = layer
        self.seenSerial = seenSerial
    }
}
