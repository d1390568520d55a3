/// Limits and checks shared by the point-space geometry types.
public enum Geometry {
    /// The largest magnitude (in points) a coordinate, extent or inset may have: 10^12.
    ///
    /// At that magnitude a `Double` still resolves 1/4096 of a point, so device pixels at any sensible
    /// scale stay exact; larger values are rejected rather than silently losing precision. Content
    /// planes of 1,000,000 × 1,000,000 points are far inside the limit.
    public static let maximumMagnitude: Double = 1e12

    static func checkCoordinate(_ value: Double, _ argument: String) throws {
        guard value.isFinite else {
            throw TesseraError.invalidArgument(argument: argument, reason: "must be finite, got \(value)")
        }
        guard abs(value) <= maximumMagnitude else {
            throw TesseraError.invalidArgument(
                argument: argument, reason: "magnitude must be ≤ 1e12 points, got \(value)")
        }
    }

    static func checkExtent(_ value: Double, _ argument: String) throws {
        try checkCoordinate(value, argument)
        guard value >= 0 else {
            throw TesseraError.invalidArgument(argument: argument, reason: "must be ≥ 0, got \(value)")
        }
    }

    /// `12` rather than `12.0`; other values as Swift prints them.
    static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
