/// Checks shared by the display-list primitives' initializers. Each throws
/// ``TesseraError/invalidArgument(argument:reason:)`` naming the argument.
enum PrimitiveValidation {
    /// A corner radius in points: finite, ≥ 0 and within ``Geometry/maximumMagnitude``.
    static func radius(_ value: Double, _ argument: String) throws -> Double {
        guard value.isFinite, value >= 0, value <= Geometry.maximumMagnitude else {
            throw TesseraError.invalidArgument(
                argument: argument, reason: "must be finite and in 0…1e12 points, got \(value)")
        }
        return value
    }

    /// An opacity in 0…1, returned as the 8-bit `round(opacity · 255)` the kernels use.
    static func opacity(_ value: Double, _ argument: String) throws -> UInt8 {
        guard value.isFinite, value >= 0, value <= 1 else {
            throw TesseraError.invalidArgument(argument: argument, reason: "must be in 0…1, got \(value)")
        }
        return UInt8((value * 255).rounded())
    }
}
