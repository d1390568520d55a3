import Tessera

/// Helpers shared by the raster tests: drawing a list into a fresh buffer standing for a device rect.
enum RasterTest {
    static let red = Color(red: 255, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 255)
    static let opaqueRed = Pixel(r: 255, g: 0, b: 0, a: 255)

    /// Draws `content` into a new buffer for `deviceRect` at `scale`, starting from `background`.
    static func render(_ content: some LayerContent, _ deviceRect: PixelRect, scale: Double = 1,
                       background: Pixel = .transparent) throws -> PixelBuffer {
        let buffer = try PixelBuffer(width: deviceRect.width, height: deviceRect.height)
        buffer.clear(to: background)
        content.draw(in: RasterContext(buffer: buffer, deviceRect: deviceRect, scale: scale))
        return buffer
    }

    /// Draws `content` whole into one buffer for `deviceRect`, tile by tile with `tileSize`-pixel tiles
    /// aligned on the plane's multiples of `tileSize` (sub-buffers of the same buffer, each with its own
    /// device rect).
    static func renderTiled(_ content: some LayerContent, _ deviceRect: PixelRect, scale: Double,
                            tileSize: Int) throws -> PixelBuffer {
        let buffer = try PixelBuffer(width: deviceRect.width, height: deviceRect.height)
        func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
        let row0 = floorDiv(deviceRect.minY, tileSize), row1 = floorDiv(deviceRect.maxY - 1, tileSize)
        let col0 = floorDiv(deviceRect.minX, tileSize), col1 = floorDiv(deviceRect.maxX - 1, tileSize)
        for row in row0...row1 {
            for col in col0...col1 {
                let tile = PixelRect(x: col * tileSize, y: row * tileSize, width: tileSize, height: tileSize)
                    .intersection(deviceRect)
                if tile.isEmpty { continue }
                let sub = try buffer.subBuffer(tile.offsetBy(dx: -deviceRect.x, dy: -deviceRect.y))
                content.draw(in: RasterContext(buffer: sub, deviceRect: tile, scale: scale))
            }
        }
        return buffer
    }

    /// Every pixel of `buffer` as rows of alpha values, for readable failures.
    static func alphas(_ buffer: PixelBuffer) -> [[UInt8]] {
        (0..<buffer.height).map { y in (0..<buffer.width).map { x in buffer[x: x, y: y].a } }
    }
}
