import TesseraKernelBodies
import _Builtin_intrinsics.intel

/// The AVX2 tier: the shared kernel bodies compiled in this target with `-Xcc -march=x86-64-v3`.
///
/// Only call these on a CPU that has AVX2 (`KernelTier.available` in TesseraPixels checks): the code
/// traps with an illegal instruction elsewhere. Each entry point is `@inline(never)` so that no caller in
/// another module (built for another CPU) inlines it, and it covers a whole rect, so the per-vector
/// helpers are inlined here, with this target's instructions.
///
/// Thread safety: pure functions; calls writing disjoint destination pixels may run concurrently.
public enum AVX2Kernels {
    /// The routine table of this tier.
    public static let routines = KernelRoutines(
        copy: copy, sourceOver: sourceOver, fill: fill, fillOver: fillOver, copyStreaming: copyStreaming,
        fillStreaming: fillStreaming, sourceOverSolid: sourceOverSolid, scaledSourceOver: scaledSourceOver,
        moveCells: moveCells, storeFence: storeFence)

    /// Whether this tier's streaming kernels stream (``KernelRoutines/copyStreaming``).
    public static var hasStreamingStores: Bool { Marker.hasStreamingStores }

    /// This tier's marker: the kernel bodies are specialized for it, in this module.
    enum Marker: KernelTierMarker {
        static var hasStreamingStores: Bool { true }

        /// Two `vmovntdq` (`_mm256_stream_si256`) of 32 bytes each.
        @inline(__always)
        static func streamStore(_ v: SIMD16<UInt32>, _ p: UnsafeMutableRawPointer) {
            _mm256_stream_si256(p.assumingMemoryBound(to: __m256i.self), unsafeBitCast(v.lowHalf, to: __m256i.self))
            _mm256_stream_si256((p + 32).assumingMemoryBound(to: __m256i.self),
                                unsafeBitCast(v.highHalf, to: __m256i.self))
        }
    }

    /// ``KernelRoutines/copy``, compiled for this tier.
    @inline(never)
    public static func copy(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                            _ dstStride: Int, _ width: Int, _ height: Int) {
        KernelBodies<Marker>.copy(src, srcStride, dst, dstStride, width, height)
    }

    /// ``KernelRoutines/sourceOver``, compiled for this tier.
    @inline(never)
    public static func sourceOver(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                                  _ dstStride: Int, _ width: Int, _ height: Int, _ opacity: UInt8) {
        KernelBodies<Marker>.sourceOver(src, srcStride, dst, dstStride, width, height, opacity)
    }

    /// ``KernelRoutines/fill``, compiled for this tier.
    @inline(never)
    public static func fill(_ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int,
                            _ color: UInt32) {
        KernelBodies<Marker>.fill(dst, dstStride, width, height, color)
    }

    /// ``KernelRoutines/fillOver``, compiled for this tier.
    @inline(never)
    public static func fillOver(_ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int,
                                _ color: UInt32) {
        KernelBodies<Marker>.fillOver(dst, dstStride, width, height, color)
    }

    /// ``KernelRoutines/copyStreaming``, compiled for this tier.
    @inline(never)
    public static func copyStreaming(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                                     _ dstStride: Int, _ width: Int, _ height: Int) {
        KernelBodies<Marker>.copyStreaming(src, srcStride, dst, dstStride, width, height)
    }

    /// ``KernelRoutines/fillStreaming``, compiled for this tier.
    @inline(never)
    public static func fillStreaming(_ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int,
                                     _ color: UInt32) {
        KernelBodies<Marker>.fillStreaming(dst, dstStride, width, height, color)
    }

    /// ``KernelRoutines/sourceOverSolid``, compiled for this tier.
    @inline(never)
    public static func sourceOverSolid(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                                       _ dstStride: Int, _ width: Int, _ height: Int, _ color: UInt32,
                                       _ streams: Bool) {
        KernelBodies<Marker>.sourceOverSolid(src, srcStride, dst, dstStride, width, height, color, streams)
    }

    /// ``KernelRoutines/scaledSourceOver``, compiled for this tier.
    @inline(never)
    public static func scaledSourceOver(_ src: UnsafeRawPointer, _ srcStride: Int, _ srcWidth: Int, _ srcHeight: Int,
                                 _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int,
                                 _ mapping: ResampleMapping, _ filter: ResampleFilter, _ opacity: UInt8) {
        KernelBodies<Marker>.scaledSourceOver(src, srcStride, srcWidth, srcHeight, dst, dstStride, width, height,
                                              mapping, filter, opacity)
    }

    /// ``KernelRoutines/moveCells``, compiled for this tier.
    @inline(never)
    public static func moveCells(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                                 _ dstStride: Int, _ cells: Int, _ height: Int, _ sourceCells: UnsafePointer<UInt64>,
                                 _ destinationCells: UnsafePointer<UInt64>, _ moved: UnsafeMutablePointer<UInt64>,
                                 _ cellStride: Int, _ streams: Bool) -> (filled: Int, kept: Int) {
        KernelBodies<Marker>.moveCells(src, srcStride, dst, dstStride, cells, height, sourceCells, destinationCells,
                                       moved, cellStride, streams)
    }

    /// ``KernelRoutines/storeFence``, compiled for this tier.
    @inline(never)
    public static func storeFence() {
        KernelBodies<Marker>.storeFence()
    }
}
