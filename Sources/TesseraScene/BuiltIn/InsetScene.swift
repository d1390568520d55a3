import Tessera

/// `inset`: the two classic uses of `contentInset` in one 4K scene — a feed of 2,000 cards with a
/// pull-to-refresh control above its content (top inset 120, offset starting at −120, refresh showing)
/// and a keyboard covering the bottom 900 points (bottom inset 900, so the last card can still scroll
/// above the keyboard).
enum InsetScene {
    static let width = 3840.0, height = 2160.0, cards = 2_000
    static let refreshHeight = 120.0, keyboardHeight = 900.0

    static func make() throws -> BenchScene {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: width, height: height))
        root.name = "root"
        let feed = try FeedCards.feedLayer(frame: root.bounds, count: cards)
        try feed.setContentInset(EdgeInsets(top: refreshHeight, bottom: keyboardHeight))
        try feed.setContentOffset(feed.minimumContentOffset)
        // The refresh control lives above the content, in the inset: at negative y of the feed's plane.
        let refresh = try Layer(frame: Rect(x: width / 2 - 60, y: -refreshHeight + 20, width: 120, height: 80))
        refresh.name = "refresh"
        refresh.content = DisplayList([.roundedRect(try RoundedRect(
            rect: Rect(x: 20, y: 0, width: 80, height: 80), cornerRadius: 40, color: Color(red: 0x8E, green: 0x8E, blue: 0x93)))])
        try feed.addSublayer(refresh)
        try root.addSublayer(feed)

        let keyboard = try Layer(frame: Rect(x: 0, y: height - keyboardHeight, width: width, height: keyboardHeight))
        keyboard.name = "keyboard"
        let key = DisplayList([.roundedRect(try RoundedRect(rect: Rect(x: 8, y: 8, width: 368, height: 209),
                                                            cornerRadius: 16, color: .white))])
        keyboard.content = try GridContent(background: Color(red: 0xD1, green: 0xD4, blue: 0xDA),
                                           cellSize: Size(width: 384, height: 225), columns: 10, rows: 4,
                                           variants: [key], variantIndex: { _, _ in 0 })
        try root.addSublayer(keyboard)
        let scene = Scene(viewport: try Viewport(width: width, height: height), root: root,
                          layersByName: ["root": root, "feed": feed, "refresh": refresh, "keyboard": keyboard])
        return BenchScene(scene: scene, scrollLayer: feed, direction: Point(x: 0, y: 1))
    }
}
