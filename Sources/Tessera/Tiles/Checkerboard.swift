/// What a frame shows for a visible tile whose pixels have not arrived: squares of
/// ``squareSize`` device pixels alternating ``light`` and ``dark`` (both opaque), aligned to the layer's
/// plane — plane device pixel `(px, py)` is light when `⌊px / 8⌋ + ⌊py / 8⌋` is even — so the pattern
/// scrolls with the content and tiles meet without seams.
///
/// One pattern buffer of `(tileSize + 16)²` pixels serves every tile: a tile at plane `(x, y)` reads it
/// from offset `(x mod 16, y mod 16)`. It is not counted in the tile budget.
///
/// Thread safety: immutable after creation; composite workers read it concurrently.
struct Checkerboard: Sendable {
    static let squareSize = 8
    static let light = Pixel(r: 224, g: 224, b: 224, a: 255)
    static let dark = Pixel(r: 192, g: 192, b: 192, a: 255)

    private let pattern: PixelBuffer
    private let tileSize: Int

    init(tileSize: Int) throws {
        self.tileSize = tileSize
        let period = 2 * Checkerboard.squareSize
        pattern = try PixelBuffer(width: tileSize + period, height: tileSize + period)
        for y in 0..<pattern.height {
            for x in 0..<pattern.width {
                pattern[x: x, y: y] = Checkerboard.pixel(planeX: x, planeY: y)
            }
        }
    }

    /// The pattern's pixel at plane device pixel `(planeX, planeY)`.
    static func pixel(planeX: Int, planeY: Int) -> Pixel {
        let square = TileGrid.floorDivide(planeX, squareSize) + TileGrid.floorDivide(planeY, squareSize)
        return square & 1 == 0 ? light : dark
    }

    /// A `tileSize²` view of the pattern as it lies over the tile whose pixel (0, 0) is plane device
    /// pixel `origin`, and the pattern's phase there (`origin` modulo the 16-pixel period): equal phases,
    /// equal pixels.
    func tile(at origin: (x: Int, y: Int)) -> (pixels: PixelBuffer, phase: (x: Int, y: Int)) {
        let period = 2 * Checkerboard.squareSize
        let dx = origin.x - TileGrid.floorDivide(origin.x, period) * period
        let dy = origin.y - TileGrid.floorDivide(origin.y, period) * period
        return (pattern.uncheckedSubBuffer(PixelRect(x: dx, y: dy, width: tileSize, height: tileSize)), (dx, dy))
    }
}
