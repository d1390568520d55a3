import Tessera

/// `feed-layout`: the `feed` scene's cards as 10,000 sublayers placed by constraints — each card's top
/// pinned to the previous card's bottom, its width the scroll layer's frame width minus the margins, its
/// height from its intrinsic size — so that the scroll layer's content size comes out of layout
/// (README.md, "Layout"). The content is as wide as the frame (content guide width == frame guide
/// width), so the feed scrolls vertically only. The fixed header is pinned to the top of the root.
/// Built and laid out on each ``make()``: about 50,000 constraints.
enum FeedLayoutScene {
    static let width = 3840.0, height = 2160.0, cards = 10_000, margin = 16.0, spacing = 8.0

    static func make() throws -> BenchScene {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: width, height: height))
        root.name = "root"
        root.backgroundColor = FeedCards.appBackground
        let feed = try ScrollLayer()
        feed.name = "feed"
        try root.addSublayer(feed)
        let header = try FeedScene.headerLayer(width: width)
        header.translatesFrameIntoConstraints = false
        try root.addSublayer(header)
        var constraints = [
            try feed.topAnchor.constraint(equalTo: root.topAnchor), try feed.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            try feed.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            try feed.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            try header.topAnchor.constraint(equalTo: root.topAnchor), try header.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            try header.widthAnchor.constraint(equalTo: root.widthAnchor), try header.heightAnchor.constraint(equalToConstant: 120),
            // Scrolls vertically only: the content is as wide as the frame.
            try feed.contentLayoutGuide.widthAnchor.constraint(equalTo: feed.frameLayoutGuide.widthAnchor),
        ]
        let variants = try FeedCards.variants(width: width - 2 * margin)
        var previous = feed.topAnchor
        var previousSpacing = 120 + spacing
        for index in 0..<cards {
            let card = try Layer()
            let variant = Int(proceduralHash(index, 0, 1) % UInt64(variants.count))
            card.content = variants[variant]
            try card.setIntrinsicContentSize(IntrinsicContentSize(height: FeedCards.cellHeight))
            try feed.addSublayer(card)
            constraints += [
                try card.topAnchor.constraint(equalTo: previous, constant: previousSpacing),
                try card.leadingAnchor.constraint(equalTo: feed.leadingAnchor, constant: margin),
                try card.widthAnchor.constraint(equalTo: feed.widthAnchor, constant: -2 * margin),
            ]
            previous = card.bottomAnchor
            previousSpacing = spacing
        }
        constraints.append(try feed.bottomAnchor.constraint(equalTo: previous, constant: spacing))
        try LayoutConstraint.activate(constraints)
        try root.layoutIfNeeded()
        let scene = Scene(viewport: try Viewport(width: width, height: height), root: root,
                          layersByName: ["root": root, "feed": feed, "header": header])
        return BenchScene(scene: scene, scrollLayer: feed, direction: Point(x: 0, y: 1))
    }
}
