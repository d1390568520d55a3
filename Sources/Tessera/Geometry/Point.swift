/// A location or a displacement in a layer's coordinate plane, in points.
///
/// Which plane is up to the API that takes or returns it (a layer's own bounds plane, or its
/// superlayer's for `frame.origin`). Any `Double` can be stored; the layer API rejects non-finite and
/// absurd values with ``TesseraError/invalidArgument(argument:reason:)`` (see ``Geometry``).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    @inlinable public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }
    @inlinable public static func += (a: inout Point, b: Point) { a = a + b }
    @inlinable public static func -= (a: inout Point, b: Point) { a = a - b }

    public var description: String { "(\(Geometry.format(x)), \(Geometry.format(y)))" }

    /// Returns `self` when both coordinates are finite and within ``Geometry/maximumMagnitude``.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `argument.x` or `argument.y`.
    public func validated(_ argument: String) throws -> Point {
        try Geometry.checkCoordinate(x, "\(argument).x")
        try Geometry.checkCoordinate(y, "\(argument).y")
        return self
    }
}
