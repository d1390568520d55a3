import Foundation

/// The scroll physics of one axis: dragging with rubber-banding, then deceleration, bouncing,
/// spring-back and paging after the release. A pure, time-stepped model: it holds no clock; time only
/// passes through ``advance(by:)``.
///
/// Units: offsets in points along the axis of the scroll layer's own plane (the content offset, i.e.
/// the bounds origin); velocities of the offset in points per second; time in seconds. Finger input
/// (``drag(by:)``, ``endDrag(velocity:)``) follows ``ScrollLayer/pan(by:)``: a finger moving toward
/// larger coordinates moves the offset toward smaller ones.
///
/// Every motion after a release is evaluated in closed form from the moment of the release (see
/// ``DecelerationRate`` and the spring constants below), and its resting offset is fixed at release
/// (``restingOffset``), so any sequence of time steps ends on exactly the same offset.
///
/// A value type (`Sendable`): copy it freely; mutate a given value from one thread at a time.
public struct ScrollAxisPhysics: Hashable, Sendable {
    /// What the axis is doing.
    public enum Phase: Hashable, Sendable {
        /// Not moving.
        case atRest
        /// Following a finger (``drag(by:)``).
        case dragging
        /// Gliding after a release, slowing down by the deceleration rate.
        case decelerating
        /// Springing to a target: back to an edge (after an overscrolled release or a bounce) or to a page.
        case springing
    }

    /// The spring's natural angular frequency ω, in radians per second (time constant 1/ω ≈ 42 ms). The
    /// springs are critically damped.
    public static let springAngularFrequency = 24.0
    /// A spring is settled — the offset snaps to its target and the motion ends — once
    /// `|displacement| + |velocity| / ω` is at most this many points.
    public static let springRestThreshold = 0.5
    /// The documented bound on a spring-back: released at rest with an overshoot of up to 1000 points,
    /// the offset is within 0.5 pt of the edge after 0.42 s and at rest on the edge (motion ended) after
    /// at most this many seconds (0.45 s; exactly `u/ω` with `(1 + 2u)·e^(−u) = 0.5 / overshoot`).
    public static let springBackSettleTime = 0.45
    /// A deceleration ends when the distance left to its projected offset drops to this many points
    /// (0.1 pt); the offset then snaps onto the projected offset.
    public static let decelerationRestDistance = 0.1
    /// With paging, a release at least this fast (points per second) goes to the next or previous page
    /// in the direction of motion; a slower one settles on the nearest page.
    public static let pagingFlickVelocity = 300.0
    /// A fling that hits an edge bounces past it by `v / (ω·e)` points for an offset velocity `v` at the
    /// edge, but never more than this fraction of the viewport length.
    public static let maximumBounceFraction = 0.5

    /// The range and options in force. Changing it affects dragging at once, and releases from then on;
    /// a motion already under way keeps the target it was given at release.
    public var configuration: ScrollAxisConfiguration
    /// The displayed offset, in points (may lie outside the range while rubber-banding or bouncing).
    public internal(set) var offset: Double
    /// The rate of change of ``offset`` in points per second (zero while dragging or at rest).
    public internal(set) var velocity: Double = 0

    var motion: Motion = .atRest

    enum Motion: Hashable, Sendable {
        case atRest
        /// `rawOffset` is where the offset would be without rubber-banding.
        case dragging(rawOffset: Double)
        case decelerating(ScrollDeceleration, elapsed: Double)
        case springing(ScrollSpring, elapsed: Double)
    }

    /// An axis at rest at `offset` (points).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `offset`.
    public init(offset: Double, configuration: ScrollAxisConfiguration) throws {
        try Geometry.checkCoordinate(offset, "offset")
        self.offset = offset
        self.configuration = configuration
    }

    /// What the axis is doing.
    public var phase: Phase {
        switch motion {
        case .atRest: return .atRest
        case .dragging: return .dragging
        case .decelerating: return .decelerating
        case .springing: return .springing
        }
    }

    /// Where the current motion will come to rest (points): the current offset at rest, the projected,
    /// edge or page offset while decelerating or springing, `nil` while dragging.
    public var restingOffset: Double? {
        switch motion {
        case .atRest: return offset
        case .dragging: return nil
        case let .decelerating(deceleration, _): return deceleration.end
        case let .springing(spring, _): return spring.target
        }
    }

    /// Stops any motion and puts the axis at rest at `offset` (points), as is (not clamped).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `offset`.
    public mutating func setOffset(_ offset: Double) throws {
        try Geometry.checkCoordinate(offset, "offset")
        self.offset = offset
        stop()
    }

    /// Stops any motion where it is.
    public mutating func stop() {
        motion = .atRest
        velocity = 0
    }

    /// A finger touches down: any motion stops and the content follows the finger from the displayed
    /// offset (with bouncing off, the offset is first clamped into the range).
    public mutating func beginDrag() {
        let c = configuration
        if !c.bounces { offset = c.clamped(offset) }
        velocity = 0
        let raw: Double
        if offset < c.minimumOffset {
            raw = c.minimumOffset + RubberBand.uncheckedInverse(offset - c.minimumOffset, c.viewportLength)
        } else if offset > c.maximumOffset {
            raw = c.maximumOffset + RubberBand.uncheckedInverse(offset - c.maximumOffset, c.viewportLength)
        } else {
            raw = offset
        }
        motion = .dragging(rawOffset: raw)
    }

    /// The finger moved by `translation` points since the last call (begins a drag if none is under
    /// way). The offset moves by `−translation`; past an edge it is rubber-banded (see ``RubberBand``),
    /// or clamped when bouncing is off. A locked axis (not ``ScrollAxisConfiguration/isScrollable``)
    /// does not move.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `translation`.
    public mutating func drag(by translation: Double) throws {
        let translation = try ScrollValidation.finite(translation, "translation")
        guard case var .dragging(raw) = motion else {
            beginDrag()
            return try drag(by: translation)
        }
        let c = configuration
        guard c.isScrollable else { return }
        raw -= translation
        if !c.bounces { raw = c.clamped(raw) }
        motion = .dragging(rawOffset: raw)
        offset = Self.displayedOffset(raw: raw, c)
    }

    /// The displayed offset for a raw (finger) offset: rubber-banded past the edges.
    static func displayedOffset(raw: Double, _ c: ScrollAxisConfiguration) -> Double {
        if raw < c.minimumOffset {
            return c.minimumOffset + RubberBand.unchecked(raw - c.minimumOffset, c.viewportLength)
        }
        if raw > c.maximumOffset {
            return c.maximumOffset + RubberBand.unchecked(raw - c.maximumOffset, c.viewportLength)
        }
        return raw
    }

    /// Moves time forward by `seconds`. Returns `true` when a motion came to rest during this step (the
    /// "scroll ended" moment); `false` otherwise, also while dragging or already at rest.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `seconds` when it is negative
    ///   or not finite.
    @discardableResult
    public mutating func advance(by seconds: Double) throws -> Bool {
        step(by: try ScrollValidation.duration(seconds, "seconds"))
    }

    /// The largest offset velocity (points per second) a bounce or a spring-back away from the edge starts
    /// with: the one whose critically damped overshoot `v / (ω·e)` is ``maximumBounceFraction`` of the
    /// viewport length.
    var bounceVelocityLimit: Double {
        Self.springAngularFrequency * exp(1) * Self.maximumBounceFraction * configuration.viewportLength
    }

    /// ``advance(by:)`` for a valid, non-negative `seconds`.
    mutating func step(by seconds: Double) -> Bool {
        var remaining = seconds
        while true {
            switch motion {
            case .atRest, .dragging:
                return false
            case let .decelerating(deceleration, elapsed):
                let t = elapsed + remaining
                if t < deceleration.duration {
                    (offset, velocity) = deceleration.state(after: t)
                    motion = .decelerating(deceleration, elapsed: t)
                    return false
                }
                remaining = t - deceleration.duration
                offset = deceleration.end
                guard let edgeVelocity = deceleration.bounceVelocity else {
                    stop()
                    return true
                }
                velocity = max(-bounceVelocityLimit, min(edgeVelocity, bounceVelocityLimit))
                motion = .springing(ScrollSpring(target: offset, displacement: 0, velocity: velocity), elapsed: 0)
            case let .springing(spring, elapsed):
                let t = elapsed + remaining
                let (x, v) = spring.state(after: t)
                if ScrollSpring.isSettled(displacement: x, velocity: v) {
                    offset = spring.target
                    stop()
                    return true
                }
                offset = spring.target + x
                velocity = v
                motion = .springing(spring, elapsed: t)
                return false
            }
        }
    }
}
