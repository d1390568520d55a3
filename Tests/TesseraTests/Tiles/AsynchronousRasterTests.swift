import Dispatch
import Foundation
import Testing
@testable import Tessera

/// The asynchronous tile manager: frames never wait for raster, a visible tile without pixels shows the
/// plane-aligned checkerboard or its stale pixels, and no invalidation racing a raster in flight can
/// leave old pixels as current (invariant 6, `ARCHITECTURE.md`). Races are forced deterministically with
/// a content whose drawing blocks until the test opens a gate.
@Suite struct AsynchronousRasterTests {
    /// A solid colour read from ``color`` when a draw starts; while the gate is closed a draw blocks
    /// (after reading the colour) until ``open()``. ``entered`` is signalled as each draw starts.
    final class GatedContent: LayerContent, @unchecked Sendable {
        private let lock = NSLock()
        private var current: Pixel
        private var isOpen: Bool
        private let gate = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)

        init(_ color: Pixel, open: Bool = false) {
            current = color
            isOpen = open
        }

        var color: Pixel {
            get { lock.withLock { current } }
            set { lock.withLock { current = newValue } }
        }

        func open() {
            lock.withLock { isOpen = true }
            gate.signal()
        }

        func draw(in context: RasterContext) {
            let pixel = color
            entered.signal()
            if !lock.withLock({ isOpen }) {
                gate.wait()
                gate.signal()  // let every later blocked draw through too
            }
            context.buffer.clear(to: pixel)
        }

        /// Waits (at most 10 s) until a draw has started.
        func waitUntilDrawing() -> Bool { entered.wait(timeout: .now() + 10) == .success }
    }

    static let red = Pixel(r: 200, g: 0, b: 0, a: 255)
    static let green = Pixel(r: 0, g: 200, b: 0, a: 255)
    static let blue = Pixel(r: 0, g: 0, b: 200, a: 255)

    /// A 32 × 32 root showing one 32 × 32 layer (one 32-pixel tile) drawn by `content`.
    static func scene(_ content: any LayerContent) throws -> (root: Layer, layer: Layer) {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 32, height: 32))
        let layer = try Layer(frame: Rect(x: 0, y: 0, width: 32, height: 32))
        layer.content = content
        try root.addSublayer(layer)
        return (root, layer)
    }

    static func asyncCompositor(workers: Int = 1) throws -> Compositor {
        try Compositor(configuration: .init(tileSize: 32, workers: workers, maximumPrepaintTiles: 0,
                                            rasterMode: .asynchronous))
    }

    static func allPixels(_ buffer: PixelBuffer, equal pixel: Pixel) -> Bool {
        (0..<buffer.height).allSatisfy { y in (0..<buffer.width).allSatisfy { buffer[x: $0, y: y] == pixel } }
    }

    @Test func anInvalidationRacingAnInFlightRasterNeverLeavesItsOldPixelsAsCurrent() throws {
        let content = GatedContent(Self.red, open: true)
        let (root, layer) = try Self.scene(content)
        let compositor = try Self.asyncCompositor()
        let framebuffer = try PixelBuffer(width: 32, height: 32)
        _ = try compositor.render(root, into: framebuffer)
        compositor.drainRaster()
        _ = try compositor.render(root, into: framebuffer)
        #expect(Self.allPixels(framebuffer, equal: Self.red))

        // The red tile is invalidated for green; the green raster starts and blocks mid-draw.
        let blocked = GatedContent(Self.green)
        layer.content = blocked
        var statistics = try compositor.render(root, into: framebuffer)
        #expect(blocked.waitUntilDrawing())
        #expect(statistics.tilesShownStale == 1, "the red tile stays up while its raster runs")
        #expect(Self.allPixels(framebuffer, equal: Self.red))

        // While green is being drawn, the content changes again: blue. The green result must be dropped.
        blocked.color = Self.blue
        layer.setNeedsDisplay()
        statistics = try compositor.render(root, into: framebuffer)
        #expect(statistics.tilesInvalidated == 1)
        #expect(Self.allPixels(framebuffer, equal: Self.red), "stale red, never green as current")
        blocked.open()
        compositor.drainRaster()
        statistics = try compositor.render(root, into: framebuffer)
        #expect(statistics.rasterResultsDropped == 1, "the green raster finished after its invalidation")
        #expect(statistics.tilesRasterizedVisible == 1)
        #expect(statistics.tilesShownStale == 0 && statistics.tilesCheckerboarded == 0)
        #expect(Self.allPixels(framebuffer, equal: Self.blue))
    }

    @Test func anInvalidationBeforeTheFirstRasterArrivesIsNotLost() throws {
        // The first raster of a tile reads red and blocks; the content turns green and is invalidated
        // before the compositor has seen any pixels of it; drained, the frame is green.
        let content = GatedContent(Self.red)
        let (root, layer) = try Self.scene(content)
        let compositor = try Self.asyncCompositor()
        let framebuffer = try PixelBuffer(width: 32, height: 32)
        var statistics = try compositor.render(root, into: framebuffer)
        #expect(content.waitUntilDrawing())
        #expect(statistics.tilesCheckerboarded == 1)
        content.color = Self.green
        try layer.setNeedsDisplay(in: Rect(x: 3, y: 3, width: 1, height: 1))
        content.open()
        compositor.drainRaster()  // the red result arrives before the next frame sees the invalidation
        let second = try compositor.render(root, into: framebuffer)
        #expect(second.tilesInvalidated == 1)
        compositor.drainRaster()
        statistics = try compositor.render(root, into: framebuffer)
        #expect(Self.allPixels(framebuffer, equal: Self.green))
        #expect(statistics.tilesShownStale + statistics.tilesCheckerboarded == 0)
        // Red arrived (counted by the second frame), then green (by the second or third).
        #expect(second.tilesRasterizedVisible + statistics.tilesRasterizedVisible == 2)
    }

    @Test func aVisibleTileWithoutPixelsShowsTheCheckerboardAlignedToTheLayersPlane() throws {
        let content = GatedContent(Self.red)
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 48, height: 40))
        let scroll = try ScrollLayer(frame: Rect(x: 5, y: 3, width: 40, height: 30))
        scroll.content = content
        try scroll.setContentOffset(Point(x: 13, y: -6))
        try root.addSublayer(scroll)
        let compositor = try Compositor(configuration: .init(tileSize: 16, workers: 2, maximumPrepaintTiles: 0))
        let framebuffer = try PixelBuffer(width: 48, height: 40)
        let statistics = try compositor.render(root, into: framebuffer)
        // Framebuffer pixel (x, y) inside the layer's rect [5, 45) × [3, 33) is plane pixel
        // (x − 5 + 13, y − 3 − 6); the pattern is light where ⌊px/8⌋ + ⌊py/8⌋ is even.
        for y in 0..<40 {
            for x in 0..<48 {
                let inside = (5..<45).contains(x) && (3..<33).contains(y)
                let px = x - 5 + 13, py = y - 3 - 6
                let light = (Int((Double(px) / 8).rounded(.down)) + Int((Double(py) / 8).rounded(.down))) % 2 == 0
                let expected = !inside ? Pixel.transparent
                    : light ? Pixel(r: 224, g: 224, b: 224, a: 255) : Pixel(r: 192, g: 192, b: 192, a: 255)
                #expect(framebuffer[x: x, y: y] == expected, "(\(x), \(y))")
                if framebuffer[x: x, y: y] != expected { content.open(); return }
            }
        }
        // Plane columns [13, 53) → tiles 0…3; rows [−9, 21) → tiles −1…1: 12 tiles, all missing.
        #expect(statistics.tilesVisible == 12 && statistics.tilesCheckerboarded == 12)
        #expect(statistics.checkerboardPixels == 40 * 30 && statistics.visibleTilePixels == 40 * 30)
        #expect(statistics.cacheHits == 0 && statistics.tilesRasterizedVisible == 0)
        content.open()
        compositor.drainRaster()
        let after = try compositor.render(root, into: framebuffer)
        #expect(after.tilesCheckerboarded == 0 && after.tilesRasterizedVisible == 12)
        #expect(after.tileArrivalLatencies.count == 12)
        #expect(framebuffer[x: 5, y: 3] == Self.red && framebuffer[x: 44, y: 32] == Self.red)
    }

    @Test func aRasterDeadlineLetsTheFrameWaitForItsVisibleTiles() throws {
        let (root, _) = try Self.scene(SolidContent(pixel: Self.green))
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 1, maximumPrepaintTiles: 0,
                                                             rasterDeadline: .seconds(1)))
        let framebuffer = try PixelBuffer(width: 32, height: 32)
        let statistics = try compositor.render(root, into: framebuffer)
        #expect(statistics.tilesCheckerboarded == 0 && statistics.tilesRasterizedVisible == 1)
        #expect(Self.allPixels(framebuffer, equal: Self.green))
    }

    @Test(arguments: [16, 64, 256])
    func afterDrainingFramesAreBitIdenticalToTheSynchronousMode(tileSize: Int) throws {
        let scene = try TilingIndependenceTests.makeScene()
        let reference = try ReferenceRenderer.render(scene.root, width: TilingIndependenceTests.width,
                                                     height: TilingIndependenceTests.height, scale: 1)
        for workers in [1, 2, 5] {
            let compositor = try Compositor(configuration: .init(tileSize: tileSize, workers: workers, bandHeight: 7))
            _ = try TilingIndependenceTests.render(scene.root, with: compositor)
            compositor.drainRaster()
            let bytes = try TilingIndependenceTests.render(scene.root, with: compositor)
            #expect(firstDifference(bytes, reference, width: TilingIndependenceTests.width) == nil,
                    "tileSize \(tileSize), workers \(workers)")
        }
    }

    @Test func aOneWayScrollRasterizesEveryExposedTileOnceWhateverRasterKeepsUp() throws {
        // Frames never wait: raster lags behind, visible tiles checkerboard, prepaint runs ahead. Still,
        // each tile is drawn once, and the tiles rasterized for visible content are the tiles exposed,
        // as long as raster catches up before a tile leaves the screen again (drained every third frame:
        // a tile stays in view for at least nine).
        let recorder = DrawRecorder()
        let root = try ScrollLayer(frame: Rect(x: 0, y: 0, width: 96, height: 64))
        try root.setContentSize(Size(width: 96, height: 5000))
        root.content = CountingContent(recorder: recorder)
        let compositor = try Compositor(configuration: .init(tileSize: 16, workers: 2, maximumPrepaintTiles: 24))
        let framebuffer = try PixelBuffer(width: 96, height: 64)
        var exposed = 0, forVisible = 0, checkerboarded = 0
        for step in 0..<120 {
            try root.setContentOffset(Point(x: 0, y: Double(step * 7)))
            let statistics = try compositor.render(root, into: framebuffer)
            exposed += statistics.tilesNewlyVisible
            forVisible += statistics.tilesRasterizedVisible + statistics.prepaintedTilesShown
            checkerboarded += statistics.tilesCheckerboarded
            if step % 3 == 2 { compositor.drainRaster() }
        }
        compositor.drainRaster()
        let last = try compositor.render(root, into: framebuffer)
        forVisible += last.tilesRasterizedVisible + last.prepaintedTilesShown
        let drawn = recorder.take().map { TilePosition(drawn: $0, tileSize: 16) }
        #expect(drawn.count == Set(drawn).count, "a tile was drawn twice")
        #expect(forVisible == exposed, "checkerboarded \(checkerboarded) tiles on the way")
        #expect(last.tilesCheckerboarded == 0)
    }

    @Test func releasingTheCompositorWaitsForRunningDrawsAndDropsQueuedOnes() throws {
        let content = GatedContent(Self.red)
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 64, height: 64))
        root.content = content
        var compositor: Compositor? = try Compositor(configuration: .init(tileSize: 16, workers: 1, maximumPrepaintTiles: 0))
        let framebuffer = try PixelBuffer(width: 64, height: 64)
        _ = try compositor!.render(root, into: framebuffer)  // 16 tiles queued, the first one blocks
        #expect(content.waitUntilDrawing())
        let queue = compositor!.tiles.queue
        #expect(queue.outstanding == 16)
        // Another thread opens the gate once the release has taken the 15 queued jobs back (only the
        // running one is left), and records that it did.
        final class Flag: @unchecked Sendable { var isSet = false; let lock = NSLock() }
        let opened = Flag()
        DispatchQueue.global().async {
            let deadline = ContinuousClock.now + .seconds(10)
            while queue.outstanding != 1 && ContinuousClock.now < deadline { usleep(1000) }
            opened.lock.withLock { opened.isSet = true }
            content.open()
        }
        compositor = nil  // blocks until the running draw has ended
        #expect(opened.lock.withLock { opened.isSet }, "the release returned before the running draw ended")
        #expect(queue.outstanding == 0)
        // One draw ran; the 15 queued ones were dropped (each would have signalled `entered`).
        #expect(content.entered.wait(timeout: .now() + 0.05) == .timedOut, "a queued draw started after the release")
    }
}
