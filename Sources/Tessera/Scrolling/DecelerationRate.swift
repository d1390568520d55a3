import Foundation

/// How quickly a released scroll slows down: the fraction of its velocity a scroll keeps per millisecond
/// (UIKit's `UIScrollView.DecelerationRate`).
///
/// The model is continuous and exact: a release at offset `x₀` with offset velocity `v₀` (points per
/// second) moves as
///
///     v(t) = v₀ · rate^(t_ms)                    t_ms = 1000 · t, t in seconds
///     x(t) = x₀ + v₀ · (1 − rate^(t_ms)) / k     k = −1000 · ln(rate), per second
///
/// and comes to rest at the projected offset `x₀ + v₀ / k` (``projectedDistance(forVelocity:)``). The
/// discrete "multiply by `rate` once per millisecond" model gives `v₀/1000 · rate/(1 − rate)` instead:
/// 0.5 pt less per 1000 pt/s at `.normal` (499 vs 499.5 ms of travel at the initial speed). Tessera uses
/// the continuous form because it evaluates positions in closed form, so results do not depend on the
/// frame step.
///
/// A plain value: `Sendable`, safe to share between threads.
public struct DecelerationRate: Hashable, Sendable, CustomStringConvertible {
    /// The fraction of velocity kept per millisecond, in the open interval (0, 1).
    public let rawValue: Double

    /// UIKit's normal rate: 0.998 per millisecond (a fling glides for a few seconds).
    public static let normal = DecelerationRate(uncheckedRawValue: 0.998)
    /// UIKit's fast rate: 0.99 per millisecond (a fling stops within about half a second).
    public static let fast = DecelerationRate(uncheckedRawValue: 0.99)

    /// A rate keeping `rawValue` of the velocity per millisecond.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `decelerationRate` unless
    ///   `rawValue` is in the open interval (0, 1).
    public init(_ rawValue: Double) throws {
        guard rawValue.isFinite, rawValue > 0, rawValue < 1 else {
            throw TesseraError.invalidArgument(
                argument: "decelerationRate", reason: "must be in the open interval (0, 1), got \(rawValue)")
        }
        self.rawValue = rawValue
    }

    private init(uncheckedRawValue: Double) { rawValue = uncheckedRawValue }

    /// The exponential decay constant `k = −1000 · ln(rawValue)`, per second: `v(t) = v₀ · e^(−k·t)`.
    public var decayConstant: Double { -1000 * log(rawValue) }

    /// How far (points) a release with offset velocity `velocity` (points per second) travels before
    /// it stops, with no edge in the way: `velocity / k`. Signed like `velocity`.
    public func projectedDistance(forVelocity velocity: Double) -> Double { velocity / decayConstant }

    public var description: String { "DecelerationRate(\(rawValue))" }
}
