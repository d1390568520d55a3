/// A shadow's shape given explicitly (Core Animation's `shadowPath`, limited to a rounded rect): `rect`
/// in points in the layer's own plane (bounds coordinates, like `bounds`), with `cornerRadius` points
/// (limited to half the shorter side when drawn).
public struct ShadowPath: Hashable, Sendable, CustomStringConvertible {
    public var rect: Rect
    public var cornerRadius: Double

    public init(rect: Rect, cornerRadius: Double = 0) {
        self.rect = rect
        self.cornerRadius = cornerRadius
    }

    public var description: String { "ShadowPath(\(rect), cornerRadius: \(Geometry.format(cornerRadius)))" }
}

/// Core Animation's shadow properties of a layer (README.md, "Shadows"). Compositing properties: the
/// shadow is rasterized into tiles of its own (`Raster/ShadowContent.swift`), never into the layer's
/// content tiles.
struct LayerShadow: Equatable {
    /// Straight alpha; Core Animation's default is opaque black.
    var color: Color = .black
    /// 0…1; 0 (the default) draws no shadow.
    var opacity = 0.0
    /// Points, in the layer's plane (y grows downward): Core Animation's default (0, −3).
    var offset = Size(width: 0, height: -3)
    /// Points, ≥ 0: the Gaussian's standard deviation (README.md, "Shadows").
    var radius = 3.0
    /// The shape; `nil` uses the bounds' rounded rect with ``Layer/cornerRadius``.
    var path: ShadowPath?

    /// True when a shadow can show: some opacity and some colour alpha.
    var isVisible: Bool { opacity > 0 && color.alpha > 0 }
}

extension Layer {
    /// The largest ``shadowRadius`` accepted, in points: beyond it a blur is a uniform haze that costs
    /// a raster margin of thousands of pixels per tile.
    public static let maximumShadowRadius = 256.0

    /// The shadow's colour (straight alpha; default opaque black, as Core Animation). Its alpha is
    /// multiplied by ``shadowOpacity``.
    public var shadowColor: Color {
        get { shadow.color }
        set { shadow.color = newValue }
    }

    /// The shadow's opacity in 0…1 (default 0, as Core Animation: no shadow). Set with
    /// ``setShadowOpacity(_:)``.
    public var shadowOpacity: Double { shadow.opacity }

    /// Sets ``shadowOpacity`` (not clamped).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `shadowOpacity` when it is not
    ///   in 0…1 (NaN included); the layer is then unchanged.
    public func setShadowOpacity(_ opacity: Double) throws {
        guard opacity.isFinite, (0...1).contains(opacity) else {
            throw TesseraError.invalidArgument(argument: "shadowOpacity", reason: "must be in 0…1, got \(opacity)")
        }
        shadow.opacity = opacity
    }

    /// How far the shadow is moved from the layer's shape, in points of the layer's plane (default
    /// (0, −3), Core Animation's value; Tessera's y grows downward like UIKit's, so the default shadow
    /// falls 3 points *above* the layer, exactly as on iOS). Set with ``setShadowOffset(_:)``.
    public var shadowOffset: Size { shadow.offset }

    /// Sets ``shadowOffset``; negative components are allowed.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `shadowOffset.width` or
    ///   `shadowOffset.height` when not finite or beyond 1e12 points; the layer is then unchanged.
    public func setShadowOffset(_ offset: Size) throws {
        for (value, name) in [(offset.width, "shadowOffset.width"), (offset.height, "shadowOffset.height")] {
            guard value.isFinite, abs(value) <= Geometry.maximumMagnitude else {
                throw TesseraError.invalidArgument(argument: name, reason: "must be finite and within ±1e12 points, got \(value)")
            }
        }
        shadow.offset = offset
    }

    /// The blur radius of the shadow in points (default 3, as Core Animation): the standard deviation σ
    /// of the Gaussian, approximated by three box passes (README.md, "Shadows"). 0 gives a sharp shadow.
    /// Set with ``setShadowRadius(_:)``.
    public var shadowRadius: Double { shadow.radius }

    /// Sets ``shadowRadius``.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `shadowRadius` when negative,
    ///   not finite or above ``maximumShadowRadius``; the layer is then unchanged.
    public func setShadowRadius(_ radius: Double) throws {
        guard radius.isFinite, radius >= 0, radius <= Self.maximumShadowRadius else {
            throw TesseraError.invalidArgument(
                argument: "shadowRadius",
                reason: "must be finite and in 0…\(Geometry.format(Self.maximumShadowRadius)) points, got \(radius)")
        }
        shadow.radius = radius
    }

    /// The shadow's shape (default `nil`: the bounds with ``cornerRadius``, following them as they change).
    /// Set with ``setShadowPath(_:)``.
    public var shadowPath: ShadowPath? { shadow.path }

    /// Sets ``shadowPath`` (`nil` returns to the bounds' shape).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `shadowPath.rect.origin.x`,
    ///   `shadowPath.rect.size.width`, … or `shadowPath.cornerRadius` for non-finite, negative-size or
    ///   absurd values; the layer is then unchanged.
    public func setShadowPath(_ path: ShadowPath?) throws {
        guard let path else {
            shadow.path = nil
            return
        }
        _ = try path.rect.validated("shadowPath.rect")
        _ = try PrimitiveValidation.radius(path.cornerRadius, "shadowPath.cornerRadius")
        shadow.path = path
    }

    /// The shadow's shape in the layer's plane before the offset: the path, or the bounds with the
    /// corner radius (points).
    var shadowShape: ShadowPath { shadow.path ?? ShadowPath(rect: bounds, cornerRadius: cornerRadius) }

    /// How far outside its unblurred, offset shape a shadow of blur radius `radius` (points) can reach:
    /// the three box passes reach `3k` device pixels with `k ≤ 0.94 σ` (README.md, "Shadow blur"), so
    /// `3σ` is enough at any scale (pixel rounding is covered by the planner's region margin).
    static func shadowReach(radius: Double) -> Double { 3 * radius }

    /// The rect of the superlayer's plane (points) the layer's shadow can draw in, or nil without a
    /// visible shadow: what ``SublayerIndex`` files the layer under beside its frame.
    var shadowExtentInSuperlayer: Rect? {
        guard shadow.isVisible else { return nil }
        let shape = shadowShape.rect, reach = Self.shadowReach(radius: shadow.radius)
        let map = planeToSuperlayer
        let a = map.apply(Point(x: shape.minX + shadow.offset.width - reach, y: shape.minY + shadow.offset.height - reach))
        let b = map.apply(Point(x: shape.maxX + shadow.offset.width + reach, y: shape.maxY + shadow.offset.height + reach))
        return Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
    }
}
