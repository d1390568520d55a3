/// Where a scroll layer's indicators go: pure geometry, computed from the layer's bounds, content size,
/// content inset and offset.
///
/// Frames are in points in the **scroll layer's own plane** (the plane its sublayers live in). Since
/// sublayers scroll with the bounds origin, each frame includes the current content offset, so the
/// indicator stays fixed on screen, inside the bounds rectangle.
///
/// For the vertical indicator (the horizontal one is the same with the axes swapped):
/// - it is shown only when the axis scrolls (`maximumContentOffset.y > minimumContentOffset.y`);
/// - it is ``thickness`` wide, ``margin`` in from the right edge of the bounds;
/// - its track runs from ``margin`` below the top edge to ``margin`` above the bottom edge, ending a further
///   `thickness + margin` higher when both indicators are shown (the corner is left to the other one):
///   track length `L = height − 2·margin − (both ? thickness + margin : 0)`, never below 0;
/// - its length is `ℓ = L · height / (contentSize.height + inset.top + inset.bottom)`, at least
///   ``minimumLength`` and at most `L`;
/// - within the range its start is `(offset − min) / (max − min) · (L − ℓ)` along the track;
/// - past an edge by `o` points it shrinks to `max(ℓ − o, min(ℓ, minimumOverscrolledLength))` and sticks
///   to that end of the track.
///
/// Pure functions of a layer's state, called on the layer tree's thread (see ``Layer``).
public enum ScrollIndicatorLayout {
    /// The indicator's thickness across its axis, in points.
    public static let thickness = 3.0
    /// The gap between an indicator and the edges of the bounds, in points.
    public static let margin = 2.0
    /// The shortest length of an indicator while the offset is within range, in points.
    public static let minimumLength = 36.0
    /// The shortest length of an indicator squeezed by rubber-banding or bouncing, in points.
    public static let minimumOverscrolledLength = 7.0

    /// The vertical indicator's frame, or `nil` when the layer does not scroll vertically.
    public static func verticalFrame(for layer: ScrollLayer) -> Rect? {
        let minimum = layer.minimumContentOffset, maximum = layer.maximumContentOffset
        guard maximum.y > minimum.y else { return nil }
        let bounds = layer.bounds
        let corner = maximum.x > minimum.x ? thickness + margin : 0
        let extent = layer.contentSize.height + layer.contentInset.top + layer.contentInset.bottom
        let (start, length) = segment(offset: bounds.minY, minimum: minimum.y, maximum: maximum.y,
                                      viewport: bounds.height, extent: extent, corner: corner)
        return Rect(x: bounds.maxX - margin - thickness, y: bounds.minY + margin + start,
                    width: thickness, height: length)
    }

    /// The horizontal indicator's frame, or `nil` when the layer does not scroll horizontally.
    public static func horizontalFrame(for layer: ScrollLayer) -> Rect? {
        let minimum = layer.minimumContentOffset, maximum = layer.maximumContentOffset
        guard maximum.x > minimum.x else { return nil }
        let bounds = layer.bounds
        let corner = maximum.y > minimum.y ? thickness + margin : 0
        let extent = layer.contentSize.width + layer.contentInset.left + layer.contentInset.right
        let (start, length) = segment(offset: bounds.minX, minimum: minimum.x, maximum: maximum.x,
                                      viewport: bounds.width, extent: extent, corner: corner)
        return Rect(x: bounds.minX + margin + start, y: bounds.maxY - margin - thickness,
                    width: length, height: thickness)
    }

    /// Start (from the track's beginning) and length of an indicator along its track.
    static func segment(offset: Double, minimum: Double, maximum: Double, viewport: Double, extent: Double,
                        corner: Double) -> (start: Double, length: Double) {
        let track = max(0, viewport - 2 * margin - corner)
        let proportional = extent > 0 ? track * viewport / extent : track
        let length = min(track, max(minimumLength, proportional))
        if offset < minimum {
            return (0, squeezed(length, by: minimum - offset))
        }
        if offset > maximum {
            let squeezedLength = squeezed(length, by: offset - maximum)
            return (track - squeezedLength, squeezedLength)
        }
        let progress = (offset - minimum) / (maximum - minimum)
        return (progress * (track - length), length)
    }

    private static func squeezed(_ length: Double, by overshoot: Double) -> Double {
        max(length - overshoot, min(length, minimumOverscrolledLength))
    }
}
