import Testing
import Tessera

/// Transforms (scale and translation about the anchor point): the frame as the transformed box,
/// position and anchor semantics, conversion and hit testing through transformed layers at depth 4.
/// Expected values are worked by hand from the formulas in README.md ("Transforms and zoom"); every
/// number is a dyadic fraction, so the arithmetic is exact.
@Suite struct TransformTests {
    /// root (bounds origin (5, −30)) › a (scale 2, anchor (0.5, 0.5)) › b (scale 0.5, translation (4, 8),
    /// anchor (0, 0)) › c (scale 4, anchor (1, 1)), each with a bounds origin.
    static func tree() throws -> (root: Layer, a: Layer, b: Layer, c: Layer) {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let a = try Layer(frame: Rect(x: 50, y: 60, width: 200, height: 200))
        let b = try Layer(frame: Rect(x: 30, y: 10, width: 100, height: 100))
        let c = try Layer(frame: Rect(x: 5, y: 5, width: 40, height: 40))
        try root.addSublayer(a)
        try a.addSublayer(b)
        try b.addSublayer(c)
        try root.setBoundsOrigin(Point(x: 5, y: -30))
        try a.setBoundsOrigin(Point(x: 10, y: 20))
        try b.setBoundsOrigin(Point(x: -3, y: 4))
        try c.setBoundsOrigin(Point(x: 100, y: 0))
        try a.setTransform(LayerTransform(scale: 2))
        try b.setAnchorPoint(Point(x: 0, y: 0))
        try b.setPosition(Point(x: 30, y: 10))  // setting the anchor kept the position: put it back
        try b.setTransform(LayerTransform(scale: 0.5, translation: Point(x: 4, y: 8)))
        try c.setAnchorPoint(Point(x: 1, y: 1))
        try c.setPosition(Point(x: 45, y: 45))
        try c.setTransform(LayerTransform(scale: 4))
        return (root, a, b, c)
    }

    @Test func theFrameIsTheTransformedBoundsAboutTheAnchorPoint() throws {
        let (_, a, b, c) = try Self.tree()
        // a: position (150, 160); frame origin = position − 2 · 0.5 · 200 = (−50, −40), size 400.
        #expect(a.position == Point(x: 150, y: 160))
        #expect(a.frame == Rect(x: -50, y: -40, width: 400, height: 400))
        #expect(a.bounds.size == Size(width: 200, height: 200))
        // b: anchor (0, 0) at position (30, 10), + translation (4, 8).
        #expect(b.frame == Rect(x: 34, y: 18, width: 50, height: 50))
        // c: anchor (1, 1) at (45, 45); frame origin = 45 − 4 · 40 = −115.
        #expect(c.frame == Rect(x: -115, y: -115, width: 160, height: 160))
        #expect(c.untransformedFrame == Rect(x: 5, y: 5, width: 40, height: 40))
    }

    @Test func settingTheAnchorPointKeepsThePosition() throws {
        let layer = try Layer(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(layer.position == Point(x: 60, y: 45))
        try layer.setAnchorPoint(Point(x: 0, y: 1))
        #expect(layer.position == Point(x: 60, y: 45))
        #expect(layer.frame == Rect(x: 60, y: -5, width: 100, height: 50))
    }

    @Test func settingTheFrameWithATransformKeepsTheTransformAndYieldsThatFrame() throws {
        let layer = try Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        try layer.setTransform(LayerTransform(scale: 2, translation: Point(x: 3, y: -5)))
        try layer.setFrame(Rect(x: 10, y: 20, width: 60, height: 40))
        #expect(layer.transform == LayerTransform(scale: 2, translation: Point(x: 3, y: -5)))
        #expect(layer.frame == Rect(x: 10, y: 20, width: 60, height: 40))
        #expect(layer.bounds.size == Size(width: 30, height: 20))
        try layer.setTransform(.identity)
        #expect(layer.frame == layer.untransformedFrame)
    }

    @Test func convertsThroughScaledAndTranslatedLayersAtDepthFour() throws {
        let (root, a, b, c) = try Self.tree()
        // c (131.25, 33.75) → b: (−115 + 4·31.25, −115 + 4·33.75) = (10, 20)
        #expect(try c.convert(Point(x: 131.25, y: 33.75), to: b) == Point(x: 10, y: 20))
        // b (10, 20) → a: (34 + 0.5·13, 18 + 0.5·16) = (40.5, 26)
        #expect(try c.convert(Point(x: 131.25, y: 33.75), to: a) == Point(x: 40.5, y: 26))
        // a (40.5, 26) → root: (−50 + 2·30.5, −40 + 2·6) = (11, −28)
        #expect(try c.convert(Point(x: 131.25, y: 33.75), to: root) == Point(x: 11, y: -28))
        #expect(try root.convert(Point(x: 11, y: -28), to: c) == Point(x: 131.25, y: 33.75))
        #expect(try b.convert(Point(x: 40.5, y: 26), from: a) == Point(x: 10, y: 20))
        // Sizes scale by the ratio of the planes' scales: c → root is 4 · 0.5 · 2 = 4.
        #expect(try c.convert(Rect(x: 131.25, y: 33.75, width: 4, height: 8), to: root)
                == Rect(x: 11, y: -28, width: 16, height: 32))
        #expect(try root.convert(Rect(x: 11, y: -28, width: 16, height: 32), to: c)
                == Rect(x: 131.25, y: 33.75, width: 4, height: 8))
    }

    @Test func compositedFrameGoesThroughEveryTransform() throws {
        let (root, _, _, c) = try Self.tree()  // the tree holds its layers: keep the root alive
        defer { withExtendedLifetime(root) {} }
        // c.frame (−115, −115, 160) → b's step: (34 + 0.5·(−112), 18 + 0.5·(−119)) = (−22, −41.5), 80
        // → a's step: (−50 + 2·(−32), −40 + 2·(−61.5)) = (−114, −163), 160 → root's: − (5, −30).
        #expect(c.compositedFrame == Rect(x: -119, y: -133, width: 160, height: 160))
    }

    @Test func hitTestingGoesThroughTheInverseTransforms() throws {
        let (root, a, b, c) = try Self.tree()
        #expect(root.hitTest(Point(x: 11, y: -28)) === c)
        // b (60, 60) is outside c's frame: (−50 + 2·(34 + 0.5·63 − 10), −40 + 2·(18 + 0.5·56 − 20)) = (61, 12)
        #expect(root.hitTest(Point(x: 61, y: 12)) === b)
        // a (150, 150), outside b's frame, is at (−50 + 2·140, −40 + 2·130) = (230, 220).
        #expect(root.hitTest(Point(x: 230, y: 220)) === a)
        // Inside a's untransformed frame but outside its scaled one: the root.
        #expect(root.hitTest(Point(x: 380, y: 300)) === root)
    }

    @Test func invalidTransformsAndAnchorsAreNamedErrors() throws {
        let layer = try Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        for scale in [0, -1, .nan, .infinity, 1e-9, 1e9] {
            #expect(throws: TesseraError.invalidArgument(argument: "transform.scale",
                                                        reason: "must be finite and in 1/256…256, got \(scale)")) {
                try layer.setTransform(LayerTransform(scale: scale))
            }
        }
        #expect(argumentName { try layer.setTransform(LayerTransform(translation: Point(x: .nan, y: 0))) }
                == "transform.translation.x")
        #expect(argumentName { try layer.setAnchorPoint(Point(x: 0, y: .infinity)) } == "anchorPoint.y")
        #expect(argumentName { try layer.setPosition(Point(x: 1e13, y: 0)) } == "position.x")
        #expect(layer.transform == .identity)
        #expect(layer.anchorPoint == Point(x: 0.5, y: 0.5))
    }
}
