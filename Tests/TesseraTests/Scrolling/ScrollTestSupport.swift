import Foundation
import Testing
import Tessera

/// A scroll layer at the origin with the given bounds size, content size and inset.
func makeScrollLayer(width: Double = 320, height: Double = 480, contentWidth: Double = 320,
                     contentHeight: Double, inset: EdgeInsets = .zero,
                     offset: Point = .zero) throws -> ScrollLayer {
    let layer = try ScrollLayer(frame: Rect(x: 0, y: 0, width: width, height: height))
    try layer.setContentSize(Size(width: contentWidth, height: contentHeight))
    try layer.setContentInset(inset)
    try layer.setContentOffset(offset)
    return layer
}

/// The result of running an animator to rest with a fixed step.
struct Run {
    /// The offset after every step (not including the offset before the first step).
    var offsets: [Point] = []
    /// Seconds until the step that reported `scrollEnded`.
    var endTime: Double?
    /// The offset reported with `scrollEnded`.
    var endOffset: Point?
}

/// Advances `animator` by `step` seconds until it reports the end of the scroll (or `limit` seconds pass).
/// An animator already at rest (a release with nothing to animate) gives its offset at time 0.
func runToRest(_ animator: ScrollAnimator, step: Double, limit: Double = 30) throws -> Run {
    var run = Run()
    if animator.isAtRest {
        run.endTime = 0
        run.endOffset = animator.scrollLayer.contentOffset
        return run
    }
    var time = 0.0
    while time < limit {
        let event = try animator.advance(by: step)
        time += step
        run.offsets.append(animator.scrollLayer.contentOffset)
        if case let .scrollEnded(offset)? = event {
            run.endTime = time
            run.endOffset = offset
            return run
        }
    }
    return run
}

/// The frame rates the physics must agree across.
let frameRates: [Double] = [30, 60, 120, 144, 240]
