/// A width and a height in points.
///
/// Layer sizes must be finite and ≥ 0; the layer API rejects other values with
/// ``TesseraError/invalidArgument(argument:reason:)`` through ``validated(_:)``.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(Geometry.format(width))×\(Geometry.format(height))" }

    /// Returns `self` when both extents are finite, ≥ 0 and within ``Geometry/maximumMagnitude``.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `argument.width` or
    ///   `argument.height`.
    public func validated(_ argument: String) throws -> Size {
        try Geometry.checkExtent(width, "\(argument).width")
        try Geometry.checkExtent(height, "\(argument).height")
        return self
    }
}
