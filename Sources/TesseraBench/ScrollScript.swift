import Foundation
import Tessera
import TesseraScene

/// The scripted scrolling a benchmark performs, one frame at a time (time is an argument: no clocks).
///
/// - `pan`: the content offset moves at a constant `speed` (points per second) along the scene's
///   direction, turning back at either end of the scrollable range — Chromium's tough-scrolling pan.
/// - `fling`: a release with velocity `speed`, decelerating with ``ScrollAnimator`` physics (UIKit's
///   normal rate) until rest, then another fling (back the other way once an end is reached).
/// - `fastfling`: `fling` released at `max(speed, 30,000)` points per second (a hard fling on a phone; the
///   physics is UIKit's, so each fling travels about half its release velocity × 1 s).
/// - `backforth`: a drag forward at `speed` for half a second, a fling, rest; then the same backward.
/// - `idle`: nothing changes (what a compositor costs when nothing moves: damage-only frames).
/// - `spinner`: nothing scrolls; a 64 × 64 point layer added on top of the scene (at the centre of the
///   root's bounds) changes colour every frame.
/// - `zoom`: a pinch around the centre of the visible window from 1× to ``zoomMaximum``× over one second
///   (a constant factor per frame), the fingers lifted, then back to 1× over one second, and again;
///   `speed` is not used. A scroll layer without a zooming layer gets one: a sublayer covering its
///   content size that takes over its content (so the first frame looks the same); its zoom limits
///   widen to include 1…``zoomMaximum``.
///
/// Units: points in the scroll layer's plane, seconds. Thread safety: the model thread (see ``Layer``).
public final class ScrollScript {
    public enum Kind: String, CaseIterable, Sendable {
        case pan, fling, fastfling, backforth, idle, spinner, zoom
    }

    /// The `zoom` script's largest scale.
    public static let zoomMaximum = 8.0

    /// The side of the `spinner` script's layer, points.
    public static let spinnerSize = 64.0

    public let kind: Kind
    public let scrollLayer: ScrollLayer
    /// The unit vector along which "forward" increases the content offset.
    public let direction: Point
    public let speed: Double
    /// The speed the script moves at: `speed`, or at least 30,000 for `fastfling`.
    public var effectiveSpeed: Double { kind == .fastfling ? Swift.max(speed, ScrollScript.fastFlingSpeed) : speed }
    /// The least release velocity of `fastfling`, points per second.
    public static let fastFlingSpeed = 30_000.0
    public let framesPerSecond: Double
    private var animator: ScrollAnimator?
    private var sign = 1.0
    private var dragFramesLeft = 0
    /// The `spinner` script's layer and frame count.
    private var spinner: Layer?
    private var spins: UInt8 = 0
    /// The `zoom` script's frames into the current one-second pinch, and its direction.
    private var pinchFrames = 0
    private var zoomingIn = true

    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `speed` (finite, 0…1e7) or
    ///   `framesPerSecond` (1…1000).
    public init(kind: Kind, scrollLayer: ScrollLayer, direction: Point, speed: Double,
                framesPerSecond: Double) throws {
        guard speed.isFinite, (0...1e7).contains(speed) else {
            throw TesseraError.invalidArgument(argument: "speed", reason: "must be in 0…1e7 points/s, got \(speed)")
        }
        guard framesPerSecond.isFinite, (1...1000).contains(framesPerSecond) else {
            throw TesseraError.invalidArgument(argument: "framesPerSecond", reason: "must be in 1…1000, got \(framesPerSecond)")
        }
        let length = (direction.x * direction.x + direction.y * direction.y).squareRoot()
        guard length.isFinite, length > 0 else {
            throw TesseraError.invalidArgument(argument: "direction", reason: "must be a non-zero vector, got \(direction)")
        }
        self.kind = kind
        self.scrollLayer = scrollLayer
        self.direction = Point(x: direction.x / length, y: direction.y / length)
        self.speed = speed
        self.framesPerSecond = framesPerSecond
        if [.fling, .fastfling, .backforth].contains(kind) { animator = try ScrollAnimator(scrollLayer: scrollLayer) }
        if kind == .spinner {
            let root = scrollLayer.rootLayer
            let size = ScrollScript.spinnerSize
            let centre = Point(x: root.bounds.minX + root.bounds.width / 2, y: root.bounds.minY + root.bounds.height / 2)
            let layer = try Layer(frame: Rect(x: centre.x - size / 2, y: centre.y - size / 2, width: size, height: size))
            layer.name = "spinner"
            try root.addSublayer(layer)
            spinner = layer
        }
        if kind == .zoom { try Self.prepareZoom(scrollLayer) }
    }

    /// Gives `scroll` a zooming layer (taking over its content) if it has none, and limits that reach
    /// 1…``zoomMaximum``.
    private static func prepareZoom(_ scroll: ScrollLayer) throws {
        if scroll.zoomingLayer == nil {
            let zoomed = try Layer(frame: Rect(origin: .zero, size: scroll.contentSize))
            zoomed.name = "zoomed"
            zoomed.content = scroll.content
            scroll.content = nil
            try scroll.insertSublayer(zoomed, at: 0)
            try scroll.setZoomingLayer(zoomed)
        }
        try scroll.setZoomScaleLimits(minimum: Swift.min(1, scroll.minimumZoomScale),
                                      maximum: Swift.max(zoomMaximum, scroll.maximumZoomScale))
    }

    /// Moves the scroll layer by one frame's worth of the script (1 / framesPerSecond seconds).
    public func advanceFrame() throws {
        let seconds = 1 / framesPerSecond
        switch kind {
        case .pan: try panOneFrame(seconds)
        case .fling, .fastfling: try flingOneFrame(seconds)
        case .backforth: try backAndForthOneFrame(seconds)
        case .idle: break
        case .zoom: try pinchOneFrame()
        case .spinner:
            spins &+= 1
            spinner?.backgroundColor = Color(red: spins, green: 255 &- spins, blue: 128)
        }
    }

    private func pinchOneFrame() throws {
        let steps = Swift.max(1, Int(framesPerSecond.rounded()))
        if pinchFrames == steps {
            scrollLayer.endPinch()
            pinchFrames = 0
            zoomingIn.toggle()
        }
        let factor = pow(ScrollScript.zoomMaximum, (zoomingIn ? 1 : -1) / Double(steps))
        let centre = Point(x: scrollLayer.bounds.width / 2, y: scrollLayer.bounds.height / 2)
        try scrollLayer.pinch(scale: factor, around: scrollLayer.contentOffset + centre)
        pinchFrames += 1
    }

    private func panOneFrame(_ seconds: Double) throws {
        let step = speed * seconds * sign
        var next = scrollLayer.contentOffset + Point(x: direction.x * step, y: direction.y * step)
        let clamped = scrollLayer.clampedContentOffset(next)
        if clamped != next { // an end of the range: stop there and turn back
            next = clamped
            sign = -sign
        }
        try scrollLayer.setContentOffset(next)
    }

    /// The finger velocity that moves the content offset forward (times `sign`) at `speed`.
    private var fingerVelocity: Point {
        Point(x: -direction.x * effectiveSpeed * sign, y: -direction.y * effectiveSpeed * sign)
    }

    private func turnAroundAtEnds() {
        let offset = scrollLayer.contentOffset
        let minimum = scrollLayer.minimumContentOffset, maximum = scrollLayer.maximumContentOffset
        let along = (offset.x - minimum.x) * direction.x + (offset.y - minimum.y) * direction.y
        let length = (maximum.x - minimum.x) * abs(direction.x) + (maximum.y - minimum.y) * abs(direction.y)
        if sign > 0, along >= length - 1 { sign = -1 }
        if sign < 0, along <= 1 { sign = 1 }
    }

    private func flingOneFrame(_ seconds: Double) throws {
        guard let animator else { return }
        if animator.isAtRest {
            turnAroundAtEnds()
            try animator.fling(velocity: fingerVelocity)
        }
        try animator.advance(by: seconds)
    }

    private func backAndForthOneFrame(_ seconds: Double) throws {
        guard let animator else { return }
        if animator.isAtRest, dragFramesLeft == 0 {
            sign = -sign
            turnAroundAtEnds()
            try animator.beginDrag()
            dragFramesLeft = Swift.max(1, Int((framesPerSecond / 2).rounded()))
        }
        if dragFramesLeft > 0 {
            let finger = fingerVelocity
            try animator.drag(by: Point(x: finger.x * seconds, y: finger.y * seconds))
            dragFramesLeft -= 1
            if dragFramesLeft == 0 { try animator.endDrag(velocity: finger) }
        } else {
            try animator.advance(by: seconds)
        }
    }
}
