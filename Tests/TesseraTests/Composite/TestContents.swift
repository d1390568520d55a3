import Foundation
import Tessera

/// A deterministic pattern of the plane's device pixels: 32-pixel opaque checkerboard blocks, some fully
/// transparent blocks, and translucent pixels of varied alpha elsewhere. Each pixel depends only on its
/// plane device coordinates, so any tiling gives the same pixels.
struct PatternContent: LayerContent {
    var seed: UInt32

    static func pixel(x: Int, y: Int, seed: UInt32) -> Pixel {
        var h = UInt32(truncatingIfNeeded: x &* 374_761_393 &+ y &* 668_265_263) ^ seed
        h = (h ^ (h >> 13)) &* 1_274_126_177
        h ^= h >> 16
        let blockX = x >> 5, blockY = y >> 5
        let alpha: UInt32
        if (blockX + blockY) & 1 == 0 {
            alpha = 255
        } else if blockY & 3 == 1 {
            return .transparent
        } else {
            alpha = h & 0xFF
        }
        func channel(_ shift: UInt32) -> UInt8 { UInt8(((h >> shift) & 0xFF) * alpha / 255) }
        return Pixel(r: channel(8), g: channel(16), b: channel(24), a: UInt8(alpha))
    }

    func draw(in context: RasterContext) {
        for y in 0..<context.deviceRect.height {
            for x in 0..<context.deviceRect.width {
                context.buffer[x: x, y: y] = PatternContent.pixel(
                    x: context.deviceRect.x + x, y: context.deviceRect.y + y, seed: seed)
            }
        }
    }
}

/// An opaque solid colour everywhere in the plane, which says so through `isOpaque`.
struct SolidContent: LayerContent {
    var pixel: Pixel

    func draw(in context: RasterContext) { context.buffer.clear(to: pixel) }
    func isOpaque(in deviceRect: PixelRect, scale: Double) -> Bool { pixel.a == 255 }
}

/// Records every device rect drawn (from any worker thread), then draws a pattern.
final class DrawRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var rects: [PixelRect] = []

    func record(_ rect: PixelRect) {
        lock.lock()
        rects.append(rect)
        lock.unlock()
    }

    /// Every rect drawn so far, and forgets them.
    func take() -> [PixelRect] {
        lock.lock()
        defer { lock.unlock() }
        let taken = rects
        rects = []
        return taken
    }
}

/// A pattern content that tells a ``DrawRecorder`` which rects it drew.
struct CountingContent: LayerContent {
    let recorder: DrawRecorder
    var seed: UInt32 = 7

    func draw(in context: RasterContext) {
        recorder.record(context.deviceRect)
        PatternContent(seed: seed).draw(in: context)
    }
}

/// A tile position, for comparing sets of tiles in tests.
struct TilePosition: Hashable, CustomStringConvertible, Comparable {
    let column: Int
    let row: Int

    var description: String { "(\(column), \(row))" }
    static func < (a: TilePosition, b: TilePosition) -> Bool { (a.row, a.column) < (b.row, b.column) }

    /// The tile a recorded draw rect stands for (tile rects are aligned to the tile size).
    init(drawn rect: PixelRect, tileSize: Int) {
        precondition(rect.width == tileSize && rect.height == tileSize, "not a tile: \(rect)")
        column = Int((Double(rect.x) / Double(tileSize)).rounded(.down))
        row = Int((Double(rect.y) / Double(tileSize)).rounded(.down))
    }

    init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }

    /// The tiles of size `tileSize` that the device-pixel rect `[x0, x1) × [y0, y1)` touches.
    static func covering(x0: Int, y0: Int, x1: Int, y1: Int, tileSize: Int) -> Set<TilePosition> {
        guard x1 > x0, y1 > y0 else { return [] }
        func floorDiv(_ a: Int) -> Int { Int((Double(a) / Double(tileSize)).rounded(.down)) }
        var result: Set<TilePosition> = []
        for row in floorDiv(y0)...floorDiv(y1 - 1) {
            for column in floorDiv(x0)...floorDiv(x1 - 1) { result.insert(TilePosition(column: column, row: row)) }
        }
        return result
    }
}

/// The first pixel where two packed images differ, as "(x, y): a vs b", or `nil` when they are equal
/// (keeps test failures short instead of printing whole images).
func firstDifference(_ a: [UInt8], _ b: [UInt8], width: Int) -> String? {
    guard a.count == b.count else { return "sizes differ: \(a.count) vs \(b.count) bytes" }
    guard let index = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
    let pixel = index / 4
    let start = pixel * 4
    return "(\(pixel % width), \(pixel / width)): \(Array(a[start..<start + 4])) vs \(Array(b[start..<start + 4]))"
}
