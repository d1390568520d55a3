/// A rectangle filled with one colour: the cheapest display-list primitive (a card background, a divider).
///
/// Geometry is in points, in the coordinate plane of the layer whose ``DisplayList`` holds it. Edges
/// that fall inside a device pixel are anti-aliased by exact area: the pixel gets the colour scaled by
/// the fraction of its square the rect covers, so a rect on whole device pixels has hard edges and
/// every pixel it covers completely gets exactly `color` (src-over when translucent).
///
/// Thread safety: immutable and `Sendable`.
public struct SolidRect: Hashable, Sendable {
    /// The filled area, in points.
    public let rect: Rect
    /// The fill colour (straight alpha; premultiplied when drawn).
    public let color: Color

    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `rect.origin.x`,
    ///   `rect.size.width`, … when a value is not finite, a size is negative, or a magnitude is above
    ///   ``Geometry/maximumMagnitude``. An empty rect is valid and draws nothing.
    public init(rect: Rect, color: Color) throws {
        self.rect = try rect.validated("rect")
        self.color = color
    }
}
