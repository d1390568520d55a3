import TesseraKernelBodies

/// The baseline tier: the shared kernel bodies compiled with this module's portable flags (SSE2 on
/// x86-64, NEON on arm64). Entry points are `@inline(never)` whole-rect functions like the other tiers'.
///
/// Thread safety: pure functions; calls writing disjoint destination pixels may run concurrently.
enum BaselineKernels {
    static let routines = KernelRoutines(copy: copy, sourceOver: sourceOver, fill: fill, fillOver: fillOver)

    /// This tier's marker: the kernel bodies are specialized for it, in this module.
    enum Marker: KernelTierMarker {}

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
}
