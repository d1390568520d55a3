/// Runs a scroll benchmark: a scene, a scroll script and a compositor, frame by frame as fast as the
/// machine allows, and reports honest frame statistics (the engine behind `tessera bench`).
///
/// The first frame (the whole viewport rasterized from an empty cache) is rendered before the measured
/// frames and reported apart as ``Report/firstFrameMilliseconds``. Each measured frame is one script step
/// followed by one ``Compositor/render(_:into:)``; its time is the wall-clock time of the render.
///
/// Thread safety: the model thread (the scene's layer tree is driven and rendered on the calling thread).
public enum ScrollBenchmark {
    /// What to run.
    public struct Options: Sendable {
        /// Measured frames (after the first): 1…1,000,000.
        public var frames = 600
        /// Scroll speed, points per second (10,000: Chromium's tough-scrolling speed).
        public var speed = 10_000.0
        /// Frame rate of the script, frames per second; also sets the frame budget 1 / fps.
        public var framesPerSecond = 120.0
        public var script = ScrollScript.Kind.pan
        /// Compositor settings; `scale` is taken from the scene's viewport.
        public var compositor = Compositor.Configuration()

        public init() {}
    }

    /// The measured figures. Tile counts are totals over the measured frames.
    public struct Report: Sendable {
        public var scene = ""
        public var options = Options()
        public var frameTimes = FrameTimeSummary(milliseconds: [])
        public var firstFrameMilliseconds = 0.0
        public var framesOverBudget = 0
        /// Frames in which a visible tile was not ready when composited. Raster is synchronous in this
        /// version (every visible miss is rasterized before compositing), so this is 0 by construction.
        public var checkerboardFrames = 0
        public var tilesVisible = 0
        public var tilesRasterizedVisible = 0
        public var tilesPrepainted = 0
        /// Visible tiles that were not visible in the previous frame: the tiles any tiled compositor
        /// must have ready this frame (rasterized now, or earlier by prepaint or a cache). On a scroll in
        /// one direction each is exposed for the first time and must be rasterized once; after a turn
        /// (back-and-forth, a pan reaching an end) re-exposed tiles may come from the cache instead.
        public var tilesExposed = 0
        public var cacheHits = 0
        /// Prepainted tiles that later became visible.
        public var prepaintedTilesShown = 0
        public var evictions = 0
        public var peakTileBytes = 0
        public var overBudgetFrames = 0
        public var peakResidentBytes: Int?
        /// RSS at the start, peak and end of the run and its slope (``MemorySoak``), nil where unreadable.
        public var memory: MemorySoak.Summary?
        public var planMilliseconds = 0.0
        public var rasterMilliseconds = 0.0
        public var compositeMilliseconds = 0.0
        public var isaTier = ""

        /// Cache hits over visible tiles (1 when nothing was visible).
        public var cacheHitRate: Double { tilesVisible == 0 ? 1 : Double(cacheHits) / Double(tilesVisible) }
        public var tilesRasterized: Int { tilesRasterizedVisible + tilesPrepainted }
        /// Tiles rasterized for content that was shown: visible misses plus prepainted tiles shown later.
        /// Equals ``tilesExposed`` when every exposed tile was rasterized once, no earlier, no later.
        public var tilesRasterizedForVisibleContent: Int { tilesRasterizedVisible + prepaintedTilesShown }
    }

    /// Runs `options.frames` frames of `options.script` on `bench`. `progress` is called after each frame
    /// with (frames done, total).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming a bad option (`frames`,
    ///   `speed`, `framesPerSecond`, or a compositor field).
    public static func run(_ bench: BenchScene, name: String, options: Options,
                           progress: ((Int, Int) -> Void)? = nil) throws -> Report {
        guard (1...1_000_000).contains(options.frames) else {
            throw TesseraError.invalidArgument(argument: "frames", reason: "must be in 1…1000000, got \(options.frames)")
        }
        var configuration = options.compositor
        configuration.scale = bench.scene.viewport.scale
        let compositor = try Compositor(configuration: configuration)
        let script = try ScrollScript(kind: options.script, scrollLayer: bench.scrollLayer, direction: bench.direction,
                                      speed: options.speed, framesPerSecond: options.framesPerSecond)
        let framebuffer = try PixelBuffer(width: bench.scene.viewport.pixelWidth, height: bench.scene.viewport.pixelHeight)
        let clock = ContinuousClock()

        var report = Report()
        report.scene = name
        report.options = options
        report.options.compositor = configuration
        report.isaTier = compositor.kernelTier.rawValue
        let first = clock.now
        var statistics = try compositor.render(bench.scene.root, into: framebuffer)
        report.firstFrameMilliseconds = (clock.now - first).milliseconds
        report.peakTileBytes = statistics.bytesInCache

        var soak = try MemorySoak()
        soak.frameDone(0)
        let budget = 1000 / options.framesPerSecond
        var times: [Double] = []
        times.reserveCapacity(options.frames)
        for frame in 1...options.frames {
            try script.advanceFrame()
            let start = clock.now
            statistics = try compositor.render(bench.scene.root, into: framebuffer)
            let milliseconds = (clock.now - start).milliseconds
            times.append(milliseconds)
            if milliseconds > budget { report.framesOverBudget += 1 }
            report.tilesVisible += statistics.tilesVisible
            report.tilesRasterizedVisible += statistics.tilesRasterizedVisible
            report.tilesPrepainted += statistics.tilesRasterizedPrepaint
            report.tilesExposed += statistics.tilesNewlyVisible
            report.cacheHits += statistics.cacheHits
            report.prepaintedTilesShown += statistics.prepaintedTilesShown
            report.evictions += statistics.evictions
            report.peakTileBytes = Swift.max(report.peakTileBytes, statistics.bytesInCache)
            if statistics.isOverBudget { report.overBudgetFrames += 1 }
            report.planMilliseconds += statistics.planTime.milliseconds
            report.rasterMilliseconds += statistics.rasterTime.milliseconds
            report.compositeMilliseconds += statistics.compositeTime.milliseconds
            progress?(frame, options.frames)
            soak.frameDone(frame)
        }
        report.frameTimes = FrameTimeSummary(milliseconds: times)
        report.peakResidentBytes = ProcessMemory.peakResidentBytes()
        report.memory = soak.summary(frames: options.frames)
        return report
    }
}

extension Duration {
    /// The duration in milliseconds, as a `Double`.
    var milliseconds: Double {
        let parts = components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }
}
