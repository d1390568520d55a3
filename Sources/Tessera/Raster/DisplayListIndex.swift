/// A spatial index over a display list's items: horizontal bands of the layer's plane, each listing (in
/// paint order) the items whose bounds reach into it, so that drawing one tile visits only the items
/// near it.
///
/// Units are points (the index serves every scale). Band height is at least 64 points and grows so that
/// there are at most 16,384 bands over the list's vertical extent; items are registered in every band
/// their bounds (grown by one point for anti-aliasing) overlap.
///
/// The bands span the list's whole vertical extent, so one item of enormous height (say a background
/// 1e12 points tall) makes them coarse and a query degrades towards a scan with per-item culling —
/// correct, only slower; such an item is better drawn by a layer of its own (or its background colour).
///
/// Thread safety: immutable and `Sendable`; queries allocate only when a rect spans more than
/// ``mergedBandLimit`` bands.
struct DisplayListIndex: Sendable {
    private let minY: Double
    private let bandHeight: Double
    /// Band `b` lists the indices of the items that overlap it, ascending:
    /// `entries[bandStarts[b] ..< bandStarts[b + 1]]`.
    private let entries: [Int32]
    private let bandStarts: [Int]

    static let minimumBandHeight = 64.0
    static let maximumBandCount = 16_384
    /// Queries over at most this many bands (a tile spans two or three) merge the bands' lists in one
    /// pass; more are concatenated and sorted.
    static let mergedBandLimit = 4

    init(_ items: [DisplayItem]) {
        var top = Double.infinity, bottom = -Double.infinity
        for item in items {
            let b = item.bounds
            top = Swift.min(top, b.minY - 1)
            bottom = Swift.max(bottom, b.maxY + 1)
        }
        if !(bottom > top) { (top, bottom) = (0, 1) }
        let height = Swift.max(Self.minimumBandHeight, (bottom - top) / Double(Self.maximumBandCount))
        let count = Swift.min(Self.maximumBandCount, Int(((bottom - top) / height).rounded(.up)) + 1)
        var bands = [[Int32]](repeating: [], count: count)
        for (i, item) in items.enumerated() {
            let b = item.bounds
            let first = Self.band(b.minY - 1, top, height, count), last = Self.band(b.maxY + 1, top, height, count)
            for band in first...last { bands[band].append(Int32(i)) }
        }
        minY = top
        bandHeight = height
        var starts = [0]
        starts.reserveCapacity(count &+ 1)
        for band in bands { starts.append(starts[starts.count - 1] + band.count) }
        entries = bands.flatMap { $0 }
        bandStarts = starts
    }

    private static func band(_ y: Double, _ top: Double, _ height: Double, _ count: Int) -> Int {
        let b = ((y - top) / height).rounded(.down)
        return b < 0 ? 0 : (b >= Double(count - 1) ? count - 1 : Int(b))
    }

    /// Calls `body` with the index of every item whose bounds may reach the points `minY ..< maxY`, in
    /// paint order, each once.
    func forEachCandidate(minY top: Double, maxY bottom: Double, _ body: (Int) -> Void) {
        let count = bandStarts.count &- 1
        if bottom < minY || top > minY + bandHeight * Double(count) { return }
        let first = Self.band(top, minY, bandHeight, count), last = Self.band(bottom, minY, bandHeight, count)
        entries.withUnsafeBufferPointer { entries in
            if first == last {
                for i in entries[bandStarts[first] ..< bandStarts[first &+ 1]] { body(Int(i)) }
                return
            }
            if last &- first < Self.mergedBandLimit {
                // The bands' ascending lists merged (an item in several bands once): each step takes the
                // smallest head, and every list whose head it is moves on.
                let lists = last &- first &+ 1
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 &* lists) { cursors in
                    // cursors[k]: band first + k's next entry; cursors[lists + k]: its end.
                    for k in 0..<lists {
                        cursors[k] = bandStarts[first &+ k]
                        cursors[lists &+ k] = bandStarts[first &+ k &+ 1]
                    }
                    while true {
                        var smallest = Int32.max, found = false
                        for k in 0..<lists where cursors[k] < cursors[lists &+ k] {
                            let head = entries[cursors[k]]
                            if !found || head < smallest { smallest = head; found = true }
                        }
                        if !found { return }
                        for k in 0..<lists where cursors[k] < cursors[lists &+ k] && entries[cursors[k]] == smallest {
                            cursors[k] &+= 1
                        }
                        body(Int(smallest))
                    }
                }
                return
            }
            var merged: [Int32] = []
            for band in first...last { merged.append(contentsOf: entries[bandStarts[band] ..< bandStarts[band &+ 1]]) }
            merged.sort()
            var previous: Int32 = -1
            for i in merged where i != previous {
                body(Int(i))
                previous = i
            }
        }
    }
}
