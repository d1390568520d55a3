/// Between steps 2 and 3 of a frame: the plan's draws become a ``DrawList`` of resolved tiles and colours.
extension Compositor {
    /// The plan's draws with their tiles as the tile manager resolved them (`tiles` is aligned with the
    /// plan's ops); fully transparent tiles are left out (counted). Draws with coverage shapes are cut
    /// into full-coverage pieces and masked pieces (``CoverageSplitter``); each ``PlannedGroup`` becomes
    /// one group op (``DrawGroup``). `signatures`, for ``DamageTracker``, list every op, those of groups
    /// flattened after a marker of the group (its bounds, opacity and shapes), so a change inside a group
    /// damages only its own rect.
    /// An op cut by shapes as in the last frame, moved or not, takes the last frame's cut (``DrawListMemo``).
    /// - Throws: only if a coverage plane cannot be allocated.
    func drawList(_ plan: FramePlan, tiles: [TileManager.ResolvedTile?]) throws
        -> (list: DrawList, signatures: [DrawSignature], skipped: Int) {
        let previous = drawListMemo
        drawListMemo = DrawListMemo()  // a build that throws leaves nothing to copy from
        var builder = DrawListBuilder(plan: plan, tiles: tiles, levelPieces: self.tiles.levelPieces,
                                      coverage: coverageCache, previous: previous)
        let ops = try builder.build(0..<plan.ops.count, groupDepth: 0)
        builder.memo.ops = ops
        builder.memo.destinations = ops.map(\.destination)
        builder.memo.signatures = builder.signatures
        builder.memo.skipped = builder.skipped
        builder.memo.groups = builder.groupSpans
        drawListMemo = builder.memo
        reusedCuts += builder.reusedCuts
        return (DrawList(ops: ops), builder.signatures, builder.skipped)
    }
}

/// Builds the ops of a range of planned ops, recursing into groups.
struct DrawListBuilder {
    let plan: FramePlan
    let tiles: [TileManager.ResolvedTile?]
    /// The pieces of the ops drawn from a level of detail, by op index (``TileManager/levelPieces``).
    let levelPieces: [Int: [LevelPiece]]
    let coverage: CoverageCache
    /// Groups by start, the outer one first where several start together (even with the same range).
    let groups: [PlannedGroup]
    var nextGroup = 0
    var signatures: [DrawSignature] = []
    var skipped = 0
    /// Where each top-level group's signatures and ops lie (``DrawListMemo/GroupSpan``).
    var groupSpans: [DrawListMemo.GroupSpan] = []
    /// The last frame's output, and this frame's (its ``DrawListMemo/ops`` and ``DrawListMemo/signatures``
    /// are the caller's to set: the top-level ops and ``signatures``).
    let previous: DrawListMemo
    var memo = DrawListMemo()
    /// The full-coverage pieces of the last opaque colour op, while only tiles of one layer followed it
    /// (``Underlay``): what a tile piece inside one of them is drawn onto.
    private var underlay: Underlay?
    /// The index shift of the last op cut as the last frame's (its index then − its index now).
    private var lastShift = 0
    /// How far from the index the last match suggests ``lastFrameMatch(_:_:_:)`` looks.
    static let matchSearchDistance = 16
    /// Ops cut by shapes whose pieces were the last frame's (moved or not), for tests.
    private(set) var reusedCuts = 0
    /// The last frame's entry whose op is cut as plan op `index` (`op`, with `tile`), moved by a scroll or
    /// not: its draw ops in ``DrawListMemo/ops`` (the pieces), its index shift (its index then − `index`) and
    /// its translation. A tile's is the entry of the same pixels (``DrawListMemo/tileEntries``); another op's is
    /// looked for right before the entry of the next op's tile, then at the index the last match's shift
    /// suggests (plan indices shift as layers leave and enter the plan), and up to ``matchSearchDistance``
    /// either side of it.
    private func lastFrameMatch(_ index: Int, _ op: PlannedOp, _ tile: TileManager.ResolvedTile?)
        -> (ops: Range<Int>, shift: Int, delta: (x: Int, y: Int))? {
        func match(at candidate: Int) -> (ops: Range<Int>, shift: Int, delta: (x: Int, y: Int))? {
            guard candidate >= 0, candidate < previous.entries.count, let entry = previous.entries[candidate],
                  !entry.isLeftOut, let delta = entry.translation(to: op) else { return nil }
            return (entry.ops, candidate - index, delta)
        }
        func entryIndex(ofTileAt index: Int) -> Int? {
            guard index < tiles.count, case .tile(let stamp)? = tiles[index]?.identity else { return nil }
            return previous.tileEntries[stamp]
        }
        if let tile, case .tile = tile.identity { return entryIndex(ofTileAt: index).flatMap(match(at:)) }
        // A colour op (a layer's background) comes right before its layer's tiles: the first one's shift.
        if let next = entryIndex(ofTileAt: index + 1), let found = match(at: next - 1) { return found }
        let expected = index + lastShift
        if let found = match(at: expected) { return found }
        for distance in 1...Self.matchSearchDistance {
            if let found = match(at: expected + distance) ?? match(at: expected - distance) { return found }
        }
        return nil
    }

    /// The pieces ``split(_:_:)`` returns, kept for their capacity.
    private var pieces: [CoverageSplitter.Piece] = []
    /// The shapes of the last op cut, with their coverage.
    private var lastShapes: (shapes: [CoverageShape], resolved: [(shape: CoverageShape, coverage: ShapeCoverage)]) = ([], [])

    /// An opaque colour op's unmasked pieces, and what has been drawn since: the plan index of the last op
    /// taken (a colour op, then tiles of `layer`, whose destinations are disjoint, so none of them has
    /// drawn over another's pixels).
    private struct Underlay {
        let color: Pixel
        let rects: [PixelRect]
        var layer: Int?
        var lastIndex: Int

        /// True when plan op `index`, a tile of `layer`, draws right over this colour.
        mutating func continues(at index: Int, layer: Int) -> Bool {
            guard lastIndex == index - 1, self.layer == nil || self.layer == layer else { return false }
            self.layer = layer
            lastIndex = index
            return true
        }

        func covers(_ rect: PixelRect) -> Bool {
            rects.contains { $0.intersection(rect) == rect }
        }
    }

    init(plan: FramePlan, tiles: [TileManager.ResolvedTile?], levelPieces: [Int: [LevelPiece]],
         coverage: CoverageCache, previous: DrawListMemo = DrawListMemo()) {
        self.plan = plan
        self.tiles = tiles
        self.levelPieces = levelPieces
        self.coverage = coverage
        self.previous = previous
        memo.entries = Array(repeating: nil, count: plan.ops.count)
        memo.tileEntries.reserveCapacity(previous.tileEntries.count)
        // Plan order is the order subtrees ended: of nested groups with the same range, the outer comes later.
        groups = plan.groups.enumerated().sorted {
            ($0.element.range.lowerBound, -$0.element.range.upperBound, -$0.offset)
                < ($1.element.range.lowerBound, -$1.element.range.upperBound, -$1.offset)
        }.map(\.element)
        // Capacity for as many as last frame (ops cut into pieces outnumber the plan's): a growing array
        // copies itself, and its growth was a tenth of the draw list's instructions (callgrind, 4K `feed`).
        signatures.reserveCapacity(Swift.max(plan.ops.count, previous.signatures.count))
    }

    mutating func build(_ range: Range<Int>, groupDepth: Int) throws -> [DrawOp] {
        var ops: [DrawOp] = []
        ops.reserveCapacity(groupDepth == 0 ? Swift.max(range.count, previous.ops.count) : range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            if nextGroup < groups.count, groups[nextGroup].range.lowerBound == index {
                underlay = nil  // a group's ops draw into their own offscreen
                let group = groups[nextGroup]
                nextGroup += 1
                let marker = signatures.count, opsBefore = ops.count
                signatures.append(DrawSignature(identity: .color(.transparent), destination: .zero, sourceX: 0, sourceY: 0,
                                                opacity: 0))
                let inner = try build(group.range, groupDepth: groupDepth + 1)
                underlay = nil
                index = group.range.upperBound
                defer {  // after its pieces' ops, or none (an empty group, or no piece left)
                    if groupDepth == 0 {
                        groupSpans.append(.init(signatures: marker..<signatures.count, ops: opsBefore..<ops.count))
                    }
                }
                guard let first = inner.first else { continue }
                let bounds = inner.dropFirst().reduce(first.destination) { $0.union($1.destination) }
                let source = DrawOp.Source.group(DrawGroup(list: DrawList(ops: inner)))
                let pieces = try split(bounds, group.shapes)
                // One signature per piece, like a masked op's: its pixels are the group's ops (the signatures
                // after it) blended with the opacity and the piece's coverage, all at absolute positions.
                signatures.replaceSubrange(marker...marker, with: pieces.map { piece in
                    DrawSignature(identity: .group(opacity: group.opacity, depth: groupDepth), destination: piece.rect,
                                  sourceX: 0, sourceY: 0, opacity: group.opacity, maskStamp: piece.patch?.stamp ?? 0,
                                  maskX: piece.patch?.x ?? 0, maskY: piece.patch?.y ?? 0)
                })
                for piece in pieces {
                    ops.append(DrawOp(source: source, destination: piece.rect, sourceOrigin: (bounds.x, bounds.y),
                                      opacity: group.opacity, isOpaque: false, mask: piece.patch))
                }
                continue
            }
            let op = plan.ops[index], tile = tiles[index]
            let opIndex = index, opsStart = ops.count, signaturesStart = signatures.count
            index += 1
            let source: DrawOp.Source, identity: DrawIdentity, opacity: UInt8, opaque: Bool
            var onto: Underlay?  // the colour right under this tile op, if any
            /// Records the op's output for the next frame (top level only); `leftOut`: a transparent tile's.
            func remember(leftOut: Bool = false) {
                guard groupDepth == 0 else { return }
                if !leftOut, !op.shapes.isEmpty, case .tile(let stamp)? = tile?.identity { memo.tileEntries[stamp] = opIndex }
                memo.entries[opIndex] = DrawListMemo.Entry(op: op, isLeftOut: leftOut, onto: onto?.color,
                                                           ops: opsStart..<ops.count,
                                                           signatures: signaturesStart..<signatures.count)
            }
            switch op.source {
            case .color(let pixel):
                (source, identity, opacity, opaque) = (.color(pixel), .color(pixel), 255, pixel.a == 255)
                underlay = nil
            case .tile(let layer, _, _):
                if underlay?.continues(at: opIndex, layer: layer) == true { onto = underlay } else { underlay = nil }
                if tile == nil, let pieces = levelPieces[opIndex] {
                    appendLevelPieces(pieces, opacity: op.opacity, to: &ops)
                    continue
                }
                guard let tile, tile.coverage != .transparent else {
                    skipped += 1
                    if tile != nil { remember(leftOut: true) }  // nothing to draw, the same next time
                    continue
                }
                (source, identity, opacity) = (.tile(tile.pixels), tile.identity, op.opacity)
                opaque = tile.coverage == .opaque && op.opacity == 255
            }
            func append(_ rect: PixelRect, _ patch: CoveragePatch?) {
                // A translucent tile right over an opaque colour that covers the piece: one opaque pass.
                let under = !opaque && opacity == 255 && patch == nil && onto?.covers(rect) == true ? onto?.color : nil
                ops.append(DrawOp(source: source, destination: rect, sourceOrigin: op.sourceOrigin,
                                  opacity: opacity, isOpaque: (opaque && patch == nil) || under != nil,
                                  mask: patch, underlay: under, zeroRows: tile?.zeroRows ?? .none))
                signatures.append(DrawSignature(identity: identity, destination: rect,
                                                sourceX: op.sourceOrigin.x, sourceY: op.sourceOrigin.y, opacity: opacity,
                                                maskStamp: patch?.stamp ?? 0, maskX: patch?.x ?? 0, maskY: patch?.y ?? 0))
            }
            if op.shapes.isEmpty {  // most ops: one piece, no array
                append(op.destination, nil)
            } else if groupDepth == 0, let match = lastFrameMatch(opIndex, op, tile) {
                // The same cut as the last frame's, moved with the op (``DrawListMemo``).
                let (dx, dy) = match.delta
                for index in match.ops {
                    append(previous.ops[index].destination.offsetBy(dx: dx, dy: dy),
                           previous.ops[index].mask?.offsetBy(dx: dx, dy: dy))
                }
                lastShift = match.shift
                reusedCuts += 1
            } else {
                for piece in try split(op.destination, op.shapes) { append(piece.rect, piece.patch) }
            }
            if case .color(let pixel) = op.source, pixel.a == 255 {  // what the next tiles may be drawn onto
                underlay = Underlay(color: pixel, rects: ops[opsStart...].filter { $0.mask == nil }.map(\.destination),
                                    layer: nil, lastIndex: opIndex)
            }
            remember()
        }
        return ops
    }

    /// The pieces of `destination` (``CoverageSplitter``), in a buffer reused from call to call: take them
    /// before the next call.
    private mutating func split(_ destination: PixelRect, _ shapes: [CoverageShape]) throws -> [CoverageSplitter.Piece] {
        pieces.removeAll(keepingCapacity: true)
        if shapes.isEmpty {
            pieces.append(CoverageSplitter.Piece(rect: destination, patch: nil))
            return pieces
        }
        if shapes != lastShapes.shapes {  // the tiles of one layer share their shapes: look them up once
            lastShapes = (shapes, try shapes.map { ($0, try coverage.coverage($0)) })
        }
        try CoverageSplitter.split(destination, shapes: lastShapes.resolved, into: &pieces)
        return pieces
    }

    /// The draws of a layer drawn from a level of detail: each piece resampled bilinearly — opaque when its
    /// tile is (every sample of opaque pixels has alpha 255) and the opacity is 255 — or the checkerboard
    /// pattern, aligned to the layer's plane, where nothing covers it yet.
    private mutating func appendLevelPieces(_ pieces: [LevelPiece], opacity: UInt8, to ops: inout [DrawOp]) {
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
            case let .checkerboard(pixels, phase):
                ops.append(DrawOp(source: .tile(pixels), destination: piece.destination, sourceOrigin: origin,
                                  opacity: opacity, isOpaque: opacity == 255))
                signatures.append(DrawSignature(identity: .checkerboard(phaseX: phase.x, phaseY: phase.y),
                                                destination: piece.destination, sourceX: origin.x, sourceY: origin.y,
                                                opacity: opacity))
            }
        }
    }
}
