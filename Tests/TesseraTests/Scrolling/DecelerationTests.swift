import Foundation
import Testing
import Tessera

/// A release decelerates by `decelerationRate` per millisecond and rests where the closed form says,
/// whatever the frame step; the same inputs always give the same offsets.
@Suite struct DecelerationTests {
    /// Far from both edges: content 100,000 pt tall, starting at y = 50,000.
    func farFromEdges() throws -> ScrollAnimator {
        let layer = try makeScrollLayer(contentHeight: 100_000, offset: Point(x: 0, y: 50_000))
        return try ScrollAnimator(scrollLayer: layer)
    }

    @Test(arguments: [0.998, 0.99])
    func projectedRestEqualsSimulatedRest(rate: Double) throws {
        for fingerVelocity in [-8000.0, -2500, -300, 40, 1200, 6000] {
            for hz in frameRates {
                let animator = try farFromEdges()
                animator.decelerationRate = try DecelerationRate(rate)
                try animator.fling(velocity: Point(x: 0, y: fingerVelocity))
                // Continuous solution: x∞ = x₀ + v₀ / (−1000 · ln rate), with v₀ = −finger velocity.
                let expected = 50_000 + (-fingerVelocity) / (-1000 * log(rate))
                let projected = try #require(animator.restingContentOffset)
                #expect(abs(projected.y - expected) < 0.5, "rate \(rate), v \(fingerVelocity), \(hz) Hz")
                #expect(animator.isDecelerating)
                let run = try runToRest(animator, step: 1 / hz)
                let end = try #require(run.endOffset)
                #expect(abs(end.y - expected) < 0.5, "rate \(rate), v \(fingerVelocity), \(hz) Hz: \(end.y)")
                #expect(end.x == 0)
                // The trajectory really arrives there: the last step moves by less than 0.5 pt ...
                let last = run.offsets.count >= 2 ? run.offsets[run.offsets.count - 2].y : 50_000
                #expect(abs(end.y - last) < 0.5)
                // ... and it never overshoots the resting offset (exponential decay is monotonic).
                for offset in run.offsets {
                    #expect((offset.y - 50_000) * (expected - offset.y) >= -1e-9)
                }
                #expect(animator.isAtRest && !animator.isDecelerating)
            }
        }
    }

    @Test func velocityDecaysByTheRatePerMillisecond() throws {
        let animator = try farFromEdges()
        try animator.fling(velocity: Point(x: 0, y: -4000))
        #expect(animator.velocity.y == 4000)
        try animator.advance(by: 0.1)
        // After 100 ms at 0.998 per ms: 4000 · 0.998^100.
        #expect(abs(animator.velocity.y - 4000 * pow(0.998, 100)) < 1e-6)
        // Distance so far: v₀ · (1 − 0.998^100) / (−1000 · ln 0.998).
        let distance = 4000 * (1 - pow(0.998, 100)) / (-1000 * log(0.998))
        #expect(abs(animator.scrollLayer.contentOffset.y - (50_000 + distance)) < 1e-6)
    }

    @Test func fastRateStopsSooner() throws {
        let normal = try farFromEdges(), fast = try farFromEdges()
        fast.decelerationRate = .fast
        try normal.fling(velocity: Point(x: 0, y: -3000))
        try fast.fling(velocity: Point(x: 0, y: -3000))
        let normalRun = try runToRest(normal, step: 1.0 / 60), fastRun = try runToRest(fast, step: 1.0 / 60)
        #expect(try #require(fastRun.endTime) < 1.5)
        #expect(try #require(normalRun.endTime) > 3)
        #expect(fast.scrollLayer.contentOffset.y < normal.scrollLayer.contentOffset.y)
    }

    @Test func frameRatesAgreeAtRest() throws {
        // No edge, an edge with a bounce, and both axes at once.
        let scenarios: [(contentWidth: Double, start: Point, velocity: Point)] = [
            (320, Point(x: 0, y: 50_000), Point(x: 0, y: -5000)),
            (320, Point(x: 0, y: 98_000), Point(x: 0, y: -9000)),
            (5000, Point(x: 2000, y: 400), Point(x: 7000, y: 3000)),
        ]
        for scenario in scenarios {
            var rests: [Point] = []
            for hz in frameRates {
                let layer = try makeScrollLayer(contentWidth: scenario.contentWidth, contentHeight: 100_000,
                                                offset: scenario.start)
                let animator = try ScrollAnimator(scrollLayer: layer)
                try animator.fling(velocity: scenario.velocity)
                let run = try runToRest(animator, step: 1 / hz)
                rests.append(try #require(run.endOffset))
            }
            for rest in rests {
                #expect(abs(rest.x - rests[0].x) <= 1 && abs(rest.y - rests[0].y) <= 1, "\(rests)")
            }
        }
    }

    @Test func sameInputsAndStepsGiveIdenticalOffsets() throws {
        func trace() throws -> [Point] {
            let layer = try makeScrollLayer(contentWidth: 2000, contentHeight: 3000, offset: Point(x: 100, y: 100))
            let animator = try ScrollAnimator(scrollLayer: layer)
            var offsets: [Point] = []
            try animator.beginDrag()
            for i in 0..<30 {
                try animator.drag(by: Point(x: Double(i % 7) - 3.5, y: 9.25))
                offsets.append(layer.contentOffset)
            }
            try animator.endDrag(velocity: Point(x: -800, y: 2600))
            let steps = [1.0 / 60, 1.0 / 144, 1.0 / 30, 0.0, 1.0 / 240]
            for i in 0..<600 {
                try animator.advance(by: steps[i % steps.count])
                offsets.append(layer.contentOffset)
            }
            return offsets
        }
        let first = try trace(), second = try trace()
        #expect(first == second)
        #expect(Set(first).count > 100)  // it really moved
    }

    @Test func contentInsetExtendsTheRange() throws {
        // Inset top 64: a hard fling toward the top rests at y = −64, not 0.
        let layer = try makeScrollLayer(contentHeight: 2000, inset: EdgeInsets(top: 64, bottom: 30),
                                        offset: Point(x: 0, y: 300))
        let animator = try ScrollAnimator(scrollLayer: layer)
        try animator.fling(velocity: Point(x: 0, y: 6000))
        #expect(animator.restingContentOffset == Point(x: 0, y: -64))
        let run = try runToRest(animator, step: 1.0 / 120)
        #expect(run.endOffset == Point(x: 0, y: -64))
        #expect(run.offsets.contains { $0.y < -64 })  // bounced past the inset edge first
        // And toward the bottom: max = 2000 + 30 − 480 = 1550.
        try animator.fling(velocity: Point(x: 0, y: -9000))
        #expect(try runToRest(animator, step: 1.0 / 120).endOffset == Point(x: 0, y: 1550))
    }
}
