import Testing
import Tessera

/// Dragging past an edge shows `(1 − 1/(x·c/d + 1))·d` of a raw overshoot `x` (c = 0.55, d = bounds
/// length), continuously and monotonically; without bouncing the offset stays in range.
@Suite struct RubberBandTests {
    /// The formula, written out here independently of the code under test.
    static func expected(_ x: Double, _ d: Double) -> Double { (1 - 1 / (x * 0.55 / d + 1)) * d }

    @Test func dragPastTheTopMatchesTheFormula() throws {
        for overshoot in [1.0, 10, 50, 100, 480, 1000, 5000] {
            let layer = try makeScrollLayer(contentHeight: 2000)  // offset 0 = minimum
            let animator = try ScrollAnimator(scrollLayer: layer)
            try animator.beginDrag()
            try animator.drag(by: Point(x: 0, y: overshoot))  // finger down: offset goes negative
            let shown = -layer.contentOffset.y
            #expect(abs(shown - Self.expected(overshoot, 480)) < 1e-9, "overshoot \(overshoot)")
            #expect(shown < overshoot && shown < 480)
            #expect(animator.isDragging && !animator.isDecelerating)
        }
    }

    @Test func dragPastTheRightEdgeUsesTheWidthAndTheInset() throws {
        // Width 200, content 500, inset right 40: maximum x = 500 + 40 − 200 = 340.
        let layer = try makeScrollLayer(width: 200, contentWidth: 500, contentHeight: 480,
                                        inset: EdgeInsets(right: 40), offset: Point(x: 300, y: 0))
        let animator = try ScrollAnimator(scrollLayer: layer)
        try animator.drag(by: Point(x: -240, y: 0))  // raw x = 540: 200 past the edge
        #expect(abs(layer.contentOffset.x - (340 + Self.expected(200, 200))) < 1e-9)
        #expect(layer.contentOffset.y == 0)  // content fits vertically: that axis does not move
    }

    @Test func displacementIsContinuousAndMonotonic() throws {
        let layer = try makeScrollLayer(contentHeight: 1000, offset: Point(x: 0, y: 260))
        let animator = try ScrollAnimator(scrollLayer: layer)
        try animator.beginDrag()
        // Sweep the finger from 400 pt below the bottom edge (max 520) to 400 pt above the top edge, in
        // 0.25 pt steps: the offset must fall with every step, never jump by more than the step.
        try animator.drag(by: Point(x: 0, y: -660))  // raw 920 (400 past the bottom)
        var previous = layer.contentOffset.y
        #expect(abs(previous - (520 + Self.expected(400, 480))) < 1e-9)
        for _ in 0..<(1320 * 4) {  // raw 920 → −400
            try animator.drag(by: Point(x: 0, y: 0.25))
            let now = layer.contentOffset.y
            #expect(now < previous)
            #expect(previous - now <= 0.25 + 1e-9)
            previous = now
        }
        #expect(abs(previous - -Self.expected(400, 480)) < 1e-6)
    }

    @Test func publicFunctionMatchesAndInverts() throws {
        for x in [0.0, 0.5, 3, 77, 480, 1e6] {
            #expect(abs(try RubberBand.displacement(forOvershoot: x, dimension: 480) - Self.expected(x, 480)) < 1e-9)
            #expect(abs(try RubberBand.displacement(forOvershoot: -x, dimension: 480) + Self.expected(x, 480)) < 1e-9)
        }
        for y in [0.0, 1, 100, 400] {
            let x = try RubberBand.overshoot(forDisplacement: y, dimension: 480)
            #expect(abs(Self.expected(x, 480) - y) < 1e-9)
        }
        #expect(try RubberBand.displacement(forOvershoot: 100, dimension: 0) == 0)
    }

    @Test func withoutBouncesTheDragIsClamped() throws {
        let layer = try makeScrollLayer(contentHeight: 1000, offset: Point(x: 0, y: 10))
        let animator = try ScrollAnimator(scrollLayer: layer)
        animator.bounces = false
        try animator.drag(by: Point(x: 0, y: 300))
        #expect(layer.contentOffset.y == 0)
        // Reversing moves the content at once (the overshoot is not stored up).
        try animator.drag(by: Point(x: 0, y: -5))
        #expect(layer.contentOffset.y == 5)
        try animator.drag(by: Point(x: 0, y: -900))
        #expect(layer.contentOffset.y == 520)
    }

    @Test func contentThatFitsOnlyBouncesWhenAsked() throws {
        let layer = try makeScrollLayer(contentHeight: 300)  // fits: range 0…0
        let animator = try ScrollAnimator(scrollLayer: layer)
        try animator.drag(by: Point(x: 0, y: 100))
        #expect(layer.contentOffset.y == 0)
        try animator.endDrag(velocity: .zero)
        animator.alwaysBounceVertical = true
        try animator.drag(by: Point(x: 0, y: 100))
        #expect(abs(layer.contentOffset.y + Self.expected(100, 480)) < 1e-9)
        #expect(layer.contentOffset.x == 0)  // horizontal still locked
        #expect(try animator.endDrag(velocity: .zero) == nil)  // springs back
        #expect(try runToRest(animator, step: 1.0 / 60).endOffset == .zero)
    }
}
