/// Chooses tiles to rasterize ahead of the scroll direction, like a simplified Chromium skewport.
///
/// The motion of a layer's visible window over its plane is the change of its plane-to-framebuffer
/// translation between two consecutive frames (a bounds-origin change anywhere above it moves it).
/// The look-ahead rect is the visible rect extended in the direction of motion, per axis, by
/// `min(|motion| × lookAheadFrames, tileSize)` device pixels — bounded to one tile row / column — and
/// the candidates are its tiles that are not visible, nearest first.
///
/// Pure arithmetic on plane device pixels. Thread safety: any thread.
enum Prepaint {
    /// How many frames of the current motion the look-ahead covers (before the one-tile bound).
    static let lookAheadFrames = 8

    /// A candidate tile and its distance (device pixels) from the visible rect.
    struct Candidate {
        let layer: Int
        let column: Int
        let row: Int
        let distance: Int
    }

    /// The tiles ahead of `visible` (plane device pixels) for a window that moved by `motion` (plane
    /// device pixels per frame), tagged with `layer`, and only where they meet `reachable` (the plane
    /// device pixels the layer can show soon: see ``reachableRect(bounds:boundsMotion:grid:)``); empty
    /// when there is no motion.
    static func candidates(layer: Int, visible: PixelRect, motion: (x: Int, y: Int), reachable: PixelRect,
                           grid: TileGrid) -> [Candidate] {
        guard motion != (0, 0), let visibleSpan = grid.span(of: visible) else { return [] }
        let ahead = extend(visible, by: motion, grid: grid).intersection(reachable)
        guard let span = grid.span(of: ahead) else { return [] }
        var result: [Candidate] = []
        for row in span.rows {
            for column in span.columns
            where !(visibleSpan.rows.contains(row) && visibleSpan.columns.contains(column)) {
                let tile = grid.rect(column: column, row: row)
                let dx = Swift.max(0, visible.minX - tile.maxX, tile.minX - visible.maxX)
                let dy = Swift.max(0, visible.minY - tile.maxY, tile.minY - visible.maxY)
                result.append(Candidate(layer: layer, column: column, row: row, distance: dx + dy))
            }
        }
        return result
    }

    /// `rect` grown in the direction of `motion` by the look-ahead reach (at most one tile).
    static func extend(_ rect: PixelRect, by motion: (x: Int, y: Int), grid: TileGrid) -> PixelRect {
        func reach(_ delta: Int) -> Int { Swift.min(abs(delta) * lookAheadFrames, grid.size) }
        var ahead = rect
        if motion.x > 0 { ahead.width += reach(motion.x) }
        if motion.x < 0 { ahead.x -= reach(motion.x); ahead.width += reach(motion.x) }
        if motion.y > 0 { ahead.height += reach(motion.y) }
        if motion.y < 0 { ahead.y -= reach(motion.y); ahead.height += reach(motion.y) }
        return ahead
    }

    /// What of a layer's plane can become visible soon: its bounds (plane device pixels), extended only as
    /// far as its own bounds origin is moving. A layer carried across the screen by an ancestor's scroll
    /// shows nothing outside its bounds however it moves; a scroll layer's window slides over its plane.
    static func reachableRect(bounds: PixelRect, boundsMotion: (x: Int, y: Int), grid: TileGrid) -> PixelRect {
        extend(bounds, by: boundsMotion, grid: grid)
    }

    /// The tiles per frame a motion exposes on average: each tile row (column) the window crosses brings
    /// as many tiles as the visible rect spans columns (rows).
    static func exposurePace(visible: PixelRect, motion: (x: Int, y: Int), grid: TileGrid) -> Double {
        guard let span = grid.span(of: visible) else { return 0 }
        let size = Double(grid.size)
        return Double(abs(motion.y)) / size * Double(span.columns.count)
            + Double(abs(motion.x)) / size * Double(span.rows.count)
    }

    /// How many tiles can be prepainted without making the frame's raster longer: the idle slots of the
    /// last round when `misses` tiles are dealt to `workers` workers (all workers when nothing misses).
    static func spareSlots(misses: Int, workers: Int) -> Int {
        misses == 0 ? workers : (workers - misses % workers) % workers
    }
}
