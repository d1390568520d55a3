/// Something a ``ScrollAnimator`` reports from a gesture or a time step.
///
/// A plain value: `Sendable`.
public enum ScrollEvent: Hashable, Sendable {
    /// The motion that followed a release (deceleration, bounce, spring-back or paging) has come to rest
    /// on both axes, at `contentOffset` (points, the scroll layer's plane). Reported once per release,
    /// by the step (or the release itself) in which it happens — UIKit's `scrollViewDidEndDecelerating`,
    /// or `scrollViewDidEndDragging(willDecelerate: false)` when the release had nothing to animate.
    case scrollEnded(contentOffset: Point)
}
