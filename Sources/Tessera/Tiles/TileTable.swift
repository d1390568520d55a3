/// Tile entries by key: the ``TileCache``'s index. An open-addressing hash table — linear probing, at most
/// half full, deletion by backward shift (no tombstones) — indexed by ``TileKey/word``.
///
/// It replaces a `[TileKey: TileEntry]`, whose look-up runs SipHash (a `Hasher` set up per look-up) and
/// reads the slot's bit, key and value from three arrays. A 4K `feed` frame looks up every visible and
/// look-ahead tile (~850), and in a `perf` profile of `tessera bench feed` the dictionary's look-ups and
/// hashing were a third of the samples under `TileManager.prepare` (860 of 2,608). Here a look-up mixes one word and reads one
/// slot (key and entry side by side, 40 bytes), then the next ones while keys differ.
///
///     slots:  [ · | k7→e | k2→e | k9→e | · | · | k4→e | · ]    k9's word says slot 1: probed 1, 2, 3
///
/// Keys come from layer identities and tile indices, not from an adversary: a pathological run of
/// colliding words would make look-ups slower, never wrong.
///
/// Thread safety: none (the owner's: the model thread). Cost: O(1) expected per operation, O(count) when
/// the table doubles; memory 40 bytes a slot, at least twice as many slots as the most entries it has held
/// (it never shrinks: a tile cache's count stays near its budget's), and at least ``minimumCapacity``.
struct TileTable {
    private struct Slot {
        var key: TileKey
        var entry: TileEntry?
    }

    /// The fewest slots.
    static let minimumCapacity = 16
    private static var empty: Slot { Slot(key: TileKey(layer: 0, scaleBits: 0, column: 0, row: 0), entry: nil) }

    /// A power of two, at least twice ``count``.
    private var slots = [Slot](repeating: empty, count: minimumCapacity)
    private(set) var count = 0

    private var mask: Int { slots.count - 1 }

    private func home(_ key: TileKey) -> Int { Int(truncatingIfNeeded: key.word) & mask }

    /// The slot holding `key`, or the empty slot where it would go.
    private func slot(of key: TileKey) -> Int {
        var index = home(key)
        while slots[index].entry != nil, slots[index].key != key { index = (index + 1) & mask }
        return index
    }

    /// The entry of `key`, if any.
    subscript(key: TileKey) -> TileEntry? {
        var index = home(key)
        while let entry = slots[index].entry {
            if slots[index].key == key { return entry }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Sets `key`'s entry, replacing any.
    mutating func set(_ entry: TileEntry, for key: TileKey) {
        if (count + 1) * 2 > slots.count { grow() }
        let index = slot(of: key)
        if slots[index].entry == nil { count += 1 }
        slots[index] = Slot(key: key, entry: entry)
    }

    /// Removes `key`'s entry; returns it (`nil` when there was none). The entries after it in its probe
    /// run move back into the hole, each no earlier than its home slot.
    @discardableResult
    mutating func remove(_ key: TileKey) -> TileEntry? {
        var hole = slot(of: key)
        guard let removed = slots[hole].entry else { return nil }
        slots[hole] = Self.empty
        count -= 1
        var index = (hole + 1) & mask
        while slots[index].entry != nil {
            // Moved back when the hole lies between its home and it (cyclically): probing still finds it.
            if (index - home(slots[index].key)) & mask >= (index - hole) & mask {
                slots[hole] = slots[index]
                slots[index] = Self.empty
                hole = index
            }
            index = (index + 1) & mask
        }
        return removed
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Self.empty, count: old.count * 2)
        for slot in old where slot.entry != nil { slots[self.slot(of: slot.key)] = slot }
    }
}
