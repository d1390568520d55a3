import Foundation
import Tessera

/// The card drawings shared by the `feed` and `inset` scenes: a white rounded card with a gradient
/// header, an avatar, a title, body text and a thumbnail, in a cell `width × 384` points.
enum FeedCards {
    static let cellHeight = 384.0
    static let appBackground = Color(red: 0xEF, green: 0xEF, blue: 0xF4)
    static let palette: [Color] = [
        Color(red: 0x4A, green: 0x90, blue: 0xE2), Color(red: 0x7E, green: 0xD3, blue: 0x21),
        Color(red: 0xF5, green: 0xA6, blue: 0x23), Color(red: 0xD0, green: 0x02, blue: 0x1B),
        Color(red: 0x9B, green: 0x59, blue: 0xB6), Color(red: 0x1A, green: 0xBC, blue: 0x9C),
    ]

    /// `count` card variants for cells `width` points wide.
    static func variants(width: Double, count: Int = 12) throws -> [DisplayList] {
        let thumbnail = try Self.thumbnail()
        return try (0..<count).map { variant in
            let accent = palette[variant % palette.count]
            let second = palette[(variant * 5 + 2) % palette.count]
            let card = Rect(x: 64, y: 12, width: width - 128, height: 360)
            var items: [DisplayItem] = [
                .roundedRect(try RoundedRect(rect: card, cornerRadius: 24, color: .white)),
                .linearGradient(try LinearGradient(
                    rect: Rect(x: card.minX, y: card.minY, width: card.width, height: 96), cornerRadius: 24,
                    start: Point(x: card.minX, y: 0), end: Point(x: card.maxX, y: 0),
                    stops: [GradientStop(location: 0, color: accent), GradientStop(location: 1, color: second)])),
                .roundedRect(try RoundedRect(rect: Rect(x: 96, y: 132, width: 64, height: 64), cornerRadius: 32,
                                             color: accent)),
                .greekedText(try GreekedTextLine(frame: Rect(x: 180, y: 140, width: 900, height: 30),
                                                 color: Color(red: 0x22, green: 0x22, blue: 0x22),
                                                 seed: UInt64(variant) &* 31 &+ 1)),
            ]
            let textWidth = card.width - 400
            for line in 0..<4 {
                let shorten = line == 3 ? 0.4 + 0.1 * Double(variant % 4) : 1
                items.append(.greekedText(try GreekedTextLine(
                    frame: Rect(x: 96, y: 214 + Double(line) * 34, width: textWidth * shorten, height: 24),
                    color: Color(red: 0x55, green: 0x55, blue: 0x5A), seed: UInt64(variant * 8 + line + 100))))
            }
            items.append(.image(try PlacedImage(
                image: thumbnail, frame: Rect(x: card.maxX - 272, y: 130, width: 240, height: 200))))
            return DisplayList(items)
        }
    }

    /// A 120 × 100 procedural photo stand-in (sky, hills, sun), drawn at 2× by nearest neighbour.
    static func thumbnail() throws -> PixelImage {
        let width = 120, height = 100
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let hill = 60 + Int(12 * sin(Double(x) / 14))
                let sun = (x - 88) * (x - 88) + (y - 24) * (y - 24) < 150
                let rgb: (UInt8, UInt8, UInt8) = sun ? (255, 214, 90)
                    : y > hill ? (UInt8(60 + y / 2), UInt8(140 - y / 4), 70)
                    : (UInt8(120 + y), UInt8(170 + y / 2), 235)
                let i = (y * width + x) * 4
                pixels[i] = rgb.0
                pixels[i + 1] = rgb.1
                pixels[i + 2] = rgb.2
            }
        }
        return try PixelImage(width: width, height: height, pixels: pixels)
    }

    /// A scroll layer filling `frame` whose content is a column of `count` cards.
    static func feedLayer(frame: Rect, count: Int) throws -> ScrollLayer {
        let scroll = try ScrollLayer(frame: frame)
        scroll.name = "feed"
        try scroll.setContentSize(Size(width: frame.width, height: Double(count) * cellHeight))
        scroll.content = try GridContent(
            background: appBackground, cellSize: Size(width: frame.width, height: cellHeight),
            columns: 1, rows: count, variants: try variants(width: frame.width),
            variantIndex: { _, row in Int(proceduralHash(row, 0, 1) % 12) })
        return scroll
    }
}
