/// Releasing the axis: choosing between deceleration, spring-back and paging.
extension ScrollAxisPhysics {
    /// The finger lifts with `velocity`, the finger's velocity in points per second (the offset moves
    /// the other way, like ``drag(by:)``). Also releases without a preceding drag (a fling).
    ///
    /// - Paging on (and a non-zero viewport length): springs to a page boundary, chosen from position
    ///   and velocity (see ``pageOffset(forOffset:velocity:)``).
    /// - Past an edge: springs back to the edge, unless the offset velocity points into the range fast
    ///   enough for the deceleration to carry the offset past that edge, in which case it decelerates.
    /// - Otherwise: decelerates; reaching an edge, it bounces (critically damped spring back to the edge)
    ///   when bouncing is on, or stops on the edge when it is off.
    ///
    /// A locked axis (not ``ScrollAxisConfiguration/isScrollable``) ignores the velocity. A motion that
    /// has nothing to do comes to rest at once (``phase`` is then `.atRest`).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `velocity` when it is not
    ///   finite or its magnitude exceeds 10¹².
    public mutating func endDrag(velocity: Double) throws {
        let offsetVelocity = -(try ScrollValidation.finite(velocity, "velocity"))
        if case .dragging = motion {} else { beginDrag() }
        release(offsetVelocity: configuration.isScrollable ? offsetVelocity : 0)
    }

    /// A release without a drag, for scripts: the same as ``beginDrag()`` then ``endDrag(velocity:)``
    /// with the finger velocity `velocity` (points per second).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `velocity`.
    public mutating func fling(velocity: Double) throws {
        _ = try ScrollValidation.finite(velocity, "velocity")
        beginDrag()
        try endDrag(velocity: velocity)
    }

    private mutating func release(offsetVelocity v: Double) {
        let c = configuration
        let x = offset
        if c.isPagingEnabled, c.isScrollable, c.viewportLength > 0 {
            let target = pageOffset(forOffset: x, velocity: v)
            // A velocity away from the chosen page is dropped rather than carried past the range.
            let towardTarget = (target - x) * v > 0 ? v : 0
            motion = .springing(ScrollSpring.toward(target, from: x, velocity: towardTarget), elapsed: 0)
        } else if x < c.minimumOffset || x > c.maximumOffset {
            let edge = x < c.minimumOffset ? c.minimumOffset : c.maximumOffset
            let projected = x + c.decelerationRate.projectedDistance(forVelocity: v)
            let carriesInside = x < c.minimumOffset ? (v > 0 && projected > edge) : (v < 0 && projected < edge)
            if carriesInside {
                motion = .decelerating(ScrollDeceleration(from: x, velocity: v, configuration: c), elapsed: 0)
            } else {
                let capped = max(-bounceVelocityLimit, min(v, bounceVelocityLimit))
                motion = .springing(ScrollSpring.toward(edge, from: x, velocity: capped), elapsed: 0)
            }
        } else {
            motion = .decelerating(ScrollDeceleration(from: x, velocity: v, configuration: c), elapsed: 0)
        }
        velocity = v
        // Segments that are already over (no velocity, already on target) end now.
        _ = step(by: 0)
    }

    /// The page boundary a release at `offset` with offset velocity `velocity` (points per second)
    /// settles on. Pages start at `minimumOffset + n · viewportLength` (n ≥ 0) and the last one is capped
    /// at `maximumOffset`. A release at least ``pagingFlickVelocity`` fast goes to the next page boundary
    /// in the direction of motion (from a boundary: the adjacent page); a slower one to the nearest.
    public func pageOffset(forOffset offset: Double, velocity: Double) -> Double {
        let c = configuration
        guard c.viewportLength > 0, offset.isFinite, velocity.isFinite else { return c.clamped(offset) }
        let length = c.viewportLength
        let lastPage = max(0, ((c.maximumOffset - c.minimumOffset) / length - 1e-9).rounded(.up))
        var position = (offset - c.minimumOffset) / length
        if abs(position - position.rounded()) < 1e-6 { position = position.rounded() }
        var page: Double
        if velocity >= Self.pagingFlickVelocity {
            page = position.rounded(.down) + 1
        } else if velocity <= -Self.pagingFlickVelocity {
            page = position.rounded(.up) - 1
        } else {
            page = position.rounded()
        }
        page = max(0, min(page, lastPage))
        return min(c.minimumOffset + page * length, c.maximumOffset)
    }
}
