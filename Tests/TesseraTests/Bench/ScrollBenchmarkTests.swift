import Testing
@testable import Tessera

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

    /// Raster is synchronous for now, so checkerboarding is not asserted here: `checkerboardFrames` is
    /// not counted from real data yet (see Sources/Tessera/Bench/ScrollBenchmark.swift).
    @Test(arguments: ScrollScript.Kind.allCases)
    func everyExposedTileIsRasterizedOnceAndLaterFramesHitTheCache(script: ScrollScript.Kind) throws {
        var options = ScrollBenchmark.Options()
        options.frames = 40
        options.speed = 2_000
        options.framesPerSecond = 60
        options.script = script
        options.compositor.tileSize = 64
        options.compositor.workers = 2
        let report = try ScrollBenchmark.run(try Self.smallScene(), name: "small", options: options)
        #expect(report.frameTimes.count == 40)
        #expect(report.tilesExposed > 0)
        #expect(report.tilesRasterizedForVisibleContent == report.tilesExposed)
        #expect(report.cacheHitRate > 0.9)
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

    @Test func badOptionsAreNamed() throws {
        let bench = try Self.smallScene()
        #expect(argumentName { _ = try ScrollScript(kind: .pan, scrollLayer: bench.scrollLayer, direction: .zero,
                                                    speed: 1, framesPerSecond: 60) } == "direction")
        #expect(argumentName { _ = try ScrollScript(kind: .fling, scrollLayer: bench.scrollLayer, direction: Point(x: 0, y: 1),
                                                    speed: .nan, framesPerSecond: 60) } == "speed")
        var options = ScrollBenchmark.Options()
        options.frames = 0
        #expect(argumentName { _ = try ScrollBenchmark.run(bench, name: "x", options: options) } == "frames")
    }
}
