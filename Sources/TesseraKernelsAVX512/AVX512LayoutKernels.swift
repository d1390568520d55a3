import TesseraKernelBodies

/// This tier's kernels for the destination layouts other than RGBA (`LayoutKernels.swift` in
/// TesseraKernelBodies): one `@inline(never)` entry point per operation, taking the layout first and
/// switching once per rect into a copy of the loops specialized for that layout, compiled for this tier.
///
/// Thread safety: pure functions; calls writing disjoint destination pixels may run concurrently.
extension AVX512Kernels {
    /// The routine table writing `layout` (the native table for `rgba`).
    public static func routines(writing layout: StoreLayoutID) -> KernelRoutines {
        switch layout {
        case .rgba: return routines
        case .bgra: return bgraRoutines
        case .xrgb: return xrgbRoutines
        case .xbgr: return xbgrRoutines
        }
    }

    static let bgraRoutines = layoutRoutines(.bgra)
    static let xrgbRoutines = layoutRoutines(.xrgb)
    static let xbgrRoutines = layoutRoutines(.xbgr)

    private static func layoutRoutines(_ layout: StoreLayoutID) -> KernelRoutines {
        KernelRoutines(layout: layout, copy: copy, sourceOver: sourceOver, fill: fill, fillOver: fillOver,
                       copyStreaming: copyStreaming, fillStreaming: fillStreaming, sourceOverSolid: sourceOverSolid,
                       scaledSourceOver: scaledSourceOver,
                       moveCells: moveCells, storeFence: storeFence)
    }

    @inline(never)
    static func scaledSourceOver(_ layout: StoreLayoutID, _ src: UnsafeRawPointer, _ srcStride: Int, _ srcWidth: Int,
                                 _ srcHeight: Int, _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int,
                                 _ height: Int, _ mapping: ResampleMapping, _ filter: ResampleFilter, _ opacity: UInt8) {
        KernelBodies<Marker>.scaledSourceOver(layout, src, srcStride, srcWidth, srcHeight, dst, dstStride, width, height,
                                              mapping, filter, opacity)
    }

    @inline(never)
    static func sourceOverSolid(_ layout: StoreLayoutID, _ src: UnsafeRawPointer, _ srcStride: Int,
                                _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int,
                                _ color: UInt32, _ streams: Bool) {
        KernelBodies<Marker>.sourceOverSolid(layout, src, srcStride, dst, dstStride, width, height, color, streams)
    }

    @inline(never)
    static func copy(_ layout: StoreLayoutID, _ src: UnsafeRawPointer, _ srcStride: Int,
                     _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int) {
        KernelBodies<Marker>.copy(layout, src, srcStride, dst, dstStride, width, height)
    }

    @inline(never)
    static func sourceOver(_ layout: StoreLayoutID, _ src: UnsafeRawPointer, _ srcStride: Int,
                           _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int,
                           _ opacity: UInt8) {
        KernelBodies<Marker>.sourceOver(layout, src, srcStride, dst, dstStride, width, height, opacity)
    }

    @inline(never)
    static func fill(_ layout: StoreLayoutID, _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int,
                     _ height: Int, _ color: UInt32) {
        KernelBodies<Marker>.fill(layout, dst, dstStride, width, height, color)
    }

    @inline(never)
    static func fillOver(_ layout: StoreLayoutID, _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int,
                         _ height: Int, _ color: UInt32) {
        KernelBodies<Marker>.fillOver(layout, dst, dstStride, width, height, color)
    }

    @inline(never)
    static func copyStreaming(_ layout: StoreLayoutID, _ src: UnsafeRawPointer, _ srcStride: Int,
                              _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int) {
        KernelBodies<Marker>.copyStreaming(layout, src, srcStride, dst, dstStride, width, height)
    }

    @inline(never)
    static func fillStreaming(_ layout: StoreLayoutID, _ dst: UnsafeMutableRawPointer, _ dstStride: Int,
                              _ width: Int, _ height: Int, _ color: UInt32) {
        KernelBodies<Marker>.fillStreaming(layout, dst, dstStride, width, height, color)
    }
}
