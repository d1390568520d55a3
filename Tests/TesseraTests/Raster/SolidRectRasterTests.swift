import Testing
import Tessera

/// Solid rects: whole-pixel rects are exact, fractional edges get their exact area, translucent colours
/// blend src-over.
@Suite struct SolidRectRasterTests {
    @Test(arguments: [1.0, 2.0, 3.0])
    func threeByThreeRectCoversExactlyItsPixels(scale: Double) throws {
        let list = DisplayList([.solidRect(try SolidRect(rect: Rect(x: 1, y: 1, width: 3, height: 3),
                                                         color: RasterTest.red))])
        let side = Int(5 * scale)
        let buffer = try RasterTest.render(list, PixelRect(x: 0, y: 0, width: side, height: side), scale: scale)
        let lo = Int(scale), hi = Int(4 * scale)
        for y in 0..<side {
            for x in 0..<side {
                let inside = x >= lo && x < hi && y >= lo && y < hi
                #expect(buffer[x: x, y: y] == (inside ? RasterTest.opaqueRed : .transparent), "(\(x), \(y))")
            }
        }
    }

    @Test func fractionalEdgesGetTheirArea() throws {
        // x from 0.5 to 2.25, y from 0 to 0.5: pixel 0 covers 0.5 × 0.5, pixel 1 1 × 0.5, pixel 2 0.25 × 0.5.
        let list = DisplayList([.solidRect(try SolidRect(rect: Rect(x: 0.5, y: 0, width: 1.75, height: 0.5),
                                                         color: RasterTest.red))])
        let buffer = try RasterTest.render(list, PixelRect(x: 0, y: 0, width: 4, height: 2))
        // coverage round(0.25 · 255) = 64 → red div255(255 · 64) = 64; round(0.5 · 255) = 128; round(0.125 · 255) = 32.
        #expect(buffer[x: 0, y: 0] == Pixel(r: 64, g: 0, b: 0, a: 64))
        #expect(buffer[x: 1, y: 0] == Pixel(r: 128, g: 0, b: 0, a: 128))
        #expect(buffer[x: 2, y: 0] == Pixel(r: 32, g: 0, b: 0, a: 32))
        #expect(buffer[x: 3, y: 0] == .transparent)
        #expect(buffer[x: 1, y: 1] == .transparent)
    }

    @Test func translucentColourBlendsSourceOver() throws {
        let half = Color(red: 255, green: 0, blue: 0, alpha: 128) // premultiplied (128, 0, 0, 128)
        let list = DisplayList([.solidRect(try SolidRect(rect: Rect(x: 0, y: 0, width: 2, height: 1), color: half))])
        let white = Pixel(r: 255, g: 255, b: 255, a: 255)
        let buffer = try RasterTest.render(list, PixelRect(x: 0, y: 0, width: 3, height: 1), background: white)
        // r: 128 + div255(255 · 127) = 255, g: 0 + 127, a: 128 + 127.
        #expect(buffer[x: 0, y: 0] == Pixel(r: 255, g: 127, b: 127, a: 255))
        #expect(buffer[x: 1, y: 0] == Pixel(r: 255, g: 127, b: 127, a: 255))
        #expect(buffer[x: 2, y: 0] == white)
    }

    @Test func alphaZeroAndEmptyRectsDrawNothing() throws {
        let gray = Pixel(r: 50, g: 60, b: 70, a: 255)
        let list = DisplayList([
            .solidRect(try SolidRect(rect: Rect(x: 0, y: 0, width: 4, height: 4), color: .clear)),
            .solidRect(try SolidRect(rect: Rect(x: 1, y: 1, width: 0, height: 3), color: RasterTest.red)),
            .roundedRect(try RoundedRect(rect: Rect(x: 1, y: 1, width: 3, height: 0), cornerRadius: 1,
                                         color: RasterTest.red)),
        ])
        let buffer = try RasterTest.render(list, PixelRect(x: 0, y: 0, width: 4, height: 4), background: gray)
        #expect(buffer.packedBytes() == [UInt8](repeating: 0, count: 64).enumerated().map { i, _ in
            [50, 60, 70, 255][i % 4]
        })
    }

    @Test func laterItemsDrawOverEarlierOnes() throws {
        let list = DisplayList([
            .solidRect(try SolidRect(rect: Rect(x: 0, y: 0, width: 2, height: 1), color: RasterTest.red)),
            .solidRect(try SolidRect(rect: Rect(x: 1, y: 0, width: 2, height: 1), color: RasterTest.blue)),
        ])
        let buffer = try RasterTest.render(list, PixelRect(x: 0, y: 0, width: 3, height: 1))
        #expect(buffer[x: 0, y: 0] == RasterTest.opaqueRed)
        #expect(buffer[x: 1, y: 0] == Pixel(r: 0, g: 0, b: 255, a: 255))
    }

    @Test func deviceRectOffsetSelectsThePlaneArea() throws {
        // The buffer stands for device pixels (10…12, −3…−2) of the plane.
        let list = DisplayList([.solidRect(try SolidRect(rect: Rect(x: 11, y: -3, width: 1, height: 1),
                                                         color: RasterTest.red))])
        let buffer = try RasterTest.render(list, PixelRect(x: 10, y: -3, width: 3, height: 2))
        #expect(buffer[x: 1, y: 0] == RasterTest.opaqueRed)
        #expect(RasterTest.alphas(buffer) == [[0, 255, 0], [0, 0, 0]])
    }
}
