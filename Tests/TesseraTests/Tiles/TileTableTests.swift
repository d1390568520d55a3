import Testing
@testable import Tessera

/// The tile cache's index (`TileTable`): what a dictionary would hold, through growth and deletions that
/// shift probe runs back.
@Suite struct TileTableTests {
    /// Random sets, replacements and removals over a few hundred keys of a handful of layers and scales
    /// (negative indices too), checked against a `Dictionary` after every operation for the key touched
    /// and, every 64 operations, for every key ever used: the same entries, the same count.
    @Test(arguments: [1, 2, 3])
    func theTableHoldsWhatADictionaryHolds(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let keys = (0..<400).map { _ in
            TileKey(layer: 1 + random.next() % 5, scaleBits: [1.0, 2.0, -0.5][Int(random.next() % 3)].bitPattern,
                    column: Int(random.next() % 40) - 20, row: Int(random.next() % 40) - 20)
        }
        var table = TileTable(), reference: [TileKey: TileEntry] = [:]
        for step in 0..<6000 {
            let key = keys[Int(random.next() % UInt64(keys.count))]
            // Removals a little less likely than sets: the table fills and grows, and runs get long.
            if random.next() % 5 < 2 {
                #expect(table.remove(key) === reference.removeValue(forKey: key), "step \(step)")
            } else {
                let entry = TileEntry(key: key)
                table.set(entry, for: key)
                reference[key] = entry
            }
            #expect(table[key] === reference[key], "step \(step)")
            #expect(table.count == reference.count, "step \(step)")
            if step % 64 == 0 {
                #expect(keys.allSatisfy { table[$0] === reference[$0] }, "step \(step)")
            }
        }
        for key in keys { table.remove(key) }
        #expect(table.count == 0 && keys.allSatisfy { table[$0] == nil })
    }

    /// Keys that share a home slot (the low bits of their words) make one probe run: removing any of
    /// them leaves the others found, and a removed key is gone.
    @Test func keysOfOneHomeSlotStayFoundWhateverIsRemoved() {
        var candidates = (0..<5000).map { TileKey(layer: 9, scaleBits: 0, column: $0, row: 0) }
        let slot = Int(truncatingIfNeeded: candidates[0].word) & (TileTable.minimumCapacity * 2 - 1)
        candidates = candidates.filter { Int(truncatingIfNeeded: $0.word) & (TileTable.minimumCapacity * 2 - 1) == slot }
        let colliding = Array(candidates.prefix(6))
        #expect(colliding.count == 6)
        for removed in colliding.indices {
            var table = TileTable()
            // Others first, so the table has grown to 32 slots and the run sits among them.
            let others = (0..<9).map { TileKey(layer: 3, scaleBits: 0, column: $0, row: 1) }
            for key in others + colliding { table.set(TileEntry(key: key), for: key) }
            #expect(table.remove(colliding[removed]) != nil)
            #expect(table[colliding[removed]] == nil)
            #expect((others + colliding).enumerated().allSatisfy { $0.offset == 9 + removed || table[$0.element]?.key == $0.element })
            #expect(table.count == 14)
        }
    }

    /// A probe run that starts in the table's last slot wraps to its first ones: removing any of its keys
    /// (or a key homed at slot 0 that the run pushed on) leaves the others found.
    @Test func aRunAcrossTheTablesEndStaysFoundWhateverIsRemoved() {
        let mask = TileTable.minimumCapacity * 2 - 1  // 32 slots once 8 keys are in
        let homed = { (slot: Int) in
            (0..<20000).lazy.map { TileKey(layer: 7, scaleBits: 0, column: $0, row: 2) }
                .filter { Int(truncatingIfNeeded: $0.word) & mask == slot }
        }
        let run = Array(homed(mask).prefix(4)) + Array(homed(0).prefix(2))  // one run from slot 31 on, past slot 0
        let fillers = (0..<6).map { TileKey(layer: 8, scaleBits: 0, column: $0, row: 5) }
            .filter { ![mask, 0, 1, 2, 3, 4, 5].contains(Int(truncatingIfNeeded: $0.word) & mask) }
        #expect(run.count == 6)
        for removed in run.indices {
            var table = TileTable()
            for key in fillers + run { table.set(TileEntry(key: key), for: key) }
            #expect(table.remove(run[removed]) != nil)
            #expect(table[run[removed]] == nil)
            #expect(run.enumerated().allSatisfy { $0.offset == removed || table[$0.element]?.key == $0.element },
                    "removed \(removed)")
            #expect(fillers.allSatisfy { table[$0]?.key == $0 })
        }
    }
}
