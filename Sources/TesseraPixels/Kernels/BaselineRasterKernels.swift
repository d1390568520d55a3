import TesseraKernelBodies

/// The baseline tier's raster kernels (`RoundedBoxCoverage.swift`, `GradientSpan.swift` and
/// `AlphaSummary.swift` in TesseraKernelBodies), compiled with this target's CPU like BaselineKernels:
/// `@inline(never)` entry points, one call per glyph, gradient run or scanned row.
///
/// Thread safety: pure functions; calls writing disjoint memory may run concurrently.
enum BaselineRasterKernels {
    /// The raster routine table of this tier.
    static let routines = RasterKernelRoutines(roundedBoxCoverage: roundedBoxCoverage, gradientSpan: gradientSpan,
                                                      alphaSummary: alphaSummary)

    /// ``RasterKernelRoutines/roundedBoxCoverage``, compiled for this tier.
    @inline(never)
    static func roundedBoxCoverage(_ qxs: UnsafePointer<Double>, _ width: Int, _ height: Int, _ firstRow: Int,
                                   _ centerY: Double, _ innerHalfHeight: Double, _ radius: Double,
                                   _ mask: UnsafeMutableRawPointer, _ maskStride: Int) {
        KernelBodies<BaselineKernels.Marker>.roundedBoxCoverage(qxs, width, height, firstRow, centerY, innerHalfHeight, radius,
                                                   mask, maskStride)
    }

    /// ``RasterKernelRoutines/gradientSpan``, compiled for this tier.
    @inline(never)
    static func gradientSpan(_ table: UnsafePointer<UInt32>, _ tableCount: Int, _ out: UnsafeMutableRawPointer,
                             _ count: Int, _ t: Int64, _ step: Int64) {
        KernelBodies<BaselineKernels.Marker>.gradientSpan(table, tableCount, out, count, t, step)
    }

    /// ``RasterKernelRoutines/alphaSummary``, compiled for this tier.
    @inline(never)
    static func alphaSummary(_ row: UnsafeRawPointer, _ count: Int) -> (orWords: UInt32, andWords: UInt32) {
        KernelBodies<BaselineKernels.Marker>.alphaSummary(row, count)
    }
}
