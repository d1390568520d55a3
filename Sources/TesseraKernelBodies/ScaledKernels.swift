/// Scaled composition (resampling src-over); arguments as ``KernelRoutines/ScaledSourceOver``, nothing
/// validated here.
extension KernelBodies {
    /// `dst = div255(sample(src) · opacity) OVER dst` over the destination rect.
    @inlinable @inline(__always)
    public static func scaledSourceOver(_ src: UnsafeRawPointer, _ srcStride: Int, _ srcWidth: Int, _ srcHeight: Int,
                                        _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int,
                                        _ mapping: ResampleMapping, _ filter: ResampleFilter, _ opacity: UInt8) {
        guard width > 0, height > 0, opacity != 0, srcWidth > 0, srcHeight > 0 else { return }
        let o = UInt32(opacity)
        for j in 0..<height {
            let y = Int64(mapping.y0) &+ Int64(j) &* Int64(mapping.dy)
            let dstRow = dst + j &* dstStride
            for i in 0..<width {
                let x = Int64(mapping.x0) &+ Int64(i) &* Int64(mapping.dx)
                var s: UInt32
                switch filter {
                case .nearest:
                    let cx = clampIndex((x &+ 0x8000) &>> 16, srcWidth)
                    let cy = clampIndex((y &+ 0x8000) &>> 16, srcHeight)
                    s = loadWord(src + (cy &* srcStride &+ cx &* 4))
                case .bilinear:
                    let xl = clampIndex(x &>> 16, srcWidth), xr = clampIndex((x &>> 16) &+ 1, srcWidth)
                    let yt = clampIndex(y &>> 16, srcHeight), yb = clampIndex((y &>> 16) &+ 1, srcHeight)
                    let wx = UInt32(truncatingIfNeeded: (x & 0xFFFF) &>> 9)
                    let wy = UInt32(truncatingIfNeeded: (y & 0xFFFF) &>> 9)
                    let top = src + yt &* srcStride, bottom = src + yb &* srcStride
                    let l = lerp(loadWord(top + xl &* 4), loadWord(bottom + xl &* 4), wy)
                    let r = lerp(loadWord(top + xr &* 4), loadWord(bottom + xr &* 4), wy)
                    s = lerp(l, r, wx)
                }
                if s == 0 { continue }
                if o != 255 { s = scale(s, by: o) }
                let d = dstRow + i &* 4
                storeWord(over(s, loadWord(d)), d)
            }
        }
    }

    /// `index` clamped to `0…count − 1` (`count` ≥ 1).
    @inlinable @inline(__always)
    static func clampIndex(_ index: Int64, _ count: Int) -> Int {
        index < 0 ? 0 : index >= Int64(count) ? count &- 1 : Int(truncatingIfNeeded: index)
    }

    /// `(a · (128 − w) + b · w + 64) >> 7` per channel (`w` ≤ 128): the bilinear step of the reference.
    /// Two channels per 16-bit field: a field holds at most 255 · 128 + 64 = 32,704 < 2^16, no carry.
    @inlinable @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let m: UInt32 = 0x00FF_00FF
        let iw = 128 &- w
        let rb = (((a & m) &* iw &+ (b & m) &* w &+ 0x0040_0040) &>> 7) & m
        let ga = ((((a &>> 8) & m) &* iw &+ ((b &>> 8) & m) &* w &+ 0x0040_0040) &>> 7) & m
        return rb | ga &<< 8
    }
}
