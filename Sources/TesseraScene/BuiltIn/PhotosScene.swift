import Foundation
import Tessera

/// `photos`: a 4K viewport scrolling a photo grid — 6 columns × 20,000 rows of 640 × 480 point cells,
/// each a large photo (a 160 × 120 procedural image drawn at about 3.8× by nearest neighbour, slightly
/// translucent so it blends) under a rounded frame, with a gradient scrim and a caption. Nearly every
/// device pixel of a tile is an image or gradient pixel, so raster costs several times `feed`'s per tile:
/// the scene for asynchronous raster and checkerboard figures.
enum PhotosScene {
    static let width = 3840.0, height = 2160.0
    static let columns = 6, rows = 20_000
    static let cell = Size(width: 640, height: 480)
    static let photoVariants = 8

    static func make() throws -> BenchScene {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: width, height: height))
        root.name = "root"
        root.backgroundColor = .black
        let grid = try ScrollLayer(frame: root.bounds)
        grid.name = "photos"
        try grid.setContentSize(Size(width: width, height: Double(rows) * cell.height))
        grid.content = try GridContent(
            background: Color(red: 0x10, green: 0x10, blue: 0x12), cellSize: cell, columns: columns, rows: rows,
            variants: try variants(), variantIndex: { column, row in Int(proceduralHash(column, row, 7) % UInt64(photoVariants)) })
        try root.addSublayer(grid)
        let scene = Scene(viewport: try Viewport(width: width, height: height), root: root,
                          layersByName: ["root": root, "photos": grid])
        return BenchScene(scene: scene, scrollLayer: grid, direction: Point(x: 0, y: 1))
    }

    /// One cell drawing per photo.
    static func variants() throws -> [DisplayList] {
        try (0..<photoVariants).map { variant in
            let frame = Rect(x: 8, y: 8, width: cell.width - 16, height: cell.height - 16)
            let accent = FeedCards.palette[variant % FeedCards.palette.count]
            return DisplayList([
                .roundedRect(try RoundedRect(rect: frame, cornerRadius: 20, color: accent)),
                .image(try PlacedImage(image: try photo(seed: variant), frame: frame.inset(by: EdgeInsets(top: 4, left: 4, bottom: 4, right: 4)), opacity: 0.96)),
                .linearGradient(try LinearGradient(
                    rect: Rect(x: frame.minX, y: frame.maxY - 160, width: frame.width, height: 160), cornerRadius: 20,
                    start: Point(x: 0, y: frame.maxY - 160), end: Point(x: 0, y: frame.maxY),
                    stops: [GradientStop(location: 0, color: Color(red: 0, green: 0, blue: 0, alpha: 0)),
                            GradientStop(location: 1, color: Color(red: 0, green: 0, blue: 0, alpha: 0xB0))])),
                .greekedText(try GreekedTextLine(frame: Rect(x: 40, y: frame.maxY - 60, width: 360, height: 28),
                                                 color: .white, seed: UInt64(variant) &* 13 &+ 5)),
            ])
        }
    }

    /// A 160 × 120 procedural landscape (sky gradient, two hill lines, a sun), different per seed.
    static func photo(seed: Int) throws -> PixelImage {
        let width = 160, height = 120
        let phase = Double(seed) * 0.9, sunX = 30 + (seed * 37) % 100
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let far = 55 + Int(10 * sin(Double(x) / 11 + phase))
                let near = 80 + Int(14 * sin(Double(x) / 23 + 2 * phase))
                let sun = (x - sunX) * (x - sunX) + (y - 22) * (y - 22) < 120
                let rgb: (Int, Int, Int) = sun ? (255, 220, 110)
                    : y > near ? (40 + y / 3, 120 - y / 4 + seed * 5, 50)
                    : y > far ? (90 + seed * 9, 110 + y / 3, 140)
                    : (110 + y + seed * 4, 160 + y / 2, 240 - seed * 6)
                let i = (y * width + x) * 4
                pixels[i] = UInt8(clamping: rgb.0)
                pixels[i + 1] = UInt8(clamping: rgb.1)
                pixels[i + 2] = UInt8(clamping: rgb.2)
            }
        }
        return try PixelImage(width: width, height: height, pixels: pixels)
    }
}
