import Foundation

/// The rubber band and the spring of a zoom past its limits (UIKit's `bouncesZoom`), in the style of
/// the scroll bounce (``RubberBand``, ``ScrollSpring``) but on a logarithmic scale, so that zooming
/// past the maximum ×2 and past the minimum ÷2 feel alike.
///
/// - **Rubber band**: a raw scale `r` past a limit `L` (the product of the pinch factors) is
///   displayed as `L · 2^f(log₂(r / L))`, with `f` the ``RubberBand`` function over a length of
///   ``octaveLength`` octave: `f(0) = 0`, `f′(0) = 0.55`, and the display never reaches a full octave
///   past the limit however far the fingers go.
/// - **Spring**: when the pinch ends past a limit, `log₂(scale)` returns to `log₂(L)` along the
///   critically damped spring of ``ScrollSpring`` (ω = ``ScrollAxisPhysics/springAngularFrequency``,
///   starting at rest), and snaps to the limit once within ``restThreshold`` octave
///   (about 0.007 % of the scale).
///
/// Pure functions and a plain value; safe from any thread.
public enum ZoomBounce {
    /// The rubber band's length in octaves: the display stays less than one octave past a limit.
    public static let octaveLength = 1.0
    /// The spring snaps to the limit within this many octaves of it (with a matching velocity bound).
    public static let restThreshold = 1e-4

    /// The displayed scale for a raw pinch scale `raw` and the limits `range` (`raw` itself inside them).
    static func displayed(raw: Double, in range: ClosedRange<Double>) -> Double {
        if raw > range.upperBound {
            return range.upperBound * exp2(RubberBand.unchecked(log2(raw / range.upperBound), octaveLength))
        }
        if raw < range.lowerBound {
            return range.lowerBound * exp2(RubberBand.unchecked(log2(raw / range.lowerBound), octaveLength))
        }
        return raw
    }

    /// The raw pinch scale that displays as `displayed` (the inverse of ``displayed(raw:in:)``).
    static func raw(displayed: Double, in range: ClosedRange<Double>) -> Double {
        if displayed > range.upperBound {
            return range.upperBound * exp2(RubberBand.uncheckedInverse(log2(displayed / range.upperBound), octaveLength))
        }
        if displayed < range.lowerBound {
            return range.lowerBound * exp2(RubberBand.uncheckedInverse(log2(displayed / range.lowerBound), octaveLength))
        }
        return displayed
    }

    /// A spring back to the limit nearest `scale`, in octaves (`nil` when `scale` is within `range`).
    static func spring(from scale: Double, in range: ClosedRange<Double>) -> ScrollSpring? {
        let target = min(max(scale, range.lowerBound), range.upperBound)
        guard target != scale else { return nil }
        return ScrollSpring.toward(log2(target), from: log2(scale), velocity: 0)
    }

    /// The scale `t` seconds into `spring`, and whether it has settled (then exactly the limit).
    static func state(of spring: ScrollSpring, after t: Double) -> (scale: Double, settled: Bool) {
        let (x, v) = spring.state(after: t)
        if abs(x) + abs(v) / ScrollSpring.omega <= restThreshold { return (exp2(spring.target), true) }
        return (exp2(spring.target + x), false)
    }
}
