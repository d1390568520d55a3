import Testing
import Tessera

/// The per-axis model on its own: time only passes through `advance(by:)`, and because every motion is
/// evaluated in closed form from its release, the offset at a given time does not depend on the steps
/// taken to get there — through deceleration, the edge hit and the bounce.
@Suite struct ScrollAxisPhysicsTests {
    func axis(bounces: Bool = true, paging: Bool = false) throws -> ScrollAxisPhysics {
        let configuration = try ScrollAxisConfiguration(
            minimumOffset: -20, maximumOffset: 3000, viewportLength: 600, bounces: bounces,
            isPagingEnabled: paging, decelerationRate: .normal)
        return try ScrollAxisPhysics(offset: 2000, configuration: configuration)
    }

    /// Offsets (and whether at rest) at t = 0.1, 0.2, …, 3 s (multiples of every step below).
    func samples(_ start: ScrollAxisPhysics, finger: Double, hz: Double) throws -> [(Double, Bool)] {
        var axis = start
        try axis.fling(velocity: finger)
        var result: [(Double, Bool)] = []
        for _ in 0..<30 {
            for _ in 0..<Int(hz / 10) { try axis.advance(by: 1 / hz) }
            result.append((axis.offset, axis.phase == .atRest))
        }
        return result
    }

    @Test func offsetsAtTheSameTimesAgreeForEveryStep() throws {
        for (bounces, paging) in [(true, false), (false, false), (true, true)] {
            for finger in [-5000.0, -1500, 900, 7000] {
                let start = try axis(bounces: bounces, paging: paging)
                let reference = try samples(start, finger: finger, hz: 240)
                #expect(reference[0].0 != 2000 && !reference[0].1)  // it moves
                for hz in [30.0, 60, 120] {
                    let other = try samples(start, finger: finger, hz: hz)
                    for (a, b) in zip(reference, other) {
                        // Exact while moving; a spring that settled (snapped to its target) in one run
                        // may still be within the 0.5 pt rest threshold of it in the other.
                        let tolerance = a.1 || b.1 ? 0.5 : 1e-6
                        #expect(abs(a.0 - b.0) <= tolerance,
                                "bounces \(bounces), paging \(paging), v \(finger), \(hz) Hz")
                    }
                }
                // One big step lands where the small ones do.
                var oneStep = start
                try oneStep.fling(velocity: finger)
                try oneStep.advance(by: 3)
                #expect(abs(oneStep.offset - reference[29].0) <= (reference[29].1 ? 0.5 : 1e-6))
            }
        }
    }

    @Test func phasesFollowTheGesture() throws {
        var axis = try axis()
        #expect(axis.phase == .atRest && axis.restingOffset == 2000)
        axis.beginDrag()
        #expect(axis.phase == .dragging && axis.restingOffset == nil)
        try axis.drag(by: -100)
        #expect(axis.offset == 2100)
        try axis.endDrag(velocity: -4000)  // offset velocity +4000 → projected 2100 + 1998 > 3000: bounce
        #expect(axis.phase == .decelerating && axis.restingOffset == 3000 && axis.velocity == 4000)
        var sawSpring = false, ended = 0
        for _ in 0..<600 {
            if try axis.advance(by: 1.0 / 120) { ended += 1 }
            if axis.phase == .springing { sawSpring = true }
        }
        #expect(sawSpring && ended == 1)
        #expect(axis.phase == .atRest && axis.offset == 3000 && axis.velocity == 0)
    }

    @Test func lockedAxisIgnoresFingers() throws {
        let configuration = try ScrollAxisConfiguration(minimumOffset: 0, maximumOffset: 0, viewportLength: 600,
                                                        isScrollable: false)
        var axis = try ScrollAxisPhysics(offset: 0, configuration: configuration)
        try axis.drag(by: 300)
        #expect(axis.offset == 0)
        try axis.endDrag(velocity: 5000)
        #expect(axis.phase == .atRest && axis.offset == 0)
        // Placed outside its range, a locked axis still springs back on release.
        try axis.setOffset(-40)
        try axis.fling(velocity: 0)
        #expect(axis.phase == .springing && axis.restingOffset == 0)
    }
}
