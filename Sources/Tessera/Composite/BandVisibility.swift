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
/// Streaming: the walk also keeps the x-intervals of the visible translucent pieces above, and marks
/// each piece of an opaque op and each clear ``Piece/streams`` where no translucent op of the slab
/// covers it: no later op of the frame reads those pixels, so they may be written with streaming
/// (non-temporal) stores; parts under a translucent op are split off and keep temporal stores, since
/// the blend reads them right after. Translucent pieces never stream.
///
/// Units: framebuffer device pixels. Thread safety: a value computed and used by one band's worker.
struct BandVisibility {
    /// A rect of one op to draw.
    struct Piece {
        let op: Int
        let rect: PixelRect
        /// True when no later op of the frame reads these pixels (see the type's discussion).
        let streams: Bool
        /// For a translucent tile drawn right over an opaque colour op that covers the piece: that colour,
        /// which the piece is drawn onto in one opaque pass (the colour op's part under it is dropped).
        var underlay: UInt32? = nil
    }

    /// A rect to clear to transparent.
    struct Clear {
        let rect: PixelRect
        /// True when no op of the frame draws over these pixels.
        let streams: Bool
    }

    /// Rects to clear to transparent before drawing (what no opaque op covers).
    private(set) var clears: [Clear] = []
    /// The visible pieces, in paint order within each slab (slabs are disjoint, so their order is free).
    private(set) var pieces: [Piece] = []

    /// What the walk reads of one candidate op, copied once per band: plain values, so the walk over the
    /// slabs neither copies a ``DrawOp`` nor retains its pixels.
    struct Candidate {
        let op: Int
        /// The op's destination within the band.
        let area: PixelRect
        let isOpaque: Bool
        /// A translucent tile at opacity 255 without a mask or an underlay: it may be drawn onto an opaque
        /// colour right under it (``fuseOntoUnderlays(_:_:)``).
        let fuses: Bool
        /// For an opaque colour op without a mask: its pixel word (what a tile above may be drawn onto).
        let underlayColor: UInt32?

        init(_ op: DrawOp, index: Int, band: PixelRect) {
            self.op = index
            area = op.destination.intersection(band)
            isOpaque = op.isOpaque
            var tile = false, color: UInt32?
            switch op.source {
            case .tile: tile = true
            case .color(let pixel): color = op.isOpaque && op.mask == nil ? pixel.word : nil
            case .scaled, .group: break
            }
            fuses = tile && !op.isOpaque && op.opacity == 255 && op.mask == nil && op.underlay == nil
            underlayColor = color
        }
    }

    /// A visible part of a candidate within one slab: `range` (columns), whether no translucent op above
    /// covers it, and the colour it is drawn onto (``fuseOntoUnderlays(_:_:)``).
    struct Part {
        let candidate: Int
        var range: Range<Int>
        let streams: Bool
        var underlay: UInt32? = nil
    }

    /// - Parameters:
    ///   - ops: the frame's ops in paint order.
    ///   - candidates: indices of the ops that intersect `band`, ascending.
    ///
    /// Cost: O(slabs × candidates) interval work, in buffers reused from slab to slab (no allocation per op).
    init(ops: [DrawOp], candidates indices: [Int], band: PixelRect) {
        let candidates = indices.map { Candidate(ops[$0], index: $0, band: band) }
        var edges = [band.minY, band.maxY]
        edges.reserveCapacity(2 + 2 * candidates.count)
        for candidate in candidates {
            edges.append(candidate.area.minY)
            edges.append(candidate.area.maxY)
        }
        edges.sort()
        var covered: [Range<Int>] = []      // opaque ops above, in the walk from the top down
        var translucent: [Range<Int>] = []  // visible translucent pieces above
        var uncovered: [Range<Int>] = []    // the current op's span less `covered`
        var visible: [Part] = []            // the slab's visible parts, top of the paint order first
        var top = edges[0]
        for bottom in edges.dropFirst() where bottom > top {
            covered.removeAll(keepingCapacity: true)
            translucent.removeAll(keepingCapacity: true)
            visible.removeAll(keepingCapacity: true)
            for position in candidates.indices.reversed() {
                let candidate = candidates[position], area = candidate.area
                guard area.minY <= top, area.maxY >= bottom else { continue }
                let span = area.minX..<area.maxX
                Self.subtract(covered, from: span, into: &uncovered)
                guard !uncovered.isEmpty else { continue }
                // Each part knows whether a translucent op above covers it (a translucent tile part may become
                // opaque onto its underlay, and then streams like an opaque one).
                for range in uncovered {
                    Self.split(range, by: translucent) { visible.append(Part(candidate: position, range: $0, streams: $1)) }
                }
                if candidate.isOpaque {
                    Self.insert(span, into: &covered)
                } else {
                    for range in uncovered { Self.insert(range, into: &translucent) }
                }
            }
            Self.fuseOntoUnderlays(&visible, candidates)
            Self.subtract(covered, from: band.minX..<band.maxX, into: &uncovered)
            for range in uncovered {
                Self.split(range, by: translucent) { range, streams in
                    clears.append(Clear(rect: PixelRect(x: range.lowerBound, y: top, width: range.count, height: bottom - top),
                                        streams: streams))
                }
            }
            // Paint order: the ops bottom up, each op's parts left to right.
            var end = visible.endIndex
            while end > visible.startIndex {
                let candidate = candidates[visible[end - 1].candidate]
                var start = end - 1
                while start > visible.startIndex, visible[start - 1].candidate == visible[end - 1].candidate { start -= 1 }
                for part in visible[start..<end] where !part.range.isEmpty {
                    pieces.append(Piece(op: candidate.op, rect: PixelRect(x: part.range.lowerBound, y: top,
                                                                           width: part.range.count, height: bottom - top),
                                        streams: (candidate.isOpaque || part.underlay != nil) && part.streams,
                                        underlay: part.underlay))
                }
                end = start
            }
            top = bottom
        }
    }

    /// Within one slab (`visible`: the visible parts of its ops, top of the paint order first, each op's
    /// parts together, left to right): each part of a translucent tile op at opacity 255 without a mask
    /// whose next visible part below is one part of an opaque, unmasked colour op covering it takes that
    /// colour as its underlay, and that colour part loses the range (the fused part writes `tile OVER
    /// colour`, the same bytes as the two draws). A colour part cut in the middle leaves its right end as a
    /// new part right after it; one covered whole is left empty (skipped when drawn).
    /// Cost: for each such part, a walk down the slab's parts until the first that meets it.
    static func fuseOntoUnderlays(_ visible: inout [Part], _ candidates: [Candidate]) {
        var i = visible.startIndex
        while i < visible.endIndex {
            defer { i += 1 }
            guard candidates[visible[i].candidate].fuses else { continue }
            let range = visible[i].range
            // The parts below: those after the last part of this op.
            var j = i + 1
            while j < visible.endIndex, visible[j].candidate == visible[i].candidate { j += 1 }
            while j < visible.endIndex, !visible[j].range.overlaps(range) { j += 1 }
            guard j < visible.endIndex else { continue }
            let under = visible[j]
            guard let color = candidates[under.candidate].underlayColor,
                  under.range.lowerBound <= range.lowerBound, under.range.upperBound >= range.upperBound else { continue }
            visible[i].underlay = color
            visible[j].range = under.range.lowerBound..<range.lowerBound
            if range.upperBound < under.range.upperBound {
                visible.insert(Part(candidate: under.candidate, range: range.upperBound..<under.range.upperBound,
                                    streams: under.streams), at: j + 1)
            }
        }
    }

    /// `span` cut at the edges of the sorted, disjoint `covered` ranges, in order: `body` gets the parts
    /// outside them (`streams` true) and inside them (false).
    static func split(_ span: Range<Int>, by covered: [Range<Int>], _ body: (Range<Int>, Bool) -> Void) {
        var start = span.lowerBound
        for range in covered where range.upperBound > start {
            if range.lowerBound >= span.upperBound { break }
            if range.lowerBound > start { body(start..<range.lowerBound, true) }
            let end = Swift.min(range.upperBound, span.upperBound)
            body(Swift.max(start, range.lowerBound)..<end, false)
            start = end
            if start >= span.upperBound { break }
        }
        if start < span.upperBound { body(start..<span.upperBound, true) }
    }

    /// The parts of `span` outside the sorted, disjoint `covered` ranges, written over `result`.
    static func subtract(_ covered: [Range<Int>], from span: Range<Int>, into result: inout [Range<Int>]) {
        result.removeAll(keepingCapacity: true)
        var start = span.lowerBound
        for range in covered where range.upperBound > start {
            if range.lowerBound >= span.upperBound { break }
            if range.lowerBound > start { result.append(start..<range.lowerBound) }
            start = Swift.max(start, range.upperBound)
            if start >= span.upperBound { break }
        }
        if start < span.upperBound { result.append(start..<span.upperBound) }
    }

    /// The parts of `span` outside the sorted, disjoint `covered` ranges.
    static func subtract(_ covered: [Range<Int>], from span: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        subtract(covered, from: span, into: &result)
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
