/// Between steps 2 and 3 of a frame: the plan's draws become a ``DrawList`` of resolved tiles and colours.
extension Compositor {
    /// The plan's draws with their tiles as the tile manager resolved them (`tiles` is aligned with the
    /// plan's ops); fully transparent tiles are left out (counted). `signatures` are aligned with the
    /// list's ops, for ``DamageTracker``.
    func drawList(_ plan: FramePlan, tiles: [TileManager.ResolvedTile?])
        -> (list: DrawList, signatures: [DrawSignature], skipped: Int) {
        var ops: [DrawOp] = []
        ops.reserveCapacity(plan.ops.count)
        var signatures: [DrawSignature] = []
        signatures.reserveCapacity(plan.ops.count)
        var skipped = 0
        for (op, tile) in zip(plan.ops, tiles) {
            switch op.source {
            case .color(let pixel):
                ops.append(DrawOp(source: .color(pixel), destination: op.destination, sourceOrigin: op.sourceOrigin,
                                  opacity: 255, isOpaque: pixel.a == 255))
                signatures.append(DrawSignature(identity: .color(pixel), destination: op.destination,
                                                sourceX: op.sourceOrigin.x, sourceY: op.sourceOrigin.y, opacity: 255))
            case .tile:
                guard let tile, tile.coverage != .transparent else {
                    skipped += 1
                    continue
                }
                ops.append(DrawOp(source: .tile(tile.pixels), destination: op.destination,
                                  sourceOrigin: op.sourceOrigin, opacity: op.opacity,
                                  isOpaque: tile.coverage == .opaque && op.opacity == 255))
                signatures.append(DrawSignature(identity: tile.identity, destination: op.destination,
                                                sourceX: op.sourceOrigin.x, sourceY: op.sourceOrigin.y, opacity: op.opacity))
            }
        }
        return (DrawList(ops: ops), signatures, skipped)
    }
}
