import Testing
@testable import Tessera

/// `LayerContent.drawReplacing(in:)` over a buffer full of old pixels gives exactly `draw(in:)` over the
/// buffer cleared to transparent: `DisplayList` clears only what no opaque item paints over (none of a tile
/// an opaque item covers, the rest around the largest cover) and skips the items under a whole-tile cover.
/// Random lists of every primitive — opaque and translucent rects, rounded rects, gradients, images and
/// text, at fractional positions — over random tiles of random sizes (1 px, odd widths, tiles inside a
/// cover, at its edges, beyond it), with stale pixels of every alpha (0, 255 and in between).
struct DrawReplacingTests {
    static func number(_ rng: inout SplitMix64, _ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(rng.next() % 1_000_001) / 1_000_000
    }

    static func randomItem(_ rng: inout SplitMix64, image: PixelImage, opaqueImage: PixelImage) throws -> DisplayItem {
        let x = number(&rng, -4, 40), y = number(&rng, -4, 40)
        let rect = Rect(x: x, y: y, width: number(&rng, 0.3, 48), height: number(&rng, 0.3, 48))
        let alpha: UInt8 = rng.next() % 3 == 0 ? UInt8(rng.next() % 256) : 255
        let color = Color(red: UInt8(rng.next() % 256), green: UInt8(rng.next() % 256), blue: UInt8(rng.next() % 256),
                          alpha: alpha)
        let radius = rng.next() % 3 == 0 ? 0 : number(&rng, 0.1, 12)
        switch rng.next() % 6 {
        case 0: return .solidRect(try SolidRect(rect: rect, color: color))
        case 1, 2: return .roundedRect(try RoundedRect(rect: rect, cornerRadius: radius, color: color))
        case 3:
            let second = Color(red: 10, green: 200, blue: 90, alpha: rng.next() % 2 == 0 ? 255 : 128)
            return .linearGradient(try LinearGradient(
                rect: rect, cornerRadius: radius, start: Point(x: rect.minX, y: rect.minY),
                end: Point(x: rect.maxX, y: rect.maxY + number(&rng, 0, 5)),
                stops: [GradientStop(location: 0, color: color), GradientStop(location: 1, color: second)]))
        case 4:
            let opaque = rng.next() % 2 == 0
            return .image(try PlacedImage(image: opaque ? opaqueImage : image, frame: rect,
                                          opacity: rng.next() % 3 == 0 ? 0.6 : 1))
        default:
            return .greekedText(try GreekedTextLine(frame: Rect(x: x, y: y, width: rect.width, height: number(&rng, 3, 14)),
                                                    color: color, seed: rng.next()))
        }
    }

    static func images() throws -> (PixelImage, PixelImage) {
        var translucent: [UInt8] = [], opaque: [UInt8] = []
        for i in 0..<(4 * 3) {
            let a = UInt8(i % 4 == 0 ? 255 : 60 + i * 9)
            translucent += [UInt8(i * 13 % Int(a)), UInt8(i * 7 % Int(a)), a / 3, a]
            opaque += [UInt8(i * 20), UInt8(255 - i * 9), 77, 255]
        }
        return (try PixelImage(width: 4, height: 3, pixels: translucent), try PixelImage(width: 4, height: 3, pixels: opaque))
    }

    /// `content` drawn over cleared pixels, and drawn replacing `stale` (every pixel that colour) — as bytes.
    static func both(_ content: some LayerContent, _ tile: PixelRect, scale: Double, stale: Pixel) throws -> ([UInt8], [UInt8]) {
        let expected = try RasterTest.render(content, tile, scale: scale).packedBytes()
        let buffer = try PixelBuffer(width: tile.width, height: tile.height)
        buffer.clear(to: stale)
        content.drawReplacing(in: RasterContext(buffer: buffer, deviceRect: tile, scale: scale))
        return (expected, buffer.packedBytes())
    }

    @Test func randomListsOverStalePixelsGiveTheClearedResult() throws {
        var rng = SplitMix64(seed: 0x7265_706C)
        let (image, opaqueImage) = try Self.images()
        let stales = [Pixel(r: 255, g: 255, b: 255, a: 255), Pixel(r: 9, g: 200, b: 31, a: 210), .transparent,
                      Pixel(r: 1, g: 2, b: 3, a: 4)]
        for round in 0..<300 {
            // Short lists are scanned, longer ones (over 32 items) indexed.
            let count = rng.next() % 4 == 0 ? 40 + Int(rng.next() % 20) : 1 + Int(rng.next() % 8)
            let list = DisplayList(try (0..<count).map { _ in try Self.randomItem(&rng, image: image, opaqueImage: opaqueImage) })
            let scale = [1.0, 2.0, 1.5, 3.0][Int(rng.next() % 4)]
            let sizes = [1, 2, 7, 16, 33, 61]
            let tile = PixelRect(x: Int(rng.next() % 90) - 10, y: Int(rng.next() % 90) - 10,
                                 width: sizes[Int(rng.next() % 6)], height: sizes[Int(rng.next() % 6)])
            let stale = stales[Int(rng.next() % 4)]
            let (expected, replaced) = try Self.both(list, tile, scale: scale, stale: stale)
            #expect(firstDifference(replaced, expected) == nil, "round \(round): tile \(tile) scale \(scale) stale \(stale)")
        }
    }

    /// Tiles inside an opaque card, at its straight edges and corners, and beyond it, with translucent
    /// and opaque items below and above it (the ones below a whole-tile cover are not drawn).
    @Test func tilesAroundAnOpaqueCover() throws {
        let (image, _) = try Self.images()
        let list = DisplayList([
            .image(try PlacedImage(image: image, frame: Rect(x: 0, y: 0, width: 60, height: 60), opacity: 0.7)),
            .solidRect(try SolidRect(rect: Rect(x: 2.5, y: 2.5, width: 50, height: 50),
                                     color: Color(red: 200, green: 0, blue: 0, alpha: 120))),
            .roundedRect(try RoundedRect(rect: Rect(x: 5.25, y: 4.75, width: 40.5, height: 30.25), cornerRadius: 6,
                                         color: .white)),
            .greekedText(try GreekedTextLine(frame: Rect(x: 8, y: 10, width: 30, height: 9),
                                             color: Color(red: 28, green: 28, blue: 30), seed: 3)),
            .roundedRect(try RoundedRect(rect: Rect(x: 30.5, y: 20.5, width: 20, height: 20), cornerRadius: 3,
                                         color: Color(red: 0, green: 90, blue: 255, alpha: 255))),
        ])
        for scale in [1.0, 2.0] {
            for (x, y, w, h) in [(12, 12, 8, 8), (11, 6, 30, 20), (5, 4, 42, 32), (0, 0, 64, 64), (10, 9, 1, 1),
                                 (44, 30, 9, 9), (5, 20, 3, 3), (45, 4, 1, 31), (61, 61, 5, 5), (20, 35, 17, 3)] {
                let tile = PixelRect(x: Int(Double(x) * scale), y: Int(Double(y) * scale), width: w, height: h)
                let (expected, replaced) = try Self.both(list, tile, scale: scale, stale: Pixel(r: 7, g: 7, b: 7, a: 7))
                #expect(firstDifference(replaced, expected) == nil, "tile \(tile) scale \(scale)")
            }
        }
    }

    /// Items drawn around the next item's opaque cover (a card's background, a translucent image and text
    /// under an opaque header; the header's rounded corners and the card's): tiles cut across the cover's
    /// edges and inside it, at several scales, equal the cleared result.
    @Test func itemsAreDrawnAroundTheNextItemsOpaqueCover() throws {
        let (image, _) = try Self.images()
        let header = DisplayItem.linearGradient(try LinearGradient(
            rect: Rect(x: 8.25, y: 8.5, width: 90, height: 40), cornerRadius: 6, start: Point(x: 8, y: 8),
            end: Point(x: 98, y: 48), stops: [GradientStop(location: 0, color: Color(red: 64, green: 140, blue: 255)),
                                              GradientStop(location: 1, color: Color(red: 150, green: 70, blue: 230))]))
        let below: [DisplayItem] = [
            .roundedRect(try RoundedRect(rect: Rect(x: 3.5, y: 3.25, width: 100, height: 80), cornerRadius: 9, color: .white)),
            .image(try PlacedImage(image: image, frame: Rect(x: 0, y: 0, width: 70, height: 70), opacity: 0.6)),
            .greekedText(try GreekedTextLine(frame: Rect(x: 10, y: 20, width: 80, height: 13),
                                             color: Color(red: 28, green: 28, blue: 30), seed: 5)),
        ]
        for item in below {
            let list = DisplayList([item, header, .greekedText(try GreekedTextLine(
                frame: Rect(x: 12, y: 55, width: 80, height: 13), color: Color(red: 28, green: 28, blue: 30), seed: 9))])
            for scale in [1.0, 2.0, 3.0] {
                let whole = PixelRect(x: 0, y: 0, width: Int(110 * scale), height: Int(90 * scale))
                if scale > 1 {  // the case this test is about: the header hides enough of the item
                    let hidden = header.opaqueCover(whole, scale: scale)
                    #expect(hidden.area >= DisplayList.minimumHiddenArea)
                }
                var tiles = [whole]
                for size in [17, 64, 100] {
                    for y in stride(from: 0, to: whole.height, by: size) {
                        for x in stride(from: 0, to: whole.width, by: size) {
                            tiles.append(PixelRect(x: x, y: y, width: size, height: size))
                        }
                    }
                }
                for tile in tiles {
                    let (expected, replaced) = try Self.both(list, tile, scale: scale, stale: Pixel(r: 7, g: 90, b: 7, a: 200))
                    #expect(firstDifference(replaced, expected) == nil, "\(item) tile \(tile) scale \(scale)")
                }
            }
        }
    }

    /// A buffer of another format, and content without its own `drawReplacing` (the default: a whole clear).
    @Test func otherFormatsAndOtherContentClearEverything() throws {
        let list = DisplayList([.solidRect(try SolidRect(rect: Rect(x: 1.5, y: 1.5, width: 4, height: 4),
                                                         color: Color(red: 0, green: 0, blue: 255)))])
        let tile = PixelRect(x: 0, y: 0, width: 8, height: 8)
        // `.xrgb` and `.xbgr` clear to opaque black, not to zero bytes: a clear by zero fills would differ.
        for format in [PixelFormat.bgra, .xrgb, .xbgr] {
            let stale = try PixelBuffer(width: 8, height: 8, format: format)
            stale.clear(to: Pixel(r: 50, g: 60, b: 70, a: 80))
            list.drawReplacing(in: RasterContext(buffer: stale, deviceRect: tile, scale: 1))
            let cleared = try PixelBuffer(width: 8, height: 8, format: format)
            cleared.clear()
            list.draw(in: RasterContext(buffer: cleared, deviceRect: tile, scale: 1))
            #expect(stale.packedBytes() == cleared.packedBytes(), "\(format)")
        }

        struct Dot: LayerContent {
            func draw(in context: RasterContext) { context.buffer[x: 0, y: 0] = Pixel(r: 1, g: 1, b: 1, a: 1) }
        }
        let (expected, replaced) = try Self.both(Dot(), tile, scale: 1, stale: Pixel(r: 3, g: 3, b: 3, a: 3))
        #expect(replaced == expected)
    }
}
