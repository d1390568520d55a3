import Testing
import Tessera

/// The display list as layer content: opacity answers, bounds, and scales it refuses to draw at.
@Suite struct DisplayListTests {
    @Test func isOpaqueWhenAnOpaqueInteriorCoversTheRect() throws {
        let list = DisplayList([
            .roundedRect(try RoundedRect(rect: Rect(x: 0, y: 0, width: 100, height: 50), cornerRadius: 10,
                                         color: RasterTest.red)),
            .solidRect(try SolidRect(rect: Rect(x: 200, y: 0, width: 10.5, height: 10), color: RasterTest.red)),
            .solidRect(try SolidRect(rect: Rect(x: 300, y: 0, width: 10, height: 10),
                                     color: Color(red: 0, green: 0, blue: 0, alpha: 254))),
        ])
        #expect(list.isOpaque(in: PixelRect(x: 10, y: 10, width: 80, height: 30), scale: 1))
        #expect(list.isOpaque(in: PixelRect(x: 0, y: 10, width: 100, height: 30), scale: 1))
        #expect(list.isOpaque(in: PixelRect(x: 20, y: 20, width: 160, height: 60), scale: 2))
        #expect(!list.isOpaque(in: PixelRect(x: 0, y: 0, width: 5, height: 5), scale: 1)) // a corner
        #expect(!list.isOpaque(in: PixelRect(x: 90, y: 10, width: 20, height: 10), scale: 1))
        #expect(list.isOpaque(in: PixelRect(x: 200, y: 0, width: 10, height: 10), scale: 1))
        #expect(!list.isOpaque(in: PixelRect(x: 200, y: 0, width: 11, height: 10), scale: 1)) // half-covered column
        #expect(!list.isOpaque(in: PixelRect(x: 300, y: 0, width: 10, height: 10), scale: 1)) // alpha 254
        #expect(!list.isOpaque(in: PixelRect(x: 10, y: 10, width: 1, height: 1), scale: .nan))
        #expect(!DisplayList([]).isOpaque(in: PixelRect(x: 0, y: 0, width: 1, height: 1), scale: 1))
    }

    @Test func isOpaqueAgreesWithThePixels() throws {
        let list = try TileInvarianceTests.scene(indexed: true)
        let device = PixelRect(x: 0, y: 0, width: 60, height: 40)
        let buffer = try RasterTest.render(list, device, scale: 1)
        for y in stride(from: 0, to: 40, by: 4) {
            for x in stride(from: 0, to: 60, by: 4) {
                let rect = PixelRect(x: x, y: y, width: 4, height: 4)
                guard list.isOpaque(in: rect, scale: 1) else { continue }
                for py in y..<y + 4 { for px in x..<x + 4 { #expect(buffer[x: px, y: py].a == 255) } }
            }
        }
    }

    @Test func isTransparentWhereNoItemReaches() throws {
        let list = DisplayList([
            .solidRect(try SolidRect(rect: Rect(x: 10.5, y: 10, width: 5, height: 5), color: RasterTest.red)),
        ])
        #expect(list.isTransparent(in: PixelRect(x: 0, y: 0, width: 10, height: 10), scale: 1))
        #expect(!list.isTransparent(in: PixelRect(x: 0, y: 0, width: 11, height: 11), scale: 1)) // pixel (10, 10) is half covered
        #expect(!list.isTransparent(in: PixelRect(x: 30, y: 20, width: 4, height: 4), scale: 2))
        #expect(list.isTransparent(in: PixelRect(x: 32, y: 30, width: 4, height: 4), scale: 2))
        #expect(DisplayList([]).isTransparent(in: PixelRect(x: 0, y: 0, width: 4, height: 4), scale: 1))
        // Agrees with the pixels on every 4 × 4 block of an indexed scene.
        let scene = try TileInvarianceTests.scene(indexed: true)
        let buffer = try RasterTest.render(scene, PixelRect(x: 0, y: 0, width: 120, height: 80), scale: 2)
        for y in stride(from: 0, to: 80, by: 4) {
            for x in stride(from: 0, to: 120, by: 4) where scene.isTransparent(in: PixelRect(x: x, y: y, width: 4, height: 4), scale: 2) {
                for py in y..<y + 4 { for px in x..<x + 4 { #expect(buffer[x: px, y: py] == .transparent) } }
            }
        }
    }

    @Test func boundsIsTheUnionOfItemBounds() throws {
        let list = DisplayList([
            .solidRect(try SolidRect(rect: Rect(x: 1, y: 2, width: 3, height: 4), color: .black)),
            .greekedText(try GreekedTextLine(frame: Rect(x: -5, y: 10, width: 20, height: 8), color: .black, seed: 1)),
        ])
        #expect(list.bounds == Rect(x: -5, y: 2, width: 20, height: 16))
        #expect(DisplayList([]).bounds == .zero)
    }

    @Test func invalidScalesDrawNothing() throws {
        let list = DisplayList([.solidRect(try SolidRect(rect: Rect(x: 0, y: 0, width: 4, height: 4), color: .black))])
        for scale in [0, -1, .nan, .infinity, 17] {
            let buffer = try RasterTest.render(list, PixelRect(x: 0, y: 0, width: 2, height: 2), scale: scale)
            #expect(buffer.packedBytes().allSatisfy { $0 == 0 })
        }
    }

    @Test(arguments: [false, true])
    func indexFindsItemsAcrossATallPlane(withHugeBackground: Bool) throws {
        // 200 small rects down a 1,000,000-point plane (fine bands), optionally under a huge background
        // (coarse bands), at negative coordinates too.
        var items: [DisplayItem] = []
        if withHugeBackground {
            items.append(.solidRect(try SolidRect(rect: Rect(x: -1e11, y: -1e11, width: 2e11, height: 2e11),
                                                  color: Color(red: 1, green: 2, blue: 3, alpha: 40))))
        }
        for i in 0..<200 {
            let y = Double(i) * 5_000 - 3_000.5
            items.append(.roundedRect(try RoundedRect(rect: Rect(x: 1.5, y: y, width: 6, height: 4.5), cornerRadius: 1.5,
                                                      color: Color(red: UInt8(i), green: 9, blue: 200))))
        }
        let list = DisplayList(items)
        // Device rows 496,996… (rect 100 at scale 1), 1,983,996… (rect 199 at scale 2), −9,004… (rect 0 at
        // scale 3), and an empty stretch.
        for (scale, y) in [(1.0, 497_000), (2.0, 1_984_000), (3.0, -9_000), (1.0, -2_000_000)] {
            let device = PixelRect(x: 0, y: y - 4, width: 12, height: 20)
            let indexed = try RasterTest.render(list, device, scale: scale)
            let oneByOne = try PixelBuffer(width: 12, height: 20)
            for item in items {
                DisplayList([item]).draw(in: RasterContext(buffer: oneByOne, deviceRect: device, scale: scale))
            }
            #expect(indexed.packedBytes() == oneByOne.packedBytes(), "scale \(scale) y \(y)")
            if y != -2_000_000 { #expect(indexed.packedBytes().contains(200), "scale \(scale) y \(y) draws a rect") }
        }
    }

    /// At the extreme valid scales (1e-300 … 16) the pixels follow from the geometry alone, and nothing
    /// traps on the way (the plane reaches device coordinates of ±1e300 around a tile).
    @Test func extremeButValidScalesDrawWhatTheGeometrySays() throws {
        let red = Pixel(r: 255, g: 0, b: 0, a: 255), blue = Pixel(r: 0, g: 0, b: 255, a: 255)
        // A 100-point square at the origin: device [0, 100·scale)², exact-area edges.
        let square = DisplayList([.solidRect(try SolidRect(rect: Rect(x: 0, y: 0, width: 100, height: 100),
                                                           color: RasterTest.red))])
        // A 200-point square centred on the origin with 50-point corners: device [−200·s, 200·s]², radius 50·s.
        let rounded = DisplayList([.roundedRect(try RoundedRect(rect: Rect(x: -100, y: -100, width: 200, height: 200),
                                                                cornerRadius: 50, color: RasterTest.blue))])
        // Which device pixels are exactly the colour (all others transparent), worked out by hand:
        // - 1e-300, 1e-9: both shapes are under 1e-6 pixels wide, so every coverage rounds to 0.
        // - 0.01: the square is exactly pixel (0, 0); the rounded square is device [−1, 1]² with corners of
        //   0.5 px centred on the four pixel centres around the origin (distance −0.5: coverage 1), and
        //   every other centre is ≥ 0.5 px outside (coverage 0).
        // - 16: the square covers x, y ≥ 0 (up to 1600); the rounded square covers ±1600 with corner circles
        //   centred at ±800, far from the probes.
        let cases: [(scale: Double, isRed: (Int, Int) -> Bool, isBlue: (Int, Int) -> Bool)] = [
            (1e-300, { _, _ in false }, { _, _ in false }),
            (1e-9, { _, _ in false }, { _, _ in false }),
            (0.01, { x, y in x == 0 && y == 0 }, { x, y in (-1...0).contains(x) && (-1...0).contains(y) }),
            (16, { x, y in x >= 0 && y >= 0 }, { _, _ in true }),
        ]
        let scene = try TileInvarianceTests.scene(indexed: true) // every item within [0.35, 48) × [0, 31) points
        for (scale, isRed, isBlue) in cases {
            for device in [PixelRect(x: 0, y: 0, width: 9, height: 7), PixelRect(x: -4, y: -3, width: 9, height: 7)] {
                let squarePixels = try RasterTest.render(square, device, scale: scale)
                let roundedPixels = try RasterTest.render(rounded, device, scale: scale)
                let scenePixels = try RasterTest.render(scene, device, scale: scale)
                for y in device.minY..<device.maxY {
                    for x in device.minX..<device.maxX {
                        let (bx, by) = (x - device.minX, y - device.minY)
                        #expect(squarePixels[x: bx, y: by] == (isRed(x, y) ? red : .transparent),
                                "square at scale \(scale), pixel (\(x), \(y))")
                        #expect(roundedPixels[x: bx, y: by] == (isBlue(x, y) ? blue : .transparent),
                                "rounded square at scale \(scale), pixel (\(x), \(y))")
                        // Outside the scene's device bounds nothing is drawn: left of or above the origin at
                        // every scale, and beyond pixel (0, 0) where the scene is under half a pixel wide.
                        if x < 0 || y < 0 || (scale <= 0.01 && (x, y) != (0, 0)) {
                            #expect(scenePixels[x: bx, y: by] == .transparent,
                                    "scene at scale \(scale), pixel (\(x), \(y))")
                        }
                    }
                }
                // Only a shape covering the whole probe is opaque there.
                let squareCovers = scale == 16 && device.minX >= 0 && device.minY >= 0
                #expect(square.isOpaque(in: device, scale: scale) == squareCovers, "square at scale \(scale)")
                #expect(rounded.isOpaque(in: device, scale: scale) == (scale == 16), "rounded at scale \(scale)")
                #expect(!scene.isOpaque(in: device, scale: scale) || scale == 16, "scene at scale \(scale)")
            }
        }
    }

    @Test func drawsFromSeveralThreadsAtOnce() async throws {
        let list = try TileInvarianceTests.scene(indexed: true)
        let device = PixelRect(x: 0, y: 0, width: 97, height: 61)
        let whole = try RasterTest.render(list, device, scale: 2).packedBytes()
        let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<4 {
                group.addTask { try RasterTest.renderTiled(list, device, scale: 2, tileSize: 16).packedBytes() }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == whole })
    }
}
