import Foundation

/// Scratch memory of the composite stage, shared by every compositor of the process: group offscreens,
/// RGBA copies for masked kernels, and the halos of a scroll move's lanes (``MoveLanes``).
///
/// Memory: a group piece needs `width · height · 4` bytes — at most the framebuffer width × the band
/// height — for as long as one band worker composites it; nested groups hold one slab per level. A halo
/// holds a move's distance in rows of its window until the move is released. Free slabs are kept for
/// reuse up to ``retainedBytes`` in total (so their pages are not faulted in again each frame); the rest
/// are freed. A take gets the smallest free slab that fits. Not part of the tile budget
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
        let size = Swift.max(byteCount, 4096)
        return Slab(baseAddress: .allocate(byteCount: size, alignment: 64), byteCount: size)
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
