/// A spatial index over a display list's items: a grid of cells over the layer's plane, each listing (in
/// paint order) the items whose bounds reach into it, so that drawing one tile visits only the items
/// near it.
///
/// ```
///            column 0   column 1   column 2
///          ┌──────────┬──────────┬──────────┐
///   band 0 │ 0 1      │ 1 4      │ 4        │   a cell lists the items (indices, ascending)
///          ├──────────┼──────────┼──────────┤   whose grown bounds overlap it; a query merges
///   band 1 │ 0 2 3    │ 3 5      │ 5 6      │   the lists of the cells its rect overlaps
///          └──────────┴──────────┴──────────┘
/// ```
///
/// Units are points (the index serves every scale). Cells are at least 64 points tall and
/// ``minimumColumnWidth`` wide, and grow so that there are at most ``maximumBandCount`` bands,
/// ``maximumColumnCount`` columns and ``maximumCellCount`` cells over the list's extent; items are
/// registered in every cell their bounds (grown by one point for anti-aliasing) overlap. Columns matter
/// where cards sit side by side: a tile of a feed five cards wide visits one column's items, not the
/// whole row's.
///
/// Memory: `cellStarts` (8 bytes a cell, at most 256 KB) and 4 bytes per item per cell it overlaps.
///
/// The cells span the list's whole extent, so one item of enormous size (say a background 1e12 points
/// tall) makes them coarse and a query degrades towards a scan with per-item culling — correct, only
/// slower; such an item is better drawn by a layer of its own (or its background colour).
///
/// Thread safety: immutable and `Sendable`; queries allocate only when a rect spans more than
/// ``mergedCellLimit`` cells.
struct DisplayListIndex: Sendable {
    private let minX: Double, minY: Double
    private let columnWidth: Double, bandHeight: Double
    private let columnCount: Int, bandCount: Int
    /// Cell `c` (band `c / columnCount`, column `c % columnCount`) lists the indices of the items that
    /// overlap it, ascending: `entries[cellStarts[c] ..< cellStarts[c + 1]]`.
    private let entries: [Int32]
    private let cellStarts: [Int]

    static let minimumBandHeight = 64.0
    static let maximumBandCount = 16_384
    /// 128 points: a 256-pixel tile at scale 2 spans one or two columns.
    static let minimumColumnWidth = 128.0
    static let maximumColumnCount = 64
    /// At most 32,768 cells (a list 16,384 bands tall gets two columns): bounds the index's memory
    /// (`cellStarts`, 256 KB) and the entries of an item that spans the whole plane.
    static let maximumCellCount = 32_768
    /// Queries over at most this many cells (a tile spans two to six) merge the cells' lists in one
    /// pass; more are concatenated and sorted.
    static let mergedCellLimit = 8

    init(_ items: [DisplayItem]) {
        var left = Double.infinity, right = -Double.infinity
        var top = Double.infinity, bottom = -Double.infinity
        for item in items {
            let b = item.bounds
            left = Swift.min(left, b.minX - 1)
            right = Swift.max(right, b.maxX + 1)
            top = Swift.min(top, b.minY - 1)
            bottom = Swift.max(bottom, b.maxY + 1)
        }
        if !(right > left) { (left, right) = (0, 1) }
        if !(bottom > top) { (top, bottom) = (0, 1) }
        let (height, bands) = Self.division(bottom - top, minimum: Self.minimumBandHeight, limit: Self.maximumBandCount)
        let columnLimit = Swift.max(1, Swift.min(Self.maximumColumnCount, Self.maximumCellCount / bands))
        let (width, columns) = Self.division(right - left, minimum: Self.minimumColumnWidth, limit: columnLimit)
        var cells = [[Int32]](repeating: [], count: columns &* bands)
        for (i, item) in items.enumerated() {
            let b = item.bounds
            let c0 = Self.slot(b.minX - 1, left, width, columns), c1 = Self.slot(b.maxX + 1, left, width, columns)
            let b0 = Self.slot(b.minY - 1, top, height, bands), b1 = Self.slot(b.maxY + 1, top, height, bands)
            for band in b0...b1 {
                for column in c0...c1 { cells[band &* columns &+ column].append(Int32(i)) }
            }
        }
        minX = left
        minY = top
        columnWidth = width
        bandHeight = height
        columnCount = columns
        bandCount = bands
        var starts = [0]
        starts.reserveCapacity(cells.count &+ 1)
        for cell in cells { starts.append(starts[starts.count - 1] + cell.count) }
        entries = cells.flatMap { $0 }
        cellStarts = starts
    }

    /// The size and count of the slots dividing `extent` points: slots at least `minimum` long, at most
    /// `limit` of them.
    private static func division(_ extent: Double, minimum: Double, limit: Int) -> (size: Double, count: Int) {
        let size = Swift.max(minimum, extent / Double(limit))
        return (size, Swift.min(limit, Int((extent / size).rounded(.up)) + 1))
    }

    private static func slot(_ v: Double, _ origin: Double, _ size: Double, _ count: Int) -> Int {
        let s = ((v - origin) / size).rounded(.down)
        return s < 0 ? 0 : (s >= Double(count - 1) ? count - 1 : Int(s))
    }

    /// Calls `body` with the index of every item whose bounds may reach the points
    /// `minX ..< maxX` × `minY ..< maxY`, in paint order, each once.
    func forEachCandidate(minX left: Double, maxX right: Double, minY top: Double, maxY bottom: Double,
                          _ body: (Int) -> Void) {
        if bottom < minY || top > minY + bandHeight * Double(bandCount)
            || right < minX || left > minX + columnWidth * Double(columnCount) { return }
        let b0 = Self.slot(top, minY, bandHeight, bandCount), b1 = Self.slot(bottom, minY, bandHeight, bandCount)
        let c0 = Self.slot(left, minX, columnWidth, columnCount), c1 = Self.slot(right, minX, columnWidth, columnCount)
        let columns = c1 &- c0 &+ 1, lists = (b1 &- b0 &+ 1) &* columns
        entries.withUnsafeBufferPointer { entries in
            if lists == 1 {
                let cell = b0 &* columnCount &+ c0
                for i in entries[cellStarts[cell] ..< cellStarts[cell &+ 1]] { body(Int(i)) }
                return
            }
            if lists <= Self.mergedCellLimit {
                // The cells' ascending lists merged (an item in several cells once): each step takes the
                // smallest head, and every list whose head it is moves on.
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 &* lists) { cursors in
                    // cursors[k]: list k's next entry; cursors[lists + k]: its end.
                    for k in 0..<lists {
                        let cell = (b0 &+ k / columns) &* columnCount &+ c0 &+ k % columns
                        cursors[k] = cellStarts[cell]
                        cursors[lists &+ k] = cellStarts[cell &+ 1]
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
            for band in b0...b1 {
                let row = band &* columnCount
                merged.append(contentsOf: entries[cellStarts[row &+ c0] ..< cellStarts[row &+ c1 &+ 1]])
            }
            merged.sort()
            var previous: Int32 = -1
            for i in merged where i != previous {
                body(Int(i))
                previous = i
            }
        }
    }
}
