import Testing
import Tessera

/// Images: 1:1 copies on whole pixels, nearest-neighbour scaling, opacity, edge coverage.
@Suite struct PlacedImageRasterTests {
    static let a = Pixel(r: 255, g: 0, b: 0, a: 255), b = Pixel(r: 0, g: 255, b: 0, a: 255)
    static let c = Pixel(r: 0, g: 0, b: 100, a: 100), d = Pixel(r: 10, g: 20, b: 30, a: 255)

    func image() throws -> PixelImage {
        try PixelImage(width: 2, height: 2, pixels: [Self.a, Self.b, Self.c, Self.d].flatMap { [$0.r, $0.g, $0.b, $0.a] })
    }

    @Test func copiesOneToOneOnWholePixels() throws {
        let list = DisplayList([.image(try PlacedImage(image: image(), frame: Rect(x: 1, y: 1, width: 2, height: 2)))])
        let buffer = try RasterTest.render(list, PixelRect(x: 0, y: 0, width: 4, height: 4))
        #expect(buffer[x: 1, y: 1] == Self.a && buffer[x: 2, y: 1] == Self.b)
        #expect(buffer[x: 1, y: 2] == Self.c && buffer[x: 2, y: 2] == Self.d)
        #expect(buffer[x: 0, y: 0] == .transparent && buffer[x: 3, y: 3] == .transparent)
    }

    @Test func scalesWithNearestNeighbourAtScaleTwo() throws {
        let list = DisplayList([.image(try PlacedImage(image: image(), frame: Rect(x: 0, y: 0, width: 2, height: 2)))])
        let buffer = try RasterTest.render(list, PixelRect(x: 0, y: 0, width: 4, height: 4), scale: 2)
        for y in 0..<4 {
            for x in 0..<4 {
                let expected = [[Self.a, Self.b], [Self.c, Self.d]][y / 2][x / 2]
                #expect(buffer[x: x, y: y] == expected, "(\(x), \(y))")
            }
        }
    }

    @Test func opacityScalesEveryChannelThenBlends() throws {
        let list = DisplayList([.image(try PlacedImage(image: image(), frame: Rect(x: 0, y: 0, width: 2, height: 2),
                                                       opacity: 0.5))])
        let white = Pixel(r: 255, g: 255, b: 255, a: 255)
        let buffer = try RasterTest.render(list, PixelRect(x: 0, y: 0, width: 2, height: 2), background: white)
        // opacity round(127.5) = 128: a → (128, 0, 0, 128), over white: (128 + 127, 127, 127, 255).
        #expect(buffer[x: 0, y: 0] == Pixel(r: 255, g: 127, b: 127, a: 255))
        // c → (0, 0, div255(100 · 128) = 50, 50), over white: 0 + div255(255 · 205) = 205, b 50 + 205.
        #expect(buffer[x: 0, y: 1] == Pixel(r: 205, g: 205, b: 255, a: 255))
    }

    @Test func convertsFromAPixelBuffer() throws {
        let buffer = try PixelBuffer(width: 2, height: 1)
        buffer[x: 1, y: 0] = Self.c
        let image = try PixelImage(buffer)
        #expect(image.width == 2 && image[x: 1, y: 0] == Self.c && image[x: 0, y: 0] == .transparent)
    }
}
