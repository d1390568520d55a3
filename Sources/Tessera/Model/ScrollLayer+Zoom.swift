/// Zooming (UIKit's `UIScrollView` zoom): a scroll layer scales one of its sublayers, the **zooming
/// layer** (UIKit's `viewForZooming`), by ``zoomScale`` within ``minimumZoomScale`` …
/// ``maximumZoomScale`` (defaults 1, 1, 1: no zoom).
///
/// Zooming to scale `z`:
/// - sets the zooming layer's ``Layer/transform`` to scale `z` with the translation that keeps its
///   ``Layer/frame`` origin at its ``Layer/untransformedFrame`` origin (place the zooming layer at the
///   content origin, as UIKit expects) — its frame size becomes `z ·` its bounds size;
/// - sets ``contentSize`` to the zooming layer's zoomed frame size (UIKit: `contentSize =
///   viewForZooming.frame.size`);
/// - moves the content offset so that a focal point stays where it was in the visible window, then
///   clamps the offset into the (new) scrollable range — at an edge the focal point slides so that no
///   empty space opens.
///
/// Gestures: ``pinch(scale:around:)`` multiplies the scale (each call is the factor since the last one)
/// around the fingers' focal point; ``endPinch()`` ends it. With ``bouncesZoom`` (default true) a pinch
/// past a limit rubber-bands and springs back after ``endPinch()`` as time passes through
/// ``advanceZoom(by:)`` (constants in ``ZoomBounce``); without it the scale stops at the limits.
/// With `minimumZoomScale == maximumZoomScale` a pinch changes nothing.
///
/// Units: scales are factors, points are in the scroll layer's own plane (content coordinates) unless
/// said otherwise. Thread safety: as ``Layer``.
extension ScrollLayer {
    /// The current zoom scale (default 1). Without a zooming layer it is only recorded.
    public var zoomScale: Double { zoom.scale }
    /// The smallest scale a zoom settles at (default 1).
    public var minimumZoomScale: Double { zoom.minimum }
    /// The largest scale a zoom settles at (default 1).
    public var maximumZoomScale: Double { zoom.maximum }
    /// The sublayer that zooms, or `nil` (the default: nothing zooms). Held weakly, like a superlayer link;
    /// it stops zooming when removed from the scroll layer.
    public var zoomingLayer: Layer? { zoom.layer.flatMap { $0.superlayer === self ? $0 : nil } }
    /// Whether a pinch may go past the limits and spring back (default `true`, as UIKit).
    public var bouncesZoom: Bool {
        get { zoom.bounces }
        set { zoom.bounces = newValue }
    }
    /// True between the first ``pinch(scale:around:)`` and ``endPinch()``.
    public var isPinching: Bool { zoom.rawPinchScale != nil }
    /// True while the scale springs back to a limit after a pinch (``advanceZoom(by:)`` moves it).
    public var isZoomBouncing: Bool { zoom.spring != nil }

    /// Makes `layer` the zooming layer and applies ``zoomScale`` to it (keeping the visible centre).
    /// `nil` stops zooming (the old zooming layer keeps its transform).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `zoomingLayer` when `layer` is
    ///   not a sublayer of this scroll layer.
    public func setZoomingLayer(_ layer: Layer?) throws {
        if let layer, layer.superlayer !== self {
            throw TesseraError.invalidArgument(
                argument: "zoomingLayer", reason: "\(layer) is not a sublayer of \(self)")
        }
        zoom.layer = layer
        zoom.rawPinchScale = nil
        zoom.spring = nil
        if layer != nil { try applyZoom(zoom.scale, focalInViewport: viewportCentre) }
    }

    /// Sets the zoom limits; the current scale is clamped into them (as UIKit does).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `minimumZoomScale` or
    ///   `maximumZoomScale` for a value outside ``LayerTransform/scaleRange`` (or non-finite), or
    ///   `maximumZoomScale` when it is below the minimum. Nothing changes then.
    public func setZoomScaleLimits(minimum: Double, maximum: Double) throws {
        try Self.checkScale(minimum, "minimumZoomScale")
        try Self.checkScale(maximum, "maximumZoomScale")
        guard maximum >= minimum else {
            throw TesseraError.invalidArgument(
                argument: "maximumZoomScale", reason: "must be ≥ minimumZoomScale \(minimum), got \(maximum)")
        }
        zoom.minimum = minimum
        zoom.maximum = maximum
        zoom.rawPinchScale = nil
        zoom.spring = nil
        let clamped = min(max(zoom.scale, minimum), maximum)
        if clamped != zoom.scale { try applyZoom(clamped, focalInViewport: viewportCentre) }
    }

    /// Zooms to `scale`, clamped into ``minimumZoomScale`` … ``maximumZoomScale`` (documented clamping,
    /// as UIKit's `setZoomScale`), keeping the centre of the visible window fixed. Ends a pinch or bounce.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `zoomScale` when `scale` is not
    ///   finite and positive.
    public func setZoomScale(_ scale: Double) throws {
        guard scale.isFinite, scale > 0 else {
            throw TesseraError.invalidArgument(argument: "zoomScale", reason: "must be finite and > 0, got \(scale)")
        }
        zoom.rawPinchScale = nil
        zoom.spring = nil
        try applyZoom(min(max(scale, zoom.minimum), zoom.maximum), focalInViewport: viewportCentre)
    }

    /// Zooms so that `rect` (points, in the zooming layer's own plane, as UIKit's `zoom(to:animated:)`)
    /// fills the visible window as far as the limits allow, centred. Does nothing without a zooming layer.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `rect.…` for an invalid rect or
    ///   `rect.size` for an empty one.
    public func zoom(to rect: Rect) throws {
        let rect = try rect.validated("rect")
        guard rect.width > 0, rect.height > 0 else {
            throw TesseraError.invalidArgument(argument: "rect.size", reason: "must not be empty, got \(rect.size)")
        }
        guard let layer = zoomingLayer else { return }
        zoom.rawPinchScale = nil
        zoom.spring = nil
        let wanted = min(bounds.width / rect.width, bounds.height / rect.height)
        let scale = wanted.isFinite && wanted > 0 ? min(max(wanted, zoom.minimum), zoom.maximum) : zoom.scale
        let centre = Point(x: rect.minX + rect.width / 2, y: rect.minY + rect.height / 2)
        try applyZoom(scale, focalInViewport: viewportCentre, content: centre, of: layer)
    }

    /// One step of a pinch: multiplies the scale by `factor` around `focalPoint` (points in this layer's
    /// plane, where the fingers' centre is), which stays fixed in the visible window while the offset
    /// is in range. The first call starts the pinch (and stops a bounce). Past a limit the scale
    /// rubber-bands with ``bouncesZoom`` (``ZoomBounce``) and stops at the limit without it.
    /// Does nothing without a zooming layer or when the limits are equal.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `scale` (finite and > 0) or
    ///   `focalPoint.x` / `.y`.
    public func pinch(scale factor: Double, around focalPoint: Point) throws {
        guard factor.isFinite, factor > 0 else {
            throw TesseraError.invalidArgument(argument: "scale", reason: "must be finite and > 0, got \(factor)")
        }
        let focal = try focalPoint.validated("focalPoint")
        guard zoomingLayer != nil, zoom.minimum < zoom.maximum else { return }
        zoom.spring = nil
        let range = zoom.range
        let start = zoom.rawPinchScale ?? ZoomBounce.raw(displayed: zoom.scale, in: range)
        // Bounded far past any display difference, so that a long pinch never overflows.
        // Without bounces the raw scale stops at the limits too (no dead zone on the way back).
        let raw = zoom.bounces ? min(max(start * factor, range.lowerBound / 0x1p40), range.upperBound * 0x1p40)
                               : min(max(start * factor, range.lowerBound), range.upperBound)
        zoom.rawPinchScale = raw
        let scale = zoom.bounces ? ZoomBounce.displayed(raw: raw, in: range) : raw
        zoom.focalInViewport = focal - contentOffset
        try applyZoom(scale, focalInViewport: zoom.focalInViewport)
    }

    /// Ends a pinch: a scale past a limit starts springing back to it (``advanceZoom(by:)``).
    public func endPinch() {
        guard zoom.rawPinchScale != nil else { return }
        zoom.rawPinchScale = nil
        zoom.spring = ZoomBounce.spring(from: zoom.scale, in: zoom.range)
        zoom.springTime = 0
    }

    /// Advances the zoom bounce by `seconds` (around the pinch's last focal point); settles exactly on the
    /// limit. Does nothing when not bouncing.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `seconds`.
    public func advanceZoom(by seconds: Double) throws {
        let seconds = try ScrollValidation.duration(seconds, "seconds")
        guard let spring = zoom.spring else { return }
        zoom.springTime += seconds
        let (scale, settled) = ZoomBounce.state(of: spring, after: zoom.springTime)
        if settled { zoom.spring = nil }
        try applyZoom(scale, focalInViewport: zoom.focalInViewport)
    }

    // MARK: Applying a scale

    private var viewportCentre: Point { Point(x: bounds.width / 2, y: bounds.height / 2) }

    private static func checkScale(_ value: Double, _ argument: String) throws {
        guard value.isFinite, LayerTransform.scaleRange.contains(value) else {
            throw TesseraError.invalidArgument(argument: argument, reason: "must be finite and in 1/256…256, got \(value)")
        }
    }

    /// Zooms to `scale` keeping what is under `focalInViewport` (points from the bounds origin) there.
    private func applyZoom(_ scale: Double, focalInViewport focal: Point) throws {
        guard let layer = zoomingLayer else {
            zoom.scale = scale
            return
        }
        let frame = layer.frame, old = layer.transform.scale
        let point = contentOffset + focal
        let content = Point(x: (point.x - frame.minX) / old + layer.boundsOrigin.x,
                            y: (point.y - frame.minY) / old + layer.boundsOrigin.y)
        try applyZoom(scale, focalInViewport: focal, content: content, of: layer)
    }

    /// Zooms to `scale` and scrolls so that `content` (the zooming layer's plane) lands at
    /// `focalInViewport`, clamped into the scrollable range.
    private func applyZoom(_ scale: Double, focalInViewport focal: Point, content: Point, of layer: Layer) throws {
        let size = layer.bounds.size, anchor = layer.anchorPoint
        try layer.setTransform(LayerTransform(
            scale: scale,
            translation: Point(x: anchor.x * size.width * (scale - 1), y: anchor.y * size.height * (scale - 1))))
        zoom.scale = scale
        let frame = layer.frame
        try setContentSize(frame.size)
        let landed = Point(x: frame.minX + scale * (content.x - layer.boundsOrigin.x),
                           y: frame.minY + scale * (content.y - layer.boundsOrigin.y))
        try setContentOffset(landed - focal, clamped: true)
    }
}
