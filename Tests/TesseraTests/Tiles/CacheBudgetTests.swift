import Testing
import Tessera

/// Invariant 4 of ARCHITECTURE.md: the tile cache never holds more than its budget, except for the tiles the
/// current frame itself needs, and reports when that happens; and memory follows the viewport and the
/// budget, never the content size.
@Suite struct CacheBudgetTests {
    static let tileSize = 16
    static let tileBytes = tileSize * tileSize * 4

    /// Checks the budget rule on one frame's statistics.
    static func checkBudget(_ statistics: FrameStatistics, budget: Int, _ comment: Comment) {
        #expect(statistics.bytesNeededByFrame == statistics.tilesVisible * tileBytes, comment)
        if statistics.isOverBudget {
            #expect(statistics.bytesNeededByFrame > budget, comment)
            // Everything not needed was evicted: exactly the frame's own tiles remain.
            #expect(statistics.bytesInCache == statistics.bytesNeededByFrame, comment)
        } else {
            #expect(statistics.bytesInCache <= budget, comment)
        }
        #expect(statistics.bytesInCache <= max(budget, statistics.bytesNeededByFrame), comment)
        // Spare pooled buffers count too: tiles plus spares stay within the budget or the frame's needs.
        #expect(statistics.bytesInCache + statistics.spareBufferBytes
                <= max(budget, statistics.bytesNeededByFrame), comment)
    }

    @Test(arguments: [0, 8])
    func aTinyBudgetIsKeptOrReportedEveryFrame(prepaint: Int) throws {
        let budget = 6 * Self.tileBytes
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 64, height: 48))
        let scroll = try ScrollLayer(frame: Rect(x: 4, y: 4, width: 16, height: 16))
        scroll.clipsToBounds = true
        scroll.content = PatternContent(seed: 3)
        try root.addSublayer(scroll)
        let big = try ScrollLayer(frame: Rect(x: 0, y: 26, width: 64, height: 22))
        big.content = PatternContent(seed: 4)
        big.isHidden = true
        try root.addSublayer(big)

        let compositor = try Compositor(configuration: .init(
            tileSize: Self.tileSize, workers: 2, cacheBudgetBytes: budget, maximumPrepaintTiles: prepaint, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 64, height: 48)
        var evictions = 0
        var sawOverBudget = false
        for step in 0..<40 {
            // Mostly small scrolls (a 16×16 window touches at most 2×2 tiles: within budget), sometimes the big layer too
            // (its visible tiles alone exceed the budget).
            try scroll.setContentOffset(Point(x: Double(step * 7 % 50), y: Double(step * 11 % 70) - 20))
            big.isHidden = step % 10 != 9
            let statistics = try compositor.render(root, into: framebuffer)
            Self.checkBudget(statistics, budget: budget, "step \(step)")
            #expect(compositor.bytesInCache == statistics.bytesInCache)
            evictions += statistics.evictions
            sawOverBudget = sawOverBudget || statistics.isOverBudget
            #expect(statistics.isOverBudget == !big.isHidden, "step \(step)")
            let reference = try ReferenceRenderer.render(root, width: 64, height: 48, scale: 1)
            #expect(firstDifference(framebuffer.packedBytes(), reference, width: 64) == nil, "step \(step)")
        }
        #expect(evictions > 0)
        #expect(sawOverBudget)
    }

    @Test func aZeroBudgetKeepsOnlyTheCurrentFrame() throws {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        root.content = PatternContent(seed: 1)
        let compositor = try Compositor(configuration: .init(tileSize: 16, workers: 1, cacheBudgetBytes: 0, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 40, height: 40)
        let first = try compositor.render(root, into: framebuffer)
        #expect(first.isOverBudget && first.tilesVisible == 9 && first.bytesInCache == 9 * Self.tileBytes)
        // The frame's own tiles stay (they are this frame's); the next identical frame finds them.
        let second = try compositor.render(root, into: framebuffer)
        #expect(second.cacheHits == 9 && second.tilesRasterized == 0)
    }

    @Test func steadyScrollingReusesEvictedBuffers() throws {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 32, height: 32))
        let scroll = try ScrollLayer(frame: Rect(x: 0, y: 0, width: 32, height: 32))
        scroll.content = PatternContent(seed: 2)
        try root.addSublayer(scroll)
        let compositor = try Compositor(configuration: .init(
            tileSize: 16, workers: 2, cacheBudgetBytes: 12 * Self.tileBytes, maximumPrepaintTiles: 0, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 32, height: 32)
        var allocatedAfterWarmUp = 0
        for step in 0..<60 {
            try scroll.setContentOffset(Point(x: 0, y: Double(step * 16)))
            let statistics = try compositor.render(root, into: framebuffer)
            if step >= 10 { allocatedAfterWarmUp += statistics.tileBuffersAllocated }
            #expect(statistics.bytesInCache <= 12 * Self.tileBytes)
        }
        #expect(allocatedAfterWarmUp == 0)
    }

    @Test func aMillionPointCanvasScrolledToItsFarCornerStaysWithinTheBudget() throws {
        let budget = 40 * Self.tileBytes
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 64, height: 48))
        let scroll = try ScrollLayer(frame: Rect(x: 0, y: 0, width: 64, height: 48))
        try scroll.setContentSize(Size(width: 1_000_000, height: 1_000_000))
        let canvas = try Layer(frame: Rect(x: 0, y: 0, width: 1_000_000, height: 1_000_000))
        let recorder = DrawRecorder()
        canvas.content = CountingContent(recorder: recorder, seed: 5)
        canvas.backgroundColor = try Color(hex: "#336699")
        try scroll.addSublayer(canvas)
        try root.addSublayer(scroll)
        let compositor = try Compositor(configuration: .init(
            tileSize: Self.tileSize, workers: 2, cacheBudgetBytes: budget, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 64, height: 48)

        // Fly towards the far corner in big jumps, then pan the last bit with the gesture API.
        for fraction in stride(from: 0.0, through: 1.0, by: 0.125) {
            try scroll.setContentOffset(scroll.clampedContentOffset(
                Point(x: fraction * 1_000_000, y: fraction * 1_000_000)))
            let statistics = try compositor.render(root, into: framebuffer)
            Self.checkBudget(statistics, budget: budget, "at \(fraction)")
            #expect(!statistics.isOverBudget)
        }
        for _ in 0..<5 { try scroll.pan(by: Point(x: -7, y: -9)) }
        let statistics = try compositor.render(root, into: framebuffer)
        #expect(scroll.contentOffset == Point(x: 1_000_000 - 64, y: 1_000_000 - 48))
        #expect(statistics.bytesInCache <= budget)
        #expect(statistics.tilesVisible == 4 * 3)  // 64×48 at (999936, 999952) = 16 · (62496, 62497): 4 columns, 3 rows
        let lastDrawn = recorder.take().last!
        #expect(lastDrawn.x >= 999_936 - 16 && lastDrawn.y >= 999_952 - 16)
        let reference = try ReferenceRenderer.render(root, width: 64, height: 48, scale: 1)
        #expect(firstDifference(framebuffer.packedBytes(), reference, width: 64) == nil)
    }
}
