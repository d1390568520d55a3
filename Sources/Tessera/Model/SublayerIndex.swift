/// The sublayers of one layer sorted by their frames' top edges, for finding those that can meet a rect
/// of the layer's plane in O(log n + k) instead of testing all n (a feed of 10,000 cards shows a dozen).
///
/// A sublayer whose subtree can draw outside its own frame (it has sublayers and does not clip to its
/// bounds) is not indexed but listed in ``unbounded``: a query always returns it. Every other sublayer
/// draws only inside its `frame` (the transformed bounds' box, in this layer's plane; borders are inside
/// the bounds) — or inside its frame and its shadow's extent (``Layer/shadowExtentInSuperlayer``): its
/// ``extent(of:)``, what it is filed and tested under. Built on demand by ``Layer/sublayerIndex`` and
/// dropped whenever a sublayer is added, removed or reordered, or one changes `clipsToBounds`, its
/// sublayers or its shadow (``Layer/recordChange(_:)``).
///
/// A sublayer whose frame or transform changes (a scroll indicator moving every frame of a fling) does not
/// drop the index: it is noted as ``moved`` (at most ``maximumMoved``, then the index is dropped), left out
/// of the sorted entries and tested by its current frame at each query.
///
/// Units: points, the layer's own plane. Thread safety: the model thread. Cost: O(n log n) to build, a
/// query O(log n + k + moved). A class, so that checking whether a layer has one (on every frame change of
/// a sublayer) is a pointer test.
final class SublayerIndex {
    /// Moved sublayers tolerated before the index is rebuilt.
    static let maximumMoved = 32
    /// Indexed sublayers (positions in `sublayers`) by ascending `frame.minY`.
    private let order: [Int]
    private let minY: [Double]
    /// `runningMaxY[i]`: the largest `frame.maxY` among `order[0...i]` (non-decreasing).
    private let runningMaxY: [Double]
    private let frames: [Rect]
    /// Sublayers whose subtree can reach outside their frame, in order.
    let unbounded: [Int]
    /// Each sublayer's position, by identity (to note a moved one).
    private let positions: [ObjectIdentifier: Int]
    /// Positions of the indexed sublayers whose frame changed since the index was built.
    private(set) var moved: [Int] = []

    init(_ sublayers: [Layer]) {
        var indexed: [(position: Int, frame: Rect)] = []
        var unbounded: [Int] = []
        var positions: [ObjectIdentifier: Int] = [:]
        positions.reserveCapacity(sublayers.count)
        for (position, sublayer) in sublayers.enumerated() {
            positions[ObjectIdentifier(sublayer)] = position
            if sublayer.sublayers.isEmpty || sublayer.clipsToBounds {
                indexed.append((position, Self.extent(of: sublayer)))
            } else {
                unbounded.append(position)
            }
        }
        indexed.sort { $0.frame.minY < $1.frame.minY || ($0.frame.minY == $1.frame.minY && $0.position < $1.position) }
        order = indexed.map(\.position)
        minY = indexed.map(\.frame.minY)
        var running = -Double.infinity
        runningMaxY = indexed.map { entry in
            running = Swift.max(running, entry.frame.maxY)
            return running
        }
        frames = indexed.map(\.frame)
        self.unbounded = unbounded
        self.positions = positions
    }

    /// Where a bounded sublayer can draw (points, this layer's plane): its frame, and its shadow's extent.
    static func extent(of sublayer: Layer) -> Rect {
        let frame = sublayer.frame
        return sublayer.shadowExtentInSuperlayer.map { frame.union($0) } ?? frame
    }

    /// Notes that `sublayer`'s frame changed; false when too many have (the caller drops the index).
    func noteMoved(_ sublayer: Layer) -> Bool {
        guard let position = positions[ObjectIdentifier(sublayer)] else { return false }
        if unbounded.contains(position) || moved.contains(position) { return true }
        guard moved.count < Self.maximumMoved else { return false }
        moved.append(position)
        return true
    }

    /// The positions, ascending (paint order), of the sublayers (of `sublayers`, the array the index was
    /// built from) that can draw in `rect` (closed: a sublayer touching its edge counts), the unbounded
    /// ones included; moved ones by their current frame.
    func sublayers(meeting rect: Rect, of sublayers: [Layer]) -> [Int] {
        // First entry whose running bottom reaches the rect's top; entries before it end above the rect.
        var low = 0, high = runningMaxY.count
        while low < high {
            let middle = (low + high) / 2
            if runningMaxY[middle] < rect.minY { low = middle + 1 } else { high = middle }
        }
        var found = unbounded
        var index = low
        while index < minY.count, minY[index] <= rect.maxY {
            let frame = frames[index]
            if frame.maxY >= rect.minY, frame.minX <= rect.maxX, frame.maxX >= rect.minX, !moved.contains(order[index]) {
                found.append(order[index])
            }
            index += 1
        }
        for position in moved {
            let frame = Self.extent(of: sublayers[position])
            if frame.maxY >= rect.minY, frame.minY <= rect.maxY, frame.minX <= rect.maxX, frame.maxX >= rect.minX {
                found.append(position)
            }
        }
        found.sort()
        return found
    }
}
