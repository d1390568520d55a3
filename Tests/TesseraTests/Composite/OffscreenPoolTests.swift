import Testing
@testable import Tessera

@Suite struct OffscreenPoolTests {
    /// A take gets the smallest free slab that fits, so a group piece does not take the slab a scroll
    /// move's halo needs (which would then be allocated, and its pages faulted in, again); a take that
    /// nothing fits gets a new slab.
    @Test func aTakeGetsTheSmallestFreeSlabThatFits() {
        let pool = OffscreenPool()
        let big = pool.take(byteCount: 1 << 20), small = pool.take(byteCount: 64 << 10)
        let tiny = pool.take(byteCount: 100)
        for slab in [big, small, tiny] { pool.give(slab) }
        #expect(pool.take(byteCount: 5000).baseAddress == small.baseAddress, "not the first free slab that fits")
        #expect(pool.take(byteCount: 10).baseAddress == tiny.baseAddress)
        let fresh = pool.take(byteCount: 2 << 20)
        #expect(fresh.byteCount >= 2 << 20 && ![big, small, tiny].contains { $0.baseAddress == fresh.baseAddress })
        #expect(pool.take(byteCount: 1 << 20).baseAddress == big.baseAddress)
        for slab in [big, small, tiny, fresh] { pool.give(slab) }
    }

    /// A new slab has room for an eighth more than asked (at least a page), so a halo a row taller than
    /// the last (83 then 84 rows of a 4K window) takes the slab the last one gave back.
    @Test func aNewSlabFitsARequestAnEighthLarger() {
        for byteCount in [1, 4096, 4097, 65_535, 1 << 20, 1_274_880, 33_177_600] {
            let size = OffscreenPool.slabSize(byteCount)
            #expect(size >= byteCount && size >= 4096 && size % 4096 == 0, "\(byteCount) → \(size)")
            #expect(byteCount <= 4096 || size - byteCount < Swift.max(4096, byteCount / 8 + 1), "\(byteCount) → \(size)")
        }
        let pool = OffscreenPool()
        let halo = pool.take(byteCount: 83 * 3840 * 4)
        pool.give(halo)
        #expect(pool.take(byteCount: 84 * 3840 * 4).baseAddress == halo.baseAddress)
    }
}
