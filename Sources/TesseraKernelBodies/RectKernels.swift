/// The rectangle kernels every tier compiles: `@inlinable @inline(__always)`, so that each tier target's
/// non-inlinable entry point gets its own copy of the loops, built for that tier's CPU.
///
/// Arguments are as in ``KernelRoutines``; nothing is validated here.
extension KernelBodies {
    /// `dst = src`: one `memmove` when both rects are contiguous, else one per row.
    @inlinable @inline(__always)
    public static func copy(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                            _ dstStride: Int, _ width: Int, _ height: Int) {
        guard width > 0, height > 0 else { return }
        let rowBytes = width &* 4
        if srcStride == rowBytes, dstStride == rowBytes {
            dst.copyMemory(from: src, byteCount: rowBytes &* height)
            return
        }
        for y in 0..<height {
            (dst + y &* dstStride).copyMemory(from: src + y &* srcStride, byteCount: rowBytes)
        }
    }

    /// `dst = div255(src · opacity) OVER dst`.
    @inlinable @inline(__always)
    public static func sourceOver(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                                  _ dstStride: Int, _ width: Int, _ height: Int, _ opacity: UInt8) {
        guard width > 0, height > 0, opacity != 0 else { return }  // opacity 0: src' = 0, dst unchanged
        if opacity == 255 {
            for y in 0..<height {
                sourceOverRow(src + y &* srcStride, dst + y &* dstStride, width)
            }
        } else {
            for y in 0..<height {
                sourceOverRow(src + y &* srcStride, dst + y &* dstStride, width, opacity: UInt32(opacity))
            }
        }
    }

    /// `dst = color`.
    @inlinable @inline(__always)
    public static func fill(_ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int,
                            _ color: UInt32) {
        guard width > 0 else { return }
        for y in 0..<height { fillRow(dst + y &* dstStride, width, color) }
    }

    /// `dst = color OVER dst`.
    @inlinable @inline(__always)
    public static func fillOver(_ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int,
                                _ color: UInt32) {
        guard width > 0, color != 0 else { return }  // 0 OVER d = d exactly
        if color >= 0xFF00_0000 {  // opaque: color + div255(d · 0) = color
            fill(dst, dstStride, width, height, color)
            return
        }
        for y in 0..<height { fillOverRow(dst + y &* dstStride, width, color) }
    }
}
