/// Between steps 2 and 3 of a frame: the plan's draws become a ``DrawList`` of resolved tiles and colours.
extension Compositor {
    /// The plan's draws with their tiles as the tile manager resolved them (`tiles` is aligned with the
    /// plan's ops); fully transparent tiles are left out (counted). Draws with coverage shapes are cut
    /// into full-coverage pieces and masked pieces (``CoverageSplitter``). `signatures` are aligned with
    /// the list's ops, for ``DamageTracker``.
    /// - Throws: only if a coverage plane cannot be allocated.
    func drawList(_ plan: FramePlan, tiles: [TileManager.ResolvedTile?]) throws
        -> (list: DrawList, signatures: [DrawSignature], skipped: Int) {
        var ops: [DrawOp] = []
        ops.reserveCapacity(plan.ops.count)
        var signatures: [DrawSignature] = []
        signatures.reserveCapacity(plan.ops.count)
        var skipped = 0
        for (op, tile) in zip(plan.ops, tiles) {
            let source: DrawOp.Source, identity: DrawIdentity, opacity: UInt8, opaque: Bool
            switch op.source {
            case .color(let pixel):
                (source, identity, opacity, opaque) = (.color(pixel), .color(pixel), 255, pixel.a == 255)
            case .tile:
                guard let tile, tile.coverage != .transparent else {
                    skipped += 1
                    continue
                }
                (source, identity, opacity) = (.tile(tile.pixels), tile.identity, op.opacity)
                opaque = tile.coverage == .opaque && op.opacity == 255
            }
            let pieces: [CoverageSplitter.Piece]
            if op.shapes.isEmpty {
                pieces = [CoverageSplitter.Piece(rect: op.destination, patch: nil)]
            } else {
                pieces = try CoverageSplitter.split(op.destination, shapes: op.shapes.map { ($0, try coverageCache.coverage($0)) })
            }
            for piece in pieces {
                ops.append(DrawOp(source: source, destination: piece.rect, sourceOrigin: op.sourceOrigin,
                                  opacity: opacity, isOpaque: opaque && piece.patch == nil, mask: piece.patch))
                signatures.append(DrawSignature(identity: identity, destination: piece.rect,
                                                sourceX: op.sourceOrigin.x, sourceY: op.sourceOrigin.y, opacity: opacity,
                                                maskStamp: piece.patch?.stamp ?? 0, maskX: piece.patch?.x ?? 0,
                                                maskY: piece.patch?.y ?? 0))
            }
        }
        return (DrawList(ops: ops), signatures, skipped)
    }
}
