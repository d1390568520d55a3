import Testing
import Tessera

/// With paging, a release settles on a multiple of the bounds size from the minimum offset: the nearest
/// page for a slow release, the next or previous page for a fast one.
@Suite struct PagingTests {
    /// 320 × 480 bounds over 10 pages of 480 pt (maximum y = 4320), resting on page 3 (y = 1440).
    func pagedAnimator(contentHeight: Double = 4800, inset: EdgeInsets = .zero,
                       start: Double = 1440) throws -> ScrollAnimator {
        let layer = try makeScrollLayer(contentHeight: contentHeight, inset: inset, offset: Point(x: 0, y: start))
        let animator = try ScrollAnimator(scrollLayer: layer)
        animator.isPagingEnabled = true
        return animator
    }

    /// Drag by `drag` (finger translation, y), release with finger velocity `velocity`; returns the rest.
    func settle(_ animator: ScrollAnimator, drag: Double, velocity: Double, hz: Double = 120) throws -> Double {
        let start = animator.scrollLayer.contentOffset.y
        try animator.drag(by: Point(x: 0, y: drag))
        let released = animator.scrollLayer.contentOffset.y
        try animator.endDrag(velocity: Point(x: 0, y: velocity))
        let target = try #require(animator.restingContentOffset).y
        let run = try runToRest(animator, step: 1 / hz)
        let end = try #require(run.endOffset).y
        #expect(end == target)
        // Paging never overshoots its page: every offset lies between the release point and the page.
        for offset in run.offsets {
            #expect(min(released, end) - 1e-9 <= offset.y && offset.y <= max(released, end) + 1e-9,
                    "from \(start) released at \(released), \(offset.y) outside the way to \(end)")
        }
        return end
    }

    @Test func slowReleasesGoToTheNearestPage() throws {
        // (finger drag, expected page offset). Offset = 1440 − drag.
        let cases: [(Double, Double)] = [(-100.0, 1440.0), (-239, 1440), (-241, 1920), (100, 1440), (241, 960),
                                 (-700, 1920), (-730, 2400), (700, 960)]
        for (drag, expected) in cases {
            for velocity in [0.0, 150, -150, 299, -299] {
                let result = try settle(try pagedAnimator(), drag: drag, velocity: velocity)
                #expect(result == expected, "drag \(drag), velocity \(velocity)")
            }
        }
    }

    @Test func fastReleasesGoToTheNextOrPreviousPage() throws {
        // Finger up (negative) moves the offset down the pages; a flick goes on to the next boundary.
        let cases: [(Double, Double, Double)] = [(-50.0, -1000.0, 1920.0), (-400, -3000, 1920), (50, 1000, 960),
                                           (400, 3000, 960),
                                           // flicking back against a drag returns to the page it left
                                           (-100, 1000, 1440), (100, -1000, 1440)]
        for (drag, velocity, expected) in cases {
            for hz in frameRates {
                let result = try settle(try pagedAnimator(), drag: drag, velocity: velocity, hz: hz)
                #expect(result == expected, "drag \(drag), velocity \(velocity), \(hz) Hz")
            }
        }
    }

    @Test func flingsFromAPageBoundaryMoveOnePage() throws {
        let cases: [(Double, Double)] = [(-2000, 1920), (2000, 960), (-50_000, 1920), (100, 1440)]
        for (velocity, expected) in cases {
            let animator = try pagedAnimator()
            try animator.fling(velocity: Point(x: 0, y: velocity))
            #expect(try runToRest(animator, step: 1.0 / 60).endOffset?.y == expected)
        }
    }

    @Test func edgesAndTheLastPartialPage() throws {
        // First and last page: a flick outward stays on them.
        let edgeCases: [(Double, Double, Double)] = [(0, 3000, 0), (4320, -3000, 4320)]
        for (start, velocity, expected) in edgeCases {
            let animator = try pagedAnimator(start: start)
            try animator.fling(velocity: Point(x: 0, y: velocity))
            #expect(try runToRest(animator, step: 1.0 / 60).endOffset?.y == expected)
        }
        // Content 1000 tall: maximum 520, pages 0, 480 and the capped last page 520.
        let partialCases: [(Double, Double, Double)] = [(500, 0, 480), (505, -1000, 520), (300, 0, 480),
                                            (200, 0, 0)]
        for (start, velocity, expected) in partialCases {
            let animator = try pagedAnimator(contentHeight: 1000, start: start)
            try animator.fling(velocity: Point(x: 0, y: velocity))
            #expect(try runToRest(animator, step: 1.0 / 60).endOffset?.y == expected, "start \(start)")
        }
    }

    @Test func pagesCountFromTheInsetMinimum() throws {
        // Inset top 100: minimum −100, pages at −100, 380, 860, …
        let animator = try pagedAnimator(inset: EdgeInsets(top: 100), start: -100)
        #expect(try settle(animator, drag: -300, velocity: 0) == 380)
        #expect(try settle(animator, drag: -10, velocity: -800) == 860)
        #expect(try settle(animator, drag: 10, velocity: 800) == 380)
    }

    @Test func horizontalPaging() throws {
        let layer = try makeScrollLayer(contentWidth: 1600, contentHeight: 480, offset: Point(x: 640, y: 0))
        let animator = try ScrollAnimator(scrollLayer: layer)
        animator.isPagingEnabled = true
        try animator.drag(by: Point(x: -30, y: 0))
        try animator.endDrag(velocity: Point(x: -900, y: 0))
        #expect(try runToRest(animator, step: 1.0 / 60).endOffset == Point(x: 960, y: 0))
        try animator.fling(velocity: Point(x: 900, y: 0))
        #expect(try runToRest(animator, step: 1.0 / 60).endOffset == Point(x: 640, y: 0))
    }
}

/// Paging with `bounces = false` stays in range even when flicked hard at the first and last pages.
@Suite struct PagingWithoutBounceTests {
    @Test func hardFlicksAtTheEndsStayInRange() throws {
        let starts: [Double] = [0, 100, 4200, 4320]
        for start in starts {
            for finger in [-20_000.0, 20_000] {
                let layer = try makeScrollLayer(contentHeight: 4800, offset: Point(x: 0, y: start))
                let animator = try ScrollAnimator(scrollLayer: layer)
                animator.isPagingEnabled = true
                animator.bounces = false
                try animator.drag(by: Point(x: 0, y: finger / 100))
                #expect(layer.contentOffset.y >= 0 && layer.contentOffset.y <= 4320)
                try animator.endDrag(velocity: Point(x: 0, y: finger))
                let run = try runToRest(animator, step: 1.0 / 60)
                for offset in run.offsets { #expect(offset.y >= 0 && offset.y <= 4320) }
                let end = try #require(run.endOffset).y
                #expect(end.truncatingRemainder(dividingBy: 480) == 0)
            }
        }
    }
}
