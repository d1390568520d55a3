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
        let levelPieces = self.tiles.levelPieces
        for (index, (op, tile)) in zip(plan.ops, tiles).enumerated() {
            switch op.source {
            case .color(let pixel):
                ops.append(DrawOp(source: .color(pixel), destination: op.destination, sourceOrigin: op.sourceOrigin,
                                  opacity: 255, isOpaque: pixel.a == 255))
                signatures.append(DrawSignature(identity: .color(pixel), destination: op.destination,
                                                sourceX: op.sourceOrigin.x, sourceY: op.sourceOrigin.y, opacity: 255))
            case .tile:
                if tile == nil, let pieces = levelPieces[index] {
                    appendLevelPieces(pieces, opacity: op.opacity, to: &ops, &signatures)
                    continue
                }
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

    /// The draws of a layer drawn from a level of detail: each piece resampled bilinearly — opaque when its
    /// tile is (every sample of opaque pixels has alpha 255) and the opacity is 255 — or the checkerboard's
    /// light colour where nothing covers it yet.
    private func appendLevelPieces(_ pieces: [LevelPiece], opacity: UInt8, to ops: inout [DrawOp],
                                   _ signatures: inout [DrawSignature]) {
        for piece in pieces {
            let origin = (x: piece.destination.x, y: piece.destination.y)
            switch piece.source {
            case let .pixels(pixels, stamp, opaque):
                ops.append(DrawOp(source: .scaled(pixels, piece.mapping, .bilinear), destination: piece.destination,
                                  sourceOrigin: origin, opacity: opacity, isOpaque: opaque && opacity == 255))
                signatures.append(DrawSignature(
                    identity: .scaledTile(stamp: stamp, dx: piece.mapping.dx, dy: piece.mapping.dy),
                    destination: piece.destination, sourceX: Int(piece.mapping.x0), sourceY: Int(piece.mapping.y0),
                    opacity: opacity))
            case .missing:
                let pixel = ScalarReference.scale(Checkerboard.light, by: UInt32(opacity))
                ops.append(DrawOp(source: .color(pixel), destination: piece.destination, sourceOrigin: origin,
                                  opacity: 255, isOpaque: pixel.a == 255))
                signatures.append(DrawSignature(identity: .color(pixel), destination: piece.destination,
                                                sourceX: origin.x, sourceY: origin.y, opacity: 255))
            }
        }
    }
}
