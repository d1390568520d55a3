/// A frame whose tiles are the last frame's: the tile stage is settled and no planned layer changed
/// anything its tiles depend on, so every tile op resolves as it did (a layer that only changed colour).
///
/// ``prepare(_:viewport:statistics:)`` then has nothing to do but look every tile up again and mark it
/// needed: ``repeatLastFrame(_:statistics:)`` skips that (O(layers), not O(tiles)). The tile manager's
/// frame counter does not advance (the compositor's ``FrameStatistics/frameNumber`` does): to the motion
/// history and the recency of the cache the repeated frames did not happen, which is what an unchanged
/// tile stage means, and nothing is evicted meanwhile.
///
/// Thread safety: the model thread, as ``TileManager``.
extension TileManager {
    /// What a planned layer's tiles depend on (besides its tile ops, which the caller compares).
    struct LayerTileState: Equatable {
        let identity: UInt64
        let translationX: Int, translationY: Int
        let visible: PixelRect
        let window: PixelRect
        let bounds: PixelRect
        let boundsOriginX: Int, boundsOriginY: Int
        let scrolls: Bool
        let scaleBits: UInt64
        let shadow: ShadowContent?
        let hidden: PixelRect
        let serial: UInt64

        init(_ planned: PlannedLayer) {
            identity = planned.identity
            (translationX, translationY) = planned.translation
            visible = planned.visiblePlaneRect
            window = planned.windowPlaneRect
            bounds = planned.boundsPlaneRect
            (boundsOriginX, boundsOriginY) = planned.boundsOrigin
            scrolls = planned.scrolls
            scaleBits = planned.scale.bitPattern
            shadow = planned.shadow
            hidden = planned.hiddenPlaneRect
            serial = planned.displayLog.serial
        }
    }

    /// The last prepared frame, for repeating it.
    struct PreparedFrame {
        let layers: [LayerTileState]
        /// Its statistics (the tile stage's state; its events are not repeated).
        let statistics: FrameStatistics
    }

    /// True, with the last frame's tile state in `statistics`, when `plan`'s tiles resolve exactly as the
    /// last prepared frame's did: the stage is settled (``isSettled``), and every planned layer is the
    /// one at the same index then, with the same geometry, scale, shadow and invalidation serial. The
    /// caller guarantees that the plan's tile ops equal the last frame's. False: call
    /// ``prepare(_:viewport:statistics:)``.
    func repeatLastFrame(_ plan: FramePlan, statistics: inout FrameStatistics) -> Bool {
        guard let last = lastPrepared, isSettled, plan.layers.count == last.layers.count else { return false }
        for index in plan.layers.indices where LayerTileState(plan.layers[index]) != last.layers[index] { return false }
        statistics.repeatTileState(of: last.statistics)
        return true
    }
}

extension FrameStatistics {
    /// The tile stage's state of `last` (what is visible and cached), without its events (arrivals, jobs,
    /// evictions): a frame whose tiles resolved as `last`'s did.
    mutating func repeatTileState(of last: FrameStatistics) {
        tilesVisible = last.tilesVisible
        cacheHits = last.tilesVisible
        visibleTilePixels = last.visibleTilePixels
        tilesInCache = last.tilesInCache
        bytesInCache = last.bytesInCache
        spareBufferBytes = last.spareBufferBytes
        cacheBudgetBytes = last.cacheBudgetBytes
        bytesNeededByFrame = last.bytesNeededByFrame
        isOverBudget = last.isOverBudget
    }
}
