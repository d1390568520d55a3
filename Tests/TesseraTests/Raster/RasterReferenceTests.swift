import Testing
@testable import Tessera

/// Every primitive drawn through the paints and the tier's kernels equals the per-pixel reference
/// (`RasterReference.swift`) bit for bit: random display lists (translucent colours and gradients, alpha
/// 0 and 255, rounded and plain shapes, sub-pixel sizes, text lines whose glyph gaps are narrower than a
/// pixel, images with opacity), over random backgrounds, at several scales, drawn whole and in tiles,
/// with every available kernel tier.
@Suite struct RasterReferenceTests {
    static func color(_ rng: inout SplitMix64) -> Color {
        let r = rng.next()
        let alpha: UInt8 = switch r % 4 { case 0: 255; case 1: 0; default: UInt8(truncatingIfNeeded: r >> 8) }
        return Color(red: UInt8(truncatingIfNeeded: r >> 16), green: UInt8(truncatingIfNeeded: r >> 24),
                     blue: UInt8(truncatingIfNeeded: r >> 32), alpha: alpha)
    }

    static func number(_ rng: inout SplitMix64, _ lo: Double, _ hi: Double) -> Double {
        let unit = Double(rng.next() >> 11) / Double(1 << 53)
        let v = lo + (hi - lo) * unit
        // Whole, quarter and arbitrary positions.
        switch rng.next() % 3 { case 0: return v.rounded(); case 1: return (v * 4).rounded() / 4; default: return v }
    }

    static func scene(_ rng: inout SplitMix64, width: Double, height: Double) throws -> [DisplayItem] {
        var items: [DisplayItem] = []
        for _ in 0..<(6 + Int(rng.next() % 10)) {
            let x = number(&rng, -8, width), y = number(&rng, -8, height)
            var w = number(&rng, 0, width * 0.8), h = number(&rng, 0, height * 0.7)
            if rng.next() % 8 == 0 { w = number(&rng, 0, 1.3) }
            if rng.next() % 8 == 0 { h = number(&rng, 0, 1.3) }
            let rect = Rect(x: x, y: y, width: w, height: h)
            let radius = [0, number(&rng, 0, 3), number(&rng, 0, 30), 1e6][Int(rng.next() % 4)]
            switch rng.next() % 6 {
            case 0:
                items.append(.solidRect(try SolidRect(rect: rect, color: color(&rng))))
            case 1:
                items.append(.roundedRect(try RoundedRect(rect: rect, cornerRadius: radius, color: color(&rng))))
            case 2:
                let start = Point(x: number(&rng, x - 10, x + w + 10), y: number(&rng, y - 10, y + h + 10))
                var end = Point(x: number(&rng, start.x - 60, start.x + 60), y: number(&rng, start.y - 60, start.y + 60))
                if rng.next() % 4 == 0 { end.x = start.x }  // vertical: one colour per row
                if abs(end.x - start.x) + abs(end.y - start.y) < 1 { end.y = start.y + 7 }
                let stops = [GradientStop(location: 0, color: color(&rng)),
                             GradientStop(location: number(&rng, 0, 1), color: color(&rng)),
                             GradientStop(location: 1, color: color(&rng))].sorted { $0.location < $1.location }
                items.append(.linearGradient(try LinearGradient(rect: rect, cornerRadius: rng.next() % 2 == 0 ? 0 : radius,
                                                                start: start, end: end, stops: stops)))
            case 3, 4:
                let line = Rect(x: x, y: y, width: w, height: number(&rng, 3, 24))
                items.append(.greekedText(try GreekedTextLine(frame: line, color: color(&rng), seed: rng.next() % 1000)))
            default:
                let iw = 1 + Int(rng.next() % 7), ih = 1 + Int(rng.next() % 7)
                let opaque = rng.next() % 2 == 0
                var pixels: [UInt8] = []
                for _ in 0..<(iw * ih) {
                    let a = opaque ? 255 : Int(rng.next() % 3 == 0 ? 0 : rng.next() % 256)
                    pixels += [UInt8(Int(rng.next() % 256) % (a + 1)), UInt8(Int(rng.next() % 256) % (a + 1)),
                               UInt8(Int(rng.next() % 256) % (a + 1)), UInt8(a)]
                }
                let opacity = [1, 0, 0.5, Double(rng.next() % 1000) / 999][Int(rng.next() % 4)]
                items.append(.image(try PlacedImage(image: try PixelImage(width: iw, height: ih, pixels: pixels),
                                                    frame: rect, opacity: opacity)))
            }
        }
        return items
    }

    /// A buffer of `device`'s size with random premultiplied pixels (a quarter of them transparent).
    static func background(_ device: PixelRect, _ rng: inout SplitMix64) throws -> PixelBuffer {
        let buffer = try PixelBuffer(width: device.width, height: device.height)
        let opaque = rng.next() % 2 == 0
        for y in 0..<device.height {
            for x in 0..<device.width {
                let r = rng.next(), a = opaque ? 255 : (r % 4 == 0 ? 0 : UInt32(truncatingIfNeeded: r >> 8) & 255)
                let c = { (s: UInt64) in UInt32(truncatingIfNeeded: r >> s) % (a + 1) }
                buffer[x: x, y: y] = Pixel(word: c(16) | c(24) << 8 | c(32) << 16 | a << 24)
            }
        }
        return buffer
    }

    static func clone(_ buffer: PixelBuffer) throws -> PixelBuffer {
        let copy = try PixelBuffer(width: buffer.width, height: buffer.height)
        for y in 0..<buffer.height { for x in 0..<buffer.width { copy[x: x, y: y] = buffer[x: x, y: y] } }
        return copy
    }

    @Test(arguments: [1.0, 2.0, 0.75, 1.7, 3.0])
    func randomListsEqualThePerPixelReferenceOnEveryTier(scale: Double) throws {
        var rng = SplitMix64(seed: 0x7E57_0000 &+ UInt64(scale * 100))
        for round in 0..<6 {
            let device = PixelRect(x: Int(rng.next() % 9) - 4, y: Int(rng.next() % 9) - 4,
                                   width: 37 + Int(rng.next() % 40), height: 23 + Int(rng.next() % 30))
            let items = try Self.scene(&rng, width: Double(device.maxX) / scale, height: Double(device.maxY) / scale)
            let list = DisplayList(items)
            let start = try Self.background(device, &rng)
            let expected = try Self.clone(start)
            RasterReference.draw(items, into: expected, device: device, scale: scale)
            for table in try availableTables() {
                for tileSize in [1000, 16, 7] {
                    let drawn = try Self.clone(start)
                    for ty in stride(from: 0, to: device.height, by: tileSize) {
                        for tx in stride(from: 0, to: device.width, by: tileSize) {
                            let local = PixelRect(x: tx, y: ty, width: min(tileSize, device.width - tx),
                                                  height: min(tileSize, device.height - ty))
                            list.draw(in: RasterContext(buffer: try drawn.subBuffer(local),
                                                        deviceRect: local.offsetBy(dx: device.x, dy: device.y),
                                                        scale: scale, kernels: table))
                        }
                    }
                    let difference = firstDifference(drawn.packedBytes(), expected.packedBytes())
                    #expect(difference == nil, """
                        round \(round) scale \(scale) tier \(table.tier) tile \(tileSize): first difference at pixel \
                        \((difference ?? 0) / 4 % device.width), \((difference ?? 0) / 4 / device.width)
                        """)
                }
            }
        }
    }

    /// Glyph gaps under a pixel: neighbouring glyphs share edge columns, whose coverages must be blended
    /// one glyph after the other (not summed or overwritten).
    @Test func glyphsSharingAColumnBlendInSequence() throws {
        let line = try GreekedTextLine(frame: Rect(x: 0.3, y: 0.4, width: 60, height: 5),
                                       color: Color(red: 200, green: 40, blue: 90, alpha: 180), seed: 3)
        #expect(line.glyphs.count > 4)
        let device = PixelRect(x: 0, y: 0, width: 61, height: 6)
        for table in try availableTables() {
            var rng = SplitMix64(seed: 11)
            let start = try Self.background(device, &rng)
            let expected = try Self.clone(start)
            RasterReference.draw([.greekedText(line)], into: expected, device: device, scale: 1)
            let drawn = try Self.clone(start)
            DisplayList([.greekedText(line)]).draw(in: RasterContext(buffer: drawn, deviceRect: device, scale: 1,
                                                                     kernels: table))
            #expect(drawn.packedBytes() == expected.packedBytes(), "tier \(table.tier)")
        }
    }
}
