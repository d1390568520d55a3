/// An axis-aligned rectangle in points: an origin (top-left corner; y grows downward) and a size.
///
/// The coordinate plane is given by context: a layer's `frame` is in its superlayer's plane, its
/// `bounds` in its own. Rects with a zero width or height are empty: they contain no points and
/// intersect nothing.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(origin: .zero, size: .zero)

    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var width: Double { size.width }
    @inlinable public var height: Double { size.height }
    @inlinable public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// True when `point` lies inside: the minimum edges are included, the maximum edges are not (so a
    /// point belongs to exactly one of two rects that share an edge).
    @inlinable
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// True when every point of `other` lies inside `self`. An empty `other` is contained when its
    /// origin lies within `self`'s closed rectangle.
    @inlinable
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The overlap of the two rects, or `nil` when they share no area.
    @inlinable
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// True when the two rects share some area.
    @inlinable
    public func intersects(_ other: Rect) -> Bool { intersection(other) != nil }

    /// The smallest rect containing both. An empty rect contributes nothing (as in Core Graphics'
    /// union with a null rect); the union of two empty rects is `self`.
    @inlinable
    public func union(_ other: Rect) -> Rect {
        if other.isEmpty { return self }
        if isEmpty { return other }
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    @inlinable
    public func offsetBy(_ delta: Point) -> Rect { Rect(origin: origin + delta, size: size) }

    /// The rect shrunk by `insets` (grown where they are negative); extents never go below zero.
    @inlinable
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: Swift.max(0, width - insets.left - insets.right),
             height: Swift.max(0, height - insets.top - insets.bottom))
    }

    /// The device pixels this rect touches at `scale` device pixels per point: the smallest pixel rect
    /// containing `self · scale` (edges rounded outward). An empty rect gives an empty pixel rect.
    ///
    /// `scale` must be finite and > 0, and `self` must be valid geometry (see ``validated(_:)``): the
    /// results then fit in `Int` comfortably.
    public func pixelRect(atScale scale: Double) -> PixelRect {
        if isEmpty { return .zero }
        let x0 = (minX * scale).rounded(.down), y0 = (minY * scale).rounded(.down)
        let x1 = (maxX * scale).rounded(.up), y1 = (maxY * scale).rounded(.up)
        return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    /// Returns `self` when the origin is finite and the size finite and ≥ 0, within
    /// ``Geometry/maximumMagnitude``.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming the field, for example
    ///   `frame.size.height`.
    public func validated(_ argument: String) throws -> Rect {
        // The common case without building the field names (layout validates thousands of frames).
        let limit = Geometry.maximumMagnitude
        if abs(origin.x) <= limit, abs(origin.y) <= limit, size.width >= 0, size.width <= limit,
           size.height >= 0, size.height <= limit {
            return self
        }
        _ = try origin.validated("\(argument).origin")
        _ = try size.validated("\(argument).size")
        return self
    }

    public var description: String { "(\(origin), \(size))" }
}

extension Point {
    /// The device pixel this point snaps to at `scale`: `floor(v · scale + 0.5)` per axis, so halves
    /// round up in both directions and a translation by whole pixels never changes the rounding.
    public func devicePixel(atScale scale: Double) -> (x: Int, y: Int) {
        (Int((x * scale + 0.5).rounded(.down)), Int((y * scale + 0.5).rounded(.down)))
    }
}

extension Geometry {
    /// Returns `scale` (device pixels per point) when it is finite and in (0, 16].
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `argument`.
    public static func validatedScale(_ scale: Double, _ argument: String = "scale") throws -> Double {
        guard scale.isFinite, scale > 0, scale <= 16 else {
            throw TesseraError.invalidArgument(
                argument: argument, reason: "must be finite and in (0, 16], got \(scale)")
        }
        return scale
    }
}
