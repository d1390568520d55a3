/// Distances inward from the four edges of a rectangle, in points (UIKit's `UIEdgeInsets`).
///
/// Positive values shrink a rect, negative ones grow it. A scroll layer's `contentInset` uses them to
/// extend the scrollable range past the content (top 10 lets the offset's y reach −10).
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    @inlinable
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets()

    public var description: String {
        "{top \(Geometry.format(top)), left \(Geometry.format(left)), "
            + "bottom \(Geometry.format(bottom)), right \(Geometry.format(right))}"
    }

    /// Returns `self` when all four values are finite and within ``Geometry/maximumMagnitude``
    /// (negative insets are allowed, as in UIKit).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `argument.top` etc.
    public func validated(_ argument: String) throws -> EdgeInsets {
        try Geometry.checkCoordinate(top, "\(argument).top")
        try Geometry.checkCoordinate(left, "\(argument).left")
        try Geometry.checkCoordinate(bottom, "\(argument).bottom")
        try Geometry.checkCoordinate(right, "\(argument).right")
        return self
    }
}
