import Testing
import Tessera

/// Worked examples of the model (ARCHITECTURE.md, "The model"), number for number: the composited
/// position formula, bounds origins, and a scroll layer's content size, insets and pan clamping.
@Suite struct SeedExampleTests {
    // A frame origin of {x: 20, y: 15} in a superlayer with a zero bounds origin composites the layer
    // shifted right 20 points and down 15 points.
    @Test func compositedPositionWithZeroBoundsOrigin() throws {
        let purple = try Layer(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let button = try Layer(frame: Rect(x: 20, y: 15, width: 100, height: 40))
        try purple.addSublayer(button)
        #expect(button.compositedFrame.origin == Point(x: 20, y: 15))
    }

    // A bounds origin of {-30, -30} on the purple superlayer shifts every sublayer by +30, +30.
    @Test func compositedPositionWithNegativeBoundsOrigin() throws {
        let purple = try Layer(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let button = try Layer(frame: Rect(x: 20, y: 15, width: 100, height: 40))
        let other = try Layer(frame: Rect(x: 150, y: 120, width: 30, height: 30))
        try purple.addSublayer(button)
        try purple.addSublayer(other)
        try purple.setBoundsOrigin(Point(x: -30, y: -30))
        // CompositedPosition = View.frame.origin - Superview.bounds.origin
        #expect(button.compositedFrame.origin == Point(x: 50, y: 45))
        #expect(other.compositedFrame.origin == Point(x: 180, y: 150))
        #expect(button.frame.origin == Point(x: 20, y: 15))
    }

    // Without insets the maximum offset is contentSize - bounds.size (x: contentSize.width -
    // bounds.size.width); the minimum is {0, 0}.
    @Test func maximumContentOffsetIsContentSizeMinusBoundsSize() throws {
        let scroll = try ScrollLayer(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        try scroll.setContentSize(Size(width: 1000, height: 3000))
        #expect(scroll.minimumContentOffset == Point(x: 0, y: 0))
        #expect(scroll.maximumContentOffset == Point(x: 680, y: 2520))
        try scroll.pan(by: Point(x: -10_000, y: -10_000))
        #expect(scroll.contentOffset == Point(x: 680, y: 2520))
    }

    // A top content inset of 10 lets the content offset's y reach -10.
    @Test func topInsetOfTenLetsYReachMinusTen() throws {
        let scroll = try ScrollLayer(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        try scroll.setContentSize(Size(width: 320, height: 2000))
        #expect(scroll.minimumContentOffset.y == 0)
        try scroll.setContentInset(EdgeInsets(top: 10))
        #expect(scroll.minimumContentOffset.y == -10)
        try scroll.pan(by: Point(x: 0, y: 500))
        #expect(scroll.contentOffset == Point(x: 0, y: -10))
        #expect(scroll.bounds.origin == Point(x: 0, y: -10))
    }

    // A keyboard over the content: content size equal to the bounds cannot scroll; a bottom inset of the
    // keyboard's height allows scrolling by exactly that height.
    @Test func keyboardInsetEnablesScrollingByItsHeight() throws {
        let scroll = try ScrollLayer(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        try scroll.setContentSize(Size(width: 320, height: 480))
        #expect(scroll.maximumContentOffset == Point(x: 0, y: 0))
        try scroll.pan(by: Point(x: 0, y: -1000))
        #expect(scroll.contentOffset == .zero)

        let keyboardHeight = 216.0
        try scroll.setContentInset(EdgeInsets(bottom: keyboardHeight))
        #expect(scroll.maximumContentOffset == Point(x: 0, y: 216))
        try scroll.pan(by: Point(x: 0, y: -1000))
        #expect(scroll.contentOffset == Point(x: 0, y: 216))
    }

    // contentSize defaults to {0, 0}: no scrolling, sublayers still displayed.
    @Test func zeroContentSizeMeansNoMovement() throws {
        let scroll = try ScrollLayer(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let child = try Layer(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        try scroll.addSublayer(child)
        #expect(scroll.contentSize == .zero)
        for translation in [Point(x: 100, y: 100), Point(x: -100, y: -100), Point(x: 5, y: -7)] {
            try scroll.pan(by: translation)
            #expect(scroll.contentOffset == .zero)
        }
        #expect(child.compositedFrame.origin == Point(x: 10, y: 10))
        #expect(scroll.hitTest(Point(x: 20, y: 20)) === child)
    }

    // Setting the content offset sets the bounds origin to it (contentOffset ≡ bounds.origin).
    @Test func contentOffsetIsTheBoundsOrigin() throws {
        let scroll = try ScrollLayer(frame: Rect(x: 5, y: 6, width: 100, height: 100))
        try scroll.setContentOffset(Point(x: 12, y: 34))
        #expect(scroll.bounds == Rect(x: 12, y: 34, width: 100, height: 100))
        try scroll.setBoundsOrigin(Point(x: -3, y: 7))
        #expect(scroll.contentOffset == Point(x: -3, y: 7))
        #expect(scroll.frame == Rect(x: 5, y: 6, width: 100, height: 100))
    }

    /// Four coloured views (red, green, blue, yellow; the last two partly or wholly below the bottom
    /// edge) inside a 320 × 480 main view.
    static func seed002Views() throws -> (main: ScrollLayer, views: [Layer]) {
        let main = try ScrollLayer(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let frames = [Rect(x: 20, y: 20, width: 100, height: 100),   // red
                      Rect(x: 150, y: 160, width: 150, height: 200), // green
                      Rect(x: 40, y: 400, width: 200, height: 150),  // blue
                      Rect(x: 100, y: 600, width: 180, height: 150)] // yellow
        let views = try frames.map { try Layer(frame: $0) }
        for view in views { try main.addSublayer(view) }
        return (main, views)
    }

    // bounds.origin = (0, 100) moves every view up 100 points; their frames do not change.
    @Test func boundsOriginMovesAllFourViewsUp() throws {
        let (main, views) = try Self.seed002Views()
        let framesBefore = views.map(\.frame)
        #expect(views.map(\.compositedFrame.origin) == framesBefore.map(\.origin))
        try main.setBounds(Rect(x: 0, y: 100, width: 320, height: 480))
        #expect(views.map(\.frame) == framesBefore)
        #expect(views.map(\.compositedFrame.origin) == [Point(x: 20, y: -80), Point(x: 150, y: 60),
                                                        Point(x: 40, y: 300), Point(x: 100, y: 500)])
    }

    // A UIKit-style pan handler: min 0, max contentSize - bounds.size, fmax(min, fmin(new, max)).
    @Test func panClampsAtBothEndsLikeHandlePanGesture() throws {
        let (main, _) = try Self.seed002Views()
        try main.setContentSize(Size(width: 320, height: 750)) // the yellow view ends at y = 750
        try main.pan(by: Point(x: 0, y: -100))                  // finger up 100: content moves up
        #expect(main.contentOffset == Point(x: 0, y: 100))
        try main.pan(by: Point(x: 0, y: -500))                  // past the end: clamps to 750 - 480
        #expect(main.contentOffset == Point(x: 0, y: 270))
        try main.pan(by: Point(x: -40, y: 0))                   // content as wide as bounds: x stays 0
        #expect(main.contentOffset == Point(x: 0, y: 270))
        try main.pan(by: Point(x: 0, y: 1000))                  // past the start: clamps to 0
        #expect(main.contentOffset == Point(x: 0, y: 0))
    }
}

@Suite struct ScrollRangeLimitTests {
    /// Content and insets near the coordinate limit scroll to the limit, not past it (no error from pan).
    @Test func hugeContentScrollsUpToTheCoordinateLimit() throws {
        let scroll = try ScrollLayer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        try scroll.setContentSize(Size(width: 1e12, height: 1e12))
        try scroll.setContentInset(EdgeInsets(top: 1e12, left: 1e12, bottom: 1e12, right: 1e12))
        let limit = 1e12 - 200
        #expect(scroll.maximumContentOffset == Point(x: limit, y: limit))
        #expect(scroll.minimumContentOffset == Point(x: -limit, y: -limit))
        for _ in 0..<3 { try scroll.pan(by: Point(x: -1e12, y: -1e12)) }
        #expect(scroll.contentOffset == Point(x: limit, y: limit))
        // A fling into the end bounces past it and back without leaving the valid coordinates.
        let animator = try ScrollAnimator(scrollLayer: scroll)
        try animator.fling(velocity: Point(x: -5000, y: -5000))
        var farthest = 0.0
        for _ in 0..<240 {
            try animator.advance(by: 1.0 / 120)
            farthest = max(farthest, scroll.contentOffset.x)
        }
        #expect(farthest > limit && farthest <= 1e12)
        #expect(scroll.contentOffset == Point(x: limit, y: limit))
    }
}
