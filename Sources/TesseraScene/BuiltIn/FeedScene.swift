import Tessera

/// `feed`: a 4K viewport scrolling a column of cards, with an opaque app background and a translucent
/// fixed header outside the scroll layer. The default look is card layers with rounded-corner masks,
/// borders, soft shadows and fading groups (``FeedCardLayers``, 10,000 cards); `flat` is the previous look, 100,000
/// cards drawn into the scroll layer's own content (`feed-flat`), for before/after figures in one run.
enum FeedScene {
    static let width = 3840.0, height = 2160.0, cards = 100_000, cardLayers = 10_000

    static func make(flat: Bool = false) throws -> BenchScene {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: width, height: height))
        root.name = "root"
        root.backgroundColor = FeedCards.appBackground
        let feed = flat ? try FeedCards.feedLayer(frame: root.bounds, count: cards)
            : try FeedCardLayers.feedLayer(frame: root.bounds, count: cardLayers)
        try root.addSublayer(feed)
        let header = try headerLayer(width: width)
        try root.addSublayer(header)
        let scene = Scene(viewport: try Viewport(width: width, height: height), root: root,
                          layersByName: ["root": root, "feed": feed, "header": header])
        return BenchScene(scene: scene, scrollLayer: feed, direction: Point(x: 0, y: 1))
    }

    /// A 120-point translucent bar with a title and a search field.
    static func headerLayer(width: Double) throws -> Layer {
        let header = try Layer(frame: Rect(x: 0, y: 0, width: width, height: 120))
        header.name = "header"
        header.backgroundColor = Color(red: 0xFA, green: 0xFA, blue: 0xFC, alpha: 0xD8)
        header.content = DisplayList([
            .greekedText(try GreekedTextLine(frame: Rect(x: 64, y: 36, width: 520, height: 48),
                                             color: Color(red: 0x11, green: 0x11, blue: 0x11), seed: 7)),
            .roundedRect(try RoundedRect(rect: Rect(x: width - 900, y: 30, width: 836, height: 60),
                                         cornerRadius: 30, color: Color(red: 0x76, green: 0x76, blue: 0x80, alpha: 0x30))),
        ])
        return header
    }
}
