import Testing
import Tessera

/// The scroll view example of README.md ("Layout"), number for number, in its two parts: an ordinary
/// view pinned with insets, and a scroll layer whose content size comes from its sublayer's constraints.
@Suite struct LayoutSeedExampleTests {
    /// `layer`'s four edges pinned to `container`'s with insets (top, left, bottom, right), as Masonry's
    /// `make.edges.equalTo(container).insets(…)` does.
    private func pinEdges(_ layer: Layer, to container: Layer, _ top: Double, _ left: Double, _ bottom: Double,
                          _ right: Double) throws {
        try LayoutConstraint.activate([
            layer.topAnchor.constraint(equalTo: container.topAnchor, constant: top),
            layer.leftAnchor.constraint(equalTo: container.leftAnchor, constant: left),
            layer.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -bottom),
            layer.rightAnchor.constraint(equalTo: container.rightAnchor, constant: -right),
        ])
    }

    private func window() throws -> Layer {
        let view = try Layer(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        view.name = "view"
        return view
    }

    @Test func insetViewsGetTheirFramesFromTheirSuperlayersEdges() throws {
        let view = try window()
        let red = try Layer(), yellow = try Layer()
        red.name = "red"
        yellow.name = "yellow"
        try view.addSublayer(red)
        try red.addSublayer(yellow)
        try pinEdges(red, to: view, 100, 50, 100, 50)
        try pinEdges(yellow, to: red, 200, 50, 20, 20)
        try view.layoutIfNeeded()
        #expect(red.frame == Rect(x: 50, y: 100, width: 275, height: 467))
        #expect(yellow.frame == Rect(x: 50, y: 200, width: 205, height: 247))
        #expect(view.frame == Rect(x: 0, y: 0, width: 375, height: 667))
        #expect(view.layoutAmbiguityReport().isEmpty)
        #expect(!yellow.hasAmbiguousLayout)
    }

    /// The scroll example: frame from the constraints outside, content size from the yellow layer's
    /// constraints to the scroll layer's edges plus its own width and height.
    private func scrollExample(sizeConstraints: Bool) throws -> (view: Layer, scroll: ScrollLayer, yellow: Layer) {
        let view = try window()
        let scroll = try ScrollLayer(), yellow = try Layer()
        scroll.name = "scroll"
        yellow.name = "yellow"
        try view.addSublayer(scroll)
        try scroll.addSublayer(yellow)
        try pinEdges(scroll, to: view, 100, 50, 100, 50)
        try LayoutConstraint.activate([
            yellow.topAnchor.constraint(equalTo: scroll.topAnchor, constant: 200),
            yellow.bottomAnchor.constraint(equalTo: scroll.bottomAnchor, constant: -200),
            yellow.leadingAnchor.constraint(equalTo: scroll.leadingAnchor, constant: 50),
            yellow.trailingAnchor.constraint(equalTo: scroll.trailingAnchor, constant: -200),
        ])
        if sizeConstraints {
            try LayoutConstraint.activate([
                yellow.widthAnchor.constraint(equalToConstant: 100), yellow.heightAnchor.constraint(equalToConstant: 100),
            ])
        }
        return (view, scroll, yellow)
    }

    @Test func scrollContentSizeComesFromTheSublayersConstraints() throws {
        let (view, scroll, yellow) = try scrollExample(sizeConstraints: true)
        try view.layoutIfNeeded()
        #expect(scroll.frame == Rect(x: 50, y: 100, width: 275, height: 467))
        #expect(yellow.frame == Rect(x: 50, y: 200, width: 100, height: 100))
        #expect(scroll.contentSize == Size(width: 350, height: 500))
        #expect(view.layoutAmbiguityReport().isEmpty)
    }

    @Test func withoutWidthAndHeightTheContentSizeIsAmbiguousAndTheLayerHasZeroSize() throws {
        let (view, scroll, yellow) = try scrollExample(sizeConstraints: false)
        try view.layoutIfNeeded()
        #expect(Set(view.layoutAmbiguityReport()) == [
            "yellow.width", "yellow.height", "scroll.contentSize.width", "scroll.contentSize.height",
        ])
        #expect(yellow.hasAmbiguousLayout(axis: .horizontal) && yellow.hasAmbiguousLayout(axis: .vertical))
        #expect(scroll.hasAmbiguousLayout)
        #expect(!view.hasAmbiguousLayout)
        // The solver's choice, as UIKit's: the undetermined size is zero, so the layer does not appear.
        #expect(yellow.frame == Rect(x: 50, y: 200, width: 0, height: 0))
        #expect(scroll.contentSize == Size(width: 250, height: 400))
        #expect(scroll.frame == Rect(x: 50, y: 100, width: 275, height: 467))
    }

    @Test func scrollingNeitherMovesNorIsMovedByLayout() throws {
        let (view, scroll, yellow) = try scrollExample(sizeConstraints: true)
        try scroll.setContentOffset(Point(x: 30, y: 120))
        try view.layoutIfNeeded()
        #expect(yellow.frame == Rect(x: 50, y: 200, width: 100, height: 100))
        #expect(scroll.contentOffset == Point(x: 30, y: 120))
        try scroll.setContentOffset(Point(x: -10, y: 7))
        try view.layoutIfNeeded()
        #expect(yellow.frame == Rect(x: 50, y: 200, width: 100, height: 100))
        #expect(scroll.contentOffset == Point(x: -10, y: 7))
    }

    @Test func widthOfTheScrollLayerIsItsFrameWidthForItsSublayers() throws {
        let (view, scroll, yellow) = try scrollExample(sizeConstraints: false)
        try LayoutConstraint.activate([
            yellow.widthAnchor.constraint(equalTo: scroll.widthAnchor, constant: -16),
            yellow.heightAnchor.constraint(equalToConstant: 80),
        ])
        try view.layoutIfNeeded()
        #expect(yellow.frame == Rect(x: 50, y: 200, width: 259, height: 80))
        #expect(scroll.contentSize == Size(width: 509, height: 480))
        #expect(view.layoutAmbiguityReport().isEmpty)
    }

    @Test func guidesAreTheContentAreaAndTheFrame() throws {
        let view = try window()
        let scroll = try ScrollLayer(), card = try Layer()
        scroll.name = "feed"
        card.name = "card"
        try view.addSublayer(scroll)
        try scroll.addSublayer(card)
        try pinEdges(scroll, to: view, 0, 0, 0, 0)
        try LayoutConstraint.activate([
            card.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor, constant: 10),
            card.leadingAnchor.constraint(equalTo: scroll.frameLayoutGuide.leadingAnchor, constant: 8),
            card.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor, constant: -16),
            card.heightAnchor.constraint(equalToConstant: 900),
            scroll.contentLayoutGuide.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: 10),
            scroll.contentLayoutGuide.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
        ])
        try view.layoutIfNeeded()
        #expect(card.frame == Rect(x: 8, y: 10, width: 359, height: 900))
        #expect(scroll.contentSize == Size(width: 375, height: 920))
        #expect(view.layoutAmbiguityReport().isEmpty)
    }
}
