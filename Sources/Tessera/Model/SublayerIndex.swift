/// The sublayers of one layer sorted by their frames' top edges, for finding those that can meet a rect
/// of the layer's plane in O(log n + k) instead of testing all n (a feed of 10,000 cards shows a dozen).
///
/// A sublayer whose subtree can draw outside its own frame (it has sublayers and does not clip to its
/// bounds) is not indexed but listed in ``unbounded``: a query always returns it. Every other sublayer
/// draws only inside its `frame` (the transformed bounds' box, in this layer's plane; borders are inside
/// the bounds) — or inside its frame and its shadow's extent (``Layer/shadowExtentInSuperlayer``), which
/// is what it is filed under when it has a shadow. Built on demand by ``Layer/sublayerIndex`` and dropped whenever a sublayer is added,
/// removed or reordered, or one changes its frame, transform, `clipsToBounds` or sublayers
/// (``Layer/recordChange(_:)``).
///
/// Units: points, the layer's own plane. Thread safety: the model thread. Cost: O(n log n) to build. A
/// class, so that checking whether a layer has one (on every frame change of a sublayer) is a pointer test.
final class SublayerIndex {
    /// Indexed sublayers (positions in `sublayers`) by ascending `frame.minY`.
    private let order: [Int]
    private let minY: [Double]
    /// `runningMaxY[i]`: the largest `frame.maxY` among `order[0...i]` (non-decreasing).
    private let runningMaxY: [Double]
    private let frames: [Rect]
    /// Sublayers whose subtree can reach outside their frame, in order.
    let unbounded: [Int]

    init(_ sublayers: [Layer]) {
        var indexed: [(position: Int, frame: Rect)] = []
        var unbounded: [Int] = []
        for (position, sublayer) in sublayers.enumerated() {
            if sublayer.sublayers.isEmpty || sublayer.clipsToBounds {
                let frame = sublayer.frame
                indexed.append((position, sublayer.shadowExtentInSuperlayer.map { frame.union($0) } ?? frame))
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
    }

    /// The positions, ascending (paint order), of the sublayers that can draw in `rect` (closed: a
    /// sublayer touching its edge counts), the unbounded ones included.
    func sublayers(meeting rect: Rect) -> [Int] {
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
            if frame.maxY >= rect.minY, frame.minX <= rect.maxX, frame.maxX >= rect.minX { found.append(order[index]) }
            index += 1
        }
        found.sort()
        return found
    }
}
