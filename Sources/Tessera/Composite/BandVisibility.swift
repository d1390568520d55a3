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
        var covered: [Range<Int>] = []      // opaque ops above, in the walk from the top down
        var translucent: [Range<Int>] = []  // visible translucent pieces above
        var visible: [(op: Int, ranges: [(range: Range<Int>, streams: Bool, underlay: UInt32?)])] = []
        var top = edges[0]
        for bottom in edges.dropFirst() where bottom > top {
            covered.removeAll(keepingCapacity: true)
            translucent.removeAll(keepingCapacity: true)
            visible.removeAll(keepingCapacity: true)
            for index in candidates.reversed() {
                let area = ops[index].destination.intersection(band)
                guard area.minY <= top, area.maxY >= bottom else { continue }
                let span = area.minX..<area.maxX
                let ranges = Self.subtract(covered, from: span)
                guard !ranges.isEmpty else { continue }
                // Each part knows whether a translucent op above covers it (a translucent tile part may become
                // opaque onto its underlay, and then streams like an opaque one).
                visible.append((index, ranges.flatMap { Self.split($0, by: translucent) }.map { ($0.range, $0.streams, nil) }))
                if ops[index].isOpaque {
                    Self.insert(span, into: &covered)
                } else {
                    for range in ranges { Self.insert(range, into: &translucent) }
                }
            }
            Self.fuseOntoUnderlays(&visible, ops)
            for range in Self.subtract(covered, from: band.minX..<band.maxX) {
                for part in Self.split(range, by: translucent) {
                    clears.append(Clear(rect: PixelRect(x: part.range.lowerBound, y: top, width: part.range.count,
                                                        height: bottom - top), streams: part.streams))
                }
            }
            for entry in visible.reversed() {
                let opaque = ops[entry.op].isOpaque
                for part in entry.ranges {
                    pieces.append(Piece(op: entry.op, rect: PixelRect(x: part.range.lowerBound, y: top,
                                                                       width: part.range.count, height: bottom - top),
                                        streams: (opaque || part.underlay != nil) && part.streams,
                                        underlay: part.underlay))
                }
            }
            top = bottom
        }
    }

    /// Within one slab (`visible`: the visible parts of its ops, top of the paint order first): each part
    /// of a translucent tile op at opacity 255 without a mask whose next visible part below is one part of
    /// an opaque, unmasked colour op covering it takes that colour as its underlay, and that colour part
    /// loses the range (the fused part writes `tile OVER colour`, the same bytes as the two draws).
    /// Cost: for each such part, a walk down the slab's entries until the first that meets it.
    static func fuseOntoUnderlays(_ visible: inout [(op: Int, ranges: [(range: Range<Int>, streams: Bool, underlay: UInt32?)])],
                                  _ ops: [DrawOp]) {
        for i in visible.indices {
            let op = ops[visible[i].op]
            guard !op.isOpaque, op.opacity == 255, op.mask == nil, op.underlay == nil, case .tile = op.source else { continue }
            for k in visible[i].ranges.indices {
                let range = visible[i].ranges[k].range
                for j in (i + 1)..<visible.count {
                    guard let hit = visible[j].ranges.firstIndex(where: { $0.range.overlaps(range) }) else { continue }
                    let below = ops[visible[j].op]
                    let under = visible[j].ranges[hit]
                    if below.isOpaque, below.mask == nil, case .color(let pixel) = below.source,
                       under.range.lowerBound <= range.lowerBound, under.range.upperBound >= range.upperBound {
                        visible[i].ranges[k].underlay = pixel.word
                        var rest: [(range: Range<Int>, streams: Bool, underlay: UInt32?)] = []
                        if under.range.lowerBound < range.lowerBound {
                            rest.append((under.range.lowerBound..<range.lowerBound, under.streams, nil))
                        }
                        if range.upperBound < under.range.upperBound {
                            rest.append((range.upperBound..<under.range.upperBound, under.streams, nil))
                        }
                        visible[j].ranges.replaceSubrange(hit...hit, with: rest)
                    }
                    break
                }
            }
        }
    }

    /// `span` cut at the edges of the sorted, disjoint `covered` ranges, in order: the parts outside them
    /// (`streams` true) and inside them (false).
    static func split(_ span: Range<Int>, by covered: [Range<Int>]) -> [(range: Range<Int>, streams: Bool)] {
        var result: [(range: Range<Int>, streams: Bool)] = []
        var start = span.lowerBound
        for range in covered where range.upperBound > start {
            if range.lowerBound >= span.upperBound { break }
            if range.lowerBound > start { result.append((start..<range.lowerBound, true)) }
            let end = Swift.min(range.upperBound, span.upperBound)
            result.append((Swift.max(start, range.lowerBound)..<end, false))
            start = end
            if start >= span.upperBound { break }
        }
        if start < span.upperBound { result.append((start..<span.upperBound, true)) }
        return result
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
