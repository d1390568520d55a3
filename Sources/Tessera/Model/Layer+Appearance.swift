/// Core Animation's appearance properties of a layer: rounded corners and a border.
///
/// They are compositing properties: applied when the frame is composited (coverage masks, see
/// `Composite/CoverageShape.swift`), never drawn into the layer's tiles, so changing them or scrolling a
/// layer that has them rasterizes nothing.
struct LayerAppearance: Equatable {
    /// Points, ≥ 0.
    var cornerRadius: Double = 0
    /// Points, ≥ 0.
    var borderWidth: Double = 0
    /// Straight alpha; Core Animation's default is opaque black.
    var borderColor: Color = .black
    /// Core Animation's default: true.
    var allowsGroupOpacity = true
}

extension Layer {
    /// The radius of the rounded corners, in points (default 0). It rounds the layer's background colour
    /// and border always, and also clips its content and sublayers when ``clipsToBounds`` is set
    /// (Core Animation's `masksToBounds`). A radius above half the shorter side of the bounds is limited
    /// to it when composited (a capsule or a circle). Edges are anti-aliased with the coverage of
    /// ``RoundedRect`` (README.md, "Rounded corners, borders").
    public var cornerRadius: Double { appearance.cornerRadius }

    /// Sets ``cornerRadius``.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `cornerRadius` when it is
    ///   negative, not finite or above 1e12 points; the layer is then unchanged.
    public func setCornerRadius(_ radius: Double) throws {
        appearance.cornerRadius = try PrimitiveValidation.radius(radius, "cornerRadius")
    }

    /// The width of the border, in points (default 0: none), drawn inside the bounds over the content
    /// and the sublayers, following ``cornerRadius``.
    public var borderWidth: Double { appearance.borderWidth }

    /// Sets ``borderWidth``.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `borderWidth` when it is
    ///   negative, not finite or above 1e12 points; the layer is then unchanged.
    public func setBorderWidth(_ width: Double) throws {
        appearance.borderWidth = try PrimitiveValidation.radius(width, "borderWidth")
    }

    /// Whether a layer with ``opacity`` below 1 fades as one group (default true, as Core Animation): its
    /// background, content, sublayers and border are composited at full opacity into an offscreen buffer,
    /// which is then blended with the layer's opacity — overlapping parts do not show through each
    /// other. When false, the opacity multiplies down the tree and each part blends on its own. The
    /// offscreen pass is skipped when it cannot change a pixel (README.md, "Group opacity").
    public var allowsGroupOpacity: Bool {
        get { appearance.allowsGroupOpacity }
        set { appearance.allowsGroupOpacity = newValue }
    }

    /// The border's colour (straight alpha; default opaque black, as Core Animation).
    public var borderColor: Color {
        get { appearance.borderColor }
        set { appearance.borderColor = newValue }
    }
}
