import Testing
import Tessera

/// Conversion and hit testing through a tree of depth 4 with non-zero bounds origins at every level.
@Suite struct CoordinateConversionTests {
    /// root (bounds origin (5, -7)) › a (10, 20) › b (-3, 4) › c (100, 0)
    static func tree() throws -> (root: Layer, a: Layer, b: Layer, c: Layer, sibling: Layer) {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let a = try Layer(frame: Rect(x: 50, y: 60, width: 200, height: 200))
        let b = try Layer(frame: Rect(x: 30, y: 10, width: 100, height: 100))
        let c = try Layer(frame: Rect(x: 5, y: 5, width: 40, height: 40))
        let sibling = try Layer(frame: Rect(x: 300, y: 300, width: 50, height: 50))
        try root.addSublayer(a)
        try a.addSublayer(b)
        try b.addSublayer(c)
        try root.addSublayer(sibling)
        try root.setBoundsOrigin(Point(x: 5, y: -7))
        try a.setBoundsOrigin(Point(x: 10, y: 20))
        try b.setBoundsOrigin(Point(x: -3, y: 4))
        try c.setBoundsOrigin(Point(x: 100, y: 0))
        return (root, a, b, c, sibling)
    }

    @Test func convertsUpAndDownThroughEveryLevel() throws {
        let (root, a, b, c, sibling) = try Self.tree()
        // c's plane → b's: p − c.bounds.origin + c.frame.origin = (100,0) − (100,0) + (5,5)
        #expect(try c.convert(Point(x: 100, y: 0), to: b) == Point(x: 5, y: 5))
        // b's plane → a's: (5,5) − (−3,4) + (30,10) = (38, 11)
        #expect(try c.convert(Point(x: 100, y: 0), to: a) == Point(x: 38, y: 11))
        // a's plane → root's: (38,11) − (10,20) + (50,60) = (78, 51)
        #expect(try c.convert(Point(x: 100, y: 0), to: root) == Point(x: 78, y: 51))
        // root's plane → sibling's: (78,51) − (300,300) + (0,0) = (−222, −249)
        #expect(try c.convert(Point(x: 100, y: 0), to: sibling) == Point(x: -222, y: -249))
        #expect(try sibling.convert(Point(x: -222, y: -249), to: c) == Point(x: 100, y: 0))
        #expect(try root.convert(Point(x: 78, y: 51), to: c) == Point(x: 100, y: 0))
        #expect(try b.convert(Point(x: 1, y: 2), from: b) == Point(x: 1, y: 2))
        let rect = Rect(x: 100, y: 0, width: 7, height: 9)
        #expect(try c.convert(rect, to: root) == Rect(x: 78, y: 51, width: 7, height: 9))
        #expect(try root.convert(Rect(x: 78, y: 51, width: 7, height: 9), to: c) == rect)
        #expect(try a.convert(rect, from: c) == Rect(x: 38, y: 11, width: 7, height: 9))
    }

    @Test func compositedFrameAppliesTheFormulaAtEveryLevel() throws {
        let (root, _, _, c, _) = try Self.tree()
        // c.frame.origin − b.bounds.origin + b.frame.origin − a.bounds.origin + a.frame.origin
        //   − root.bounds.origin + root.frame.origin
        // = (5,5) − (−3,4) + (30,10) − (10,20) + (50,60) − (5,−7) + (0,0) = (73, 58)
        #expect(c.compositedFrame == Rect(x: 73, y: 58, width: 40, height: 40))
        // The composited frame is where c's bounds origin lands on screen.
        let inRoot = try c.convert(c.bounds.origin, to: root)
        #expect(inRoot - root.bounds.origin + root.frame.origin == Point(x: 73, y: 58))
    }

    @Test func conversionBetweenTreesIsAnError() throws {
        let (root, _, _, _, _) = try Self.tree()
        let stranger = try Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(throws: TesseraError.self) { try root.convert(Point.zero, to: stranger) }
        #expect(throws: TesseraError.self) { try stranger.convert(Rect.zero, from: root) }
    }

    @Test func hitTestFindsTheDeepestLayerThroughBoundsOrigins() throws {
        let (root, a, b, c, sibling) = try Self.tree()
        // Root-plane (80, 70) is a's (40, 30), b's (7, 24), c's (102, 19): inside every window.
        #expect(root.hitTest(Point(x: 80, y: 70)) === c)
        #expect(root.hitTest(Point(x: 117.5, y: 90.5)) === c)   // c's (139.5, 39.5)
        // Just outside c (its max edge, c's (140, 19)) but inside b (b's (45, 24)).
        #expect(root.hitTest(Point(x: 118, y: 70)) === b)
        // Root-plane (78, 51) is c's (100, 0), where c draws, but it is a's (38, 11): outside a's bounds
        // (10…210, 20…220), so neither a nor anything below it is hit.
        #expect(root.hitTest(Point(x: 78, y: 51)) === root)
        // Inside a (a's (29, 20)), outside b (b's (−4, 14); b's bounds start at x = −3).
        #expect(root.hitTest(Point(x: 69, y: 60)) === a)
        #expect(root.hitTest(Point(x: 305, y: 300)) === sibling)
        // Outside the root's bounds (5…405, −7…393): nothing, though the point is on no layer anyway.
        #expect(root.hitTest(Point(x: 4, y: 0)) == nil)
        #expect(root.hitTest(Point(x: 20, y: 20)) === root)
    }

    // As in UIKit, a layer does not detect a touch beyond its bounds: a sublayer sticking out of its
    // superlayer is still drawn but not hit outside the superlayer's bounds.
    @Test func pointsOutsideTheBoundsDoNotHitSublayers() throws {
        let parent = try Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = try Layer(frame: Rect(x: 80, y: 80, width: 50, height: 50))
        try parent.addSublayer(child)
        try parent.setBoundsOrigin(Point(x: 10, y: 10))
        #expect(parent.hitTest(Point(x: 95, y: 95)) === child)
        #expect(parent.hitTest(Point(x: 115, y: 115)) == nil)   // on the child, outside the parent
        child.isHidden = true
        #expect(parent.hitTest(Point(x: 95, y: 95)) === parent)
        child.isHidden = false
        try child.setOpacity(0)
        #expect(parent.hitTest(Point(x: 95, y: 95)) === parent)
    }
}
