/// Argument checks shared by the scroll physics API; each throws
/// ``TesseraError/invalidArgument(argument:reason:)`` naming the argument.
enum ScrollValidation {
    /// A time step in seconds: finite and ≥ 0.
    static func duration(_ seconds: Double, _ argument: String) throws -> Double {
        guard seconds.isFinite, seconds >= 0 else {
            throw TesseraError.invalidArgument(
                argument: argument, reason: "must be a finite number of seconds ≥ 0, got \(seconds)")
        }
        return seconds
    }

    /// A velocity or translation component: finite and within ``Geometry/maximumMagnitude``.
    static func finite(_ value: Double, _ argument: String) throws -> Double {
        guard value.isFinite, abs(value) <= Geometry.maximumMagnitude else {
            throw TesseraError.invalidArgument(
                argument: argument, reason: "must be finite with magnitude ≤ 1e12, got \(value)")
        }
        return value
    }
}
