/// A layer's transform: a uniform scale and a translation, applied about the layer's anchor point
/// (Core Animation's `transform` restricted to what a tiled compositor can draw without resampling
/// error: no rotation, no shear, one scale for both axes).
///
/// Why not full affine: a layer's content is rasterized at one scale (``RasterContext/scale``), so a
/// uniform scale keeps every tile an axis-aligned square of device pixels that copies (or resamples)
/// bit-exactly against the untiled reference; rotation would need a general resampling path the
/// compositor does not have. Zoom — the reason transforms exist here — is a uniform scale.
///
/// Units: `scale` is unitless (a factor), `translation` is in points of the superlayer's plane.
/// A plain value (`Sendable`).
public struct LayerTransform: Hashable, Sendable, CustomStringConvertible {
    /// The factor applied about the anchor point, in ``scaleRange``.
    public var scale: Double
    /// Added after scaling, in points of the superlayer's plane.
    public var translation: Point

    /// The identity: scale 1, no translation.
    public static let identity = LayerTransform()

    /// The scales a layer transform may have: 1/256 … 256. Smaller or larger factors (and zero,
    /// negative — mirroring — or non-finite ones) are rejected, not clamped.
    public static let scaleRange: ClosedRange<Double> = (1.0 / 256)...256

    public init(scale: Double = 1, translation: Point = .zero) {
        self.scale = scale
        self.translation = translation
    }

    /// True for scale 1 and translation zero: the layer is placed exactly by its frame.
    public var isIdentity: Bool { self == .identity }

    public var description: String { "scale \(Geometry.format(scale)), translation \(translation)" }

    /// Returns `self` when the scale is in ``scaleRange`` and the translation is a valid point.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `argument.scale` or
    ///   `argument.translation.x` / `.y`.
    public func validated(_ argument: String) throws -> LayerTransform {
        guard scale.isFinite, Self.scaleRange.contains(scale) else {
            throw TesseraError.invalidArgument(
                argument: "\(argument).scale", reason: "must be finite and in 1/256…256, got \(scale)")
        }
        _ = try translation.validated("\(argument).translation")
        return self
    }
}

/// A map between two layer planes that scales uniformly and translates: `p ↦ scale · p + offset`.
///
/// The step from a layer's plane to its superlayer's is ``Layer/planeToSuperlayer``; chains of them
/// give conversions and the planner's composited geometry. Applied step by step from the layer up,
/// identity steps compute exactly what the translation-only model computed (`p + (frame.origin −
/// bounds.origin)`), so untransformed trees keep their bit-exact positions.
struct PlaneMap: Sendable, Equatable {
    var scale: Double
    var offset: Point

    static let identity = PlaneMap(scale: 1, offset: .zero)

    func apply(_ p: Point) -> Point {
        Point(x: scale * p.x + offset.x, y: scale * p.y + offset.y)
    }

    /// The inverse map applied to `q`: `(q − offset) / scale`.
    func invert(_ q: Point) -> Point {
        Point(x: (q.x - offset.x) / scale, y: (q.y - offset.y) / scale)
    }

    /// `outer ∘ self`: first `self`, then `outer`.
    func followed(by outer: PlaneMap) -> PlaneMap {
        PlaneMap(scale: outer.scale * scale, offset: outer.apply(offset))
    }
}
