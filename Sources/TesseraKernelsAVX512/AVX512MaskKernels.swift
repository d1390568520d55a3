import TesseraKernelBodies

/// The AVX-512 tier's coverage-masked kernels (`MaskKernels.swift` in TesseraKernelBodies), compiled
/// with this target's CPU like AVX512Kernels: `@inline(never)` whole-rect entry points.
///
/// Thread safety: pure functions; calls writing disjoint destination pixels may run concurrently.
public enum AVX512MaskKernels {
    /// The masked routine table of this tier.
    public static let routines = MaskKernelRoutines(maskedSourceOver: maskedSourceOver, maskedFillOver: maskedFillOver,
                                                      boxBlurColumns: boxBlurColumns)

    /// MaskKernelRoutines/maskedSourceOver, compiled for this tier.
    @inline(never)
    public static func maskedSourceOver(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                                        _ dstStride: Int, _ mask: UnsafeRawPointer, _ maskStride: Int,
                                        _ width: Int, _ height: Int, _ opacity: UInt8) {
        KernelBodies<AVX512Kernels.Marker>.maskedSourceOver(src, srcStride, dst, dstStride, mask, maskStride, width, height, opacity)
    }

    /// MaskKernelRoutines/maskedFillOver, compiled for this tier.
    @inline(never)
    public static func maskedFillOver(_ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ mask: UnsafeRawPointer,
                                      _ maskStride: Int, _ width: Int, _ height: Int, _ color: UInt32) {
        KernelBodies<AVX512Kernels.Marker>.maskedFillOver(dst, dstStride, mask, maskStride, width, height, color)
    }

    /// ``MaskKernelRoutines/boxBlurColumns``, compiled for this tier.
    @inline(never)
    public static func boxBlurColumns(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                                      _ dstStride: Int, _ width: Int, _ height: Int, _ radius: Int) {
        KernelBodies<AVX512Kernels.Marker>.boxBlurColumns(src, srcStride, dst, dstStride, width, height, radius)
    }
}
