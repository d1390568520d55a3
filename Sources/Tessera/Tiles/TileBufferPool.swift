/// Spare tile buffers, so that a frame that evicts tiles to make room for new ones reuses their memory
/// instead of allocating: in a steady scroll no tile buffer is allocated.
///
/// Every buffer is `tileSize × tileSize` device pixels, packed rows. Buffers come back dirty; the raster
/// stage clears them. The pool keeps at most ``capacity`` buffers; extra ones are freed.
///
/// Thread safety: the model thread only (through ``TileCache``).
final class TileBufferPool {
    let tileSize: Int
    /// The most spare buffers kept.
    let capacity: Int
    private var spares: [PixelBuffer] = []
    /// How many buffers the pool had to allocate since it was created (for statistics and tests).
    private(set) var allocationCount = 0

    init(tileSize: Int, capacity: Int) {
        self.tileSize = tileSize
        self.capacity = capacity
    }

    /// The number of spare buffers held.
    var count: Int { spares.count }

    /// A spare buffer, or `nil` when none is left (the caller allocates one; counted as an allocation).
    func takeSpare() -> PixelBuffer? {
        if let buffer = spares.popLast() { return buffer }
        allocationCount += 1
        return nil
    }

    /// Returns `buffer` for reuse (or frees it when the pool is full).
    func give(_ buffer: PixelBuffer) {
        if spares.count < capacity { spares.append(buffer) }
    }

    /// Frees spare buffers until at most `limit` are left.
    func trim(to limit: Int) {
        if spares.count > limit { spares.removeLast(spares.count - Swift.max(0, limit)) }
    }
}
