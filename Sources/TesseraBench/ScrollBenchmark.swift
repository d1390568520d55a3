import Tessera
import TesseraScene

/// Runs a scroll benchmark: a scene, a scroll script and a compositor, frame by frame, and reports
/// honest frame statistics (the engine behind `tessera bench`).
///
/// Warm-up (not measured): one frame, ``Compositor/drainRaster()``, one more frame, so that the scroll
/// starts from a complete viewport in both raster modes; its wall-clock time is
/// ``Report/firstFrameMilliseconds``. Each measured frame is one script step followed by one
/// ``Compositor/render(_:into:previousFrame:)`` into the same framebuffer, given the previous frame's
/// token (so only the damage is composited: everything while scrolling — or, when the scroll moved the
/// last frame's pixels, what the move could not give — nothing when idle); its time is
/// the wall-clock time of the render call. Frames start on
/// the ``FramePacer`` grid (`vsync`: one frame per 1/fps slot, raster runs in between) or back to back.
/// After the last measured frame the benchmark drains raster and renders one settling frame (not
/// measured) so that the rasters still running are counted in the tile totals.
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
        /// When frames start (default ``FramePacer/Mode/vsync``).
        public var pacing = FramePacer.Mode.vsync
        /// Each tile of every layer's content is drawn this many times (``RasterCostContent``): 1…1000,
        /// default 1.
        public var rasterCost = 1
        /// Compositor settings; `scale` is taken from the scene's viewport.
        public var compositor = Compositor.Configuration()
        /// The framebuffer's pixel format (default RGBA; README.md, "Host pixel formats").
        public var format = PixelFormat.rgba
        /// Keep a ``FrameRecord`` per measured frame in ``Report/series`` (for `--plot` and `--per-frame`;
        /// off by default so that a soak's memory stays flat).
        public var recordsFrames = false
        /// After the frames, measure the floor they are compared with (``FloorMeasurement``, ``Report/floor``;
        /// off by default: it takes about a second at 120 Hz, a framebuffer and a set of tiles covering it).
        public var measuresFloor = false

        public init() {}
    }

    /// The measured figures. Tile counts are totals over the measured frames (plus the rasters the
    /// settling frame took in).
    public struct Report: Sendable {
        public var scene = ""
        public var options = Options()
        public var frameTimes = FrameTimeSummary(milliseconds: [])
        public var firstFrameMilliseconds = 0.0
        public var framesOverBudget = 0
        /// Checkerboard, stale tiles, tile arrival latency and raster work of the measured frames.
        public var raster = RasterOutcome()
        /// Frames in which a visible tile was drawn as the checkerboard (its pixels had not arrived).
        public var checkerboardFrames: Int { raster.checkerboardFrames }
        public var tilesVisible = 0
        public var tilesRasterizedVisible = 0
        public var tilesPrepainted = 0
        /// Level-of-detail tiles rasterized, by level exponent (``FrameStatistics/tilesRasterizedByLevel``).
        public var tilesRasterizedByLevel: [Int: Int] = [:]
        /// Of the tiles rasterized, the tiles of layers' shadows (``FrameStatistics/shadowTilesRasterized``).
        public var shadowTilesRasterized = 0
        /// Of those, the tiles copied from an identical shadow tile (``FrameStatistics/shadowTilesReused``).
        public var shadowTilesReused = 0
        /// Visible tiles that were not visible in the previous frame: the tiles any tiled compositor
        /// must have ready this frame (rasterized now, or earlier by prepaint or a cache). On a scroll in
        /// one direction each is exposed for the first time and must be rasterized once; after a turn
        /// (back-and-forth, a pan reaching an end) re-exposed tiles may come from the cache instead. In
        /// asynchronous mode a tile that scrolled out of view before its raster ran may never arrive.
        public var tilesExposed = 0
        public var cacheHits = 0
        /// Prepainted tiles that later became visible.
        public var prepaintedTilesShown = 0
        public var evictions = 0
        public var peakTileBytes = 0
        public var overBudgetFrames = 0
        /// Framebuffer pixels composited over the measured frames (``FrameStatistics/pixelsComposited``:
        /// all of them while scrolling unless the frame moved the last one's pixels).
        public var damagedPixels = 0
        /// Framebuffer pixels moved over the measured frames (scroll moves, ``FrameStatistics/pixelsMoved``),
        /// and the frames that moved.
        public var movedPixels = 0
        public var movedFrames = 0
        /// Of ``movedPixels``: pixels of cells known to be one colour, filled unread
        /// (``FrameStatistics/pixelsMoveFilled``) or left as they were (``FrameStatistics/pixelsMoveKept``).
        public var moveFilledPixels = 0
        public var moveKeptPixels = 0
        /// Framebuffer pixels drawn over moved ones by the ops above a scroll (``FrameStatistics/pixelsOverlaid``).
        public var overlaidPixels = 0
        /// Of ``overlaidPixels``: pixels a translucent colour was drawn over as a fill, unread, over cells
        /// known to be one colour (``FrameStatistics/pixelsOverlaidFilled``).
        public var overlaidFilledPixels = 0
        /// Frames that only recoloured the last frame's draw list (``FrameStatistics/isRecoloredFrame``).
        public var recoloredFrames = 0
        public var peakResidentBytes: Int?
        /// RSS at the start, peak and end of the run and its slope (``MemorySoak``), nil where unreadable.
        public var memory: MemorySoak.Summary?
        /// The floor measured right after the frames, when ``Options/measuresFloor``.
        public var floor: FloorMeasurement?
        /// Why ``floor`` is nil although ``Options/measuresFloor`` asked for it.
        public var floorNotMeasured: String?
        public var planMilliseconds = 0.0
        public var rasterMilliseconds = 0.0
        public var compositeMilliseconds = 0.0
        /// Group-opacity offscreen passes and peepholes over the measured frames (README.md, "Group opacity").
        public var offscreenPasses = 0
        public var opacityPeepholes = 0
        public var isaTier = ""
        /// True when the frames that move pixels store them streaming (``Compositor/ScrollMoveStores``
        /// resolved for this framebuffer and CPU).
        public var movesStream = false
        /// The CPU's last-level cache (``CPUCaches/lastLevelBytes``), what the automatic choice reads.
        public var lastLevelCacheBytes: Int?
        /// One record per measured frame when ``Options/recordsFrames`` is set, else empty.
        public var series: [FrameRecord] = []

        /// Cache hits over visible tiles (1 when nothing was visible).
        public var cacheHitRate: Double { tilesVisible == 0 ? 1 : Double(cacheHits) / Double(tilesVisible) }
        public var tilesRasterized: Int { tilesRasterizedVisible + tilesPrepainted }
        /// Tiles rasterized for content that was shown: visible misses plus prepainted tiles shown later.
        /// Equals ``tilesExposed`` when every exposed tile was rasterized once, no earlier, no later.
        public var tilesRasterizedForVisibleContent: Int { tilesRasterizedVisible + prepaintedTilesShown }
        /// The share of the framebuffer's pixels composited per measured frame, on average.
        public var damageShare: Double { share(damagedPixels) }
        /// Moved pixels as a share of all the measured frames' pixels.
        public var movedShare: Double { share(movedPixels) }
        /// Overlaid pixels as a share of all the measured frames' pixels.
        public var overlaidShare: Double { share(overlaidPixels) }

        private func share(_ pixels: Int) -> Double {
            frameTimes.count == 0 || framePixels == 0 ? 0 : Double(pixels) / (framePixels * Double(frameTimes.count))
        }
        /// The framebuffer's pixels (width × height, device pixels).
        public var framePixels = 0.0
    }

    /// Runs `options.frames` frames of `options.script` on `bench`. `progress` is called after each frame
    /// with (frames done, total). `trace`, when given, records every frame (warm-up and settling frames
    /// included, labelled) and every tile raster. With `options.rasterCost > 1` the contents of
    /// `bench`'s tree are wrapped in ``RasterCostContent``.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming a bad option (`frames`,
    ///   `speed`, `framesPerSecond`, `rasterCost`, or a compositor field).
    public static func run(_ bench: BenchScene, name: String, options: Options, trace: FrameTrace? = nil,
                           progress: ((Int, Int) -> Void)? = nil) throws -> Report {
        guard (1...1_000_000).contains(options.frames) else {
            throw TesseraError.invalidArgument(argument: "frames", reason: "must be in 1…1000000, got \(options.frames)")
        }
        var configuration = options.compositor
        configuration.scale = bench.scene.viewport.scale
        let compositor = try Compositor(configuration: configuration)
        let script = try ScrollScript(kind: options.script, scrollLayer: bench.scrollLayer, direction: bench.direction,
                                      speed: options.speed, framesPerSecond: options.framesPerSecond)
        try RasterCostContent.apply(repetitions: options.rasterCost, to: bench.scene.root)
        let framebuffer = try PixelBuffer(width: bench.scene.viewport.pixelWidth, height: bench.scene.viewport.pixelHeight,
                                          format: options.format)
        trace?.attach(to: compositor)
        let clock = ContinuousClock()
        var previousFrame: FrameToken?
        func render(_ label: String) throws -> (FrameStatistics, Duration) {
            let start = clock.now
            let statistics = try compositor.render(bench.scene.root, into: framebuffer, previousFrame: previousFrame)
            previousFrame = statistics.frameToken
            let time = clock.now - start
            trace?.recordFrame(label, start: start, statistics: statistics)
            return (statistics, time)
        }

        var report = Report()
        report.scene = name
        report.options = options
        report.options.compositor = configuration
        report.isaTier = compositor.kernelTier.rawValue
        report.framePixels = Double(framebuffer.width * framebuffer.height)
        report.movesStream = compositor.movesStream(framebuffer)
        report.lastLevelCacheBytes = CPUCaches.current.lastLevelBytes
        let first = clock.now
        _ = try render("warm-up")
        compositor.drainRaster()
        var statistics = try render("warm-up").0
        report.firstFrameMilliseconds = (clock.now - first).milliseconds
        report.peakTileBytes = statistics.bytesInCache

        var soak = try MemorySoak()
        soak.frameDone(0)
        let budget = 1000 / options.framesPerSecond
        var pacer = FramePacer(mode: options.pacing, framesPerSecond: options.framesPerSecond)
        var times: [Double] = []
        times.reserveCapacity(options.frames)
        for frame in 1...options.frames {
            pacer.waitForNextFrame()
            try script.advanceFrame()
            let (measured, time) = try render("measured")
            statistics = measured
            let milliseconds = time.milliseconds
            times.append(milliseconds)
            if milliseconds > budget { report.framesOverBudget += 1 }
            report.raster.addFrame(statistics)
            report.tilesVisible += statistics.tilesVisible
            report.tilesExposed += statistics.tilesNewlyVisible
            report.cacheHits += statistics.cacheHits
            report.prepaintedTilesShown += statistics.prepaintedTilesShown
            if statistics.isOverBudget { report.overBudgetFrames += 1 }
            report.planMilliseconds += statistics.planTime.milliseconds
            report.rasterMilliseconds += statistics.rasterTime.milliseconds
            report.compositeMilliseconds += statistics.compositeTime.milliseconds
            report.offscreenPasses += statistics.offscreenPasses
            report.opacityPeepholes += statistics.opacityPeepholes
            report.damagedPixels += statistics.pixelsComposited
            report.movedPixels += statistics.pixelsMoved
            report.moveFilledPixels += statistics.pixelsMoveFilled
            report.moveKeptPixels += statistics.pixelsMoveKept
            report.overlaidPixels += statistics.pixelsOverlaid
            report.overlaidFilledPixels += statistics.pixelsOverlaidFilled
            if statistics.pixelsMoved > 0 { report.movedFrames += 1 }
            if statistics.isRecoloredFrame { report.recoloredFrames += 1 }
            if options.recordsFrames {
                report.series.append(FrameRecord(
                    frame: frame, totalMilliseconds: milliseconds, planMilliseconds: statistics.planTime.milliseconds,
                    rasterMilliseconds: statistics.rasterTime.milliseconds,
                    compositeMilliseconds: statistics.compositeTime.milliseconds,
                    tilesCheckerboarded: statistics.tilesCheckerboarded, damagedPixels: statistics.pixelsComposited))
            }
            report.addTiles(statistics)
            progress?(frame, options.frames)
            soak.frameDone(frame)
        }
        compositor.drainRaster()
        let settled = try render("settling").0
        report.raster.addArrivals(settled)
        report.prepaintedTilesShown += settled.prepaintedTilesShown
        report.addTiles(settled)
        report.frameTimes = FrameTimeSummary(milliseconds: times)
        report.peakResidentBytes = ProcessMemory.peakResidentBytes()
        report.memory = soak.summary(frames: options.frames)
        if options.measuresFloor {  // after the peak RSS: its tiles are not the compositor's memory
            compositor.drainRaster()  // no raster work competes with the floor
            // The move floor only for a vertical scroll that moved pixels (`ScrollMove` moves along one axis).
            let vertical = bench.direction.x == 0 && bench.direction.y != 0
            let rows = options.script == .pan && vertical && report.movedFrames > 0
                ? Int((options.speed * bench.scene.viewport.scale / options.framesPerSecond).rounded()) : nil
            report.floor = FloorMeasurement.measure(width: framebuffer.width, height: framebuffer.height,
                                                    tileSize: configuration.tileSize, workers: configuration.workers,
                                                    pacing: options.pacing, framesPerSecond: options.framesPerSecond,
                                                    moveRows: rows)
            if report.floor == nil {
                report.floorNotMeasured = framebuffer.width * framebuffer.height > FloorMeasurement.maximumPixels
                    ? "the framebuffer has more than \(FloorMeasurement.maximumPixels) pixels"
                    : "a floor thread could not be started"
            }
        }
        return report
    }
}

extension ScrollBenchmark.Report {
    /// Adds a frame's rasters taken in, evictions and cache size.
    fileprivate mutating func addTiles(_ statistics: FrameStatistics) {
        tilesRasterizedVisible += statistics.tilesRasterizedVisible
        tilesPrepainted += statistics.tilesRasterizedPrepaint
        tilesRasterizedByLevel.merge(statistics.tilesRasterizedByLevel, uniquingKeysWith: +)
        shadowTilesRasterized += statistics.shadowTilesRasterized
        shadowTilesReused += statistics.shadowTilesReused
        evictions += statistics.evictions
        peakTileBytes = Swift.max(peakTileBytes, statistics.bytesInCache)
    }
}

extension Duration {
    /// The duration in milliseconds, as a `Double`.
    var milliseconds: Double {
        let parts = components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }
}
