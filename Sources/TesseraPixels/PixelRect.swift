/// A rectangle of whole device pixels, in the coordinate space of whatever buffer or plane it names.
///
/// `x`, `y` is the top-left corner; `width` and `height` are counts of pixels. A rect with a zero or
/// negative extent is empty. Values are plain integers: validation happens where rects enter the API.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    @inlinable
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rect at the origin.
    public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public var minX: Int { x }
    @inlinable public var minY: Int { y }
    @inlinable public var maxX: Int { x + width }
    @inlinable public var maxY: Int { y + height }
    @inlinable public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The number of pixels covered; 0 when empty.
    @inlinable public var area: Int { isEmpty ? 0 : width * height }

    /// The pixels both rects cover; `.zero` when they do not overlap.
    @inlinable
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = Swift.max(x, other.x), y0 = Swift.max(y, other.y)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rect holding both (neither may be empty: an empty rect has no place to hold).
    @inlinable
    public func union(_ other: PixelRect) -> PixelRect {
        let x0 = Swift.min(x, other.x), y0 = Swift.min(y, other.y)
        return PixelRect(x: x0, y: y0, width: Swift.max(maxX, other.maxX) - x0, height: Swift.max(maxY, other.maxY) - y0)
    }

    /// True when every pixel of `other` is inside `self` (an empty `other` is always contained).
    @inlinable
    public func contains(_ other: PixelRect) -> Bool {
        other.isEmpty || (other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY)
    }

    @inlinable
    public func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}
