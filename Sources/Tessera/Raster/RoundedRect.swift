/// A rectangle with rounded corners filled with one colour, anti-aliased analytically.
///
/// Geometry is in points, in the layer's plane. Coverage of a device pixel is `clamp(0.5 − d, 0, 1)`,
/// `d` being the signed distance (in device pixels, negative inside) from the pixel's centre to the
/// outline, quantized to 1/255. Pixels whose centre lies at least half a pixel inside are exactly
/// `color`. A radius larger than half the shorter side is limited to it (a capsule or a circle); a radius
/// of 0 draws like ``SolidRect`` (exact-area edges).
///
/// Thread safety: immutable and `Sendable`.
public struct RoundedRect: Hashable, Sendable {
    /// The outline's bounding rect, in points.
    public let rect: Rect
    /// The corner radius in points, ≥ 0 (limited to half the shorter side when drawn).
    public let cornerRadius: Double
    /// The fill colour (straight alpha; premultiplied when drawn).
    public let color: Color

    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `rect.…` for bad geometry or
    ///   `cornerRadius` when it is negative or not finite.
    public init(rect: Rect, cornerRadius: Double, color: Color) throws {
        self.rect = try rect.validated("rect")
        self.cornerRadius = try PrimitiveValidation.radius(cornerRadius, "cornerRadius")
        self.color = color
    }
}
