/// The rubber-band function that damps dragging past a scroll edge (UIKit's feel).
///
/// A raw overshoot `x` (how far the finger has dragged the offset past the edge, points) is displayed
/// as `f(x) = (1 − 1 / (x · c / d + 1)) · d` points, with `d` the bounds length on that axis (points) and
/// `c` = ``coefficient`` = 0.55. `f(0) = 0`, `f′(0) = c`, `f` increases strictly and stays below `d`:
/// the content can never be dragged a full screen past its edge. Negative overshoots are mirrored
/// (`f(−x) = −f(x)`); a zero length `d` displays no overshoot.
///
/// Pure functions: safe from any thread.
public enum RubberBand {
    /// The damping coefficient `c` (UIKit uses 0.55).
    public static let coefficient = 0.55

    /// The displayed overshoot (points) for a raw overshoot `overshoot` (points) along an axis whose
    /// bounds length is `dimension` (points).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `overshoot` when it is not
    ///   finite, or `dimension` when it is not finite or negative.
    public static func displacement(forOvershoot overshoot: Double, dimension: Double) throws -> Double {
        _ = try ScrollValidation.finite(overshoot, "overshoot")
        try Geometry.checkExtent(dimension, "dimension")
        return unchecked(overshoot, dimension)
    }

    /// The raw overshoot that displays as `displacement`: the inverse of
    /// ``displacement(forOvershoot:dimension:)``. Displacements of `dimension` or more (unreachable by
    /// dragging) map to the raw overshoot of 99.99 % of `dimension`, so the result stays finite.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `displacement` or `dimension`.
    public static func overshoot(forDisplacement displacement: Double, dimension: Double) throws -> Double {
        _ = try ScrollValidation.finite(displacement, "displacement")
        try Geometry.checkExtent(dimension, "dimension")
        return uncheckedInverse(displacement, dimension)
    }

    static func unchecked(_ x: Double, _ d: Double) -> Double {
        guard d > 0 else { return 0 }
        let magnitude = (1 - 1 / (abs(x) * coefficient / d + 1)) * d
        return x < 0 ? -magnitude : magnitude
    }

    static func uncheckedInverse(_ y: Double, _ d: Double) -> Double {
        guard d > 0 else { return 0 }
        let magnitude = min(abs(y), 0.9999 * d)
        let x = d / coefficient * magnitude / (d - magnitude)
        return y < 0 ? -x : x
    }
}
