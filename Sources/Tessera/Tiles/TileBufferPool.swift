import Dispatch
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

    /// Returns `buffer` for reuse (or frees it, off the calling thread, when the pool is full).
    func give(_ buffer: PixelBuffer) {
        if spares.count < capacity { spares.append(buffer) } else { Self.freeElsewhere([buffer]) }
    }

    /// Frees spare buffers until at most `limit` are left, off the calling thread.
    func trim(to limit: Int) {
        guard spares.count > limit else { return }
        let surplus = spares.count - Swift.max(0, limit)
        Self.freeElsewhere(Array(spares.suffix(surplus)))
        spares.removeLast(surplus)
    }

    /// Drops `buffers` on a background Dispatch thread. Freeing a tile buffer unmaps its memory, and
    /// `munmap` waits for the process's memory map lock, which page-faulting raster threads hold: at the
    /// turn of `tessera bench canvas --script zoom` one frame evicted ~290 tiles and freed their buffers on
    /// the frame thread (the new level tiles need buffers of the other size), and spent 3.4–4.6 ms
    /// preparing tiles instead of 0.2.
    private static func freeElsewhere(_ buffers: [PixelBuffer]) {
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(buffers) {} }
    }
}
