import Foundation
import Testing
@testable import Tessera

/// Levels of detail (README.md, "Levels of detail"): while a zoom changes, layers are drawn from
/// power-of-two levels resampled bilinearly — bit-identical to the untiled reference drawing the same
/// level whatever the tile size and worker count — one level step per frame; a settled scale draws the
/// exact tiles again.
@Suite struct LevelOfDetailTests {
    static let width = 120
    static let height = 100

    static func scene() throws -> (root: Layer, scroll: ScrollLayer, map: Layer, pin: Layer) {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 120, height: 100))
        root.backgroundColor = try Color(hex: "#102030")
        let scroll = try ScrollLayer(frame: Rect(x: 3, y: 2, width: 110, height: 90))
        scroll.clipsToBounds = true
        try root.addSublayer(scroll)
        let map = try Layer(frame: Rect(x: 0, y: 0, width: 300, height: 240))
        map.content = PatternContent(seed: 31)
        try scroll.addSublayer(map)
        let pin = try Layer(frame: Rect(x: 10.5, y: 8.25, width: 260, height: 200))  // visible in every frame
        pin.content = PatternContent(seed: 32)
        try pin.setOpacity(0.6)
        try map.addSublayer(pin)
        try scroll.setContentSize(map.frame.size)
        try scroll.setZoomingLayer(map)
        try scroll.setZoomScaleLimits(minimum: 0.25, maximum: 4)
        try scroll.setContentOffset(Point(x: 20.5, y: 13.75))
        return (root, scroll, map, pin)
    }

    /// Zoom per frame and the level exponent the zooming layers are drawn from (`nil`: exact tiles):
    /// a change picks the largest level at or below the zoom, `⌊log₂ zoom⌋`, one step at a time from the
    /// level shown;
    /// a repeated zoom settles;
    /// a level equal to the exact scale draws the exact tiles.
    static let frames: [(zoom: Double, level: Int?)] = [
        (1, nil), (1.5, 0), (1.5, nil), (3.7, 1), (0.3, 0), (0.3, nil), (0.7, -1), (0.45, -2), (2, -1), (4, 0),
        (4, nil), (2, nil), (1.5, 0), (1.2, 0), (2.5, 1),
    ]

    @Test(arguments: [16, 64])
    func changingZoomFramesMatchTheReferenceDrawingTheSameLevel(tileSize: Int) throws {
        for workers in [1, 3] {
            let (root, scroll, map, pin) = try Self.scene()
            let compositor = try Compositor(configuration: .init(
                tileSize: tileSize, workers: workers, scale: 1, bandHeight: 16, rasterMode: .synchronous))
            let framebuffer = try PixelBuffer(width: Self.width, height: Self.height)
            for (index, frame) in Self.frames.enumerated() {
                try scroll.setZoomScale(frame.zoom)
                var levels: [ObjectIdentifier: Double] = [:]
                if let k = frame.level {
                    let scale = Double(sign: .plus, exponent: k, significand: 1)
                    levels = [ObjectIdentifier(map): scale, ObjectIdentifier(pin): scale]
                }
                let reference = try ReferenceRenderer.render(root, width: Self.width, height: Self.height, scale: 1,
                                                             levels: levels)
                framebuffer.clear(to: Pixel(r: 9, g: 8, b: 7, a: 6))
                _ = try compositor.render(root, into: framebuffer)
                #expect(firstDifference(framebuffer.packedBytes(), reference, width: Self.width) == nil,
                        "tile \(tileSize), workers \(workers), frame \(index) (zoom \(frame.zoom), level \(String(describing: frame.level)))")
            }
        }
    }

    @Test func aLevelTileNotArrivedYetIsDrawnFromTheNearestLevelThatHasPixels() throws {
        let (root, scroll, map, pin) = try Self.scene()
        map.content = SlowAtScaleContent(base: PatternContent(seed: 31), slowScale: 2)
        pin.content = SlowAtScaleContent(base: PatternContent(seed: 32), slowScale: 2)
        let compositor = try Compositor(configuration: .init(
            tileSize: 32, workers: 2, scale: 1, bandHeight: 16, rasterMode: .asynchronous))
        let framebuffer = try PixelBuffer(width: Self.width, height: Self.height)
        for zoom in [1.0, 1.5] {  // level 0 (scale 1) is drawn, and arrives
            try scroll.setZoomScale(zoom)
            _ = try compositor.render(root, into: framebuffer)
            compositor.drainRaster()
        }
        try scroll.setZoomScale(3)  // wants level 1 (scale 2), whose raster is slow: level 0 stands in
        let statistics = try compositor.render(root, into: framebuffer)
        #expect(statistics.tilesCheckerboarded == 0 && statistics.checkerboardPixels == 0)
        let scale1 = [ObjectIdentifier(map): 1.0, ObjectIdentifier(pin): 1.0]
        let reference = try ReferenceRenderer.render(root, width: Self.width, height: Self.height, scale: 1, levels: scale1)
        #expect(firstDifference(framebuffer.packedBytes(), reference, width: Self.width) == nil)
        compositor.drainRaster()
    }

    /// Asynchronous frames stay on the shown level while the next level's visible tiles are missing
    /// (drawn whole from it, no checkerboard, no patchwork), switch once they have all arrived, and switch
    /// anyway after `maximumSwitchDelayFrames` frames.
    @Test func aLevelSwitchWaitsForTheNextLevelsVisibleTiles() throws {
        let (root, scroll, map, pin) = try Self.scene()
        let gate = RasterGate()
        map.content = GatedAtScaleContent(base: PatternContent(seed: 31), gatedScale: 2, gate: gate)
        pin.content = GatedAtScaleContent(base: PatternContent(seed: 32), gatedScale: 2, gate: gate)
        defer { gate.open() }
        let compositor = try Compositor(configuration: .init(
            tileSize: 32, workers: 2, scale: 1, bandHeight: 16, rasterMode: .asynchronous))
        let framebuffer = try PixelBuffer(width: Self.width, height: Self.height)
        func reference(_ scale: Double) throws -> [UInt8] {
            try ReferenceRenderer.render(root, width: Self.width, height: Self.height, scale: 1,
                                         levels: [ObjectIdentifier(map): scale, ObjectIdentifier(pin): scale])
        }
        for zoom in [1.0, 1.5] {  // level 0 (scale 1) is drawn, and arrives
            try scroll.setZoomScale(zoom)
            _ = try compositor.render(root, into: framebuffer)
            compositor.drainRaster()
        }
        var onLevel0 = 0
        for step in 0..<3 {  // level 1 wanted (its raster held back): level 0 is drawn, whole
            try scroll.setZoomScale(2.9 + 0.05 * Double(step))
            let statistics = try compositor.render(root, into: framebuffer)
            #expect(statistics.tilesCheckerboarded == 0 && statistics.checkerboardPixels == 0)
            #expect(firstDifference(framebuffer.packedBytes(), try reference(1), width: Self.width) == nil, "step \(step)")
            onLevel0 = statistics.tilesVisible
        }
        gate.open()
        compositor.drainRaster()
        try scroll.setZoomScale(3.1)  // level 1 has arrived: drawn from it
        _ = try compositor.render(root, into: framebuffer)
        #expect(firstDifference(framebuffer.packedBytes(), try reference(2), width: Self.width) == nil)

        // A fresh compositor, the gate closed: the switch happens after the delay.
        gate.close()
        let second = try Compositor(configuration: .init(
            tileSize: 32, workers: 2, scale: 1, bandHeight: 16, rasterMode: .asynchronous))
        for zoom in [1.0, 1.5] {
            try scroll.setZoomScale(zoom)
            _ = try second.render(root, into: framebuffer)
            second.drainRaster()
        }
        var tilesVisible: [Double] = []
        for step in 0...LevelsOfDetail.maximumSwitchDelayFrames {
            try scroll.setZoomScale(3 + 0.01 * Double(step))
            tilesVisible.append(Double(try second.render(root, into: framebuffer).tilesVisible))
        }
        // Level 1 has about four times level 0's tiles at the same zoom.
        #expect(tilesVisible.count > 1 && tilesVisible.dropLast().allSatisfy { $0 == tilesVisible[0] }
                && tilesVisible.last! > 1.5 * tilesVisible[0],
                "level 1 only after the delay: \(tilesVisible) (level 0: \(onLevel0) in the first compositor)")
        gate.open()
        second.drainRaster()
    }

    /// Level tiles' buffers are pooled: a pinch back and forth that evicts level tiles to make room for
    /// others allocates no buffer after its first cycles.
    @Test func aPinchBackAndForthReusesEvictedLevelBuffers() throws {
        let (root, scroll, _, _) = try Self.scene()
        let tileBytes = 32 * 32 * 4
        let compositor = try Compositor(configuration: .init(
            tileSize: 32, workers: 2, cacheBudgetBytes: 70 * tileBytes, scale: 1, bandHeight: 16,
            rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: Self.width, height: Self.height)
        let zooms = [1.2, 1.6, 2.3, 3.1, 3.9, 3.0, 2.2, 1.5, 1.1, 0.8]  // levels 0…2 and back, never settling
        var allocatedAfterWarmUp = 0, evictions = 0, rasterized = 0
        for cycle in 0..<6 {
            for (index, zoom) in zooms.enumerated() {
                try scroll.setZoomScale(zoom + 0.01 * Double(cycle))
                try scroll.setContentOffset(Point(x: Double(17 * index + 5 * cycle), y: Double(11 * index)))
                let statistics = try compositor.render(root, into: framebuffer)
                if cycle >= 3 {
                    allocatedAfterWarmUp += statistics.tileBuffersAllocated
                    evictions += statistics.evictions
                    rasterized += statistics.tilesRasterized
                }
            }
        }
        #expect(evictions > 0 && rasterized > 0, "the pinch must evict and rasterize level tiles to test reuse")
        #expect(allocatedAfterWarmUp == 0)
    }

    /// Where no level has pixels (the first frame of a pinch, before any level tile arrived), the layer
    /// shows the checkerboard pattern — 8-pixel squares, light and dark, in one phase across every level
    /// tile's piece — counted as checkerboard; not a flat colour, not a patchwork of other levels.
    @Test func aLevelTileNoLevelCoversShowsThePlaneAlignedCheckerboard() throws {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 90, height: 70))
        let scroll = try ScrollLayer(frame: root.bounds)
        try root.addSublayer(scroll)
        let map = try Layer(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let gate = RasterGate()
        defer { gate.open() }
        map.content = GatedAtScaleContent(base: PatternContent(seed: 5), gatedScale: 2, gate: gate)
        try scroll.addSublayer(map)
        try scroll.setContentSize(map.frame.size)
        try scroll.setZoomingLayer(map)
        try scroll.setZoomScaleLimits(minimum: 0.25, maximum: 4)
        try scroll.setContentOffset(Point(x: 37.5, y: 21.25))
        let compositor = try Compositor(configuration: .init(
            tileSize: 32, workers: 2, scale: 1, bandHeight: 16, rasterMode: .asynchronous))
        let framebuffer = try PixelBuffer(width: 90, height: 70)
        _ = try compositor.render(root, into: framebuffer)  // exact tiles at scale 1
        compositor.drainRaster()
        try scroll.setZoomScale(1.6)  // level 1 (scale 2): held back; no other level has pixels
        let statistics = try compositor.render(root, into: framebuffer)
        #expect(statistics.checkerboardPixels == 90 * 70 && statistics.tilesCheckerboarded > 0)
        let phases = (0..<8).flatMap { py in (0..<16).map { px in (px, py) } }  // (px + 8, py + 8) is the same
        let matching = phases.filter { px, py in
            (0..<70).allSatisfy { y in
                (0..<90).allSatisfy { x in framebuffer[x: x, y: y] == Checkerboard.pixel(planeX: x - px, planeY: y - py) }
            }
        }
        #expect(matching.count == 1, "one phase of the pattern fits the whole frame: \(matching)")
        gate.open()
        compositor.drainRaster()
    }

    /// The coarsest level is kept over twice the view while a layer is drawn from levels: a zoom out by
    /// almost 2× whose finer levels have not arrived shows no checkerboard (the newly visible edges are
    /// drawn from the fallback level).
    @Test func theCoarsestLevelCoversAZoomOutWhileFinerLevelsAreMissing() throws {
        let (root, scroll, map, pin) = try Self.scene()
        let gate = RasterGate()
        gate.open()
        defer { gate.open() }
        map.content = GatedAtScaleContent(base: PatternContent(seed: 31), gatedScale: 0.25, gate: gate, gatesOthers: true)
        pin.content = GatedAtScaleContent(base: PatternContent(seed: 32), gatedScale: 0.25, gate: gate, gatesOthers: true)
        let compositor = try Compositor(configuration: .init(
            tileSize: 16, workers: 2, scale: 1, bandHeight: 16, rasterMode: .asynchronous))
        let framebuffer = try PixelBuffer(width: Self.width, height: Self.height)
        for zoom in [1.0, 3.5, 3.6] {  // level 2 drawn, with the fallback (level −2, scale ¼) around it
            try scroll.setZoomScale(zoom)
            _ = try compositor.render(root, into: framebuffer)
            compositor.drainRaster()
        }
        gate.close()  // only the fallback's scale rasterizes now
        try scroll.setZoomScale(1.95)
        let statistics = try compositor.render(root, into: framebuffer)
        #expect(statistics.tilesCheckerboarded == 0 && statistics.checkerboardPixels == 0)
        gate.open()
        compositor.drainRaster()
    }

    /// `levelsOfDetail` / `levelsOfDetailBias` of the configuration set the levels: with 2 levels and
    /// bias 1 (1×, 2×) a zoom of 3.7 is drawn from level 1 (2×), not 2; out-of-range values are refused
    /// naming the field.
    @Test func theConfigurationSetsTheLevelsOfDetail() throws {
        let (root, scroll, map, pin) = try Self.scene()
        let compositor = try Compositor(configuration: .init(
            tileSize: 32, workers: 2, scale: 1, bandHeight: 16, rasterMode: .synchronous, levelsOfDetail: 2,
            levelsOfDetailBias: 1))
        let framebuffer = try PixelBuffer(width: Self.width, height: Self.height)
        for zoom in [1.0, 3.7] {
            try scroll.setZoomScale(zoom)
            _ = try compositor.render(root, into: framebuffer)
        }
        let reference = try ReferenceRenderer.render(root, width: Self.width, height: Self.height, scale: 1,
                                                     levels: [ObjectIdentifier(map): 2, ObjectIdentifier(pin): 2])
        #expect(firstDifference(framebuffer.packedBytes(), reference, width: Self.width) == nil)
        for (count, bias, field) in [(0, 3, "levelsOfDetail"), (17, 3, "levelsOfDetail"), (6, -1, "levelsOfDetailBias"),
                                     (6, 17, "levelsOfDetailBias")] {
            #expect(throws: TesseraError.self) {
                do {
                    _ = try Compositor.Configuration(levelsOfDetail: count, levelsOfDetailBias: bias).validated()
                } catch let TesseraError.invalidArgument(argument, _) {
                    #expect(argument == field)
                    throw TesseraError.invalidArgument(argument: argument, reason: "")
                }
            }
        }
    }

    @Test func theWantedLevelIsTheLargestPowerOfTwoAtOrBelowTheZoomWithinTheLevels() {
        let levels = LevelsOfDetail(count: 6, bias: 3)
        #expect(levels.range == -2...3)
        // 2^k ≤ zoom < 2^(k+1): the level is magnified 1× to 2×; below and above the range, its ends.
        #expect([0.01, 0.25, 0.26, 0.49, 0.5, 0.7, 0.99, 1, 1.41, 1.42, 1.99, 2, 5.7, 7.9, 8, 100].map { levels.level(forZoom: $0) }
                == [-2, -2, -2, -2, -1, -1, -1, 0, 0, 0, 0, 1, 2, 2, 3, 3])
        #expect(LevelsOfDetail.step(from: nil, toward: 3) == 3)
        #expect(LevelsOfDetail.step(from: -1, toward: 3) == 0)
        #expect(LevelsOfDetail.step(from: 2, toward: -2) == 1)
        #expect(LevelsOfDetail.step(from: 2, toward: 2) == 2)
    }

    @Test func levelSpansGiveEachColumnToTheTileHoldingItsLeftSample() {
        // Positions U(X) = −40000 + X·98304 (ratio 1.5) over X in 0..<12, tiles of 4 pixels.
        let spans = LevelMapping.spans(0, 12, start: -40000, origin: 0, step: 98304, tileSize: 4)
        var expected: [(Int, Int)] = []  // (X, tile) worked out one column at a time
        for x in 0..<12 {
            let u = -40000 + Int64(x) * 98304
            let pixel = Int((Double(u) / 65536).rounded(.down))
            expected.append((x, Int((Double(pixel) / 4).rounded(.down))))
        }
        let got = spans.flatMap { span in span.range.map { ($0, span.tile) } }
        #expect(got.map(\.0) == expected.map(\.0) && got.map(\.1) == expected.map(\.1))
    }
}

/// `base`, but every draw at `slowScale` first sleeps 50 ms: its tiles arrive well after the frame.
struct SlowAtScaleContent: LayerContent {
    var base: PatternContent
    var slowScale: Double

    func draw(in context: RasterContext) {
        if context.scale == slowScale { Thread.sleep(forTimeInterval: 0.05) }
        base.draw(in: context)
    }
}

/// Holds back draws at one scale (or, `gatesOthers`, at every other scale) until opened: a raster that
/// has not arrived, for as long as a test needs.
struct GatedAtScaleContent: LayerContent {
    var base: PatternContent
    var gatedScale: Double
    var gate: RasterGate
    var gatesOthers = false

    func draw(in context: RasterContext) {
        if (context.scale == gatedScale) != gatesOthers { gate.wait() }
        base.draw(in: context)
    }
}

/// A gate raster workers wait at while it is closed.
final class RasterGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false

    func wait() {
        condition.lock()
        while !isOpen { condition.wait() }
        condition.unlock()
    }

    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    func close() {
        condition.lock()
        isOpen = false
        condition.unlock()
    }
}
