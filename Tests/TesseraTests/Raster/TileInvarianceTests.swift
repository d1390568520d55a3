import Testing
import Tessera

/// Invariant 3 at the content level: a display list drawn in tiles of any size gives the bytes of the
/// same list drawn whole.
@Suite struct TileInvarianceTests {
    /// Every primitive, fractional coordinates, translucent overlaps, and enough items to use the index.
    static func scene(indexed: Bool) throws -> DisplayList {
        var pixels: [UInt8] = []
        for i in 0..<(5 * 3) {
            let a = UInt8(i % 3 == 0 ? 255 : 90 + i * 7)
            pixels += [UInt8(i * 17 % Int(a)), UInt8(i * 5 % Int(a)), a / 2, a]
        }
        let image = try PixelImage(width: 5, height: 3, pixels: pixels)
        var items: [DisplayItem] = [
            .roundedRect(try RoundedRect(rect: Rect(x: 1.3, y: 2.7, width: 40.4, height: 27.1), cornerRadius: 6.2,
                                         color: Color(red: 240, green: 240, blue: 245))),
            .linearGradient(try LinearGradient(
                rect: Rect(x: 3.1, y: 4.45, width: 36.2, height: 9.3), cornerRadius: 3.3,
                start: Point(x: 3.1, y: 4.45), end: Point(x: 30.7, y: 12.9),
                stops: [GradientStop(location: 0, color: Color(red: 255, green: 80, blue: 0)),
                        GradientStop(location: 0.4, color: Color(red: 20, green: 90, blue: 250, alpha: 140)),
                        GradientStop(location: 1, color: Color(red: 0, green: 200, blue: 90))])),
            .greekedText(try GreekedTextLine(frame: Rect(x: 4.2, y: 15.35, width: 30.5, height: 5.3),
                                             color: Color(red: 30, green: 30, blue: 30), seed: 9)),
            .greekedText(try GreekedTextLine(frame: Rect(x: 4.2, y: 21.1, width: 25.5, height: 5.3),
                                             color: Color(red: 30, green: 30, blue: 30, alpha: 200), text: "Tiles agree")),
            .image(try PlacedImage(image: image, frame: Rect(x: 33.3, y: 16.6, width: 7.7, height: 9.1), opacity: 0.8)),
            .solidRect(try SolidRect(rect: Rect(x: 20.25, y: 1.5, width: 11.6, height: 3.9),
                                     color: Color(red: 0, green: 0, blue: 0, alpha: 77))),
            .linearGradient(try LinearGradient(
                rect: Rect(x: 0.5, y: 0, width: 47, height: 30.4), start: Point(x: 0, y: 0), end: Point(x: 0, y: 30),
                stops: [GradientStop(location: 0, color: Color(red: 255, green: 255, blue: 255, alpha: 0)),
                        GradientStop(location: 1, color: Color(red: 0, green: 0, blue: 60, alpha: 60))])),
        ]
        if indexed {
            for i in 0..<40 {
                let x = Double(i % 8) * 5.9 + 0.35, y = Double(i / 8) * 6.1 + 0.2
                items.append(i % 2 == 0
                    ? .roundedRect(try RoundedRect(rect: Rect(x: x, y: y, width: 3.3, height: 2.6), cornerRadius: 1.1,
                                                   color: Color(red: UInt8(i * 6), green: 100, blue: 200, alpha: 180)))
                    : .solidRect(try SolidRect(rect: Rect(x: x, y: y, width: 2.7, height: 1.45),
                                               color: Color(red: 200, green: UInt8(i * 6), blue: 20, alpha: 255))))
            }
        }
        return DisplayList(items)
    }

    @Test(arguments: [(1.0, false), (2.0, true), (3.0, false), (1.0, true), (2.0, false)])
    func tilesOfAnySizeGiveTheWholeImage(scale: Double, indexed: Bool) throws {
        let list = try Self.scene(indexed: indexed)
        // A 97 × 61 window of the plane that does not start at a tile boundary.
        let device = PixelRect(x: Int(-3 * scale), y: 5, width: 97, height: 61)
        let whole = try RasterTest.render(list, device, scale: scale).packedBytes()
        #expect(whole.contains { $0 != 0 })
        for tileSize in [16, 7, 33, 1] {
            let tiled = try RasterTest.renderTiled(list, device, scale: scale, tileSize: tileSize).packedBytes()
            #expect(tiled == whole, "tile size \(tileSize) at scale \(scale)")
        }
    }

    @Test func indexedListDrawsLikeItsItemsOneByOne() throws {
        let list = try Self.scene(indexed: true)
        #expect(list.items.count > DisplayList.indexThreshold)
        let device = PixelRect(x: 0, y: 0, width: 97, height: 61)
        let whole = try RasterTest.render(list, device, scale: 2)
        let oneByOne = try PixelBuffer(width: 97, height: 61)
        for item in list.items {
            DisplayList([item]).draw(in: RasterContext(buffer: oneByOne, deviceRect: device, scale: 2))
        }
        #expect(whole.packedBytes() == oneByOne.packedBytes())
    }

    @Test func farAwayPlaneCoordinatesStillTile() throws {
        // A rounded rect and a gradient near 1e6 points: tiles still agree with the whole.
        let origin = 1_000_000.25
        let list = DisplayList([
            .roundedRect(try RoundedRect(rect: Rect(x: origin, y: origin, width: 20.5, height: 12.3), cornerRadius: 4,
                                         color: RasterTest.red)),
            .linearGradient(try LinearGradient(
                rect: Rect(x: origin + 2, y: origin + 2, width: 15, height: 6), start: Point(x: origin, y: origin),
                end: Point(x: origin + 20, y: origin + 3),
                stops: [GradientStop(location: 0, color: .white), GradientStop(location: 1, color: RasterTest.blue)])),
        ])
        let device = PixelRect(x: 2_000_000 - 3, y: 2_000_000 - 2, width: 50, height: 30)
        let whole = try RasterTest.render(list, device, scale: 2).packedBytes()
        #expect(whole.contains { $0 != 0 })
        #expect(try RasterTest.renderTiled(list, device, scale: 2, tileSize: 16).packedBytes() == whole)
        #expect(try RasterTest.renderTiled(list, device, scale: 2, tileSize: 7).packedBytes() == whole)
    }

    @Test(arguments: [1.0, 3.0])
    func hairlinesAndTinyShapesTileToo(scale: Double) throws {
        // Shapes thinner than a pixel, radii larger than the shape, a gradient on a sliver.
        let list = DisplayList([
            .solidRect(try SolidRect(rect: Rect(x: 1.1, y: 0.2, width: 0.1, height: 9.7), color: RasterTest.red)),
            .roundedRect(try RoundedRect(rect: Rect(x: 3.05, y: 1.3, width: 0.4, height: 0.35), cornerRadius: 9,
                                         color: RasterTest.blue)),
            .roundedRect(try RoundedRect(rect: Rect(x: 4.2, y: 2.2, width: 5.3, height: 0.6), cornerRadius: 0.3,
                                         color: Color(red: 0, green: 120, blue: 0, alpha: 200))),
            .linearGradient(try LinearGradient(rect: Rect(x: 0.5, y: 6.6, width: 9, height: 0.25), cornerRadius: 0.1,
                                               start: Point(x: 0.5, y: 0), end: Point(x: 9.5, y: 0),
                                               stops: [GradientStop(location: 0, color: .white),
                                                       GradientStop(location: 1, color: .black)])),
        ])
        let device = PixelRect(x: 0, y: 0, width: Int(11 * scale), height: Int(11 * scale))
        let whole = try RasterTest.render(list, device, scale: scale).packedBytes()
        #expect(whole.contains { $0 != 0 })
        for tileSize in [1, 2, 5] {
            #expect(try RasterTest.renderTiled(list, device, scale: scale, tileSize: tileSize).packedBytes() == whole)
        }
    }
}
