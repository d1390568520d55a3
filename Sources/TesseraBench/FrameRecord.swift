/// One measured frame of a scroll benchmark, for plots and dashboards (`tessera bench --plot`,
/// `--json --per-frame`).
///
/// Units: milliseconds of wall-clock time; `frame` counts measured frames from 1. Thread safety: a plain
/// value.
public struct FrameRecord: Hashable, Sendable {
    /// The measured frame's number, from 1.
    public var frame: Int
    /// The whole render call.
    public var totalMilliseconds: Double
    /// Planning (walking the tree).
    public var planMilliseconds: Double
    /// The tile stage (cache look-ups, queueing raster, and in sync mode waiting for it).
    public var rasterMilliseconds: Double
    /// Composition into the framebuffer.
    public var compositeMilliseconds: Double
    /// Visible tiles drawn as the checkerboard (0: a complete frame).
    public var tilesCheckerboarded: Int
    /// Framebuffer pixels composited (``FrameStatistics/pixelsComposited``).
    public var damagedPixels: Int

    public init(frame: Int, totalMilliseconds: Double, planMilliseconds: Double, rasterMilliseconds: Double,
                compositeMilliseconds: Double, tilesCheckerboarded: Int, damagedPixels: Int) {
        self.frame = frame
        self.totalMilliseconds = totalMilliseconds
        self.planMilliseconds = planMilliseconds
        self.rasterMilliseconds = rasterMilliseconds
        self.compositeMilliseconds = compositeMilliseconds
        self.tilesCheckerboarded = tilesCheckerboarded
        self.damagedPixels = damagedPixels
    }

    /// True when some visible tile was a checkerboard.
    public var isCheckerboarded: Bool { tilesCheckerboarded > 0 }
}
