import Foundation

/// A critically damped spring pulling a scroll offset to a target: the motion of a spring-back after
/// an overscrolled release, of a fling's bounce at an edge, and of paging.
///
/// With the displacement `x = offset − target` (points) and its velocity `v` (points per second) at the
/// start, the closed-form motion is
///
///     x(t) = (x₀ + (v₀ + ω·x₀)·t) · e^(−ω·t)
///     v(t) = (v₀ − ω·(v₀ + ω·x₀)·t) · e^(−ω·t)
///
/// with ω = ``ScrollAxisPhysics/springAngularFrequency`` rad/s. The spring counts as settled once
/// `|x| + |v|/ω ≤` ``ScrollAxisPhysics/springRestThreshold``; the offset then snaps to the target.
///
/// A plain value (`Sendable`); internal to the physics.
struct ScrollSpring: Hashable, Sendable {
    var target: Double
    var displacement: Double
    var velocity: Double

    static var omega: Double { ScrollAxisPhysics.springAngularFrequency }

    /// Displacement and velocity `t` seconds after the start.
    func state(after t: Double) -> (displacement: Double, velocity: Double) {
        let w = Self.omega
        let b = velocity + w * displacement
        let decay = exp(-w * t)
        return ((displacement + b * t) * decay, (velocity - w * b * t) * decay)
    }

    /// Whether the state is close enough to the target to snap and stop.
    static func isSettled(displacement: Double, velocity: Double) -> Bool {
        abs(displacement) + abs(velocity) / omega <= ScrollAxisPhysics.springRestThreshold
    }

    /// A spring from `offset` to `target` that never crosses the target: a velocity toward the target
    /// faster than `ω·|x₀|` (which would carry the offset past it, a critically damped spring crosses at
    /// most once, exactly then) is reduced to that speed.
    static func toward(_ target: Double, from offset: Double, velocity: Double) -> ScrollSpring {
        let x0 = offset - target
        var v0 = velocity
        if v0 * x0 < 0, abs(v0) > omega * abs(x0) { v0 = -omega * x0 }
        return ScrollSpring(target: target, displacement: x0, velocity: v0)
    }
}
