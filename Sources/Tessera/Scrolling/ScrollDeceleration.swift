import Foundation

/// One deceleration segment of a released scroll, in closed form (see ``DecelerationRate``): from
/// `start` with offset velocity `velocity` it moves as `start + velocity · (1 − e^(−k·t)) / k` until
/// `duration` seconds, where it ends at `end`, either at rest or — when it reached an edge with bouncing
/// on — handing `bounceVelocity` over to a spring.
///
/// Without an edge in the way the segment lasts until the remaining distance to the projected offset is
/// ``ScrollAxisPhysics/decelerationRestDistance`` and then ends exactly on the projected offset, so the
/// resting offset is known at release and does not depend on the frame step.
///
/// A plain value (`Sendable`); internal to the physics.
struct ScrollDeceleration: Hashable, Sendable {
    var start: Double
    var velocity: Double
    var decay: Double
    var duration: Double
    var end: Double
    /// The offset velocity on reaching an edge, to bounce with; `nil` when the segment ends at rest.
    var bounceVelocity: Double?

    init(from start: Double, velocity: Double, configuration c: ScrollAxisConfiguration) {
        let k = c.decelerationRate.decayConstant
        self.start = start
        self.velocity = velocity
        decay = k
        let projected = start + velocity / k
        let edge = velocity > 0 ? c.maximumOffset : c.minimumOffset
        if velocity != 0, velocity > 0 ? projected > edge : projected < edge {
            // Reaches the edge at t with 1 − e^(−k·t) = q.
            let q = max(0, (edge - start) * k / velocity)
            duration = -log1p(-q) / k
            end = edge
            bounceVelocity = c.bounces ? velocity * (1 - q) : nil
        } else {
            let remaining = abs(velocity) / k
            let rest = ScrollAxisPhysics.decelerationRestDistance
            duration = remaining > rest ? log(remaining / rest) / k : 0
            end = projected
            bounceVelocity = nil
        }
    }

    /// Offset and offset velocity `t` seconds (0 ≤ t ≤ duration) after the start.
    func state(after t: Double) -> (offset: Double, velocity: Double) {
        (start - velocity * expm1(-decay * t) / decay, velocity * exp(-decay * t))
    }
}
