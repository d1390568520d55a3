/// One instruction-set tier's composition kernels, as plain function values over raw rectangles.
///
/// Every routine works on a rectangle of `width × height` device pixels of premultiplied RGBA8
/// (memory order R, G, B, A; a pixel is a little-endian `UInt32` with R in the low byte). Rows are
/// `…Stride` bytes apart; any stride ≥ `width · 4` and any base address (no alignment) is accepted, and a
/// source stride of 0 (`sourceOver`) reads one source row for every destination row (the raster blends
/// a colour span that way: `Sources/Tessera/Raster/Rasterization/SpanPaint.swift`). The
/// routines do no validation: ``TesseraPixels`` checks sizes before it calls them. Source and destination
/// must not partially overlap (the same buffer as both is fine for `copy`).
///
/// Each tier target (baseline, AVX2, AVX-512) builds one value of this type from the same `@inlinable`
/// bodies in ``KernelBodies``, compiled with its own target CPU. One call covers a whole rect or band,
/// never a single vector, so the indirect call costs nothing measurable.
///
/// Thread safety: the routines are pure functions of their arguments; calls that write disjoint
/// destination pixels may run concurrently.
public struct KernelRoutines: Sendable {
    /// `dst = div255(sample(src) · opacity) OVER dst` for every pixel of the `width × height` destination
    /// rect, where destination pixel (i, j) samples the `srcWidth × srcHeight` source at
    /// `(mapping.x0 + i · mapping.dx, mapping.y0 + j · mapping.dy)` with `filter`; samples outside the
    /// source clamp to its edge pixels (pad). See ``ResampleMapping`` and ``ResampleFilter`` for the
    /// positions and the filters' rounding; `ScalarReference.scaledSourceOver` (TesseraPixels) is the
    /// definition. The source must have at least one pixel when the destination rect is not empty.
    /// Source and destination must not overlap.
    public typealias ScaledSourceOver = @Sendable (
        _ src: UnsafeRawPointer, _ srcStride: Int, _ srcWidth: Int, _ srcHeight: Int,
        _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int,
        _ mapping: ResampleMapping, _ filter: ResampleFilter, _ opacity: UInt8) -> Void
    /// `dst = src`.
    public typealias Copy = @Sendable (
        _ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer, _ dstStride: Int,
        _ width: Int, _ height: Int) -> Void
    /// `dst = div255(src · opacity) OVER dst` (plain `src OVER dst` when `opacity` is 255).
    public typealias SourceOver = @Sendable (
        _ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer, _ dstStride: Int,
        _ width: Int, _ height: Int, _ opacity: UInt8) -> Void
    /// `dst = src OVER color` with `color` an opaque pixel word (`UnderlayKernels.swift`): what a `fill`
    /// then a `sourceOver` leave, without reading `dst`; streamed like `copyStreaming` when `streams`.
    public typealias SourceOverSolid = @Sendable (
        _ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer, _ dstStride: Int,
        _ width: Int, _ height: Int, _ color: UInt32, _ streams: Bool) -> Void
    /// A vertical scroll move of `cells` whole 64-pixel cells per row over what is known of them
    /// (`CellMoveKernels.swift`: `dst = src` in bytes, known colours filled or kept, the moved cells'
    /// entries written); returns the cells filled and kept. Streamed when `streams`.
    public typealias MoveCells = @Sendable (
        _ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer, _ dstStride: Int,
        _ cells: Int, _ height: Int, _ sourceCells: UnsafePointer<UInt64>, _ destinationCells: UnsafePointer<UInt64>,
        _ moved: UnsafeMutablePointer<UInt64>, _ cellStride: Int, _ streams: Bool) -> (filled: Int, kept: Int)
    /// `dst = color` (`fill`) or `dst = color OVER dst` (`fillOver`); `color` is a pixel word.
    public typealias Solid = @Sendable (
        _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int, _ color: UInt32) -> Void

    /// `dst = src` over a rect.
    public let copy: Copy
    /// `dst = div255(src · opacity) OVER dst` over a rect.
    public let sourceOver: SourceOver
    /// `dst = color` over a rect.
    public let fill: Solid
    /// `dst = color OVER dst` over a rect.
    public let fillOver: Solid
    /// `dst = src` over a rect with streaming stores where rows are long enough (`StreamingKernels.swift`):
    /// the same bytes as `copy`, not left in the cache. Call `storeFence` after the last one of a batch.
    public let copyStreaming: Copy
    /// `dst = color` over a rect with streaming stores where rows are long enough; as `copyStreaming`.
    public let fillStreaming: Solid
    /// `dst = src OVER color` over a rect, `color` opaque: a layer's content over its background in one
    /// pass (call ``storeFence`` after a batch with `streams`).
    public let sourceOverSolid: SourceOverSolid
    /// Resampling src-over: the source scaled (nearest or bilinear) onto a destination rect
    /// (`ScaledKernels.swift`).
    public let scaledSourceOver: ScaledSourceOver
    /// A scroll move's rows over known cells (``MoveCells``): a byte copy, whatever the destination format.
    public let moveCells: MoveCells
    /// Orders this thread's earlier streaming stores (`sfence`); once per batch of streaming calls.
    public let storeFence: @Sendable () -> Void

    /// A table of one tier's entry points (each a non-inlinable function of the tier's module).
    public init(copy: @escaping Copy, sourceOver: @escaping SourceOver, fill: @escaping Solid,
                fillOver: @escaping Solid, copyStreaming: @escaping Copy, fillStreaming: @escaping Solid,
                sourceOverSolid: @escaping SourceOverSolid, scaledSourceOver: @escaping ScaledSourceOver,
                moveCells: @escaping MoveCells, storeFence: @escaping @Sendable () -> Void) {
        self.copy = copy
        self.sourceOver = sourceOver
        self.fill = fill
        self.fillOver = fillOver
        self.copyStreaming = copyStreaming
        self.fillStreaming = fillStreaming
        self.sourceOverSolid = sourceOverSolid
        self.scaledSourceOver = scaledSourceOver
        self.moveCells = moveCells
        self.storeFence = storeFence
    }
}
