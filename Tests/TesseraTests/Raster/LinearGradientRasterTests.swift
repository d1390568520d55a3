import Testing
import Tessera

/// Linear gradients: end colours at the two points, premultiplied interpolation between, clamping
/// beyond, evaluated at pixel centres.
@Suite struct LinearGradientRasterTests {
    /// Three pixels whose centres (0.5, 1.5, 2.5) sit at t = 0, 0.5 and 1 of a horizontal axis.
    func threePixels(_ from: Color, _ to: Color, vertical: Bool = false) throws -> [Pixel] {
        let rect = vertical ? Rect(x: 0, y: 0, width: 1, height: 3) : Rect(x: 0, y: 0, width: 3, height: 1)
        let start = vertical ? Point(x: 0, y: 0.5) : Point(x: 0.5, y: 0)
        let end = vertical ? Point(x: 0, y: 2.5) : Point(x: 2.5, y: 0)
        let gradient = try LinearGradient(rect: rect, start: start, end: end,
                                          stops: [GradientStop(location: 0, color: from),
                                                  GradientStop(location: 1, color: to)])
        let device = PixelRect(x: 0, y: 0, width: Int(rect.width), height: Int(rect.height))
        let buffer = try RasterTest.render(DisplayList([.linearGradient(gradient)]), device)
        return (0..<3).map { vertical ? buffer[x: 0, y: $0] : buffer[x: $0, y: 0] }
    }

    @Test func endpointsAndMidpointAreHandComputed() throws {
        // Red → blue: the midpoint is (127.5, 0, 127.5) rounded to (128, 0, 128).
        let pixels = try threePixels(RasterTest.red, RasterTest.blue)
        #expect(pixels == [RasterTest.opaqueRed, Pixel(r: 128, g: 0, b: 128, a: 255), Pixel(r: 0, g: 0, b: 255, a: 255)])
        #expect(try threePixels(RasterTest.red, RasterTest.blue, vertical: true) == pixels)
    }

    @Test func interpolatesPremultiplied() throws {
        // Red → transparent white: premultiplied (255, 0, 0, 255) → (0, 0, 0, 0), so the midpoint is
        // (128, 0, 0, 128): no white creeps in (straight interpolation would give g = 64).
        let clearWhite = Color(red: 255, green: 255, blue: 255, alpha: 0)
        let pixels = try threePixels(RasterTest.red, clearWhite)
        #expect(pixels == [RasterTest.opaqueRed, Pixel(r: 128, g: 0, b: 0, a: 128), .transparent])
    }

    @Test func clampsBeyondTheEndsAndHonoursInnerStops() throws {
        // Axis from x = 2 to x = 6; stops black at 0, white at 0.25, black at 1. Pixel centres 0.5…9.5.
        let gradient = try LinearGradient(
            rect: Rect(x: 0, y: 0, width: 10, height: 1), start: Point(x: 2, y: 0), end: Point(x: 6, y: 0),
            stops: [GradientStop(location: 0, color: .black), GradientStop(location: 0.25, color: .white),
                    GradientStop(location: 1, color: .black)])
        let buffer = try RasterTest.render(DisplayList([.linearGradient(gradient)]), PixelRect(x: 0, y: 0, width: 10, height: 1))
        let grays = (0..<10).map { buffer[x: $0, y: 0].r }
        // t = (x + 0.5 − 2) / 4: −0.375, −0.125 clamp to 0 (black); 0.125 → halfway to white: 127.5 → 128;
        // 0.375 → (0.375 − 0.25) / 0.75 = 1/6 of the way back: 255 · 5/6 = 212.5 → 213 (table t = 384/1024 exactly);
        // 0.875 → 255 · (1 − 0.8333) = 42.5 → 43 (t = 896/1024); 1.125… clamp to black.
        #expect(grays[0] == 0 && grays[1] == 0)
        #expect(grays[2] == 128)
        #expect(grays[3] == 213)
        #expect(grays[5] == 43)
        #expect(grays[6] == 0 && grays[9] == 0)
        #expect((0..<10).allSatisfy { buffer[x: $0, y: 0].a == 255 })
    }

    @Test func diagonalAxisProjectsPixelCentres() throws {
        // Axis (0, 0) → (4, 4): pixel (1, 2) has centre (1.5, 2.5), t = (1.5 · 4 + 2.5 · 4) / 32 = 0.5.
        let gradient = try LinearGradient(
            rect: Rect(x: 0, y: 0, width: 4, height: 4), start: Point(x: 0, y: 0), end: Point(x: 4, y: 4),
            stops: [GradientStop(location: 0, color: .black), GradientStop(location: 1, color: .white)])
        let buffer = try RasterTest.render(DisplayList([.linearGradient(gradient)]), PixelRect(x: 0, y: 0, width: 4, height: 4))
        #expect(buffer[x: 1, y: 2] == Pixel(r: 128, g: 128, b: 128, a: 255))
        #expect(buffer[x: 2, y: 1] == Pixel(r: 128, g: 128, b: 128, a: 255))
    }

    @Test func shapesFarFromTheAxisStartUseTheFallbackAndStillTile() throws {
        // A 1-point axis and a rect 1e9 points away: t ≈ 1e9, beyond the fixed-point range, clamped to 1.
        let far = try LinearGradient(
            rect: Rect(x: 1e9, y: 0.5, width: 9.5, height: 4), start: .zero, end: Point(x: 1, y: 0.25),
            stops: [GradientStop(location: 0, color: .black), GradientStop(location: 1, color: RasterTest.blue)])
        let list = DisplayList([.linearGradient(far)])
        let device = PixelRect(x: 2_000_000_000 - 2, y: 0, width: 24, height: 11)
        let whole = try RasterTest.render(list, device, scale: 2)
        #expect(whole[x: 5, y: 5] == Pixel(r: 0, g: 0, b: 255, a: 255))
        #expect(try RasterTest.renderTiled(list, device, scale: 2, tileSize: 7).packedBytes() == whole.packedBytes())
    }

    @Test func steepAxisTilesExactly() throws {
        // An axis shorter than a pixel: the table index jumps on every pixel; fixed point still tiles.
        let steep = try LinearGradient(
            rect: Rect(x: 0.3, y: 0.2, width: 30, height: 20), cornerRadius: 3, start: Point(x: 10, y: 10),
            end: Point(x: 10.3, y: 10.1),
            stops: [GradientStop(location: 0, color: .white), GradientStop(location: 0.5, color: Color(red: 9, green: 8, blue: 7, alpha: 100)),
                    GradientStop(location: 1, color: .black)])
        let list = DisplayList([.linearGradient(steep)])
        let device = PixelRect(x: 0, y: 0, width: 64, height: 44)
        let whole = try RasterTest.render(list, device, scale: 2).packedBytes()
        for tileSize in [5, 16] {
            #expect(try RasterTest.renderTiled(list, device, scale: 2, tileSize: tileSize).packedBytes() == whole)
        }
    }

    @Test(arguments: [(Point(x: 40, y: 3), Point(x: 2, y: 30)), (Point(x: 2, y: 3), Point(x: 60, y: 9)),
                      (Point(x: 12, y: 0), Point(x: 12.0000001, y: 40))])
    func opaqueGradientsTileExactlyInEveryDirection(start: Point, end: Point) throws {
        // Runs clamped at either end and in between, axis pointing right, left, or almost straight down.
        let gradient = try LinearGradient(
            rect: Rect(x: 0.6, y: 0.4, width: 44, height: 25), start: start, end: end,
            stops: [GradientStop(location: 0.2, color: RasterTest.red), GradientStop(location: 0.7, color: RasterTest.blue)])
        let list = DisplayList([.linearGradient(gradient)])
        let device = PixelRect(x: -1, y: 0, width: 93, height: 53)
        let whole = try RasterTest.render(list, device, scale: 2)
        for tileSize in [1, 7, 16] {
            #expect(try RasterTest.renderTiled(list, device, scale: 2, tileSize: tileSize).packedBytes() == whole.packedBytes())
        }
        // Every covered pixel is opaque, and colours run from red to blue.
        #expect(whole[x: 10, y: 10].a == 255)
    }
}
