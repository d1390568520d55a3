/// Idle frames for free: a frame of an unchanged model over a settled tile stage is the last frame.
///
/// When no layer of the root's tree changed since this compositor's last frame (the tree's
/// ``TreeChanges``: the same object, the same count; other trees do not matter), the root and the viewport
/// are the same, the tile stage is settled (the last frame showed every tile current and no raster is
/// queued, running or waiting to be taken in: ``TileManager/isSettled``) and the caller's framebuffer
/// still holds that frame (`previousFrame` is its token), then planning, tile resolution and the op
/// comparison would all find what they found last time, and the damage would be empty. ``render`` then
/// returns at once: no plan, no tile look-up, no pixel written. The cost is O(1), not O(layers).
///
/// Thread safety: the model thread, as ``Compositor/render(_:into:previousFrame:)``.
struct UnchangedFrameState {
    /// What the last frame was planned from.
    let subject: PlannedSubject
    /// The last frame's statistics (tile and cache state; its events are cleared on reuse).
    let statistics: FrameStatistics
}

extension Compositor {
    /// The statistics of an unchanged frame (nothing planned, nothing composited, `damage` empty),
    /// or `nil` when the frame must be planned.
    func unchangedFrame(_ root: Layer, viewport: PixelRect, previousFrame: FrameToken?) -> FrameStatistics? {
        guard let last = unchanged, let previousFrame, previousFrame == damage.lastToken,
              last.subject.isUnchanged(root: root, viewport: viewport), tiles.isSettled else { return nil }
        var statistics = FrameStatistics()
        statistics.isUnchangedFrame = true
        statistics.frameNumber = last.statistics.frameNumber
        statistics.repeatTileState(of: last.statistics)
        statistics.frameToken = FrameToken.next()
        damage.carryForward(as: statistics.frameToken)
        return statistics
    }
}
