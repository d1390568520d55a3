/// One instruction-set tier's coverage-masked kernels (rounded-corner clips and borders), as plain
/// function values over raw rectangles; built per tier like ``KernelRoutines``, from the bodies in
/// `MaskKernels.swift`.
///
/// Pixels are as in ``KernelRoutines``; the coverage plane holds one byte per pixel (0…255), rows
/// `maskStride` bytes apart, any address and stride ≥ `width`, or 0: one coverage row for every row (the
/// raster's straight shape sides; a source stride of 0 likewise repeats one colour row). Nothing is
/// validated here.
///
/// Thread safety: pure functions; calls writing disjoint destination pixels may run concurrently.
public struct MaskKernelRoutines: Sendable {
    /// `dst = div255(src · div255(coverage · opacity)) OVER dst`.
    public typealias MaskedSourceOver = @Sendable (
        _ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer, _ dstStride: Int,
        _ mask: UnsafeRawPointer, _ maskStride: Int, _ width: Int, _ height: Int, _ opacity: UInt8) -> Void
    /// `dst = div255(color · coverage) OVER dst`; `color` is a pixel word.
    public typealias MaskedFillOver = @Sendable (
        _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ mask: UnsafeRawPointer, _ maskStride: Int,
        _ width: Int, _ height: Int, _ color: UInt32) -> Void

    /// One box pass of the shadow blur along the columns of an 8-bit plane (`BlurKernels.swift`):
    /// `src` and `dst` are coverage planes of `width × height`, `radius` ≥ 0; they must not overlap.
    public typealias BoxBlur = @Sendable (
        _ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer, _ dstStride: Int,
        _ width: Int, _ height: Int, _ radius: Int) -> Void

    public let maskedSourceOver: MaskedSourceOver
    public let maskedFillOver: MaskedFillOver
    public let boxBlurColumns: BoxBlur

    /// A table of one tier's entry points (each a non-inlinable function of the tier's module).
    public init(maskedSourceOver: @escaping MaskedSourceOver, maskedFillOver: @escaping MaskedFillOver,
                boxBlurColumns: @escaping BoxBlur) {
        self.maskedSourceOver = maskedSourceOver
        self.maskedFillOver = maskedFillOver
        self.boxBlurColumns = boxBlurColumns
    }
}
