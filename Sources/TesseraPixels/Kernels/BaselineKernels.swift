import TesseraKernelBodies
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// The baseline tier: the shared kernel bodies compiled with this module's portable flags (SSE2 on
/// x86-64, NEON on arm64). Entry points are `@inline(never)` whole-rect functions like the other tiers'.
///
/// Thread safety: pure functions; calls writing disjoint destination pixels may run concurrently.
enum BaselineKernels {
    static let routines = KernelRoutines(
        copy: copy, sourceOver: sourceOver, fill: fill, fillOver: fillOver, copyStreaming: copyStreaming,
        fillStreaming: fillStreaming, sourceOverSolid: sourceOverSolid, scaledSourceOver: scaledSourceOver,
        moveCells: moveCells, storeFence: storeFence)

    /// This tier's marker: the kernel bodies are specialized for it, in this module.
    enum Marker: KernelTierMarker {
        #if arch(x86_64)
        static var hasStreamingStores: Bool { true }

        /// Four SSE2 `movntdq` (`_mm_stream_si128`) of 16 bytes each.
        @inline(__always)
        static func streamStore(_ v: SIMD16<UInt32>, _ p: UnsafeMutableRawPointer) {
            _mm_stream_si128(p.assumingMemoryBound(to: __m128i.self), unsafeBitCast(v.lowHalf.lowHalf, to: __m128i.self))
            _mm_stream_si128((p + 16).assumingMemoryBound(to: __m128i.self),
                             unsafeBitCast(v.lowHalf.highHalf, to: __m128i.self))
            _mm_stream_si128((p + 32).assumingMemoryBound(to: __m128i.self),
                             unsafeBitCast(v.highHalf.lowHalf, to: __m128i.self))
            _mm_stream_si128((p + 48).assumingMemoryBound(to: __m128i.self),
                             unsafeBitCast(v.highHalf.highHalf, to: __m128i.self))
        }
        #else
        /// No streaming store in the portable arm64 build: the streaming kernels take the temporal path.
        static var hasStreamingStores: Bool { false }

        @inline(__always)
        static func streamStore(_ v: SIMD16<UInt32>, _ p: UnsafeMutableRawPointer) {
            p.storeBytes(of: v, as: SIMD16<UInt32>.self)
        }
        #endif
    }

    @inline(never)
    static func copy(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                     _ dstStride: Int, _ width: Int, _ height: Int) {
        KernelBodies<Marker>.copy(src, srcStride, dst, dstStride, width, height)
    }

    @inline(never)
    static func sourceOver(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                           _ dstStride: Int, _ width: Int, _ height: Int, _ opacity: UInt8) {
        KernelBodies<Marker>.sourceOver(src, srcStride, dst, dstStride, width, height, opacity)
    }

    @inline(never)
    static func fill(_ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int,
                     _ color: UInt32) {
        KernelBodies<Marker>.fill(dst, dstStride, width, height, color)
    }

    @inline(never)
    static func fillOver(_ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int,
                         _ color: UInt32) {
        KernelBodies<Marker>.fillOver(dst, dstStride, width, height, color)
    }

    @inline(never)
    static func copyStreaming(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                              _ dstStride: Int, _ width: Int, _ height: Int) {
        KernelBodies<Marker>.copyStreaming(src, srcStride, dst, dstStride, width, height)
    }

    @inline(never)
    static func fillStreaming(_ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int,
                              _ color: UInt32) {
        KernelBodies<Marker>.fillStreaming(dst, dstStride, width, height, color)
    }

    @inline(never)
    static func sourceOverSolid(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                                _ dstStride: Int, _ width: Int, _ height: Int, _ color: UInt32, _ streams: Bool) {
        KernelBodies<Marker>.sourceOverSolid(src, srcStride, dst, dstStride, width, height, color, streams)
    }

    @inline(never)
    static func scaledSourceOver(_ src: UnsafeRawPointer, _ srcStride: Int, _ srcWidth: Int, _ srcHeight: Int,
                                 _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int,
                                 _ mapping: ResampleMapping, _ filter: ResampleFilter, _ opacity: UInt8) {
        KernelBodies<Marker>.scaledSourceOver(src, srcStride, srcWidth, srcHeight, dst, dstStride, width, height,
                                              mapping, filter, opacity)
    }

    @inline(never)
    static func moveCells(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                          _ dstStride: Int, _ cells: Int, _ height: Int, _ sourceCells: UnsafePointer<UInt64>,
                          _ destinationCells: UnsafePointer<UInt64>, _ moved: UnsafeMutablePointer<UInt64>,
                          _ cellStride: Int, _ streams: Bool) -> (filled: Int, kept: Int) {
        KernelBodies<Marker>.moveCells(src, srcStride, dst, dstStride, cells, height, sourceCells, destinationCells,
                                       moved, cellStride, streams)
    }

    @inline(never)
    static func storeFence() {
        KernelBodies<Marker>.storeFence()
    }
}
