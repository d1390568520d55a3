import Tessera

/// `feed`'s card look with Core Animation properties: each card is its own layer (white background,
/// 24-point corner radius with `clipsToBounds`, a 1-point hairline border, a soft shadow) whose drawing — gradient header,
/// avatar, text, thumbnail — is in the card's own plane with square corners: the rounded mask is applied
/// at composite time, so the tiles never hold a corner. Every 9th card fades (opacity 0.85) with a badge
/// overlapping its header: a group-opacity group.
enum FeedCardLayers {
    static let cornerRadius = 24.0
    static let hairline = Color(red: 0xD8, green: 0xD8, blue: 0xDE)
    static let fadingEvery = 9
    /// A soft shadow under every card (README.md, "Shadows"): black at 18 %, σ = 12 points, 6 points down.
    static let shadowOpacity = 0.18
    static let shadowRadius = 12.0
    static let shadowOffset = Size(width: 0, height: 6)

    /// `count` card drawings for cards `width × 360` points (card plane: origin at the card's top-left).
    static func variants(width: Double, count: Int = 12) throws -> [DisplayList] {
        let thumbnail = try FeedCards.thumbnail()
        return try (0..<count).map { variant in
            let accent = FeedCards.palette[variant % FeedCards.palette.count]
            let second = FeedCards.palette[(variant * 5 + 2) % FeedCards.palette.count]
            var items: [DisplayItem] = [
                .linearGradient(try LinearGradient(
                    rect: Rect(x: 0, y: 0, width: width, height: 96), cornerRadius: 0,
                    start: Point(x: 0, y: 0), end: Point(x: width, y: 0),
                    stops: [GradientStop(location: 0, color: accent), GradientStop(location: 1, color: second)])),
                .roundedRect(try RoundedRect(rect: Rect(x: 32, y: 120, width: 64, height: 64), cornerRadius: 32,
                                             color: accent)),
                .greekedText(try GreekedTextLine(frame: Rect(x: 116, y: 128, width: 900, height: 30),
                                                 color: Color(red: 0x22, green: 0x22, blue: 0x22),
                                                 seed: UInt64(variant) &* 31 &+ 1)),
            ]
            let textWidth = width - 400
            for line in 0..<4 {
                let shorten = line == 3 ? 0.4 + 0.1 * Double(variant % 4) : 1
                items.append(.greekedText(try GreekedTextLine(
                    frame: Rect(x: 32, y: 202 + Double(line) * 34, width: textWidth * shorten, height: 24),
                    color: Color(red: 0x55, green: 0x55, blue: 0x5A), seed: UInt64(variant * 8 + line + 100))))
            }
            // The thumbnail reaches the card's right edge: the rounded mask cuts it at the corners.
            items.append(.image(try PlacedImage(image: thumbnail, frame: Rect(x: width - 240, y: 96, width: 240, height: 264))))
            return DisplayList(items)
        }
    }

    /// A scroll layer filling `frame` with `count` card layers in cells `frame.width × 384` points.
    static func feedLayer(frame: Rect, count: Int) throws -> ScrollLayer {
        let scroll = try ScrollLayer(frame: frame)
        scroll.name = "feed"
        scroll.backgroundColor = FeedCards.appBackground
        try scroll.setContentSize(Size(width: frame.width, height: Double(count) * FeedCards.cellHeight))
        let cardWidth = frame.width - 128
        let drawings = try variants(width: cardWidth)
        let badge = Color(red: 0xFF, green: 0x3B, blue: 0x30)
        for index in 0..<count {
            let card = try Layer(frame: Rect(x: 64, y: Double(index) * FeedCards.cellHeight + 12, width: cardWidth, height: 360))
            card.backgroundColor = .white
            card.clipsToBounds = true
            try card.setCornerRadius(cornerRadius)
            try card.setBorderWidth(1)
            card.borderColor = hairline
            card.content = drawings[Int(proceduralHash(index, 0, 1) % UInt64(drawings.count))]
            try card.setShadowOpacity(shadowOpacity)
            try card.setShadowRadius(shadowRadius)
            try card.setShadowOffset(shadowOffset)
            if index % fadingEvery == fadingEvery - 1 {
                try card.setOpacity(0.85)
                let dot = try Layer(frame: Rect(x: cardWidth - 96, y: 56, width: 72, height: 72))
                dot.backgroundColor = badge
                try dot.setCornerRadius(36)
                try card.addSublayer(dot)
            }
            try scroll.addSublayer(card)
        }
        return scroll
    }
}
