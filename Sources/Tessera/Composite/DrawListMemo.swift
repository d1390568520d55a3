/// The last frame's draw-list output per plan op: its draw ops and damage signatures, and where its cut
/// by shapes can be found again.
///
/// Cutting ops by their rounded clips and borders (``CoverageSplitter``) took a quarter of a 4K `feed`
/// scroll frame's draw list (`perf`: 544 of 1,970 samples) before it was reused. An op's cut depends only on its destination and shapes, relative to each other
/// (``Entry/translation(to:)``): a frame takes the last frame's pieces of an op cut the same way, moved
/// with it when a scroll moved it, and builds its draw ops from them as from a fresh cut. In a scroll the
/// op's plan index changes as layers leave the plan at one end and enter at the other: a tile's op is found
/// by the stamp of its pixels (``tileEntries``), a layer's background right before its first tile's, others
/// near the index the last match suggests (``DrawListBuilder``); a fully transparent tile's entry, which
/// holds no pieces, is never taken. A reused piece keeps the last frame's coverage patch (the same bytes,
/// under the same stamp, where a fresh cut of several partial shapes would stamp a new product). Ops inside
/// a group are always cut; ops drawn from a level of detail are not memoized.
///
/// A frame where one layer changes colour (a spinner over a still feed) takes a shorter path: the last
/// frame's draw ops and signatures with that colour replaced (`Compositor+RecoloredFrame.swift`), which
/// compares the plan with ``Entry/op`` and rewrites the tiles right over the colour (``Entry/onto``).
///
/// Memory: the last frame's top-level draw ops and signatures (shared with the frame's lists, not copied),
/// one entry per plan op and one ``tileEntries`` element per tile op cut by shapes. Thread safety: the
/// model thread (owned by ``Compositor``).
struct DrawListMemo {
    struct Entry {
        let op: PlannedOp
        /// True for a fully transparent tile, left out of the draw list: its empty ``ops`` are not its cut.
        let isLeftOut: Bool
        let onto: Pixel?
        /// The op's draw ops in ``ops`` and its signatures in ``signatures``.
        let ops: Range<Int>
        let signatures: Range<Int>

        /// The translation `δ` (framebuffer pixels) that makes this entry's op's cut `op`'s: a destination
        /// of the same size moved by `δ`, and the same shapes (kind, size, radius) moved by `δ`; `(0, 0)` for
        /// the same place, `nil` when none does. The cut (``CoverageSplitter``) is then this entry's pieces
        /// moved by `δ`: it depends only on positions relative to the shapes, and on the shapes' coverage,
        /// which depends on their size and radius alone.
        func translation(to op: PlannedOp) -> (x: Int, y: Int)? {
            let last = self.op
            let dx = op.destination.x - last.destination.x, dy = op.destination.y - last.destination.y
            guard op.destination.width == last.destination.width, op.destination.height == last.destination.height,
                  op.shapes.count == last.shapes.count else { return nil }
            for (a, b) in zip(last.shapes, op.shapes) {
                guard a.kind == b.kind, a.radius == b.radius, a.rect.offsetBy(dx: dx, dy: dy) == b.rect else { return nil }
            }
            return (dx, dy)
        }
    }

    /// By plan op index; `nil` where the op was not memoized.
    var entries: [Entry?] = []
    /// The index in ``entries`` of each tile op cut by shapes, by the stamp of its pixels
    /// (``DrawIdentity/tile(stamp:)``): where the next frame finds the op, whatever its index then.
    var tileEntries: [UInt64: Int] = [:]
    var ops: [DrawOp] = []
    /// The destinations of ``ops``, side by side: a frame that composites a few rects looks for the ops
    /// meeting them here, not in ``ops`` (~170 bytes apart, and cold by the next recoloured frame).
    var destinations: [PixelRect] = []
    var signatures: [DrawSignature] = []
    /// The plan's tile ops left out as fully transparent.
    var skipped = 0
    /// The top-level groups' signatures and draw ops, in order (``DrawListBuilder/groupSpans``).
    var groups: [GroupSpan] = []

    /// Where a top-level group's signatures and draw ops lie in ``signatures`` and ``ops``: its pieces'
    /// signatures (or its marker, when no piece is left) followed by those of the ops inside it, and its
    /// pieces' ops. Outside groups, each signature is one top-level draw op's, in order.
    struct GroupSpan {
        let signatures: Range<Int>
        let ops: Range<Int>
    }

    /// The index in ``ops`` where the ops of the signatures from `signature` on begin (``ops``' count when
    /// none of them is an op's: an empty group at the end), or `nil` when `signature` lies inside a
    /// top-level group, after its first signature, where signatures and ops do not map one to one.
    /// O(top-level groups).
    func opIndex(ofSignature signature: Int) -> Int? {
        var surplus = 0  // signatures without an op of their own, before `signature`
        for group in groups {
            if signature <= group.signatures.lowerBound { break }
            if signature < group.signatures.upperBound { return nil }
            surplus += group.signatures.count - group.ops.count
        }
        return signature - surplus
    }
}

extension PlannedOp: Equatable {
    static func == (a: PlannedOp, b: PlannedOp) -> Bool {
        a.destination == b.destination && a.sourceOrigin == b.sourceOrigin && a.opacity == b.opacity
            && a.source == b.source && a.shapes == b.shapes
    }
}
