import Testing
import Tessera

/// When tiles are dropped: replaced content, freed layers, removed layers, many small invalidations.
@Suite struct TileLifecycleTests {
    static func scene() throws -> (root: Layer, layer: Layer, recorder: DrawRecorder) {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 64, height: 64))
        let layer = try Layer(frame: Rect(x: 0, y: 0, width: 64, height: 64))
        let recorder = DrawRecorder()
        layer.content = CountingContent(recorder: recorder)
        try root.addSublayer(layer)
        return (root, layer, recorder)
    }

    @Test func replacingContentRedrawsEveryTile() throws {
        let (root, layer, recorder) = try Self.scene()
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 64, height: 64)
        _ = try compositor.render(root, into: framebuffer)
        #expect(recorder.take().count == 4)
        layer.content = CountingContent(recorder: recorder, seed: 99)
        let statistics = try compositor.render(root, into: framebuffer)
        #expect(recorder.take().count == 4)
        #expect(statistics.tilesInvalidated == 4)
        let reference = try ReferenceRenderer.render(root, width: 64, height: 64, scale: 1)
        #expect(firstDifference(framebuffer.packedBytes(), reference, width: 64) == nil)
    }

    @Test func tilesOfAFreedLayerAreReleasedAtTheNextFrame() throws {
        var (root, layer, _) = try Self.scene()
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 64, height: 64)
        _ = try compositor.render(root, into: framebuffer)
        #expect(compositor.tilesInCache == 4)
        layer.removeFromSuperlayer()
        layer = try Layer()  // the last reference to the old layer goes away
        let statistics = try compositor.render(root, into: framebuffer)
        #expect(statistics.tilesInCache == 0)
        #expect(compositor.bytesInCache == 0)
        _ = layer
    }

    @Test func tilesOfARemovedButLiveLayerLeaveThroughLRU() throws {
        let (root, layer, _) = try Self.scene()
        let other = try Layer(frame: Rect(x: 0, y: 0, width: 64, height: 64))
        other.content = PatternContent(seed: 4)
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, cacheBudgetBytes: 4 * 32 * 32 * 4, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 64, height: 64)
        _ = try compositor.render(root, into: framebuffer)
        layer.removeFromSuperlayer()
        try root.addSublayer(other)
        let statistics = try compositor.render(root, into: framebuffer)
        #expect(statistics.evictions == 4)
        #expect(statistics.tilesInCache == 4)
        _ = layer
    }

    @Test func manySmallInvalidationsBetweenFramesStayCorrect() throws {
        let (root, layer, recorder) = try Self.scene()
        let compositor = try Compositor(configuration: .init(tileSize: 16, workers: 2, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 64, height: 64)
        _ = try compositor.render(root, into: framebuffer)
        _ = recorder.take()
        // More rects than the model's log keeps: the oldest fold into "everything", never into nothing.
        for index in 0..<100 {
            try layer.setNeedsDisplay(in: Rect(x: Double(index % 4) * 16 + 1, y: 1, width: 1, height: 1))
        }
        _ = try compositor.render(root, into: framebuffer)
        let redrawn = Set(recorder.take().map { TilePosition(drawn: $0, tileSize: 16) })
        #expect(redrawn.isSuperset(of: (0..<4).map { TilePosition(column: $0, row: 0) }))
        // A handful of rects stays exact.
        try layer.setNeedsDisplay(in: Rect(x: 20, y: 40, width: 1, height: 1))
        try layer.setNeedsDisplay(in: Rect(x: 50, y: 50, width: 1, height: 1))
        _ = try compositor.render(root, into: framebuffer)
        #expect(Set(recorder.take().map { TilePosition(drawn: $0, tileSize: 16) })
                == [TilePosition(column: 1, row: 2), TilePosition(column: 3, row: 3)])
    }

    @Test func aHugeInvalidationRectRedrawsTheVisibleTilesWithoutTrapping() throws {
        let (root, layer, recorder) = try Self.scene()
        let compositor = try Compositor(configuration: .init(tileSize: 16, workers: 2, scale: 16, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 64, height: 64)
        _ = try compositor.render(root, into: framebuffer)
        _ = recorder.take()
        try layer.setNeedsDisplay(in: Rect(x: -5e11, y: -5e11, width: 1e12, height: 1e12))
        let statistics = try compositor.render(root, into: framebuffer)
        #expect(statistics.tilesInvalidated == 16)
        #expect(recorder.take().count == 16)
    }

    @Test func twoCompositorsEachSeeEveryInvalidation() throws {
        let (root, layer, recorder) = try Self.scene()
        let first = try Compositor(configuration: .init(tileSize: 32, workers: 1, rasterMode: .synchronous))
        let second = try Compositor(configuration: .init(tileSize: 32, workers: 1, scale: 2, rasterMode: .synchronous))
        let small = try PixelBuffer(width: 64, height: 64), large = try PixelBuffer(width: 128, height: 128)
        _ = try first.render(root, into: small)
        _ = try second.render(root, into: large)
        _ = recorder.take()
        try layer.setNeedsDisplay(in: Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(try first.render(root, into: small).tilesRasterized == 1)
        #expect(try second.render(root, into: large).tilesRasterized == 1)
        #expect(try first.render(root, into: small).tilesRasterized == 0)
    }
}
