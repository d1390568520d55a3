/// The limits and options one axis of the scroll physics works with, taken from a ``ScrollLayer`` and
/// a ``ScrollAnimator`` when a gesture starts.
///
/// Offsets are in points in the scroll layer's own plane (the content offset, i.e. the bounds origin,
/// along one axis). A plain value: `Sendable`, safe to share between threads.
public struct ScrollAxisConfiguration: Hashable, Sendable {
    /// The smallest offset of the scrollable range (the layer's ``ScrollLayer/minimumContentOffset``).
    public let minimumOffset: Double
    /// The largest offset of the scrollable range (≥ ``minimumOffset``).
    public let maximumOffset: Double
    /// The bounds length along this axis, in points: the rubber-band dimension and the page size.
    public let viewportLength: Double
    /// Whether the offset may leave the range: rubber-banding while dragging, bouncing at the edges.
    /// When `false` the offset stays within `minimumOffset…maximumOffset` at all times.
    public let bounces: Bool
    /// Whether a drag or a release moves this axis at all (UIKit scrolls an axis when its content is
    /// larger than the bounds, or when `alwaysBounce…` is set). A locked axis only springs back into the
    /// range if it starts outside it.
    public let isScrollable: Bool
    /// Whether a release settles on a page boundary: `minimumOffset + n · viewportLength`, capped at
    /// `maximumOffset`.
    public let isPagingEnabled: Bool
    /// How quickly a release decelerates.
    public let decelerationRate: DecelerationRate

    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `minimumOffset`,
    ///   `maximumOffset` (non-finite, absurd, or below `minimumOffset`) or `viewportLength` (non-finite,
    ///   absurd or negative).
    public init(minimumOffset: Double, maximumOffset: Double, viewportLength: Double, bounces: Bool = true,
                isScrollable: Bool = true, isPagingEnabled: Bool = false,
                decelerationRate: DecelerationRate = .normal) throws {
        try Geometry.checkCoordinate(minimumOffset, "minimumOffset")
        try Geometry.checkCoordinate(maximumOffset, "maximumOffset")
        guard maximumOffset >= minimumOffset else {
            throw TesseraError.invalidArgument(
                argument: "maximumOffset", reason: "must be ≥ minimumOffset (\(minimumOffset)), got \(maximumOffset)")
        }
        try Geometry.checkExtent(viewportLength, "viewportLength")
        self.minimumOffset = minimumOffset
        self.maximumOffset = maximumOffset
        self.viewportLength = viewportLength
        self.bounces = bounces
        self.isScrollable = isScrollable
        self.isPagingEnabled = isPagingEnabled
        self.decelerationRate = decelerationRate
    }

    /// `offset` moved into `minimumOffset…maximumOffset`.
    public func clamped(_ offset: Double) -> Double { max(minimumOffset, min(offset, maximumOffset)) }
}
