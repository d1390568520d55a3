/// A layer that scrolls its sublayers by moving only its bounds origin (UIKit's `UIScrollView`).
///
/// ``contentOffset`` *is* ``Layer/boundsOrigin``: setting one sets the other, as with
/// `UIScrollView.setContentOffset:`. ``contentSize`` (default 0 × 0: no scrolling, sublayers still shown)
/// and ``contentInset`` bound the offset to
/// `x ∈ [−inset.left, max(−inset.left, contentSize.width + inset.right − bounds.width)]`, likewise for y.
/// A pan (``pan(by:)``) translates the bounds origin and clamps it to that range, exactly like the usual
/// UIKit pan handler (`fmax(min, fmin(new, max))`). Nothing else moves: no frame changes while scrolling.
///
/// Units are points, in the layer's own plane. Thread safety: as ``Layer``.
public final class ScrollLayer: Layer {
    /// The size of the scrollable content, in points (default zero). With a zooming layer, zooming sets
    /// it to that layer's zoomed frame size (`ScrollLayer+Zoom.swift`).
    public internal(set) var contentSize: Size = .zero
    /// Extra scrollable space around the content, in points (default zero).
    public private(set) var contentInset: EdgeInsets = .zero

    /// Zoom scale, limits, zooming layer and pinch state (`ScrollLayer+Zoom.swift`).
    var zoom = ZoomState()

    /// The content area as a constraint item: constraints to it size ``contentSize`` (see ``LayoutGuide``).
    public private(set) lazy var contentLayoutGuide = LayoutGuide(owningLayer: self, kind: .content)
    /// The scroll layer's frame as a constraint item seen from inside (see ``LayoutGuide``).
    public private(set) lazy var frameLayoutGuide = LayoutGuide(owningLayer: self, kind: .frame)

    /// The point of the content plane shown at the layer's top-left: the bounds origin.
    public var contentOffset: Point { boundsOrigin }

    /// Sets the scrollable content size.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `contentSize.width` or
    ///   `.height` for non-finite, negative or absurd values.
    public func setContentSize(_ size: Size) throws {
        let size = try size.validated("contentSize")
        guard size != contentSize else { return }
        contentSize = size
        recordChange(.scrollRange)
    }

    /// Sets the content inset. The current offset is left as it is (call
    /// `setContentOffset(contentOffset, clamped: true)` to bring it back into the new range).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `contentInset.top` etc.
    public func setContentInset(_ inset: EdgeInsets) throws {
        let inset = try inset.validated("contentInset")
        guard inset != contentInset else { return }
        contentInset = inset
        recordChange(.scrollRange)
    }

    /// The smallest offset a pan can reach: `(−inset.left, −inset.top)`, kept two bounds sizes inside
    /// ±``Geometry/maximumMagnitude`` (see ``maximumContentOffset``), so never above the maximum.
    public var minimumContentOffset: Point {
        let limit = offsetLimit
        // Within ±limit on both sides: a negative inset beyond the limit would otherwise put the minimum
        // above the maximum (which is capped at +limit).
        return Point(x: min(limit.x, max(-limit.x, -contentInset.left)), y: min(limit.y, max(-limit.y, -contentInset.top)))
    }

    /// The largest offset a pan can reach: `contentSize + inset.bottomRight − bounds.size`, never below
    /// ``minimumContentOffset``. Content and insets near the coordinate limit scroll up to two bounds sizes
    /// inside ``Geometry/maximumMagnitude``, not past it, so that a bounce (at most half a bounds size past
    /// an end) and the sublayers pinned to the visible window (scroll indicators) keep valid coordinates.
    public var maximumContentOffset: Point {
        let minimum = minimumContentOffset, limit = offsetLimit
        return Point(x: min(limit.x, max(minimum.x, contentSize.width + contentInset.right - bounds.width)),
                     y: min(limit.y, max(minimum.y, contentSize.height + contentInset.bottom - bounds.height)))
    }

    /// The largest offset magnitude per axis: the coordinate limit less two bounds sizes.
    private var offsetLimit: Point {
        Point(x: Geometry.maximumMagnitude - 2 * bounds.width, y: Geometry.maximumMagnitude - 2 * bounds.height)
    }

    /// `offset` moved into `[minimumContentOffset, maximumContentOffset]` per axis.
    public func clampedContentOffset(_ offset: Point) -> Point {
        let minimum = minimumContentOffset, maximum = maximumContentOffset
        return Point(x: max(minimum.x, min(offset.x, maximum.x)), y: max(minimum.y, min(offset.y, maximum.y)))
    }

    /// Sets the content offset (the bounds origin). With `clamped: false` (the default, like UIKit's
    /// programmatic `setContentOffset`) any valid point is taken as is, even outside the scrollable range;
    /// with `clamped: true` it is first clamped to the range.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `contentOffset.x` or `.y`.
    public func setContentOffset(_ offset: Point, clamped: Bool = false) throws {
        let offset = try offset.validated("contentOffset")
        try setBoundsOrigin(clamped ? clampedContentOffset(offset) : offset)
    }

    /// Applies a pan gesture's translation (points, in the layer's superlayer's orientation: dragging the
    /// finger right/down gives positive values): the bounds origin moves by `−translation`, clamped to the
    /// scrollable range, as a UIKit pan-gesture handler clamps it.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `translation.x` or `.y`.
    public func pan(by translation: Point) throws {
        let translation = try translation.validated("translation")
        try setBoundsOrigin(clampedContentOffset(boundsOrigin - translation))
    }
}
