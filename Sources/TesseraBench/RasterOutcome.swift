import Tessera
import TesseraScene

/// What asynchronous raster left on screen over a benchmark run, accumulated frame by frame from
/// ``FrameStatistics``: checkerboarded frames and area, stale tiles, tile arrival latency, raster work.
///
/// Area shares are of the visible tile area (``FrameStatistics/visibleTilePixels``: the framebuffer
/// pixels the frame's tiles cover, before occlusion); a frame without visible tiles counts as 0 %.
/// Thread safety: a plain value. Cost: O(1) per frame plus one entry per arrived visible tile.
public struct RasterOutcome: Sendable {
    /// Frames with at least one checkerboarded tile.
    public private(set) var checkerboardFrames = 0
    /// Checkerboarded visible tiles, summed over frames.
    public private(set) var tilesCheckerboarded = 0
    /// The longest run of consecutive checkerboarded frames.
    public private(set) var longestCheckerboardRun = 0
    /// The largest checkerboarded share of one frame's visible tile area, percent (0…100).
    public private(set) var worstCheckerboardPercent = 0.0
    /// Frames that showed at least one stale tile (an older version of invalidated content).
    public private(set) var staleFrames = 0
    /// Stale visible tiles, summed over frames.
    public private(set) var tilesShownStale = 0
    /// Raster jobs the frames queued, and results dropped (their tile changed or went while they ran).
    public private(set) var rasterJobsQueued = 0
    public private(set) var rasterResultsDropped = 0
    /// Worker time of the rasters taken in, milliseconds summed over the workers.
    public private(set) var rasterWorkMilliseconds = 0.0
    /// Time from a tile first shown without current pixels to the end of its raster, milliseconds,
    /// one entry per arrived visible tile.
    public private(set) var arrivalMilliseconds: [Double] = []
    private var frames = 0
    private var percentSum = 0.0
    private var currentRun = 0

    public init() {}

    /// The mean over the measured frames of each frame's checkerboarded share, percent (0…100).
    public var meanCheckerboardPercent: Double { frames == 0 ? 0 : percentSum / Double(frames) }
    /// Order statistics of ``arrivalMilliseconds`` (nearest rank).
    public var arrival: FrameTimeSummary { FrameTimeSummary(milliseconds: arrivalMilliseconds) }

    /// Adds one measured frame.
    public mutating func addFrame(_ s: FrameStatistics) {
        frames += 1
        let percent = s.visibleTilePixels > 0 ? 100 * Double(s.checkerboardPixels) / Double(s.visibleTilePixels) : 0
        percentSum += percent
        worstCheckerboardPercent = Swift.max(worstCheckerboardPercent, percent)
        if s.isCheckerboarded {
            checkerboardFrames += 1
            currentRun += 1
            longestCheckerboardRun = Swift.max(longestCheckerboardRun, currentRun)
        } else {
            currentRun = 0
        }
        tilesCheckerboarded += s.tilesCheckerboarded
        if s.tilesShownStale > 0 { staleFrames += 1 }
        tilesShownStale += s.tilesShownStale
        addArrivals(s)
    }

    /// Adds the raster results a frame took in without counting the frame itself (a settling frame
    /// rendered after the run to take in the last results).
    public mutating func addArrivals(_ s: FrameStatistics) {
        rasterJobsQueued += s.rasterJobsQueued
        rasterResultsDropped += s.rasterResultsDropped
        rasterWorkMilliseconds += s.rasterWorkTime.milliseconds
        arrivalMilliseconds += s.tileArrivalLatencies.map(\.milliseconds)
    }
}
