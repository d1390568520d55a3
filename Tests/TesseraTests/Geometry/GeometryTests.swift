import Testing
import Tessera

@Suite struct GeometryTests {
    @Test func intersectionAndUnion() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 5, y: -5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 0, width: 5, height: 5))
        #expect(a.union(b) == Rect(x: 0, y: -5, width: 15, height: 15))
        #expect(a.intersection(Rect(x: 10, y: 0, width: 5, height: 5)) == nil) // edges touch: no area
        #expect(!a.intersects(Rect(x: 20, y: 20, width: 1, height: 1)))
        #expect(a.union(Rect(x: 100, y: 100, width: 0, height: 0)) == a)      // empty contributes nothing
        #expect(Rect.zero.union(b) == b)
    }

    @Test func containment() {
        let a = Rect(x: -2, y: -2, width: 4, height: 4)
        #expect(a.contains(Point(x: -2, y: -2)))
        #expect(!a.contains(Point(x: 2, y: 0)))   // max edge excluded
        #expect(a.contains(Rect(x: -1, y: -1, width: 3, height: 3)))
        #expect(!a.contains(Rect(x: -1, y: -1, width: 4, height: 3)))
        #expect(!Rect(x: 0, y: 0, width: 0, height: 5).contains(Point.zero)) // empty rects contain nothing
    }

    @Test func pixelRectRoundsOutwardAtAScale() {
        #expect(Rect(x: 0.5, y: 1.25, width: 2, height: 2).pixelRect(atScale: 1)
                == PixelRect(x: 0, y: 1, width: 3, height: 3))
        #expect(Rect(x: 0.5, y: 1.25, width: 2, height: 2).pixelRect(atScale: 2)
                == PixelRect(x: 1, y: 2, width: 4, height: 5))
        #expect(Rect(x: -1.5, y: -0.5, width: 1, height: 1).pixelRect(atScale: 1)
                == PixelRect(x: -2, y: -1, width: 2, height: 2))
        #expect(Rect(x: 3, y: 3, width: 0, height: 9).pixelRect(atScale: 3) == .zero)
    }

    @Test func devicePixelRoundsHalvesUpInBothDirections() {
        #expect(Point(x: 0.5, y: -0.5).devicePixel(atScale: 1) == (1, 0))
        #expect(Point(x: 1.49, y: -1.51).devicePixel(atScale: 1) == (1, -2))
        #expect(Point(x: 10.25, y: -10.25).devicePixel(atScale: 2) == (21, -20))
    }

    @Test func insetsShrinkAndGrow() {
        let r = Rect(x: 0, y: 0, width: 100, height: 50)
        #expect(r.inset(by: EdgeInsets(top: 10, left: 5, bottom: 0, right: 5)) == Rect(x: 5, y: 10, width: 90, height: 40))
        #expect(r.inset(by: EdgeInsets(top: -10)) == Rect(x: 0, y: -10, width: 100, height: 60))
        #expect(r.inset(by: EdgeInsets(left: 80, right: 80)).width == 0)
    }

    @Test func pointArithmeticAndDescriptions() {
        #expect(Point(x: 1, y: 2) + Point(x: 3, y: -4) == Point(x: 4, y: -2))
        #expect(-Point(x: 1, y: -2) == Point(x: -1, y: 2))
        #expect(Rect(x: 1, y: 2, width: 3.5, height: 4).description == "((1, 2), 3.5×4)")
    }
}
