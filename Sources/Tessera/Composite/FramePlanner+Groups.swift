/// The planner's part for group opacity (``Layer/allowsGroupOpacity``, README.md, "Group opacity").
///
/// A layer with `opacity < 1` and `allowsGroupOpacity` plans its subtree (background, content,
/// sublayers, border) at full opacity and without its ancestors' coverage shapes; the subtree's ops form
/// a ``PlannedGroup`` that the compositor draws offscreen and blends with the layer's effective opacity
/// `o`, scaled by the ancestors' shapes.
///
/// The opacity peephole: when no two of the group's draws overlap, none has a coverage shape, no
/// ancestor shape applies, no layer below the group layer has an opacity below 1 and no group is nested
/// inside, each pixel sees at most one draw `s`, and the group gives `div255(s · o) OVER dst` — exactly
/// the draw with its opacity scaled by `o` (an offscreen of one draw over transparent is the draw
/// itself, `s + div255(0) = s`). The ops are then rewritten in place (tiles at opacity `o`, colours
/// scaled by `o`) and no offscreen pass runs.
extension FramePlanner {
    struct OpenGroup {
        let start: Int
        let groupsBefore: Int
        let translucentBefore: Int
        let opacity: UInt8
        let shapes: [CoverageShape]
    }

    /// A group for `layer` (already known visible, with effective alpha `alpha`), or nil.
    func beginGroup(_ layer: Layer, alpha: UInt8, shapes: [CoverageShape]) -> OpenGroup? {
        guard layer.allowsGroupOpacity, layer.opacity < 1 else { return nil }
        return OpenGroup(start: plannedOps.count, groupsBefore: groups.count,
                         translucentBefore: translucentLayers, opacity: alpha, shapes: shapes)
    }

    mutating func endGroup(_ open: OpenGroup) {
        let range = open.start..<plannedOps.count
        guard !range.isEmpty else { return }
        if open.shapes.isEmpty, groups.count == open.groupsBefore, translucentLayers == open.translucentBefore + 1,
           Self.isPeephole(plannedOps[range]) {
            for index in range {
                let op = plannedOps[index]
                switch op.source {
                case .color(let pixel):
                    plannedOps[index] = PlannedOp(source: .color(ScalarReference.scale(pixel, by: UInt32(open.opacity))),
                                                  destination: op.destination, sourceOrigin: op.sourceOrigin,
                                                  opacity: 255, shapes: op.shapes)
                case .tile:
                    plannedOps[index] = PlannedOp(source: op.source, destination: op.destination,
                                                  sourceOrigin: op.sourceOrigin, opacity: open.opacity, shapes: op.shapes)
                }
            }
            peepholes += 1
            // Their colours now carry the group's opacity too: not patched by a recoloured frame.
            backgrounds.removeAll { range.contains($0.op) }
            return
        }
        groups.append(PlannedGroup(range: range, opacity: open.opacity, shapes: open.shapes))
    }

    /// No shapes, every tile op at full opacity, no two destinations overlapping (pairwise; groups are
    /// small — above 64 ops the pass is kept rather than spending the time).
    static func isPeephole(_ ops: ArraySlice<PlannedOp>) -> Bool {
        guard ops.count <= 64 else { return false }
        for op in ops {
            guard op.shapes.isEmpty else { return false }
            if case .tile = op.source, op.opacity != 255 { return false }
        }
        for i in ops.indices {
            for j in ops.indices where j > i {
                if !ops[i].destination.intersection(ops[j].destination).isEmpty { return false }
            }
        }
        return true
    }
}
