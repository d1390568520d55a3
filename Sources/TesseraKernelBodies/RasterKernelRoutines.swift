/// One instruction-set tier's raster kernels — the pieces of `DisplayList` drawing that are arithmetic
/// over many pixels rather than blending — as plain function values, built per tier like
/// ``KernelRoutines`` from the bodies in `RoundedBoxCoverage.swift`, `GradientSpan.swift` and
/// `AlphaSummary.swift`.
///
/// Nothing is validated here: the raster passes sizes that are correct by construction.
///
/// Thread safety: pure functions; calls writing disjoint memory may run concurrently.
public struct RasterKernelRoutines: Sendable {
    /// The signed-distance coverage of a small rounded box (a glyph) into a coverage plane: `qxs` holds
    /// the columns' `qx` (readable up to `⌈width / 8⌉ · 8` entries, all finite), `width` is 1…64; rows
    /// `firstRow ..< firstRow + height` (``KernelBodies/roundedBoxCoverage(_:_:_:_:_:_:_:_:_:)``).
    public typealias RoundedBoxCoverage = @Sendable (
        _ qxs: UnsafePointer<Double>, _ width: Int, _ height: Int, _ firstRow: Int, _ centerY: Double,
        _ innerHalfHeight: Double, _ radius: Double, _ mask: UnsafeMutableRawPointer, _ maskStride: Int) -> Void
    /// `count` colours of a linear gradient's table at 32.32 fixed-point positions `t + k · step`
    /// (``KernelBodies/gradientSpan(_:_:_:_:_:_:)``); every index must be inside the table.
    public typealias GradientSpan = @Sendable (
        _ table: UnsafePointer<UInt32>, _ tableCount: Int, _ out: UnsafeMutableRawPointer, _ count: Int,
        _ t: Int64, _ step: Int64) -> Void

    /// The OR and the AND of a row's `count` pixel words (``KernelBodies/alphaSummary(_:_:)``): a drawn
    /// tile's coverage scan.
    public typealias AlphaSummary = @Sendable (_ row: UnsafeRawPointer, _ count: Int) -> (orWords: UInt32, andWords: UInt32)

    public let roundedBoxCoverage: RoundedBoxCoverage
    public let gradientSpan: GradientSpan
    public let alphaSummary: AlphaSummary

    /// A table of one tier's entry points (each a non-inlinable function of the tier's module).
    public init(roundedBoxCoverage: @escaping RoundedBoxCoverage, gradientSpan: @escaping GradientSpan,
                alphaSummary: @escaping AlphaSummary) {
        self.roundedBoxCoverage = roundedBoxCoverage
        self.gradientSpan = gradientSpan
        self.alphaSummary = alphaSummary
    }
}
