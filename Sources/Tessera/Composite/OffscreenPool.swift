import Foundation

/// Scratch memory of the composite stage, shared by every compositor of the process: group offscreens,
/// RGBA copies for masked kernels, and the halos of a scroll move's lanes (``MoveLanes``).
///
/// Memory: a group piece needs `width · height · 4` bytes — at most the framebuffer width × the band
/// height — for as long as one band worker composites it; nested groups hold one slab per level. A halo
/// holds a move's distance in rows of its window until the move is released. Free slabs are kept for
/// reuse up to ``retainedBytes`` in total (so their pages are not faulted in again each frame); the rest
/// are freed. A take gets the smallest free slab that fits; a new slab has up to an eighth to spare
/// (``slabSize(_:)``). Not part of the tile budget
/// (``Compositor/Configuration-swift.struct/cacheBudgetBytes`` counts tiles only).
///
/// Thread safety: `take` and `give` may be called from any thread (one `NSLock`: a pthread mutex, which
/// ThreadSanitizer sees, unlike the futex behind `Synchronization.Mutex`, whose critical sections it
/// reported as races).
final class OffscreenPool: @unchecked Sendable {
    static let shared = OffscreenPool()
    /// Free slabs kept at most (bytes).
    static let retainedBytes = 32 << 20

    struct Slab: @unchecked Sendable {
        let baseAddress: UnsafeMutableRawPointer
        let byteCount: Int
    }

    private let lock = NSLock()
    private var free: [Slab] = []

    deinit { for slab in free { slab.baseAddress.deallocate() } }

    /// A slab of at least `byteCount` bytes (uninitialized; 64-byte aligned).
    func take(byteCount: Int) -> Slab {
        let reused: Slab? = lock.withLock {
            // The smallest that fits: a small piece does not take the slab a halo needs.
            var best: Int?
            for index in free.indices where free[index].byteCount >= byteCount {
                if best.map({ free[index].byteCount < free[$0].byteCount }) ?? true { best = index }
            }
            return best.map { free.remove(at: $0) }
        }
        if let reused { return reused }
        let size = Self.slabSize(byteCount)
        return Slab(baseAddress: .allocate(byteCount: size, alignment: 64), byteCount: size)
    }

    /// The size of a new slab for `byteCount` bytes: rounded up to a multiple of the larger of a page and
    /// an eighth of the largest power of two not above it (past 32 KiB, at most an eighth more). Halos
    /// differ by a row from frame to frame (a scroll of 83⅓ pixels a frame moves 83 or 84 rows): without
    /// the margin a halo one row taller than the first found no free slab that fit, and the frame faulted
    /// in a fresh megabyte and a quarter (about 310 page faults, the second frame of `tessera bench feed`'s scroll).
    static func slabSize(_ byteCount: Int) -> Int {
        let page = 4096
        guard byteCount > page else { return page }
        let step = Swift.max(page, (1 << (Int.bitWidth - 1 - byteCount.leadingZeroBitCount)) / 8)
        return (byteCount + step - 1) / step * step
    }

    /// Returns a slab from ``take(byteCount:)``.
    func give(_ slab: Slab) {
        let evicted: [Slab] = lock.withLock {
            free.append(slab)
            var total = free.reduce(0) { $0 + $1.byteCount }
            var evicted: [Slab] = []
            while total > Self.retainedBytes, let first = free.first {
                free.removeFirst()
                total -= first.byteCount
                evicted.append(first)
            }
            return evicted
        }
        for slab in evicted { slab.baseAddress.deallocate() }
    }
}
