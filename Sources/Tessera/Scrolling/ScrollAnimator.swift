/// Momentum scrolling for a ``ScrollLayer``: drives its content offset from drags, releases and time
/// steps with UIKit's behaviour — deceleration, rubber-banding, bouncing, paging — and keeps its
/// ``ScrollIndicators`` up to date.
///
/// Two ``ScrollAxisPhysics`` (one per axis) do the work; the animator reads the layer's range
/// (``ScrollLayer/minimumContentOffset``, ``ScrollLayer/maximumContentOffset``, so ``ScrollLayer/contentInset``
/// counts), bounds size and offset when a gesture starts, and writes the offset with
/// `setContentOffset(_:clamped: false)` after every drag and step. Changes to the layer's size, content
/// size or inset during a motion take effect at the next gesture; an offset set by someone else is
/// picked up at the next gesture (a motion under way overwrites it).
///
/// Units: points in the scroll layer's own plane, seconds, points per second. Finger input follows
/// ``ScrollLayer/pan(by:)``: the offset moves opposite to the finger. To scroll *down* a list (toward
/// larger y offsets), fling with a negative y velocity.
///
/// No clock: time passes only through ``advance(by:)``, so the same inputs and steps always give the same
/// offsets, and any frame rate ends on the same resting offset. A typical script:
///
///     let animator = try ScrollAnimator(scrollLayer: scroll)
///     try animator.fling(velocity: Point(x: 0, y: -3000))
///     while !animator.isAtRest { try animator.advance(by: 1.0 / 120) }
///
/// Thread safety: not synchronized; use it on the layer tree's thread (see ``Layer``).
public final class ScrollAnimator {
    /// The layer whose content offset is driven.
    public let scrollLayer: ScrollLayer
    /// The indicators kept in step with the offset, or `nil` when created without them.
    public let scrollIndicators: ScrollIndicators?

    /// Whether the content can go past its edges: rubber-banding while dragging, bouncing after a fling,
    /// springing back after a release. With `false` the offset never leaves the range. Default `true`.
    public var bounces = true
    /// Whether a vertical drag rubber-bands even when the content fits vertically (default `false`: such
    /// an axis does not scroll). Needs ``bounces``.
    public var alwaysBounceVertical = false
    /// Whether a horizontal drag rubber-bands even when the content fits horizontally (default `false`).
    /// Needs ``bounces``.
    public var alwaysBounceHorizontal = false
    /// Whether releases settle on page boundaries: multiples of the bounds size from the minimum offset.
    public var isPagingEnabled = false
    /// How quickly releases slow down (default ``DecelerationRate/normal``).
    public var decelerationRate = DecelerationRate.normal

    private var horizontal: ScrollAxisPhysics
    private var vertical: ScrollAxisPhysics

    /// An animator at rest at the layer's current offset.
    /// - Parameter showsScrollIndicators: when `true` (the default, like UIKit), creates
    ///   ``ScrollIndicators`` as sublayers of `scrollLayer`.
    /// - Throws: ``TesseraError`` only if the layer's state cannot be read into the physics (an offset
    ///   beyond ``Geometry/maximumMagnitude``).
    public init(scrollLayer: ScrollLayer, showsScrollIndicators: Bool = true) throws {
        self.scrollLayer = scrollLayer
        scrollIndicators = showsScrollIndicators ? try ScrollIndicators(scrollLayer: scrollLayer) : nil
        let unconstrained = try ScrollAxisConfiguration(minimumOffset: 0, maximumOffset: 0, viewportLength: 0)
        horizontal = try ScrollAxisPhysics(offset: scrollLayer.contentOffset.x, configuration: unconstrained)
        vertical = try ScrollAxisPhysics(offset: scrollLayer.contentOffset.y, configuration: unconstrained)
        try configureAxes()
    }

    /// True while a finger is down (between ``beginDrag()`` and ``endDrag(velocity:)``).
    public var isDragging: Bool { horizontal.phase == .dragging || vertical.phase == .dragging }
    /// True while the content moves on its own after a release: decelerating, bouncing, springing back or
    /// paging (UIKit's `isDecelerating`).
    public var isDecelerating: Bool { !isDragging && !isAtRest }
    /// True when neither axis is dragging or moving.
    public var isAtRest: Bool { horizontal.phase == .atRest && vertical.phase == .atRest }
    /// The content offset's velocity in points per second (zero while dragging or at rest).
    public var velocity: Point { Point(x: horizontal.velocity, y: vertical.velocity) }
    /// Where the current motion will come to rest (known at release), or `nil` while dragging.
    public var restingContentOffset: Point? {
        guard let x = horizontal.restingOffset, let y = vertical.restingOffset else { return nil }
        return Point(x: x, y: y)
    }

    /// A finger touches down: any motion stops where it is and the content follows the finger.
    public func beginDrag() throws {
        try configureAxes()
        horizontal.beginDrag()
        vertical.beginDrag()
        try apply(isScrolling: true)
    }

    /// The finger moved by `translation` points since the last call, like ``ScrollLayer/pan(by:)`` but
    /// rubber-banded past the edges (begins a drag if none is under way).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `translation.x` or `.y`.
    public func drag(by translation: Point) throws {
        _ = try ScrollValidation.finite(translation.x, "translation.x")
        _ = try ScrollValidation.finite(translation.y, "translation.y")
        if !isDragging { try beginDrag() }
        try horizontal.drag(by: translation.x)
        try vertical.drag(by: translation.y)
        try apply(isScrolling: true)
    }

    /// The finger lifts with `velocity`, the finger's velocity in points per second (the offset moves the
    /// other way). Starts the deceleration, spring-back or paging motion; returns
    /// ``ScrollEvent/scrollEnded(contentOffset:)`` when there is nothing to animate.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `velocity.x` or `.y`.
    @discardableResult
    public func endDrag(velocity: Point) throws -> ScrollEvent? {
        _ = try ScrollValidation.finite(velocity.x, "velocity.x")
        _ = try ScrollValidation.finite(velocity.y, "velocity.y")
        if !isDragging { try beginDrag() }
        try horizontal.endDrag(velocity: velocity.x)
        try vertical.endDrag(velocity: velocity.y)
        try apply(isScrolling: !isAtRest)
        return isAtRest ? .scrollEnded(contentOffset: scrollLayer.contentOffset) : nil
    }

    /// A release without a drag, for scripts: ``beginDrag()`` then ``endDrag(velocity:)`` with the finger
    /// velocity `velocity` (points per second). `fling(velocity: Point(x: 0, y: -3000))` scrolls toward
    /// larger y offsets.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `velocity.x` or `.y`.
    @discardableResult
    public func fling(velocity: Point) throws -> ScrollEvent? {
        _ = try ScrollValidation.finite(velocity.x, "velocity.x")
        _ = try ScrollValidation.finite(velocity.y, "velocity.y")
        try beginDrag()
        return try endDrag(velocity: velocity)
    }

    /// Moves time forward by `seconds` (for example `1.0 / 120`): updates the content offset and the
    /// indicators. Returns ``ScrollEvent/scrollEnded(contentOffset:)`` from the step in which a released
    /// motion comes to rest on both axes, `nil` otherwise.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `seconds` when it is negative
    ///   or not finite.
    @discardableResult
    public func advance(by seconds: Double) throws -> ScrollEvent? {
        let seconds = try ScrollValidation.duration(seconds, "seconds")
        let wasMoving = isDecelerating
        try horizontal.advance(by: seconds)
        try vertical.advance(by: seconds)
        try apply(isScrolling: !isAtRest, seconds: seconds)
        return wasMoving && isAtRest ? .scrollEnded(contentOffset: scrollLayer.contentOffset) : nil
    }

    /// Stops any motion, leaving the offset where it is.
    public func stop() {
        horizontal.stop()
        vertical.stop()
    }

    /// Reads the layer's range and size and the animator's options into both axes, and the layer's
    /// offset when it was changed by someone else.
    private func configureAxes() throws {
        let minimum = scrollLayer.minimumContentOffset, maximum = scrollLayer.maximumContentOffset
        let size = scrollLayer.bounds.size, offset = scrollLayer.contentOffset
        horizontal.configuration = try ScrollAxisConfiguration(
            minimumOffset: minimum.x, maximumOffset: maximum.x, viewportLength: size.width, bounces: bounces,
            isScrollable: maximum.x > minimum.x || (bounces && alwaysBounceHorizontal),
            isPagingEnabled: isPagingEnabled, decelerationRate: decelerationRate)
        vertical.configuration = try ScrollAxisConfiguration(
            minimumOffset: minimum.y, maximumOffset: maximum.y, viewportLength: size.height, bounces: bounces,
            isScrollable: maximum.y > minimum.y || (bounces && alwaysBounceVertical),
            isPagingEnabled: isPagingEnabled, decelerationRate: decelerationRate)
        if horizontal.offset != offset.x { try horizontal.setOffset(offset.x) }
        if vertical.offset != offset.y { try vertical.setOffset(offset.y) }
    }

    /// Writes the physics' offset to the layer and updates the indicators.
    /// Sets the physics' offset on the layer. An offset the physics carried past ±``Geometry/maximumMagnitude``
    /// (rubber-banding beyond a range that already reaches it) is held at that limit, the largest offset a
    /// layer accepts.
    private func apply(isScrolling: Bool, seconds: Double = 0) throws {
        let limit = Geometry.maximumMagnitude
        let held = { (value: Double) in Swift.min(Swift.max(value, -limit), limit) }
        try scrollLayer.setContentOffset(Point(x: held(horizontal.offset), y: held(vertical.offset)), clamped: false)
        try scrollIndicators?.advance(by: seconds, isScrolling: isScrolling)
    }
}
