/// The last frame's draw-list output per plan op: an op that did not change is not cut into pieces
/// again, its draw ops and damage signatures are copied.
///
/// A frame where one layer changes colour (a spinner over a still feed) plans all of its ~600 ops again,
/// and cutting the ops by their rounded clips (``CoverageSplitter``) was most of its draw-list time. An
/// op's pieces depend on the planned op (source, destination, source origin, opacity, shapes), on its
/// tile (which pixels: ``DrawIdentity``, and their ``AlphaCoverage``; an identity stamps one installation
/// of pixels, so its ``ZeroRows`` too) and on the opaque colour right under it (``DrawOp/underlay``):
/// when all three equal the last frame's for the same op index, so do the pieces. Ops inside a group and
/// ops drawn from a level of detail are always built.
///
/// Memory: the last frame's top-level draw ops and signatures (shared with the frame's lists, not copied)
/// and one entry per plan op. Thread safety: the model thread (owned by ``Compositor``).
struct DrawListMemo {
    struct Entry {
        let op: PlannedOp
        let tile: DrawIdentity?
        let coverage: AlphaCoverage?
        let onto: Pixel?
        /// The op's draw ops in ``ops`` and its signatures in ``signatures``.
        let ops: Range<Int>
        let signatures: Range<Int>

        func matches(_ op: PlannedOp, _ tile: TileManager.ResolvedTile?, onto: Pixel?) -> Bool {
            self.op == op && self.tile == tile?.identity && coverage == tile?.coverage && self.onto == onto
        }
    }

    /// By plan op index; `nil` where the op was not memoized.
    var entries: [Entry?] = []
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
