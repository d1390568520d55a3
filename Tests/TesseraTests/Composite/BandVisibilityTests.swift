import Testing
@testable import Tessera

/// Drawing only the visible pieces gives the painter's algorithm's pixels, for random stacks of opaque
/// and translucent rects.
@Suite struct BandVisibilityTests {
    static func paint(_ ops: [DrawOp], onlyVisible: Bool, band: PixelRect) throws -> [UInt8] {
        let buffer = try PixelBuffer(width: band.maxX, height: band.maxY)
        buffer.clear(to: Pixel(r: 9, g: 9, b: 9, a: 9)) // garbage the clear must overwrite
        func draw(_ op: DrawOp, _ rect: PixelRect) {
            guard case let .color(pixel) = op.source else { return }
            let target = buffer.uncheckedSubBuffer(rect)
            op.isOpaque ? ScalarReference.fill(target, with: pixel) : ScalarReference.fillOver(target, with: pixel)
        }
        if onlyVisible {
            let candidates = ops.indices.filter { !ops[$0].destination.intersection(band).isEmpty }
            let visibility = BandVisibility(ops: ops, candidates: candidates, band: band)
            for clear in visibility.clears { ScalarReference.fill(buffer.uncheckedSubBuffer(clear.rect), with: .transparent) }
            for piece in visibility.pieces { draw(ops[piece.op], piece.rect) }
        } else {
            ScalarReference.fill(buffer.uncheckedSubBuffer(band), with: .transparent)
            for op in ops {
                let area = op.destination.intersection(band)
                if !area.isEmpty { draw(op, area) }
            }
        }
        return try buffer.subBuffer(band).packedBytes()
    }

    @Test func visiblePiecesPaintLikeThePainter() throws {
        var random = SplitMix64(seed: 42)
        for _ in 0..<300 {
            let band = PixelRect(x: 0, y: Int.random(in: 0...8, using: &random), width: Int.random(in: 1...40, using: &random),
                                 height: Int.random(in: 1...12, using: &random))
            let ops = (0..<Int.random(in: 0...9, using: &random)).map { _ -> DrawOp in
                let opaque = Bool.random(using: &random)
                let a: UInt8 = opaque ? 255 : UInt8.random(in: 0...254, using: &random)
                let pixel = Pixel(r: UInt8.random(in: 0...a, using: &random), g: UInt8.random(in: 0...a, using: &random),
                                  b: UInt8.random(in: 0...a, using: &random), a: a)
                let x = Int.random(in: -5...40, using: &random), y = Int.random(in: -3...22, using: &random)
                let rect = PixelRect(x: x, y: y, width: Int.random(in: 1...30, using: &random),
                                     height: Int.random(in: 1...14, using: &random))
                return DrawOp(source: .color(pixel), destination: rect, sourceOrigin: (0, 0), opacity: 255, isOpaque: opaque)
            }
            let clipped = ops.compactMap { op -> DrawOp? in
                let d = op.destination.intersection(PixelRect(x: 0, y: 0, width: 64, height: 64))
                return d.isEmpty ? nil : DrawOp(source: op.source, destination: d, sourceOrigin: (0, 0),
                                                opacity: 255, isOpaque: op.isOpaque)
            }
            let visible = try Self.paint(clipped, onlyVisible: true, band: band)
            let painted = try Self.paint(clipped, onlyVisible: false, band: band)
            #expect(visible == painted)
        }
    }

    @Test func anOpaqueOpHidesEverythingBelowAndTheClear() {
        let band = PixelRect(x: 0, y: 0, width: 100, height: 10)
        let under = DrawOp(source: .color(Pixel(r: 1, g: 1, b: 1, a: 255)), destination: band, sourceOrigin: (0, 0),
                           opacity: 255, isOpaque: true)
        let left = DrawOp(source: .color(Pixel(r: 2, g: 2, b: 2, a: 255)), destination: PixelRect(x: 0, y: 0, width: 60, height: 10),
                          sourceOrigin: (0, 0), opacity: 255, isOpaque: true)
        let right = DrawOp(source: .color(Pixel(r: 3, g: 3, b: 3, a: 255)), destination: PixelRect(x: 60, y: 0, width: 40, height: 10),
                           sourceOrigin: (0, 0), opacity: 255, isOpaque: true)
        let glass = DrawOp(source: .color(Pixel(r: 0, g: 0, b: 0, a: 100)), destination: PixelRect(x: 0, y: 0, width: 100, height: 3),
                           sourceOrigin: (0, 0), opacity: 255, isOpaque: false)
        let visibility = BandVisibility(ops: [under, left, right, glass], candidates: [0, 1, 2, 3], band: band)
        #expect(visibility.clears.isEmpty)
        #expect(!visibility.pieces.contains { $0.op == 0 })
        let drawn: Int = visibility.pieces.reduce(0) { $0 + $1.rect.area }
        #expect(drawn == 100 * 10 + 100 * 3)
    }

    /// Streamed pieces and clears are exactly the opaque and cleared pixels no visible translucent piece of
    /// the band covers: a streamed pixel is never read by a later blend, and every other opaque pixel
    /// streams.
    @Test func streamedPiecesAreThoseNoTranslucentPieceCovers() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<300 {
            let band = PixelRect(x: 0, y: 0, width: Int.random(in: 1...40, using: &random),
                                 height: Int.random(in: 1...12, using: &random))
            let ops = (0..<Int.random(in: 0...9, using: &random)).map { _ -> DrawOp in
                let opaque = Bool.random(using: &random)
                let rect = PixelRect(x: Int.random(in: -5...40, using: &random), y: Int.random(in: -3...12, using: &random),
                                     width: Int.random(in: 1...30, using: &random), height: Int.random(in: 1...14, using: &random))
                    .intersection(band)
                return DrawOp(source: .color(Pixel(r: 1, g: 1, b: 1, a: opaque ? 255 : 100)), destination: rect,
                              sourceOrigin: (0, 0), opacity: 255, isOpaque: opaque)
            }.filter { !$0.destination.isEmpty }
            let visibility = BandVisibility(ops: ops, candidates: Array(ops.indices), band: band)
            // Per pixel: the translucent pieces drawn over it, and whether its opaque piece or clear streams.
            var translucentOver = [Int](repeating: 0, count: band.area)
            var streams = [Bool?](repeating: nil, count: band.area)
            func each(_ rect: PixelRect, _ body: (Int) -> Void) {
                for y in rect.minY..<rect.maxY { for x in rect.minX..<rect.maxX { body(y * band.width + x) } }
            }
            for piece in visibility.pieces {
                if ops[piece.op].isOpaque {
                    each(piece.rect) { streams[$0] = piece.streams }
                } else {
                    #expect(!piece.streams)
                    each(piece.rect) { translucentOver[$0] += 1 }
                }
            }
            for clear in visibility.clears { each(clear.rect) { streams[$0] = clear.streams } }
            for i in 0..<band.area {
                #expect(streams[i] == (translucentOver[i] == 0), "pixel \(i % band.width), \(i / band.width)")
            }
        }
    }

    /// A translucent tile right over an opaque colour op takes the colour as its underlay where the colour
    /// covers it, and the colour keeps only the rest; over a masked, translucent or partial colour it does not.
    @Test func aTranslucentTileOverAnOpaqueColourIsFusedOntoIt() throws {
        let tile = try PixelBuffer(width: 40, height: 10)
        let white = Pixel(r: 255, g: 255, b: 255, a: 255)
        let band = PixelRect(x: 0, y: 0, width: 100, height: 10)
        let ops = [
            DrawOp(source: .color(white), destination: PixelRect(x: 0, y: 0, width: 100, height: 10),
                   sourceOrigin: (0, 0), opacity: 255, isOpaque: true),
            DrawOp(source: .tile(tile), destination: PixelRect(x: 30, y: 0, width: 40, height: 10),
                   sourceOrigin: (30, 0), opacity: 255, isOpaque: false),
            DrawOp(source: .tile(tile), destination: PixelRect(x: 60, y: 0, width: 40, height: 10),  // over the fused tile
                   sourceOrigin: (60, 0), opacity: 128, isOpaque: false),
        ]
        let visibility = BandVisibility(ops: ops, candidates: [0, 1, 2], band: band)
        let fused = visibility.pieces.filter { $0.op == 1 }
        #expect(fused.count == 2 && fused.allSatisfy { $0.underlay == white.word })
        #expect(fused.first { $0.rect.minX == 30 }!.streams)  // nothing translucent above 30..<60
        #expect(!fused.first { $0.rect.minX == 60 }!.streams)           // the opacity-128 tile is above
        let colour = visibility.pieces.filter { $0.op == 0 }.map(\.rect)
        #expect(colour.allSatisfy { $0.intersection(PixelRect(x: 30, y: 0, width: 40, height: 10)).isEmpty })
        #expect(colour.reduce(0) { $0 + $1.area } == 60 * 10)
        #expect(visibility.pieces.filter { $0.op == 2 }.allSatisfy { $0.underlay == nil })  // over a tile, not a colour
    }
}
