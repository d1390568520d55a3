import TesseraKernelBodies

/// One piece of a layer drawn from a level of detail this frame: a level tile resampled onto a
/// framebuffer rect, or — when no pixels have arrived for that level tile — a solid checkerboard fill.
struct LevelPiece {
    enum Source {
        /// The level tile's pixels (`(N + 1)²`, see ``LevelMapping``), their installation stamp, and
        /// whether every one of them (gutter included) has alpha 255 — then so has every sample.
        case pixels(PixelBuffer, stamp: UInt64, opaque: Bool)
        /// Nothing covers it yet: the ``Checkerboard`` pattern as it lies over the layer's plane there (a
        /// `tileSize²` view whose pixel (0, 0) lands on the destination's top-left pixel, and its phase).
        case checkerboard(PixelBuffer, phase: (x: Int, y: Int))
    }

    let source: Source
    /// Framebuffer device pixels (within the layer's clipped rect; never empty).
    let destination: PixelRect
    /// Sample positions in the tile's pixels, relative to the destination's top-left pixel.
    let mapping: ResampleMapping
}

/// Step 3 of ``TileManager/prepare(_:viewport:statistics:)`` for layers whose scale is changing: the
/// level of detail they are drawn from (README.md, "Levels of detail").
///
/// A layer's scale *changes* in a frame when the previous frame planned it at another
/// ``PlannedLayer/scale``. Such a frame draws it from level `k` (``LevelsOfDetail``): the wanted level
/// (the largest at or below the zoom), reached at most one step per frame from the level shown before. The level tiles are keyed by the
/// negated level scale (``TileKey/isLevel``), rasterized at NOW priority with a one-pixel gutter, and
/// resampled bilinearly. The first frame at an unchanged scale (the scale *settled*) draws the exact
/// scale's tiles again, rasterizing them; in asynchronous mode, until all of them have arrived, the
/// layer keeps being drawn from the level it was last shown at. A level equal to the exact scale is
/// drawn from the exact tiles.
///
/// Thread safety: the model thread (part of the tile manager).
extension TileManager {
    /// Per plan layer: the level exponent to draw it from this frame, or `nil` for its exact tiles.
    func chooseLevels(_ plan: FramePlan, _ records: [LayerTileRecord]) -> [Int?] {
        var result = [Int?](repeating: nil, count: plan.layers.count)
        var firstOp = [Int?](repeating: nil, count: plan.layers.count)
        for index in plan.ops.indices {  // in place (``PlannedLayer``, "Cost")
            if case let .tile(layer, _, _) = plan.ops[index].source, firstOp[layer] == nil { firstOp[layer] = index }
        }
        for index in plan.layers.indices where plan.layers[index].isVisible {
            result[index] = chooseLevel(plan.layers[index], plan, index, records[index], firstOp: firstOp[index])
        }
        return result
    }

    /// ``chooseLevels(_:_:)`` for `planned`, the layer at `index` (its first tile op `firstOp`).
    private func chooseLevel(_ planned: PlannedLayer, _ plan: FramePlan, _ index: Int, _ record: LayerTileRecord,
                             firstOp: Int?) -> Int? {
        let changing = record.lastFrame > 0 && record.lastFrame + 1 == frame && record.lastScale != planned.scale
        var level: Int?
        if changing {
            let wanted = levels.level(forZoom: planned.scale / scale)
            level = deferredLevel(planned, record, next: LevelsOfDetail.step(from: record.shownLevel, toward: wanted))
        } else if mode == .asynchronous, let shown = record.shownLevel, let first = firstOp,
                  !exactTilesReady(plan, layer: index, from: first) {
            level = shown  // settled, but the exact tiles have not all arrived: keep the level
        }
        if !changing { record.pendingLevel = nil }
        if let k = level, LevelsOfDetail.scale(k, deviceScale: scale) == planned.scale { level = nil }
        record.shownLevel = level
        return level
    }

    /// True when every tile op of layer `layer` (contiguous from op `first`) has current pixels.
    private func exactTilesReady(_ plan: FramePlan, layer: Int, from first: Int) -> Bool {
        let identity = plan.layers[layer].identity, scaleBits = plan.layers[layer].scale.bitPattern
        for index in first..<plan.ops.count {  // in place (``PlannedLayer``, "Cost")
            guard case let .tile(owner, column, row) = plan.ops[index].source, owner == layer else { break }
            let key = TileKey(layer: identity, scaleBits: scaleBits, column: column, row: row)
            guard let entry = cache[key], entry.isReady else { return false }
        }
        return true
    }

    /// The level tiles that cover `planned`'s visible rect at level `k`, each with the framebuffer rect it
    /// serves and its mapping; makes entries and NOW jobs for those without current pixels.
    func levelTiles(_ planned: PlannedLayer, _ record: LayerTileRecord, level k: Int, jobs: inout [RasterJob],
                    visibleJobs: inout [RasterJob], statistics: inout FrameStatistics)
        throws -> [(entry: TileEntry, destination: PixelRect, mapping: ResampleMapping)] {
        let clip = planned.visiblePlaneRect.offsetBy(dx: planned.translation.x, dy: planned.translation.y)
        let levelScale = LevelsOfDetail.scale(k, deviceScale: scale)
        let m = LevelMapping(exactScale: planned.scale, levelScale: levelScale, translation: planned.translation,
                             origin: (clip.minX, clip.minY))
        let n = grid.size, one = Int64(ResampleMapping.one)
        let columns = LevelMapping.spans(clip.minX, clip.maxX, start: m.u0, origin: m.x0, step: m.du, tileSize: n)
        let rows = LevelMapping.spans(clip.minY, clip.maxY, start: m.v0, origin: m.y0, step: m.dv, tileSize: n)
        var result: [(TileEntry, PixelRect, ResampleMapping)] = []
        for (row, ys) in rows {
            for (column, xs) in columns {
                let key = TileKey(layer: planned.identity, scaleBits: (-levelScale).bitPattern, column: column, row: row)
                let entry = try cache[key] ?? newEntry(key, record, priority: .now)!
                need(entry)
                if entry.visibleFrame == 0 || entry.visibleFrame + 1 < frame { statistics.tilesNewlyVisible += 1 }
                entry.visibleFrame = frame
                if entry.isReady {
                    statistics.cacheHits += 1
                } else {
                    if entry.waitingSince == nil { entry.waitingSince = .now }
                    if let job = try schedule(entry, planned, .now) { jobs.append(job) }
                    if let job = entry.job { visibleJobs.append(job) }
                }
                let destination = PixelRect(x: xs.lowerBound, y: ys.lowerBound, width: xs.count, height: ys.count)
                let mapping = ResampleMapping(
                    x0: Int32(m.u(xs.lowerBound) - Int64(column * n) * one), dx: Int32(m.du),
                    y0: Int32(m.v(ys.lowerBound) - Int64(row * n) * one), dy: Int32(m.dv))
                result.append((entry, destination, mapping))
            }
        }
        return result
    }
}

extension TileManager {
    /// The pieces that draw one level tile's framebuffer rect: its pixels if it has any (current or
    /// stale), otherwise the best other level that has pixels there — the nearest levels first, finer
    /// before coarser — looked up without asking for raster; only what no level covers is
    /// ``LevelPiece/Source/checkerboard`` (in pieces of at most a tile). The tiles used are marked needed
    /// (eviction spares them). `levelsWithPixels`: the level tile scales (``TileKey/scaleBits``) the layer
    /// has pixels at (``levelsWithPixels(_:)``); other levels are not searched, so that a layer with no
    /// pixels at all (the first frame of a pinch) is one checkerboard piece per tile, not a patchwork.
    func resolveLevelTile(_ planned: PlannedLayer, level k: Int, entry: TileEntry, destination: PixelRect,
                          mapping: ResampleMapping, levelsWithPixels: Set<UInt64>,
                          statistics: inout FrameStatistics) throws -> [LevelPiece] {
        if let pixels = entry.pixels {
            if !entry.isCurrent { statistics.tilesShownStale += 1 }
            return [LevelPiece(source: .pixels(pixels, stamp: entry.stamp, opaque: entry.coverage == .opaque),
                               destination: destination, mapping: mapping)]
        }
        var others: [Int] = []
        for distance in 1...Swift.max(1, levels.count) {
            for candidate in [k + distance, k - distance] where levels.range.contains(candidate)
                && levelsWithPixels.contains((-LevelsOfDetail.scale(candidate, deviceScale: scale)).bitPattern) {
                others.append(candidate)
            }
        }
        var pieces: [LevelPiece] = []
        var uncovered = [destination]
        for candidate in others where !uncovered.isEmpty {
            var stillUncovered: [PixelRect] = []
            for rect in uncovered {
                let found = levelPieces(planned, level: candidate, in: rect)
                pieces += found.covered
                stillUncovered += found.uncovered
            }
            uncovered = stillUncovered
        }
        let n = grid.size
        for rect in uncovered {
            statistics.checkerboardPixels += rect.area
            for y in stride(from: rect.minY, to: rect.maxY, by: n) {
                for x in stride(from: rect.minX, to: rect.maxX, by: n) {
                    let part = PixelRect(x: x, y: y, width: Swift.min(n, rect.maxX - x), height: Swift.min(n, rect.maxY - y))
                    let tile = try checkerboardTile(at: (x - planned.translation.x, y - planned.translation.y))
                    pieces.append(LevelPiece(source: .checkerboard(tile.pixels, phase: tile.phase), destination: part,
                                             mapping: mapping))
                }
            }
        }
        if !uncovered.isEmpty { statistics.tilesCheckerboarded += 1 }
        return pieces
    }

    /// The level tile scales (``TileKey/scaleBits``) at which `record`'s layer has tiles with pixels.
    /// Cost: one look-up per tile key of the layer.
    func levelsWithPixels(_ record: LayerTileRecord) -> Set<UInt64> {
        var result: Set<UInt64> = []
        for key in record.keys where key.isLevel && !result.contains(key.scaleBits) && cache[key]?.pixels != nil {
            result.insert(key.scaleBits)
        }
        return result
    }

    /// The parts of framebuffer rect `rect` that level `k`'s tiles with pixels cover (as pieces), and the
    /// parts they do not. The mapping is the layer's, from its first visible pixel, as in ``levelTiles``.
    private func levelPieces(_ planned: PlannedLayer, level k: Int, in rect: PixelRect)
        -> (covered: [LevelPiece], uncovered: [PixelRect]) {
        let clip = planned.visiblePlaneRect.offsetBy(dx: planned.translation.x, dy: planned.translation.y)
        let levelScale = LevelsOfDetail.scale(k, deviceScale: scale)
        let m = LevelMapping(exactScale: planned.scale, levelScale: levelScale, translation: planned.translation,
                             origin: (clip.minX, clip.minY))
        let n = grid.size, one = Int64(ResampleMapping.one)
        let columns = LevelMapping.spans(rect.minX, rect.maxX, start: m.u0, origin: m.x0, step: m.du, tileSize: n)
        let rows = LevelMapping.spans(rect.minY, rect.maxY, start: m.v0, origin: m.y0, step: m.dv, tileSize: n)
        var covered: [LevelPiece] = [], uncovered: [PixelRect] = []
        for (row, ys) in rows {
            for (column, xs) in columns {
                let part = PixelRect(x: xs.lowerBound, y: ys.lowerBound, width: xs.count, height: ys.count)
                let key = TileKey(layer: planned.identity, scaleBits: (-levelScale).bitPattern, column: column, row: row)
                guard let entry = cache[key], let pixels = entry.pixels else {
                    uncovered.append(part)
                    continue
                }
                need(entry)
                let mapping = ResampleMapping(
                    x0: Int32(m.u(xs.lowerBound) - Int64(column * n) * one), dx: Int32(m.du),
                    y0: Int32(m.v(ys.lowerBound) - Int64(row * n) * one), dy: Int32(m.dv))
                covered.append(LevelPiece(source: .pixels(pixels, stamp: entry.stamp, opaque: entry.coverage == .opaque),
                                          destination: part, mapping: mapping))
            }
        }
        return (covered, uncovered)
    }
}
