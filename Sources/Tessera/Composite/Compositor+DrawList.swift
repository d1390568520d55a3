/// Between steps 2 and 3 of a frame: the plan's draws become a ``DrawList`` of resolved tiles and colours.
extension Compositor {
    /// The plan's draws with their tiles resolved; fully transparent tiles are left out (counted).
    func drawList(_ plan: FramePlan, tiles: [TileKey: TileEntry]) -> (list: DrawList, skipped: Int) {
        var ops: [DrawOp] = []
        ops.reserveCapacity(plan.ops.count)
        var skipped = 0
        for op in plan.ops {
            switch op.source {
            case .color(let pixel):
                ops.append(DrawOp(source: .color(pixel), destination: op.destination, sourceOrigin: op.sourceOrigin,
                                  opacity: 255, isOpaque: pixel.a == 255))
            case let .tile(layer, column, row):
                let key = cache.key(layer: plan.layers[layer].layer.identity, column: column, row: row)
                guard let entry = tiles[key], entry.coverage != .transparent else {
                    skipped += 1
                    continue
                }
                ops.append(DrawOp(source: .tile(entry.buffer), destination: op.destination,
                                  sourceOrigin: op.sourceOrigin, opacity: op.opacity,
                                  isOpaque: entry.coverage == .opaque && op.opacity == 255))
            }
        }
        return (DrawList(ops: ops), skipped)
    }
}
