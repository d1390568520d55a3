/// A ``PixelImage`` stretched over a rect of the layer's plane.
///
/// Geometry is in points. The image's pixels are mapped onto `frame` at the drawing scale with
/// nearest-neighbour sampling: device pixel `(px, py)` shows image pixel
/// `(floor(u · width), floor(v · height))`, where `(u, v)` is the pixel centre's position in `frame`
/// as a fraction of its size (clamped to the image). When the frame's device size equals the image size
/// and its origin lies on whole device pixels, this copies the image 1:1. The frame's edges are
/// anti-aliased by exact area like ``SolidRect``; the pixels are scaled by `opacity` (and the edge
/// coverage) and drawn src-over.
///
/// Thread safety: immutable and `Sendable`.
public struct PlacedImage: Hashable, Sendable {
    /// The pixels drawn (shared, not copied, between placements).
    public let image: PixelImage
    /// Where the image is drawn, in points.
    public let frame: Rect
    /// 0…1; applied as `round(opacity · 255) / 255` to every channel.
    public let opacity: Double
    let opacity8: UInt8

    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `frame.…` for bad geometry or
    ///   `opacity` outside 0…1.
    public init(image: PixelImage, frame: Rect, opacity: Double = 1) throws {
        self.image = image
        self.frame = try frame.validated("frame")
        opacity8 = try PrimitiveValidation.opacity(opacity, "opacity")
        self.opacity = opacity
    }
}
