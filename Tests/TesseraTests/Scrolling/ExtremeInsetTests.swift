import Testing
@testable import Tessera

/// Insets at the coordinate limit (found by the C ABI fuzzer): the scroll range stays ordered and an
/// animator works on such a layer.
@Suite struct ExtremeInsetTests {
    @Test(arguments: [-1e12, 1e12])
    func theMinimumOffsetNeverExceedsTheMaximumAndAnAnimatorCanDrive(_ inset: Double) throws {
        let scroll = try ScrollLayer(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        try scroll.setContentSize(Size(width: 100, height: 500))
        try scroll.setContentInset(EdgeInsets(top: inset, left: inset, bottom: -inset, right: -inset))
        #expect(scroll.minimumContentOffset.x <= scroll.maximumContentOffset.x)
        #expect(scroll.minimumContentOffset.y <= scroll.maximumContentOffset.y)
        let animator = try ScrollAnimator(scrollLayer: scroll)
        try animator.fling(velocity: Point(x: 0, y: -3000))
        for _ in 0..<2000 where !animator.isAtRest { try animator.advance(by: 1.0 / 60) }
        #expect(animator.isAtRest)
    }
}
