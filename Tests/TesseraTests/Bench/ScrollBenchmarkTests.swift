import Foundation
import Testing
@testable import Tessera
@testable import TesseraScene
@testable import TesseraBench
@testable import TesseraProfiling

@Suite struct ScrollBenchmarkTests {
    /// A 320 × 240 viewport over a tall grid of cards.
    static func smallScene() throws -> BenchScene {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        let scroll = try ScrollLayer(frame: root.bounds)
        try scroll.setContentSize(Size(width: 320, height: 50_000))
        let card = DisplayList([.roundedRect(try RoundedRect(rect: Rect(x: 8, y: 4, width: 304, height: 52),
                                                             cornerRadius: 8, color: .white))])
        scroll.content = try GridContent(background: .black, cellSize: Size(width: 320, height: 60), columns: 1,
                                         rows: 800, variants: [card], variantIndex: { _, _ in 0 })
        try root.addSublayer(scroll)
        return BenchScene(scene: Scene(viewport: try Viewport(width: 320, height: 240), root: root),
                          scrollLayer: scroll, direction: Point(x: 0, y: 1))
    }

    static func options(_ script: ScrollScript.Kind, _ mode: Compositor.RasterMode, frames: Int = 40) -> ScrollBenchmark.Options {
        var options = ScrollBenchmark.Options()
        options.frames = frames
        options.speed = 2_000
        options.framesPerSecond = 60
        options.script = script
        options.pacing = .none
        options.compositor.tileSize = 64
        options.compositor.workers = 2
        options.compositor.rasterMode = mode
        return options
    }

    @Test(arguments: ScrollScript.Kind.allCases)
    func synchronousFramesNeverCheckerboardAndEveryExposedTileIsRasterizedOnce(script: ScrollScript.Kind) throws {
        let report = try ScrollBenchmark.run(try Self.smallScene(), name: "small", options: Self.options(script, .synchronous))
        #expect(report.frameTimes.count == 40)
        #expect(report.checkerboardFrames == 0)
        #expect(report.raster.tilesCheckerboarded == 0)
        #expect(report.raster.longestCheckerboardRun == 0)
        #expect(report.raster.meanCheckerboardPercent == 0 && report.raster.worstCheckerboardPercent == 0)
        #expect(report.raster.staleFrames == 0)
        #expect((report.tilesExposed > 0) == ![.idle, .spinner].contains(script), "only scrolling exposes tiles")
        if script == .zoom {
            // Zooming also re-rasterizes tiles that stay in view: each level, then the exact scale.
            #expect(report.tilesRasterizedForVisibleContent >= report.tilesExposed)
        } else {
            #expect(report.tilesRasterizedForVisibleContent == report.tilesExposed)
        }
        // A fast fling moves 250 pt a frame through a 240-pt viewport: most visible tiles are new.
        // A zoom shows new level tiles at every level step.
        if ![.fastfling, .zoom].contains(script) { #expect(report.cacheHitRate > 0.9) }
        // Each visible raster reports one arrival latency.
        #expect(report.raster.arrivalMilliseconds.count == report.tilesRasterizedVisible)
    }

    @Test func asynchronousRasterThatCannotKeepUpCheckerboardsABoundedShare() throws {
        var options = Self.options(.pan, .asynchronous, frames: 12)
        options.rasterCost = 40
        let report = try ScrollBenchmark.run(try Self.smallScene(), name: "small", options: options)
        let raster = report.raster
        // The first measured frame exposes tiles that nothing prepainted (the warm-up did not move), and
        // it does not wait for them.
        #expect(raster.checkerboardFrames >= 1)
        #expect(raster.checkerboardFrames <= 12)
        #expect(raster.longestCheckerboardRun >= 1 && raster.longestCheckerboardRun <= raster.checkerboardFrames)
        #expect(raster.tilesCheckerboarded >= raster.checkerboardFrames)
        #expect(raster.meanCheckerboardPercent > 0)
        #expect(raster.meanCheckerboardPercent <= raster.worstCheckerboardPercent)
        #expect(raster.worstCheckerboardPercent <= 100)
        // The run drains raster before its totals: every visible miss arrived, with a latency each, and no
        // exposed tile is counted twice.
        #expect(raster.arrivalMilliseconds.count == report.tilesRasterizedVisible)
        #expect(report.tilesRasterizedVisible > 0)
        #expect(report.tilesRasterizedForVisibleContent <= report.tilesExposed)
        #expect(raster.arrival.p50 <= raster.arrival.p99)
        #expect(raster.rasterWorkMilliseconds > 0)
    }

    @Test func checkerboardRunsAndSharesAreCountedPerFrame() {
        func frame(checkerboarded tiles: Int, pixels: Int, of visible: Int) -> FrameStatistics {
            var s = FrameStatistics()
            s.tilesCheckerboarded = tiles
            s.checkerboardPixels = pixels
            s.visibleTilePixels = visible
            return s
        }
        var outcome = RasterOutcome()
        for s in [frame(checkerboarded: 1, pixels: 50, of: 200), frame(checkerboarded: 2, pixels: 100, of: 200),
                  frame(checkerboarded: 0, pixels: 0, of: 200), frame(checkerboarded: 1, pixels: 10, of: 200),
                  frame(checkerboarded: 0, pixels: 0, of: 0)] {
            outcome.addFrame(s)
        }
        #expect(outcome.checkerboardFrames == 3)
        #expect(outcome.tilesCheckerboarded == 4)
        #expect(outcome.longestCheckerboardRun == 2)
        #expect(outcome.worstCheckerboardPercent == 50)
        #expect(outcome.meanCheckerboardPercent == (25 + 50 + 0 + 5 + 0) / 5.0)
    }

    @Test func rasterCostChangesTimeNeverPixels() throws {
        func render(cost: Int) throws -> [UInt8] {
            let root = try Layer(frame: Rect(x: 0, y: 0, width: 100, height: 70))
            root.content = DisplayList([.roundedRect(try RoundedRect(
                rect: Rect(x: 5, y: 5, width: 80, height: 50), cornerRadius: 12,
                color: Color(red: 200, green: 40, blue: 90, alpha: 120)))])
            try RasterCostContent.apply(repetitions: cost, to: root)
            let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, rasterMode: .synchronous))
            let buffer = try PixelBuffer(width: 100, height: 70)
            _ = try compositor.render(root, into: buffer)
            return buffer.packedBytes()
        }
        let once = try render(cost: 1)
        #expect(once.contains { $0 != 0 })
        #expect(try render(cost: 3) == once)
    }

    @Test func vsyncPacingStartsFramesNoEarlierThanTheirSlots() {
        var pacer = FramePacer(mode: .vsync, framesPerSecond: 100)
        let start = ContinuousClock.now
        for _ in 0..<5 { pacer.waitForNextFrame() }
        // Frame 4 (from 0) starts at its slot, 40 ms after frame 0.
        #expect(start.duration(to: .now) >= .milliseconds(40))
        var unpaced = FramePacer(mode: .none, framesPerSecond: 100)
        for _ in 0..<5 { #expect(unpaced.waitForNextFrame() == .zero) }
    }

    @Test func fastFlingReleasesAtThirtyThousandPointsPerSecondAtLeast() throws {
        let bench = try Self.smallScene()
        let script = try ScrollScript(kind: .fastfling, scrollLayer: bench.scrollLayer, direction: Point(x: 0, y: 1),
                                      speed: 1_000, framesPerSecond: 120)
        try script.advanceFrame()
        // 30,000 pt/s for 1/120 s is 250 pt; UIKit's deceleration (0.998 per ms) takes under 2 % of it.
        #expect(bench.scrollLayer.contentOffset.y > 240 && bench.scrollLayer.contentOffset.y <= 250)
    }

    @Test func theZoomScriptPinchesToEightTimesAndBackDrawingFromLevelsOfDetail() throws {
        let bench = try Self.smallScene()
        let script = try ScrollScript(kind: .zoom, scrollLayer: bench.scrollLayer, direction: Point(x: 0, y: 1),
                                      speed: 0, framesPerSecond: 30)
        let zoomed = try #require(bench.scrollLayer.zoomingLayer)
        #expect(zoomed.content != nil && bench.scrollLayer.content == nil)  // took over the content
        let compositor = try Compositor(configuration: .init(tileSize: 64, workers: 2, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 320, height: 240)
        var byLevel: [Int: Int] = [:]
        for _ in 0..<30 {
            try script.advanceFrame()
            byLevel.merge(try compositor.render(bench.scene.root, into: framebuffer).tilesRasterizedByLevel, uniquingKeysWith: +)
        }
        #expect(abs(bench.scrollLayer.zoomScale - 8) < 1e-9)
        #expect(Set(byLevel.keys) == [-2, 0, 1, 2],
                "levels 1×, 2×, 4× on the way up (8×, where it stops, is the exact scale), ¼× as the fallback: \(byLevel)")
        for _ in 0..<30 { try script.advanceFrame() }
        #expect(abs(bench.scrollLayer.zoomScale - 1) < 1e-9)
    }

    @Test func panMovesAtTheGivenSpeedAndTurnsAtTheEnd() throws {
        let bench = try Self.smallScene()
        let script = try ScrollScript(kind: .pan, scrollLayer: bench.scrollLayer, direction: Point(x: 0, y: 2),
                                      speed: 600, framesPerSecond: 60)
        try script.advanceFrame()
        #expect(bench.scrollLayer.contentOffset == Point(x: 0, y: 10))
        try bench.scrollLayer.setContentOffset(Point(x: 0, y: bench.scrollLayer.maximumContentOffset.y - 4))
        try script.advanceFrame() // reaches the end: stops there and turns back
        #expect(bench.scrollLayer.contentOffset.y == bench.scrollLayer.maximumContentOffset.y)
        try script.advanceFrame()
        #expect(bench.scrollLayer.contentOffset.y == bench.scrollLayer.maximumContentOffset.y - 10)
    }

    @Test func idleFramesCompositeNothingAndASpinnerOnlyItsOwnSquare() throws {
        let idle = try ScrollBenchmark.run(try Self.smallScene(), name: "small", options: Self.options(.idle, .synchronous))
        #expect(idle.damagedPixels == 0 && idle.damageShare == 0)
        #expect(idle.tilesExposed == 0)
        let spinner = try ScrollBenchmark.run(try Self.smallScene(), name: "small", options: Self.options(.spinner, .synchronous))
        // 40 frames, each recolouring the 64 × 64 square at the centre of the 320 × 240 viewport (scale 1).
        #expect(spinner.damagedPixels == 40 * 64 * 64)
        #expect(abs(spinner.damageShare - Double(64 * 64) / Double(320 * 240)) < 1e-12)
        let pan = try ScrollBenchmark.run(try Self.smallScene(), name: "small", options: Self.options(.pan, .synchronous))
        // 2,000 pt/s at 60 Hz: 33⅓ rows a frame. Every frame moves the last one's pixels and composites only
        // the rows nothing was moved to (33 or 34 of 240).
        #expect(pan.movedFrames == 40 && pan.movedPixels > 0)
        #expect(pan.damageShare >= 33.0 / 240 && pan.damageShare <= 34.0 / 240, "damage share \(pan.damageShare)")
    }

    @Test func badOptionsAreNamed() throws {
        let bench = try Self.smallScene()
        #expect(argumentName { _ = try ScrollScript(kind: .pan, scrollLayer: bench.scrollLayer, direction: .zero,
                                                    speed: 1, framesPerSecond: 60) } == "direction")
        #expect(argumentName { _ = try ScrollScript(kind: .fling, scrollLayer: bench.scrollLayer, direction: Point(x: 0, y: 1),
                                                    speed: .nan, framesPerSecond: 60) } == "speed")
        var options = ScrollBenchmark.Options()
        options.frames = 0
        #expect(argumentName { _ = try ScrollBenchmark.run(bench, name: "x", options: options) } == "frames")
        options.frames = 1
        options.rasterCost = 0
        #expect(argumentName { _ = try ScrollBenchmark.run(bench, name: "x", options: options) } == "rasterCost")
        #expect(argumentName { _ = try RasterCostContent(SolidRectContentStub(), repetitions: 1001) } == "rasterCost")
    }
}

/// A content that draws nothing (only its construction is checked).
private struct SolidRectContentStub: LayerContent {
    func draw(in context: RasterContext) {}
}
