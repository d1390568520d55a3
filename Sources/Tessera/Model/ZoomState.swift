/// A scroll layer's zoom: its scale, limits, zooming layer and the state of a pinch or of its bounce
/// back. Stored in ``ScrollLayer``; read and changed through `ScrollLayer+Zoom.swift`.
///
/// Thread safety: as ``Layer`` (the model thread).
struct ZoomState {
    var scale = 1.0
    var minimum = 1.0
    var maximum = 1.0
    /// The sublayer that zooms (UIKit's `viewForZooming`); weak like a superlayer link.
    weak var layer: Layer?
    var bounces = true
    /// The product of the pinch factors while a pinch is under way (the scale before rubber-banding).
    var rawPinchScale: Double?
    /// The last focal point, in the scroll layer's plane, relative to its bounds origin (viewport points).
    var focalInViewport = Point.zero
    /// The bounce back to a limit after a pinch, and the seconds it has run.
    var spring: ScrollSpring?
    var springTime = 0.0

    var range: ClosedRange<Double> { minimum...maximum }
}
