import Foundation
import Testing
import Tessera

/// Rounded rects: interior pixels exactly the colour, exterior untouched, edge coverage
/// `round(clamp(0.5 − d, 0, 1) · 255)` from the signed distance at the pixel centre.
@Suite struct RoundedRectRasterTests {
    @Test func circleEdgeCoverageMatchesHandComputedDistances() throws {
        // A 10 × 10 rect with radius 5 is a circle of radius 5 centred on (5, 5).
        let list = DisplayList([.roundedRect(try RoundedRect(rect: Rect(x: 0, y: 0, width: 10, height: 10),
                                                             cornerRadius: 5, color: .black))])
        let buffer = try RasterTest.render(list, PixelRect(x: 0, y: 0, width: 10, height: 10))
        // (0, 5): centre (0.5, 5.5), |(−4.5, 0.5)| = 4.5277, d = −0.4723 → 0.9723 · 255 = 247.9 → 248.
        #expect(buffer[x: 0, y: 5] == Pixel(r: 0, g: 0, b: 0, a: 248))
        #expect(buffer[x: 9, y: 4] == Pixel(r: 0, g: 0, b: 0, a: 248))
        // (1, 1): |(−3.5, −3.5)| = 4.9497, d = −0.0503 → 0.5503 · 255 = 140.3 → 140.
        #expect(buffer[x: 1, y: 1] == Pixel(r: 0, g: 0, b: 0, a: 140))
        // (0, 0): |(−4.5, −4.5)| = 6.36, d = 1.36 → outside.
        #expect(buffer[x: 0, y: 0] == .transparent)
        // (2, 1): |(−2.5, −3.5)| = 4.30, d = −0.70 → interior.
        #expect(buffer[x: 2, y: 1] == Pixel(r: 0, g: 0, b: 0, a: 255))
        #expect(buffer[x: 5, y: 5] == Pixel(r: 0, g: 0, b: 0, a: 255))
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func interiorExteriorAndEdgeRanges(scale: Double) throws {
        let rect = Rect(x: 2.3, y: 1.6, width: 17.5, height: 9.2), radius = 3.7
        let color = Color(red: 10, green: 200, blue: 30)
        let list = DisplayList([.roundedRect(try RoundedRect(rect: rect, cornerRadius: radius, color: color))])
        let device = PixelRect(x: 0, y: 0, width: Int(22 * scale), height: Int(13 * scale))
        let buffer = try RasterTest.render(list, device, scale: scale)
        let s = scale, r = radius * s
        let cx = rect.origin.x * s + rect.width * s / 2, cy = rect.origin.y * s + rect.height * s / 2
        let hw = rect.width * s / 2, hh = rect.height * s / 2
        for y in 0..<device.height {
            for x in 0..<device.width {
                let qx = abs(Double(x) + 0.5 - cx) - (hw - r), qy = abs(Double(y) + 0.5 - cy) - (hh - r)
                let d = hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - r
                let pixel = buffer[x: x, y: y]
                if d <= -0.5 {
                    #expect(pixel == Pixel(r: 10, g: 200, b: 30, a: 255), "interior (\(x), \(y))")
                } else if d >= 0.5 {
                    #expect(pixel == .transparent, "exterior (\(x), \(y))")
                } else {
                    // The oracle computes d in another order of operations: at an exact tie (x.5) of the
                    // 255 · coverage rounding either neighbour is right.
                    let exact = (0.5 - d) * 255
                    let tie = abs(exact - exact.rounded(.down) - 0.5) < 1e-6
                    let a = tie ? UInt32(pixel.a) : UInt32(exact.rounded())
                    #expect(abs(Double(a) - exact) <= 0.5 + 1e-6, "edge (\(x), \(y)) d \(d)")
                    #expect(pixel.a == UInt8(a), "edge (\(x), \(y)) d \(d)")
                    #expect(pixel.g == UInt8(div255(200 * a)), "edge (\(x), \(y))")
                }
            }
        }
    }

    @Test func radiusLargerThanHalfTheSideMakesACapsule() throws {
        let big = DisplayList([.roundedRect(try RoundedRect(rect: Rect(x: 0, y: 0, width: 8, height: 4),
                                                            cornerRadius: 100, color: .black))])
        let exact = DisplayList([.roundedRect(try RoundedRect(rect: Rect(x: 0, y: 0, width: 8, height: 4),
                                                              cornerRadius: 2, color: .black))])
        let device = PixelRect(x: 0, y: 0, width: 8, height: 4)
        #expect(try RasterTest.render(big, device).packedBytes() == RasterTest.render(exact, device).packedBytes())
    }

    @Test func zeroRadiusDrawsLikeASolidRect() throws {
        let rect = Rect(x: 0.3, y: 0.7, width: 3.1, height: 2.2)
        let rounded = DisplayList([.roundedRect(try RoundedRect(rect: rect, cornerRadius: 0, color: RasterTest.red))])
        let solid = DisplayList([.solidRect(try SolidRect(rect: rect, color: RasterTest.red))])
        let device = PixelRect(x: 0, y: 0, width: 5, height: 4)
        #expect(try RasterTest.render(rounded, device).packedBytes() == RasterTest.render(solid, device).packedBytes())
    }
}
