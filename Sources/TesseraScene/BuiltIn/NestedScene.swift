import Tessera

/// `nested`: a 4K viewport scrolling a vertical feed of 1,000 rows, each a horizontal carousel (a scroll
/// layer inside the vertical scroll layer) at its own content offset.
enum NestedScene {
    static let width = 3840.0, height = 2160.0, rows = 1_000, rowHeight = 480.0
    static let cardWidth = 420.0, carouselHeight = 372.0, cardsPerCarousel = 40

    static func make() throws -> BenchScene {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: width, height: height))
        root.name = "root"
        let feed = try ScrollLayer(frame: root.bounds)
        feed.name = "feed"
        try feed.setContentSize(Size(width: width, height: Double(rows) * rowHeight))
        let title = DisplayList([.greekedText(try GreekedTextLine(
            frame: Rect(x: 64, y: 28, width: 760, height: 40), color: Color(red: 0x22, green: 0x22, blue: 0x22), seed: 11))])
        feed.content = try GridContent(background: FeedCards.appBackground,
                                       cellSize: Size(width: width, height: rowHeight), columns: 1, rows: rows,
                                       variants: [title], variantIndex: { _, _ in 0 })
        let cards = try cardVariants()
        var layers: [String: Layer] = ["root": root, "feed": feed]
        for row in 0..<rows {
            let carousel = try ScrollLayer(frame: Rect(x: 0, y: Double(row) * rowHeight + 96,
                                                       width: width, height: carouselHeight))
            carousel.name = "carousel\(row)"
            try carousel.setContentSize(Size(width: Double(cardsPerCarousel) * cardWidth + 48, height: carouselHeight))
            try carousel.setContentOffset(Point(x: Double(proceduralHash(row, 0, 5) % 2400), y: 0), clamped: true)
            carousel.content = try GridContent(
                background: FeedCards.appBackground, cellSize: Size(width: cardWidth, height: carouselHeight),
                columns: cardsPerCarousel, rows: 1, variants: cards,
                variantIndex: { column, row in Int(proceduralHash(column, row, 6) % 8) })
            try feed.addSublayer(carousel)
            layers[carousel.name!] = carousel
        }
        try root.addSublayer(feed)
        let scene = Scene(viewport: try Viewport(width: width, height: height), root: root, layersByName: layers)
        return BenchScene(scene: scene, scrollLayer: feed, direction: Point(x: 0, y: 1))
    }

    static func cardVariants() throws -> [DisplayList] {
        try (0..<8).map { variant in
            let accent = FeedCards.palette[variant % FeedCards.palette.count]
            let card = Rect(x: 24, y: 6, width: 396, height: 360)
            return DisplayList([
                .roundedRect(try RoundedRect(rect: card, cornerRadius: 20, color: .white)),
                .linearGradient(try LinearGradient(
                    rect: Rect(x: 24, y: 6, width: 396, height: 220), cornerRadius: 20,
                    start: Point(x: 0, y: 6), end: Point(x: 0, y: 226),
                    stops: [GradientStop(location: 0, color: accent),
                            GradientStop(location: 1, color: Color(red: 0xFF, green: 0xFF, blue: 0xFF, alpha: 0x40))])),
                .greekedText(try GreekedTextLine(frame: Rect(x: 44, y: 246, width: 356, height: 28),
                                                 color: Color(red: 0x22, green: 0x22, blue: 0x22), seed: UInt64(variant + 40))),
                .greekedText(try GreekedTextLine(frame: Rect(x: 44, y: 290, width: 240, height: 22),
                                                 color: Color(red: 0x66, green: 0x66, blue: 0x6A), seed: UInt64(variant + 60))),
            ])
        }
    }
}
