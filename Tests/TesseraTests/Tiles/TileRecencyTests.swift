import Testing
@testable import Tessera

/// The tile cache's recency list (`TileCache`, uncounted links) keeps entries in the order they were last
/// needed: checked against an array over random inserts, relinks and removals.
@Suite struct TileRecencyTests {
    @Test(arguments: [1, 2, 3, 4])
    func theLeastRecentlyNeededEntryIsTheOneAnArrayOfNeedsNames(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let cache = TileCache(grid: TileGrid(size: 16), budgetBytes: 1 << 20)
        var order: [TileEntry] = []  // least recently needed first
        var next = 0
        for _ in 0..<2_000 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3 where order.count < 40:
                let entry = cache.insert(TileKey(layer: 1, scaleBits: 0, column: next, row: 0))
                next += 1
                order.append(entry)
            case 3..<8 where !order.isEmpty:
                let entry = order.remove(at: Int.random(in: 0..<order.count, using: &random))
                cache.markNeeded(entry)
                order.append(entry)
            case 8 where !order.isEmpty:
                cache.remove(order.remove(at: Int.random(in: 0..<order.count, using: &random)))
            default:
                break
            }
            #expect(cache.leastRecentlyNeeded(notIn: .max) === order.first)
            #expect(cache.count == order.count)
        }
        while let oldest = cache.leastRecentlyNeeded(notIn: .max) {  // the whole list, oldest first
            #expect(oldest === order.first)
            cache.remove(oldest)
            order.removeFirst()
        }
        #expect(order.isEmpty)
    }
}
