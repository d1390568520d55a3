import TesseraKernelBodies

/// When a layer drawn from a level of detail moves to the next level (README.md, "Levels of detail"):
/// only once the next level's tiles covering the visible rect all have pixels.
///
/// A frame that switched at once drew the new level's missing tiles from other levels, piece by piece —
/// up to fifteen times the draw operations of a frame on one level, small pieces whose per-call set-up
/// dominated — and showed coarser pixels than the level it left. So while the next level is incomplete
/// the layer stays on the level it is shown at (resampled further from 1:1, at most one more level
/// step), and the next level's tiles are rasterized at NOW priority after the shown level's own. In
/// asynchronous mode only (synchronous frames wait for every tile), and for at most
/// ``LevelsOfDetail/maximumSwitchDelayFrames`` frames: after that the layer switches anyway (a budget
/// too small for a whole level must not freeze it on one).
///
/// Thread safety: the model thread (part of the tile manager).
extension TileManager {
    /// The level to draw `planned` from this frame, given the `next` one of the one-step rule: `next`, or
    /// the shown level while `next` is pending (recorded in `record.pendingLevel`).
    func deferredLevel(_ planned: PlannedLayer, _ record: LayerTileRecord, next: Int) -> Int {
        guard mode == .asynchronous, let shown = record.shownLevel, next != shown,
              LevelsOfDetail.scale(next, deviceScale: scale) != planned.scale else {
            record.pendingLevel = nil
            return next
        }
        if record.pendingLevel != next {
            record.pendingLevel = next
            record.pendingSince = frame
        }
        if frame - record.pendingSince >= UInt64(LevelsOfDetail.maximumSwitchDelayFrames) || levelCovers(planned, level: next) {
            record.pendingLevel = nil
            return next
        }
        return shown
    }

    /// True when every tile of level `k` that covers `planned`'s visible rect has pixels (current or stale).
    private func levelCovers(_ planned: PlannedLayer, level k: Int) -> Bool {
        var covered = true
        forEachLevelTile(planned, level: k) { key, _, _ in
            if covered, cache[key]?.pixels == nil { covered = false }
        }
        return covered
    }

    /// Entries and NOW jobs (appended to `jobs`) for the tiles of level `k` covering `planned`'s visible
    /// rect that have no current pixels; the tiles are marked needed. Nothing is counted as shown.
    func requestLevel(_ planned: PlannedLayer, _ record: LayerTileRecord, level k: Int, jobs: inout [RasterJob]) throws {
        var keys: [TileKey] = []
        forEachLevelTile(planned, level: k) { key, _, _ in keys.append(key) }
        for key in keys {
            guard let entry = try cache[key] ?? newEntry(key, record, priority: .now) else { continue }
            need(entry)
            if !entry.isReady, let job = try schedule(entry, planned, .now) { jobs.append(job) }
        }
    }

    /// The fallback of a layer drawn from a level: entries and NOW jobs (appended to `jobs`, after the
    /// frame's other level jobs) for the tiles of the coarsest level, ``LevelsOfDetail/range``'s lower
    /// bound, that cover `planned`'s visible rect grown by ``LevelsOfDetail/fallbackMargin`` of its size on
    /// every side (within the layer's bounds), all marked needed so eviction never takes them while the
    /// layer is drawn from levels. Whatever the zoom does next — a zoom out of up to 2× around any point
    /// of the view included — the view stays covered by some level, if only by this one, magnified;
    /// and it is cheap: `4^d` times fewer tiles than a level `d` steps finer.
    func requestFallback(_ planned: PlannedLayer, _ record: LayerTileRecord, drawnLevel: Int, jobs: inout [RasterJob]) throws {
        let k = levels.range.lowerBound
        guard drawnLevel != k else { return }
        let visible = planned.visiblePlaneRect
        let dx = Int((Double(visible.width) * LevelsOfDetail.fallbackMargin).rounded(.up))
        let dy = Int((Double(visible.height) * LevelsOfDetail.fallbackMargin).rounded(.up))
        let grown = PixelRect(x: visible.x - dx, y: visible.y - dy, width: visible.width + 2 * dx,
                              height: visible.height + 2 * dy).intersection(planned.boundsPlaneRect)
        var keys: [TileKey] = []
        forEachLevelTile(planned, level: k, covering: grown) { key, _, _ in keys.append(key) }
        for key in keys {
            guard let entry = try cache[key] ?? newEntry(key, record, priority: .now) else { continue }
            need(entry)
            if !entry.isReady, let job = try schedule(entry, planned, .now) { jobs.append(job) }
        }
    }

    /// Calls `body` with the key of each level-`k` tile covering `planned`'s visible rect (or `covering`,
    /// plane device pixels), and the framebuffer columns and rows it serves (``LevelMapping``, from the
    /// visible rect's first pixel as every level draw of the layer).
    func forEachLevelTile(_ planned: PlannedLayer, level k: Int, covering: PixelRect? = nil,
                          _ body: (TileKey, Range<Int>, Range<Int>) -> Void) {
        let clip = planned.visiblePlaneRect.offsetBy(dx: planned.translation.x, dy: planned.translation.y)
        let area = (covering ?? planned.visiblePlaneRect).offsetBy(dx: planned.translation.x, dy: planned.translation.y)
        guard !area.isEmpty else { return }
        let levelScale = LevelsOfDetail.scale(k, deviceScale: scale)
        let m = LevelMapping(exactScale: planned.scale, levelScale: levelScale, translation: planned.translation,
                             origin: (clip.minX, clip.minY))
        let n = grid.size
        let columns = LevelMapping.spans(area.minX, area.maxX, start: m.u0, origin: m.x0, step: m.du, tileSize: n)
        let rows = LevelMapping.spans(area.minY, area.maxY, start: m.v0, origin: m.y0, step: m.dv, tileSize: n)
        for (row, ys) in rows {
            for (column, xs) in columns {
                body(TileKey(layer: planned.identity, scaleBits: (-levelScale).bitPattern, column: column, row: row), xs, ys)
            }
        }
    }
}
