// The content the raster benchmarks draw: each primitive alone over a block of tiles, and a feed of cards.
import Tessera

/// Scenes for the raster benchmarks, in points, at any scale.
enum RasterScenes {
    static let feedName = "feed card"

    /// Every workload: the four primitives alone over 4 × 2 tiles, and the feed over 15 × 3 tiles (three
    /// rows of 3840-px-wide 4K tiles) in the middle of a long feed.
    static func workloads(scale: Double, tileSize: Int) throws -> [RasterWorkload] {
        let block = tiles(columns: 0..<4, rows: 0..<2, tileSize: tileSize)
        let width = Double(4 * tileSize) / scale, height = Double(2 * tileSize) / scale
        let feedRows = 40
        // Enough card columns to fill the 15 tiles of a 4K row at this scale (5 at scale 2).
        let feedColumns = Int((Double(15 * tileSize) / scale / cardPitch.x).rounded(.up))
        let feed = try feedCards(columns: feedColumns, rows: feedRows)
        // Tiles from the middle of the feed: the content is the same everywhere, and the index matters.
        let feedTileRow = Int(Double(feedRows / 2) * cardPitch.y * scale) / tileSize
        return [
            RasterWorkload(name: "opaque rect", content: try opaqueRect(width: width, height: height), tiles: block),
            RasterWorkload(name: "anti-aliased rounded rect", content: try roundedRects(width: width, height: height),
                           tiles: block),
            RasterWorkload(name: "linear gradient (diagonal)", content: try gradient(width: width, height: height),
                           tiles: block),
            RasterWorkload(name: "greeked text line", content: try textLines(width: width, height: height),
                           tiles: block),
            RasterWorkload(name: feedName, content: feed,
                           tiles: tiles(columns: 0..<15, rows: feedTileRow..<feedTileRow + 3, tileSize: tileSize)),
        ]
    }

    static func tiles(columns: Range<Int>, rows: Range<Int>, tileSize: Int) -> [PixelRect] {
        rows.flatMap { row in
            columns.map { PixelRect(x: $0 * tileSize, y: row * tileSize, width: tileSize, height: tileSize) }
        }
    }

    /// One opaque rect a little larger than the block, fractional edges outside it.
    static func opaqueRect(width: Double, height: Double) throws -> DisplayList {
        DisplayList([.solidRect(try SolidRect(rect: Rect(x: -0.3, y: -0.3, width: width + 0.6, height: height + 0.6),
                                              color: Color(red: 250, green: 250, blue: 252)))])
    }

    /// A grid of opaque 90 × 70 pt rounded rects (radius 14) with 6 pt gaps, at fractional offsets.
    static func roundedRects(width: Double, height: Double) throws -> DisplayList {
        var items: [DisplayItem] = []
        var y = 2.25
        while y < height {
            var x = 3.5
            while x < width {
                items.append(.roundedRect(try RoundedRect(rect: Rect(x: x, y: y, width: 90, height: 70), cornerRadius: 14,
                                                          color: Color(red: 255, green: 255, blue: 255))))
                x += 96
            }
            y += 76
        }
        return DisplayList(items)
    }

    /// One diagonal three-stop opaque gradient over the block (the per-pixel path; vertical gradients
    /// are one colour per row and cheaper).
    static func gradient(width: Double, height: Double) throws -> DisplayList {
        DisplayList([.linearGradient(try LinearGradient(
            rect: Rect(x: 0, y: 0, width: width, height: height), start: .zero, end: Point(x: width, y: height),
            stops: [GradientStop(location: 0, color: Color(red: 255, green: 94, blue: 58)),
                    GradientStop(location: 0.5, color: Color(red: 255, green: 42, blue: 104)),
                    GradientStop(location: 1, color: Color(red: 90, green: 60, blue: 220))]))])
    }

    /// Greeked body text over the block: 13 pt lines every 18 pt.
    static func textLines(width: Double, height: Double) throws -> DisplayList {
        var items: [DisplayItem] = []
        var y = 1.5, seed: UInt64 = 1
        while y < height {
            items.append(.greekedText(try GreekedTextLine(frame: Rect(x: 4.25, y: y, width: width - 8, height: 13),
                                                          color: Color(red: 28, green: 28, blue: 30), seed: seed)))
            y += 18
            seed += 1
        }
        return DisplayList(items)
    }

    static let cardSize = Size(width: 360, height: 300)
    static let cardPitch = Point(x: 380.5, y: 318.25)

    /// A feed of `columns × rows` cards in one list (10 primitives a card), at fractional positions so
    /// that cards straddle tile edges.
    static func feedCards(columns: Int, rows: Int) throws -> DisplayList {
        let thumbnail = try thumbnailImage(side: 96)
        var items: [DisplayItem] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let origin = Point(x: 13.25 + Double(column) * cardPitch.x, y: 7.75 + Double(row) * cardPitch.y)
                items += try feedCard(at: origin, seed: UInt64(row * columns + column), thumbnail: thumbnail)
            }
        }
        return DisplayList(items)
    }

    /// One 360 × 300 pt card: rounded background, gradient header, 64 pt thumbnail, title, subtitle and five
    /// body lines of greeked text.
    static func feedCard(at o: Point, seed: UInt64, thumbnail: PixelImage) throws -> [DisplayItem] {
        let ink = Color(red: 28, green: 28, blue: 30), gray = Color(red: 120, green: 120, blue: 128)
        var items: [DisplayItem] = [
            .roundedRect(try RoundedRect(rect: Rect(x: o.x, y: o.y, width: cardSize.width, height: cardSize.height),
                                         cornerRadius: 16, color: .white)),
            .linearGradient(try LinearGradient(
                rect: Rect(x: o.x + 8, y: o.y + 8, width: 344, height: 96), cornerRadius: 12,
                start: Point(x: o.x + 8, y: o.y + 8), end: Point(x: o.x + 352, y: o.y + 104),
                stops: [GradientStop(location: 0, color: Color(red: 64, green: 140, blue: 255)),
                        GradientStop(location: 1, color: Color(red: 150, green: 70, blue: 230))])),
            .image(try PlacedImage(image: thumbnail, frame: Rect(x: o.x + 16, y: o.y + 120, width: 64, height: 64))),
            .greekedText(try GreekedTextLine(frame: Rect(x: o.x + 92, y: o.y + 124, width: 252, height: 18),
                                             color: ink, seed: seed &* 7 &+ 1)),
            .greekedText(try GreekedTextLine(frame: Rect(x: o.x + 92, y: o.y + 150, width: 200, height: 13),
                                             color: gray, seed: seed &* 7 &+ 2)),
        ]
        for line in 0..<5 {
            let width = line == 4 ? 190.0 : 328.0
            items.append(.greekedText(try GreekedTextLine(
                frame: Rect(x: o.x + 16, y: o.y + 196 + Double(line) * 18, width: width, height: 13),
                color: ink, seed: seed &* 7 &+ 3 &+ UInt64(line))))
        }
        return items
    }

    /// An opaque `side × side` picture-like image (smooth colour ramps with a disc).
    static func thumbnailImage(side: Int) throws -> PixelImage {
        var bytes = [UInt8](repeating: 255, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x - side / 2), dy = Double(y - side / 3)
                let inDisc = dx * dx + dy * dy < Double(side * side) / 16
                let i = (y * side + x) * 4
                bytes[i] = inDisc ? 255 : UInt8(40 + 120 * y / side)
                bytes[i + 1] = inDisc ? 214 : UInt8(90 + 100 * x / side)
                bytes[i + 2] = inDisc ? 90 : UInt8(160 - 60 * y / side)
            }
        }
        return try PixelImage(width: side, height: side, pixels: bytes)
    }
}
