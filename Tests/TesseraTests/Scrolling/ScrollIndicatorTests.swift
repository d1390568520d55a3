import Testing
import Tessera

/// Indicator frames (scroll layer plane) follow bounds/content and the offset, shrink when overscrolled,
/// and fade after the scroll ends. Expected numbers are worked out by hand in the comments.
@Suite struct ScrollIndicatorTests {
    /// 320 × 480 bounds over 320 × 1920 content: only the vertical indicator.
    /// Track: 480 − 2·2 = 476 pt; length 476 · 480/1920 = 119 pt; range 0…1440; x = 320 − 2 − 3 = 315.
    func verticalOnly() throws -> (ScrollLayer, ScrollIndicators) {
        let layer = try makeScrollLayer(contentHeight: 1920)
        return (layer, try ScrollIndicators(scrollLayer: layer))
    }

    @Test func verticalIndicatorAtTopMiddleAndBottom() throws {
        let (layer, indicators) = try verticalOnly()
        // (offset y, expected frame y): frame y = offset + 2 + progress · (476 − 119).
        let cases: [(offset: Double, y: Double)] = [
            (0, 2), (720, 720 + 2 + 178.5), (1440, 1440 + 2 + 357), (360, 360 + 2 + 89.25),
        ]
        for (offset, y) in cases {
            try layer.setContentOffset(Point(x: 0, y: offset))
            try indicators.layout()
            #expect(indicators.verticalIndicator.frame == Rect(x: 315, y: y, width: 3, height: 119), "offset \(offset)")
            #expect(ScrollIndicatorLayout.horizontalFrame(for: layer) == nil)
        }
        #expect(indicators.horizontalIndicator.isHidden)
    }

    @Test func verticalIndicatorShrinksWhenOverscrolled() throws {
        let (layer, indicators) = try verticalOnly()
        // (offset y, expected frame y, expected length)
        let cases: [(Double, Double, Double)] = [
            (-50, -50 + 2, 119 - 50),          // 50 past the top: 69 long, at the track's start
            (-200, -200 + 2, 7),               // squeezed to the 7 pt minimum
            (1470, 1470 + 2 + (476 - 89), 89), // 30 past the bottom: 89 long, at the track's end
            (1440 + 500, 1940 + 2 + 469, 7),
        ]
        for (offset, y, length) in cases {
            try layer.setContentOffset(Point(x: 0, y: offset))
            try indicators.layout()
            #expect(indicators.verticalIndicator.frame == Rect(x: 315, y: y, width: 3, height: length),
                    "offset \(offset)")
        }
    }

    @Test func bothIndicatorsLeaveTheCorner() throws {
        // 320 × 480 over 640 × 1920. Horizontal track 320 − 4 − 5 = 311, length 311 · 320/640 = 155.5, range
        // 0…320. Vertical track 480 − 4 − 5 = 471, length 471 / 4 = 117.75, range 0…1440.
        let layer = try makeScrollLayer(contentWidth: 640, contentHeight: 1920, offset: Point(x: 160, y: 1440))
        let indicators = try ScrollIndicators(scrollLayer: layer)
        #expect(indicators.horizontalIndicator.frame
                == Rect(x: 160 + 2 + 77.75, y: 1440 + 480 - 5, width: 155.5, height: 3))
        #expect(indicators.verticalIndicator.frame
                == Rect(x: 160 + 315, y: 1440 + 2 + 353.25, width: 3, height: 117.75))
    }

    @Test func longContentKeepsTheMinimumLengthAndInsetsCount() throws {
        // 100,000 pt of content: 476 · 480 / 100,000 ≈ 2.3 pt, raised to 36. Inset top 20 and bottom 20
        // make the range −20…99,540; at the middle offset 49,760 the start is 0.5 · (476 − 36) = 220.
        let layer = try makeScrollLayer(contentHeight: 100_000, inset: EdgeInsets(top: 20, bottom: 20),
                                        offset: Point(x: 0, y: 49_760))
        let frame = try #require(ScrollIndicatorLayout.verticalFrame(for: layer))
        #expect(frame == Rect(x: 315, y: 49_760 + 2 + 220, width: 3, height: 36))
    }

    @Test func indicatorsStayFixedOnScreenWhileScrolling() throws {
        let layer = try makeScrollLayer(contentHeight: 5000, offset: Point(x: 0, y: 1000))
        let animator = try ScrollAnimator(scrollLayer: layer)
        let indicator = try #require(animator.scrollIndicators).verticalIndicator
        try animator.fling(velocity: Point(x: 0, y: -2000))
        var previousScreenY = -1.0
        for _ in 0..<60 {
            try animator.advance(by: 1.0 / 60)
            // On screen (the scroll layer's frame plane): frame − bounds origin, inside the bounds.
            let screen = indicator.frame.origin - layer.boundsOrigin
            #expect(screen.x == 315)
            #expect(screen.y >= 2 && screen.y + indicator.frame.height <= 478)
            #expect(screen.y >= previousScreenY)  // scrolling down moves the thumb down
            previousScreenY = screen.y
            #expect(!indicator.isHidden && indicator.opacity == 1)
        }
    }

    @Test func indicatorsFadeAfterTheScrollEnds() throws {
        let layer = try makeScrollLayer(contentHeight: 5000, offset: Point(x: 0, y: 1000))
        let animator = try ScrollAnimator(scrollLayer: layer)
        let indicators = try #require(animator.scrollIndicators)
        #expect(indicators.verticalIndicator.isHidden && indicators.fadeDelay == 0.5 && indicators.fadeDuration == 0.25)
        try animator.fling(velocity: Point(x: 0, y: -1000))
        #expect(!indicators.verticalIndicator.isHidden)
        #expect(try runToRest(animator, step: 1.0 / 60).endOffset != nil)
        // The fade clock starts at the step that ended the scroll.
        try animator.advance(by: 0.5)
        #expect(indicators.verticalIndicator.opacity == 1 && !indicators.verticalIndicator.isHidden)
        try animator.advance(by: 0.0625)  // a quarter of the fade
        #expect(indicators.verticalIndicator.opacity == 0.75)
        try animator.advance(by: 0.0625)
        #expect(indicators.verticalIndicator.opacity == 0.5)
        try animator.advance(by: 0.125)
        #expect(indicators.verticalIndicator.opacity == 0 && indicators.verticalIndicator.isHidden)
        #expect(indicators.horizontalIndicator.isHidden)  // that axis never scrolls
        // A new drag brings them back.
        try animator.drag(by: Point(x: 0, y: -3))
        #expect(indicators.verticalIndicator.opacity == 1 && !indicators.verticalIndicator.isHidden)
    }

    @Test func indicatorsAreOrdinarySublayersWithAColour() throws {
        let (layer, indicators) = try verticalOnly()
        #expect(layer.sublayers.count == 2)
        #expect(layer.sublayers.allSatisfy {
            $0 === indicators.verticalIndicator || $0 === indicators.horizontalIndicator
        })
        #expect(indicators.verticalIndicator.backgroundColor == ScrollIndicators.defaultColor)
        let content = try Layer(frame: Rect(x: 0, y: 0, width: 320, height: 1920))
        try layer.addSublayer(content)
        try indicators.bringToFront()
        #expect(layer.sublayers.last === indicators.horizontalIndicator && layer.sublayers[0] === content)
        #expect(try ScrollAnimator(scrollLayer: layer, showsScrollIndicators: false).scrollIndicators == nil)
    }
}
