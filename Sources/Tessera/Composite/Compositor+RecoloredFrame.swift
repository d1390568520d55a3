/// Frames where only colours changed: a layer's background or border colour animating over a still scene
/// (a spinner, a caret, a progress bar).
///
/// After planning, the plan is compared op by op with the last frame's (``DrawListMemo``). When every op
/// is the same except colour ops whose colour changed and kept its opaqueness — same destination, shapes
/// and opacity, so the same pieces and the same occlusion — and the tile stage repeats its last frame
/// (``TileManager/repeatLastFrame(_:statistics:)``), the last frame's draw list is recoloured in place: the
/// colour ops' pieces and signatures, and the tile pieces drawn in one pass over a recoloured opaque
/// colour (``DrawOp/underlay``). That replaces resolving every visible tile and building every op again.
/// The damage is then found as in any frame: the recoloured ops' signatures changed.
///
/// When the root's tree changed only in layers' background colours since the last frame (its
/// ``TreeChanges`` log them), the plan is not made again either: the last frame's plan gets the new
/// colours of those layers' background ops (``PlannedBackground``: the op and the effective opacity its
/// colour was scaled by), which is what planning would give — a background colour changes nothing else
/// in a plan as long as the op stays (not transparent) and keeps its opaqueness (what a shadow's hidden
/// interior depends on). A layer without a background op in the last plan (off screen, no colour before,
/// inside a group whose opacity was applied to its ops) makes the frame plan as usual.
///
/// Cost: O(ops) comparisons of planned ops, O(recoloured pieces) writes; with a patched plan no layer is
/// read but through the log. A plan with a group opacity (``PlannedGroup``) or a level-of-detail stand-in
/// always takes the full path.
/// Thread safety: the model thread, as ``Compositor``.
extension Compositor {
    /// The last planned frame, for patching: its plan and what it was planned from.
    struct LastPlan {
        var plan: FramePlan
        let subject: PlannedSubject
    }

    /// `last`'s plan with the background colours changed since (``TreeChanges/recolorings(after:)``), when
    /// those are the only changes of the root's tree since and each is one of its background ops keeping
    /// its opaqueness; `nil`: plan the frame. Takes the plan out of `last` (`nil` after), so that its ops
    /// are patched in place rather than copied.
    func patchedPlan(_ taken: inout LastPlan?, root: Layer, viewport: PixelRect) -> FramePlan? {
        guard var last = taken.take(), last.subject.isSameTree(root: root, viewport: viewport), last.plan.groups.isEmpty,
              let changes = last.subject.tree.recolorings(after: last.subject.changes), !changes.isEmpty else { return nil }
        var ops = last.plan.ops
        // The last plan lets go of its ops, so that `ops` alone holds the array and is patched in place (a
        // copy retains every op's layer: 0.04 ms a frame of `tessera bench feed --script spinner` when the
        // optimizer kept `last` alive to the end).
        last.plan = last.plan.replacingOps([])
        let plan = last.plan
        for change in changes {
            guard let color = change.color,
                  let background = plan.backgrounds.first(where: { $0.layer == change.layer }),
                  case .color(let old) = ops[background.op].source else { return nil }
            let pixel = ScalarReference.scale(color.premultiplied, by: UInt32(background.alpha))
            guard pixel != .transparent, (pixel.a == 255) == (old.a == 255) else { return nil }
            let op = ops[background.op]
            ops[background.op] = PlannedOp(source: .color(pixel), destination: op.destination, sourceOrigin: op.sourceOrigin,
                                           opacity: op.opacity, shapes: op.shapes)
        }
        return plan.replacingOps(ops)
    }

    /// The indices of `plan`'s colour ops that differ from the last frame's only in their colour, keeping
    /// its opaqueness, when no other op differs; `nil` otherwise.
    func recolorings(_ plan: FramePlan) -> [Int]? {
        let memo = drawListMemo
        guard !memo.entries.isEmpty, memo.entries.count == plan.ops.count, plan.groups.isEmpty else { return nil }
        var changed: [Int] = []
        // Compared in place through the buffers: copies of ~600 ops and entries would retain their
        // references (``PlannedLayer``, "Cost").
        let unchanged = plan.ops.withUnsafeBufferPointer { ops in
            memo.entries.withUnsafeBufferPointer { entries in
                for index in ops.indices {
                    guard entries[index] != nil else { return false }
                    if entries[index]!.op == ops[index] { continue }
                    let (last, op) = (entries[index]!.op, ops[index])  // copied only where the op differs
                    guard case .color(let new) = op.source, case .color(let old) = last.source, (new.a == 255) == (old.a == 255),
                          last.destination == op.destination, last.sourceOrigin == op.sourceOrigin,
                          last.opacity == op.opacity, last.shapes == op.shapes else { return false }
                    changed.append(index)
                }
                return true
            }
        }
        return unchanged ? changed : nil
    }

    /// The last frame's draw list with the colour ops at `changed` (``recolorings(_:)``) given `plan`'s
    /// colours.
    func recoloredDrawList(_ plan: FramePlan, changing changed: [Int])
        -> (list: DrawList, signatures: [DrawSignature], skipped: Int, recolored: [Int]) {
        var memo = drawListMemo
        drawListMemo = DrawListMemo()  // `memo` holds the arrays alone: they are recoloured in place
        var recolored: [Int] = []  // the signatures changed
        for index in changed {
            guard let entry = memo.entries[index], case .color(let old) = entry.op.source,
                  case .color(let new) = plan.ops[index].source else { continue }
            for i in entry.ops { memo.ops[i] = memo.ops[i].recolored(new) }
            for i in entry.signatures { memo.signatures[i] = memo.signatures[i].recolored(new) }
            recolored += entry.signatures
            memo.entries[index] = entry.replacing(op: plan.ops[index], onto: entry.onto)
            guard new.a == 255 else { continue }  // only an opaque colour is drawn under the tiles after it
            // The tile ops right after it that were drawn onto it: the colour under them was `old`.
            var next = index + 1
            while next < plan.ops.count, case .tile = plan.ops[next].source, let tile = memo.entries[next], tile.onto == old {
                for i in tile.ops where memo.ops[i].underlay != nil { memo.ops[i] = memo.ops[i].underlaid(by: new) }
                memo.entries[next] = tile.replacing(op: tile.op, onto: new)
                next += 1
            }
        }
        drawListMemo = memo
        return (DrawList(ops: memo.ops), memo.signatures, memo.skipped, recolored)
    }
}

private extension DrawOp {
    func recolored(_ color: Pixel) -> DrawOp {
        DrawOp(source: .color(color), destination: destination, sourceOrigin: sourceOrigin, opacity: opacity,
               isOpaque: isOpaque, mask: mask, underlay: underlay, zeroRows: zeroRows)
    }

    func underlaid(by color: Pixel) -> DrawOp {
        DrawOp(source: source, destination: destination, sourceOrigin: sourceOrigin, opacity: opacity,
               isOpaque: isOpaque, mask: mask, underlay: color, zeroRows: zeroRows)
    }
}

private extension DrawSignature {
    func recolored(_ color: Pixel) -> DrawSignature {
        DrawSignature(identity: .color(color), destination: destination, sourceX: sourceX, sourceY: sourceY,
                      opacity: opacity, maskStamp: maskStamp, maskX: maskX, maskY: maskY)
    }
}

private extension DrawListMemo.Entry {
    func replacing(op: PlannedOp, onto: Pixel?) -> DrawListMemo.Entry {
        DrawListMemo.Entry(op: op, isLeftOut: isLeftOut, onto: onto, ops: ops, signatures: signatures)
    }
}
