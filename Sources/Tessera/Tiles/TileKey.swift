/// Names one tile: a square of device pixels of one layer's plane at one scale.
///
/// Tile `(column, row)` of size `s` covers the plane's device pixels `column·s ..< (column+1)·s`
/// horizontally and `row·s ..< (row+1)·s` vertically (plane device pixels: plane points × scale,
/// anchored at the plane's origin, not at the bounds). Indices may be negative. Because tiles live in
/// the plane, moving a bounds origin (scrolling) never changes which pixels a key stands for.
struct TileKey: Hashable, Sendable {
    /// The layer's process-unique identity (``Layer/identity``).
    let layer: UInt64
    /// The scale's bit pattern (device pixels per point), so that keys hash exactly.
    let scaleBits: UInt64
    let column: Int
    let row: Int

    /// The four fields folded into one word by odd multipliers, then mixed (the finalizer of SplitMix64):
    /// what ``TileTable`` indexes by. Equality stays field by field, so keys whose words collide still
    /// differ.
    var word: UInt64 {
        let column = UInt64(bitPattern: Int64(self.column)), row = UInt64(bitPattern: Int64(self.row))
        var x = layer &* 0x9E37_79B9_7F4A_7C15 ^ scaleBits &* 0xC2B2_AE3D_27D4_EB4F
            ^ column &* 0x1656_67B1_9E37_79F9 ^ row &* 0xD6E8_FEB8_6659_FD93
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 31)
    }

    /// ``word`` hashed (for the sets and dictionaries that still key by tile).
    func hash(into hasher: inout Hasher) {
        hasher.combine(word)
    }

    /// True for a level-of-detail tile (``LevelsOfDetail``): its `scaleBits` hold the level scale negated,
    /// so that it never shares a key with an exact-scale tile of the same scale; it holds one more pixel
    /// right and below (the gutter of ``LevelMapping``).
    var isLevel: Bool { Double(bitPattern: scaleBits) < 0 }
    /// The scale the tile is rasterized at (device pixels per point).
    var rasterScale: Double { abs(Double(bitPattern: scaleBits)) }

    /// The plane device pixels the tile's buffer holds: the grid square, plus the gutter for a level tile.
    func rasterRect(_ grid: TileGrid) -> PixelRect {
        let square = grid.rect(column: column, row: row)
        return isLevel ? PixelRect(x: square.x, y: square.y, width: square.width + 1, height: square.height + 1) : square
    }
}

/// The tiling of planes into square tiles of ``size`` device pixels: pure arithmetic.
struct TileGrid: Sendable {
    /// The side of a tile, in device pixels.
    let size: Int

    /// The plane device pixels tile `(column, row)` covers.
    func rect(column: Int, row: Int) -> PixelRect {
        PixelRect(x: column * size, y: row * size, width: size, height: size)
    }

    /// The column and row ranges of the tiles `rect` (plane device pixels) touches; empty for an empty rect.
    func span(of rect: PixelRect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        guard !rect.isEmpty else { return nil }
        return (TileGrid.floorDivide(rect.minX, size)...TileGrid.floorDivide(rect.maxX - 1, size),
                TileGrid.floorDivide(rect.minY, size)...TileGrid.floorDivide(rect.maxY - 1, size))
    }

    /// The number of tiles `rect` touches (0 when empty; `Int.max` when that does not fit in an `Int`,
    /// as for a 10¹² point invalidation rect).
    func count(of rect: PixelRect) -> Int {
        guard let span = span(of: rect) else { return 0 }
        let (product, overflow) = span.columns.count.multipliedReportingOverflow(by: span.rows.count)
        return overflow ? Int.max : product
    }

    /// `floor(a / b)` for `b > 0`, also for negative `a`.
    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && a < 0) ? q - 1 : q
    }
}
