import Testing
import Tessera

/// Invariant 2 of ARCHITECTURE.md: a frame after a pure scroll rasterizes exactly the tiles that became
/// visible and were not cached; scrolling back within the budget rasterizes nothing; `setNeedsDisplay(in:)`
/// re-rasterizes exactly the tiles its rect touches.
///
/// Expected tile sets are computed here by hand from the geometry (scale 1, whole-point offsets): a
/// layer whose composited rect is `[x, x + w) × [y, y + h)` (already cut by its clips) with plane offset
/// `o` (its composited origin minus its bounds origin) shows the plane pixels `[x − o.x, …)`.
@Suite struct ScrollRasterTests {
    static let tileSize = 32

    /// A 200×150 root; a clipping scroll layer at (10, 20) of 120×100 with recorded content; inside it,
    /// a clipping scroll layer at (20, 30) of 60×50 with its own recorded content.
    struct Scene {
        let root: Layer
        let outer: ScrollLayer
        let inner: ScrollLayer
        let outerDraws = DrawRecorder()
        let innerDraws = DrawRecorder()
        let compositor: Compositor
        let framebuffer: PixelBuffer

        init(prepaint: Int = 0, workers: Int = 2) throws {
            root = try Layer(frame: Rect(x: 0, y: 0, width: 200, height: 150))
            outer = try ScrollLayer(frame: Rect(x: 10, y: 20, width: 120, height: 100))
            outer.clipsToBounds = true
            outer.content = CountingContent(recorder: outerDraws, seed: 1)
            inner = try ScrollLayer(frame: Rect(x: 20, y: 30, width: 60, height: 50))
            inner.clipsToBounds = true
            inner.content = CountingContent(recorder: innerDraws, seed: 2)
            try root.addSublayer(outer)
            try outer.addSublayer(inner)
            compositor = try Compositor(configuration: .init(
                tileSize: ScrollRasterTests.tileSize, workers: workers, maximumPrepaintTiles: prepaint, rasterMode: .synchronous))
            framebuffer = try PixelBuffer(width: 200, height: 150)
        }

        func render() throws -> FrameStatistics { try compositor.render(root, into: framebuffer) }

        /// The outer layer's visible plane tiles, by hand: its screen rect is fixed, its plane shows
        /// `[b.x, b.x + 120) × [b.y, b.y + 100)`.
        var expectedOuterTiles: Set<TilePosition> {
            let b = outer.contentOffset
            return TilePosition.covering(x0: Int(b.x), y0: Int(b.y), x1: Int(b.x) + 120, y1: Int(b.y) + 100,
                                         tileSize: ScrollRasterTests.tileSize)
        }

        /// The inner layer's visible plane tiles, by hand: its screen rect `[10 + 20 − ob.x, … + 60)` ×
        /// `[20 + 30 − ob.y, … + 50)` is cut by the outer layer's screen rect `[10, 130) × [20, 120)`,
        /// then moved into its plane by `ib − screen origin`.
        var expectedInnerTiles: Set<TilePosition> {
            let ob = outer.contentOffset, ib = inner.contentOffset
            let sx = 30 - Int(ob.x), sy = 50 - Int(ob.y)
            let x0 = max(sx, 10), x1 = min(sx + 60, 130), y0 = max(sy, 20), y1 = min(sy + 50, 120)
            let dx = Int(ib.x) - sx, dy = Int(ib.y) - sy
            return TilePosition.covering(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy,
                                         tileSize: ScrollRasterTests.tileSize)
        }
    }

    static func drawn(_ recorder: DrawRecorder) -> [TilePosition] {
        recorder.take().map { TilePosition(drawn: $0, tileSize: tileSize) }
    }

    @Test func scrollingRasterizesExactlyTheNewlyVisibleTiles() throws {
        let scene = try Scene()
        var cachedOuter: Set<TilePosition> = []
        var cachedInner: Set<TilePosition> = []
        let deltas: [(outer: Point, inner: Point)] = [
            (Point(x: 0, y: 0), Point(x: 0, y: 0)),
            (Point(x: 0, y: 37), Point(x: 0, y: 0)),       // down
            (Point(x: 0, y: -50), Point(x: 0, y: 0)),      // up, past the start
            (Point(x: 45, y: 0), Point(x: 0, y: 0)),       // right
            (Point(x: -13, y: 0), Point(x: 0, y: 0)),      // left
            (Point(x: 70, y: 64), Point(x: 0, y: 0)),      // diagonal
            (Point(x: -96, y: -33), Point(x: 0, y: 0)),    // diagonal back
            (Point(x: 0, y: 0), Point(x: 29, y: -41)),     // only the nested layer
            (Point(x: 17, y: 5), Point(x: -60, y: 70)),    // both at once
            (Point(x: -200, y: 300), Point(x: 1, y: 1)),   // a jump far away
        ]
        for (index, delta) in deltas.enumerated() {
            try scene.outer.setContentOffset(scene.outer.contentOffset + delta.outer)
            try scene.inner.setContentOffset(scene.inner.contentOffset + delta.inner)
            let statistics = try scene.render()
            let outerDrawn = Self.drawn(scene.outerDraws), innerDrawn = Self.drawn(scene.innerDraws)
            let expectedOuter = scene.expectedOuterTiles.subtracting(cachedOuter)
            let expectedInner = scene.expectedInnerTiles.subtracting(cachedInner)
            #expect(outerDrawn.count == Set(outerDrawn).count, "step \(index): a tile was drawn twice")
            #expect(Set(outerDrawn) == expectedOuter, "step \(index): outer")
            #expect(Set(innerDrawn) == expectedInner, "step \(index): inner")
            #expect(statistics.tilesRasterizedVisible == expectedOuter.count + expectedInner.count)
            #expect(statistics.tilesRasterizedPrepaint == 0)
            #expect(statistics.tilesVisible == scene.expectedOuterTiles.count + scene.expectedInnerTiles.count)
            #expect(statistics.cacheHits == statistics.tilesVisible - statistics.tilesRasterizedVisible)
            cachedOuter.formUnion(outerDrawn)
            cachedInner.formUnion(innerDrawn)
        }

        // Scrolling back over everything seen, within the (default, large) budget: nothing is drawn.
        for (index, delta) in deltas.reversed().enumerated() {
            try scene.outer.setContentOffset(scene.outer.contentOffset - delta.outer)
            try scene.inner.setContentOffset(scene.inner.contentOffset - delta.inner)
            let statistics = try scene.render()
            #expect(statistics.tilesRasterized == 0, "back step \(index)")
            #expect(scene.outerDraws.take().isEmpty && scene.innerDraws.take().isEmpty)
            #expect(statistics.evictions == 0)
        }
    }

    @Test func fractionalScrollsAtScaleTwoRasterizeExactlyTheNewTiles() throws {
        // Scale 2: the outer layer's screen rect is [20, 260) × [40, 240) device pixels; its plane is shifted
        // by t = floor((10 − b.x) · 2 + 0.5), likewise for y with 20, so it shows [20 − t.x, 260 − t.x) × ….
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 200, height: 150))
        let outer = try ScrollLayer(frame: Rect(x: 10, y: 20, width: 120, height: 100))
        outer.clipsToBounds = true
        let recorder = DrawRecorder()
        outer.content = CountingContent(recorder: recorder)
        try root.addSublayer(outer)
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, scale: 2,
                                                             maximumPrepaintTiles: 0, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 400, height: 300)
        var cached: Set<TilePosition> = []
        for offset in [Point(x: 0, y: 0), Point(x: 0.25, y: 7.75), Point(x: -3.5, y: 12.3), Point(x: 40.8, y: -17.6),
                       Point(x: 0.25, y: 7.75)] {
            try outer.setContentOffset(offset)
            let statistics = try compositor.render(root, into: framebuffer)
            let tx = Int(((10 - offset.x) * 2 + 0.5).rounded(.down)), ty = Int(((20 - offset.y) * 2 + 0.5).rounded(.down))
            let visible = TilePosition.covering(x0: 20 - tx, y0: 40 - ty, x1: 260 - tx, y1: 240 - ty, tileSize: 32)
            let drawn = Set(recorder.take().map { TilePosition(drawn: $0, tileSize: 32) })
            #expect(drawn == visible.subtracting(cached), "offset \(offset)")
            #expect(statistics.tilesVisible == visible.count)
            cached.formUnion(drawn)
        }
    }

    @Test func fractionalScrollsWithinTheCachedTilesDrawNothing() throws {
        let scene = try Scene()
        _ = try scene.render()
        _ = scene.outerDraws.take()
        _ = scene.innerDraws.take()
        // Offsets below one point shift the plane by at most one device pixel: the visible plane rows stay
        // within rows 0…3 (pixels 0…127), all cached.
        for y in [0.25, 0.5, 0.75, 0.4, 0.0] {
            try scene.outer.setContentOffset(Point(x: 0, y: y))
            let statistics = try scene.render()
            #expect(statistics.tilesVisible > 0)
            #expect(statistics.tilesRasterized == 0, "offset \(y)")
            #expect(scene.outerDraws.take().isEmpty && scene.innerDraws.take().isEmpty)
        }
    }

    @Test func invalidatingARectRedrawsExactlyTheTilesItTouches() throws {
        let scene = try Scene()
        _ = try scene.render()
        _ = scene.outerDraws.take()
        _ = scene.innerDraws.take()

        // Points (40.5, 10)–(70.5, 15) touch device pixels [40, 71) × [10, 15): columns 1…2, row 0.
        try scene.outer.setNeedsDisplay(in: Rect(x: 40.5, y: 10, width: 30, height: 5))
        var statistics = try scene.render()
        #expect(Set(Self.drawn(scene.outerDraws)) == [TilePosition(column: 1, row: 0), TilePosition(column: 2, row: 0)])
        #expect(scene.innerDraws.take().isEmpty)
        #expect(statistics.tilesInvalidated == 2)
        #expect(statistics.tilesRasterizedVisible == 2)

        // An exact tile-aligned rect touches one tile; its right and bottom edges touch nothing more.
        try scene.outer.setNeedsDisplay(in: Rect(x: 64, y: 32, width: 32, height: 32))
        statistics = try scene.render()
        #expect(Self.drawn(scene.outerDraws) == [TilePosition(column: 2, row: 1)])

        // A rect off-screen drops nothing visible; once scrolled into view its tiles are redrawn along with
        // the newly visible ones (none of them were cached).
        try scene.outer.setNeedsDisplay(in: Rect(x: 0, y: 500, width: 10, height: 10))
        statistics = try scene.render()
        #expect(statistics.tilesRasterized == 0)

        // Invalidation of the nested layer's plane only touches the nested layer.
        try scene.inner.setNeedsDisplay(in: Rect(x: 0, y: 0, width: 1, height: 1))
        statistics = try scene.render()
        #expect(Self.drawn(scene.innerDraws) == [TilePosition(column: 0, row: 0)])
        #expect(scene.outerDraws.take().isEmpty)

        // setNeedsDisplay() redraws every visible tile of the layer, and only that layer.
        scene.outer.setNeedsDisplay()
        statistics = try scene.render()
        #expect(Set(Self.drawn(scene.outerDraws)) == scene.expectedOuterTiles)
        #expect(scene.innerDraws.take().isEmpty)

        // Changing only the background colour redraws no tile (backgrounds are not cached in tiles).
        scene.outer.backgroundColor = .white
        statistics = try scene.render()
        #expect(statistics.tilesRasterized == 0)
    }

    @Test func prepaintDrawsAheadOfTheScrollAndIsCountedApart() throws {
        let scene = try Scene(prepaint: 8, workers: 2)
        scene.inner.removeFromSuperlayer()
        _ = try scene.render()
        var everDrawn = Set(Self.drawn(scene.outerDraws))
        var prepainted = 0
        // Scroll down by 3 points a frame: the look-ahead (TilePolicy) reaches 32 frames × 3 = 96 device
        // pixels below the visible rect (less than the 150-pixel window), in the visible columns; at any
        // velocity it also holds the ring of tiles next to the visible ones (the distance margin: one
        // tile around the window, the outer layer scrolls so its bounds do not cut it).
        for step in 1...12 {
            try scene.outer.setContentOffset(Point(x: 0, y: Double(3 * step)))
            let statistics = try scene.render()
            let drawn = Self.drawn(scene.outerDraws)
            let visible = scene.expectedOuterTiles
            // Visible misses are exactly the visible tiles not drawn before (by an earlier prepaint, say).
            #expect(statistics.tilesRasterizedVisible == visible.subtracting(everDrawn).count, "step \(step)")
            #expect(statistics.tilesRasterized == drawn.count)
            let ahead = Set(drawn).subtracting(visible)
            #expect(ahead.count == statistics.tilesRasterizedPrepaint)
            let lowestVisibleRow = visible.map(\.row).max()!
            let reachEnd = Int(scene.outer.contentOffset.y) + 100 + 96
            for tile in ahead {
                let inRing = visible.contains { abs($0.row - tile.row) <= 1 && abs($0.column - tile.column) <= 1 }
                let belowInColumns = tile.row > lowestVisibleRow && tile.row * 32 < reachEnd
                    && visible.contains { $0.column == tile.column }
                #expect(inRing || belowInColumns, "prepaint \(tile) is neither in the ring nor just below")
            }
            prepainted += statistics.tilesRasterizedPrepaint
            everDrawn.formUnion(drawn)
        }
        #expect(prepainted > 0)
    }

    /// Without motion the look-ahead is the ring around the window (TilePolicy's distance margin),
    /// rasterized once; with a zero limit there is none.
    @Test func prepaintWithoutMotionIsTheRingOnceAndOffWithZeroLimit() throws {
        let still = try Scene(prepaint: 8)
        var ring = 0, frames = 0
        while frames < 200 {  // synchronous mode paces a still layer's prepaint: a job per idle worker per frame
            let count = try still.render().tilesRasterizedPrepaint
            if count == 0 && ring > 0 { break }
            ring += count
            frames += 1
        }
        #expect(ring > 0 && frames < 200)
        for _ in 0..<3 { #expect(try still.render().tilesRasterizedPrepaint == 0) }
        let off = try Scene(prepaint: 0)
        for step in 0..<4 {
            try off.outer.setContentOffset(Point(x: 0, y: Double(5 * step)))
            #expect(try off.render().tilesRasterizedPrepaint == 0)
        }
    }
}
