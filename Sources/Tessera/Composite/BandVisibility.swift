/// Which parts of a band's draws can show: the painter's algorithm without the overdraw.
///
/// An opaque op (``DrawOp/isOpaque``) leaves exactly its source in every pixel it writes, whatever was
/// there, so nothing under it needs drawing. The band is cut into slabs at the top and bottom edges of
/// its ops (inside a slab every op spans all rows or none); in each slab the ops are walked from the top
/// of the paint order down, keeping the x-intervals already covered by opaque ops, and each op keeps only
/// its uncovered intervals. What no opaque op covers is cleared to transparent first.
///
/// Drawing the pieces in paint order gives exactly the painter's result, bit for bit: a skipped pixel
/// would have been overwritten by an opaque op above it.
///
/// Units: framebuffer device pixels. Thread safety: a value computed and used by one band's worker.
struct BandVisibility {
    /// A rect of one op to draw.
    struct Piece {
        let op: Int
        let rect: PixelRect
    }

    /// Rects to clear to transparent before drawing (what no opaque op covers).
    private(set) var clears: [PixelRect] = []
    /// The visible pieces, in paint order within each slab (slabs are disjoint, so their order is free).
    private(set) var pieces: [Piece] = []

    /// - Parameters:
    ///   - ops: the frame's ops in paint order.
    ///   - candidates: indices of the ops that intersect `band`, ascending.
    init(ops: [DrawOp], candidates: [Int], band: PixelRect) {
        var edges = [band.minY, band.maxY]
        for index in candidates {
            let area = ops[index].destination.intersection(band)
            edges.append(area.minY)
            edges.append(area.maxY)
        }
        edges.sort()
        var covered: [Range<Int>] = []
        var visible: [(op: Int, ranges: [Range<Int>])] = []
        var top = edges[0]
        for bottom in edges.dropFirst() where bottom > top {
            covered.removeAll(keepingCapacity: true)
            visible.removeAll(keepingCapacity: true)
            for index in candidates.reversed() {
                let area = ops[index].destination.intersection(band)
                guard area.minY <= top, area.maxY >= bottom else { continue }
                let span = area.minX..<area.maxX
                let ranges = Self.subtract(covered, from: span)
                if !ranges.isEmpty { visible.append((index, ranges)) }
                if ops[index].isOpaque { Self.insert(span, into: &covered) }
            }
            for range in Self.subtract(covered, from: band.minX..<band.maxX) {
                clears.append(PixelRect(x: range.lowerBound, y: top, width: range.count, height: bottom - top))
            }
            for entry in visible.reversed() {
                for range in entry.ranges {
                    pieces.append(Piece(op: entry.op, rect: PixelRect(x: range.lowerBound, y: top,
                                                                       width: range.count, height: bottom - top)))
                }
            }
            top = bottom
        }
    }

    /// The parts of `span` outside the sorted, disjoint `covered` ranges.
    static func subtract(_ covered: [Range<Int>], from span: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = span.lowerBound
        for range in covered where range.upperBound > start {
            if range.lowerBound >= span.upperBound { break }
            if range.lowerBound > start { result.append(start..<range.lowerBound) }
            start = Swift.max(start, range.upperBound)
            if start >= span.upperBound { break }
        }
        if start < span.upperBound { result.append(start..<span.upperBound) }
        return result
    }

    /// Adds `span` to the sorted, disjoint `covered` ranges, merging what touches.
    static func insert(_ span: Range<Int>, into covered: inout [Range<Int>]) {
        guard !span.isEmpty else { return }
        var lower = span.lowerBound, upper = span.upperBound
        var first = covered.endIndex, last = covered.startIndex - 1
        for (index, range) in covered.enumerated() where range.upperBound >= lower && range.lowerBound <= upper {
            first = Swift.min(first, index)
            last = index
            lower = Swift.min(lower, range.lowerBound)
            upper = Swift.max(upper, range.upperBound)
        }
        if first <= last {
            covered.replaceSubrange(first...last, with: [lower..<upper])
        } else {
            let position = covered.firstIndex { $0.lowerBound > upper } ?? covered.endIndex
            covered.insert(lower..<upper, at: position)
        }
    }
}
