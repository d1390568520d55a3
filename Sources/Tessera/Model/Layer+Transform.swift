/// Transforms, anchor point, position and the transformed frame (Core Animation's geometry model).
/// Same thread rules as ``Layer``.
///
/// A layer stores its ``untransformedFrame`` (bounds size and placement with the identity transform),
/// its ``anchorPoint`` and its ``transform``. From them:
/// - ``position`` = `untransformedFrame.origin + anchorPoint · size` (the anchor's place in the
///   superlayer's plane, Core Animation's `position`);
/// - a point `p` of the layer's own plane is at
///   `position + translation + scale · (p − bounds.origin − anchorPoint · size)` in the superlayer's
///   plane, i.e. `frame.origin + scale · (p − bounds.origin)`;
/// - ``frame`` is the transformed bounds' box (UIKit): origin `position + translation − scale ·
///   anchorPoint · size`, size `scale · size`; with the identity transform it is exactly
///   ``untransformedFrame``.
///
/// **Setting `frame` with a non-identity transform** (UIKit leaves this undefined) keeps the transform
/// and the anchor point and solves for the rest: the bounds size becomes `frame.size / scale` and the
/// position moves so that the transformed box is `frame` (up to floating-point rounding).
/// **Setting the anchor point** keeps the position (the frame moves, as in Core Animation).
extension Layer {
    /// The layer's anchor point in its superlayer's plane, in points (Core Animation's `position`).
    public var position: Point {
        let size = untransformedFrame.size
        return Point(x: untransformedFrame.origin.x + anchorPoint.x * size.width,
                     y: untransformedFrame.origin.y + anchorPoint.y * size.height)
    }

    /// The box of the transformed bounds in the superlayer's plane, in points (see the extension's doc).
    public var frame: Rect {
        if transform.isIdentity { return untransformedFrame }
        let s = transform.scale, size = untransformedFrame.size, p = position
        return Rect(x: p.x + transform.translation.x - s * anchorPoint.x * size.width,
                    y: p.y + transform.translation.y - s * anchorPoint.y * size.height,
                    width: s * size.width, height: s * size.height)
    }

    /// Sets the transform (scale about the anchor point, then translation). Sublayers follow.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `transform.scale` or
    ///   `transform.translation.x` / `.y`; the layer is then unchanged.
    public func setTransform(_ transform: LayerTransform) throws {
        let transform = try transform.validated("transform")
        guard transform != self.transform else { return }
        self.transform = transform
        recordChange(.frame)
    }

    /// Sets the anchor point (unit coordinates of the bounds; values outside 0…1 are allowed, as in Core
    /// Animation). The position stays; the frame moves.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `anchorPoint.x` or `.y` for
    ///   non-finite values or magnitudes above ``maximumAnchorMagnitude``.
    public func setAnchorPoint(_ anchorPoint: Point) throws {
        for (value, axis) in [(anchorPoint.x, "x"), (anchorPoint.y, "y")] {
            guard value.isFinite, abs(value) <= Self.maximumAnchorMagnitude else {
                throw TesseraError.invalidArgument(
                    argument: "anchorPoint.\(axis)",
                    reason: "must be finite with magnitude ≤ \(Geometry.format(Self.maximumAnchorMagnitude)), got \(value)")
            }
        }
        guard anchorPoint != self.anchorPoint else { return }
        let position = self.position, size = untransformedFrame.size
        let origin = Point(x: position.x - anchorPoint.x * size.width, y: position.y - anchorPoint.y * size.height)
        _ = try origin.validated("anchorPoint")
        self.anchorPoint = anchorPoint
        untransformedFrame.origin = origin
        recordChange(.frame)
    }

    /// The largest anchor-point coordinate magnitude accepted (unit coordinates: 1000 bounds sizes).
    public static let maximumAnchorMagnitude = 1000.0

    /// Moves the layer so that its anchor point is at `position` (superlayer plane, points).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `position.x` or `.y`.
    public func setPosition(_ position: Point) throws {
        let position = try position.validated("position")
        let size = untransformedFrame.size
        let origin = Point(x: position.x - anchorPoint.x * size.width, y: position.y - anchorPoint.y * size.height)
        try setUntransformedFrame(Rect(origin: try origin.validated("position"), size: size))
    }

    /// The untransformed frame whose transformed box (with the current transform and anchor) is `frame`.
    func untransformedFrame(forFrame frame: Rect) -> Rect {
        if transform.isIdentity { return frame }
        let s = transform.scale
        let size = Size(width: frame.width / s, height: frame.height / s)
        // frame.origin = position + t − s·a·size  ⇒  position = frame.origin − t + s·a·size
        let position = Point(x: frame.minX - transform.translation.x + s * anchorPoint.x * size.width,
                             y: frame.minY - transform.translation.y + s * anchorPoint.y * size.height)
        return Rect(x: position.x - anchorPoint.x * size.width, y: position.y - anchorPoint.y * size.height,
                    width: size.width, height: size.height)
    }

    /// The map from this layer's plane to its superlayer's: `p ↦ frame.origin + scale · (p − bounds.origin)`,
    /// written `scale · p + (frame.origin − scale · bounds.origin)` (exactly `p + frame.origin −
    /// bounds.origin` for the identity).
    var planeToSuperlayer: PlaneMap {
        let s = transform.scale, origin = frame.origin
        return PlaneMap(scale: s, offset: Point(x: origin.x - s * boundsOrigin.x, y: origin.y - s * boundsOrigin.y))
    }
}
