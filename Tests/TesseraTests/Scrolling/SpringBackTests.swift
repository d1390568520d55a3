import Foundation
import Testing
import Tessera

/// Releasing past an edge springs back (critically damped) within the documented time; a fling into an
/// edge bounces past it and returns; with `bounces = false` the offset never leaves the range.
@Suite struct SpringBackTests {
    static func rubberBand(_ x: Double, _ d: Double) -> Double { (1 - 1 / (x * 0.55 / d + 1)) * d }

    @Test func documentedConstants() {
        #expect(ScrollAxisPhysics.springBackSettleTime == 0.45)
        #expect(ScrollAxisPhysics.springRestThreshold == 0.5)
    }

    /// Overshoots up to 1000 pt (a 1500 pt tall layer allows that much) settle within 0.45 s.
    @Test(arguments: [(480.0, 30.0), (480, 400), (480, 3000), (1500, 900), (1500, 5454.5)])
    func springBackSettlesWithinDocumentedTime(height: Double, rawOvershoot: Double) throws {
        let displayed = Self.rubberBand(rawOvershoot, height)
        #expect(displayed <= 1000)
        for hz in [60.0, 240] {
            let layer = try makeScrollLayer(height: height, contentHeight: 10_000)
            let animator = try ScrollAnimator(scrollLayer: layer)
            try animator.drag(by: Point(x: 0, y: rawOvershoot))
            #expect(abs(layer.contentOffset.y + displayed) < 1e-9)
            #expect(try animator.endDrag(velocity: .zero) == nil)
            #expect(animator.isDecelerating && animator.restingContentOffset == .zero)
            let step = 1 / hz
            let run = try runToRest(animator, step: step)
            let endTime = try #require(run.endTime)
            #expect(endTime <= 0.45 + step, "overshoot \(displayed) at \(hz) Hz took \(endTime) s")
            #expect(run.endOffset == .zero)
            // Monotonic return, never crossing the edge (critically damped from rest).
            var previous = -displayed
            for offset in run.offsets {
                #expect(offset.y >= previous - 1e-9 && offset.y <= 0)
                previous = offset.y
            }
            // Within 0.5 pt from 0.42 s on.
            for (index, offset) in run.offsets.enumerated() where Double(index + 1) * step >= 0.42 {
                #expect(abs(offset.y) <= 0.5)
            }
        }
    }

    @Test func flingIntoTheEdgeOvershootsThenReturnsAndStays() throws {
        let cases: [(Double, Double, Double)] = [(8000, -6000, 9520), (1500, 6000, 0)]
        for (start, finger, edge) in cases {
            let layer = try makeScrollLayer(contentHeight: 10_000, offset: Point(x: 0, y: start))
            let animator = try ScrollAnimator(scrollLayer: layer)
            try animator.fling(velocity: Point(x: 0, y: finger))
            #expect(animator.restingContentOffset?.y == edge)
            let run = try runToRest(animator, step: 1.0 / 120)
            #expect(run.endOffset?.y == edge)
            let furthest = finger < 0 ? run.offsets.map(\.y).max()! : run.offsets.map(\.y).min()!
            #expect(abs(furthest - edge) > 5, "no bounce past \(edge): furthest \(furthest)")
            #expect(abs(furthest - edge) <= 240)  // at most half the bounds height
            for _ in 0..<240 {
                #expect(try animator.advance(by: 1.0 / 120) == nil)
                #expect(layer.contentOffset.y == edge)
            }
        }
    }

    @Test func settledFlingsStayInRange() throws {
        // Many flings from many places, with and without bouncing: once at rest, inside [min, max].
        for bounces in [true, false] {
            for start in stride(from: 0.0, through: 1520, by: 190) {
                for finger in [-20_000.0, -4000, -500, 0, 700, 3000, 15_000] {
                    let layer = try makeScrollLayer(contentHeight: 2000, offset: Point(x: 0, y: start))
                    let animator = try ScrollAnimator(scrollLayer: layer)
                    animator.bounces = bounces
                    try animator.fling(velocity: Point(x: 0, y: finger))
                    _ = try runToRest(animator, step: 1.0 / 60)
                    #expect(animator.isAtRest)
                    let y = layer.contentOffset.y
                    #expect(y >= 0 && y <= 1520, "start \(start), v \(finger), bounces \(bounces): \(y)")
                }
            }
        }
    }

    @Test func withoutBouncesAWholeFlingStaysInRange() throws {
        for finger in [-30_000.0, -3000, 3000, 30_000] {
            for hz in frameRates {
                let layer = try makeScrollLayer(contentWidth: 900, contentHeight: 2000,
                                                inset: EdgeInsets(top: 20, left: 5, bottom: 10, right: 15),
                                                offset: Point(x: 300, y: 700))
                let animator = try ScrollAnimator(scrollLayer: layer)
                animator.bounces = false
                try animator.fling(velocity: Point(x: finger / 3, y: finger))
                let run = try runToRest(animator, step: 1 / hz)
                #expect(run.endTime != nil)
                // x ∈ [−5, 900 + 15 − 320 = 595], y ∈ [−20, 2000 + 10 − 480 = 1530].
                for offset in run.offsets {
                    #expect(offset.x >= -5 && offset.x <= 595 && offset.y >= -20 && offset.y <= 1530)
                }
                let end = try #require(run.endOffset)
                #expect(end.y == (finger < 0 ? 1530 : -20))
            }
        }
    }

    @Test func inwardFlingFromAnOverscrolledDragKeepsGoing() throws {
        let layer = try makeScrollLayer(contentHeight: 10_000)
        let animator = try ScrollAnimator(scrollLayer: layer)
        try animator.drag(by: Point(x: 0, y: 200))  // past the top
        #expect(layer.contentOffset.y < 0)
        try animator.endDrag(velocity: Point(x: 0, y: -4000))  // flick up: into the content
        let rest = try #require(animator.restingContentOffset)
        #expect(rest.y > 1000)
        #expect(try runToRest(animator, step: 1.0 / 60).endOffset == rest)
    }

    @Test func grabbingAMovingScrollStopsIt() throws {
        let layer = try makeScrollLayer(contentHeight: 10_000, offset: Point(x: 0, y: 100))
        let animator = try ScrollAnimator(scrollLayer: layer)
        try animator.fling(velocity: Point(x: 0, y: -3000))
        try animator.advance(by: 0.2)
        let caught = layer.contentOffset
        try animator.beginDrag()
        #expect(animator.isDragging && !animator.isDecelerating && animator.velocity == .zero)
        #expect(try animator.advance(by: 0.5) == nil)
        #expect(layer.contentOffset == caught)
        #expect(try animator.endDrag(velocity: .zero) == .scrollEnded(contentOffset: caught))
    }
}
