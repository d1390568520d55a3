#if TESSERA_MULHI
import Builtin
#endif

/// The signed-distance coverage of a small rounded box (a glyph of greeked text), eight pixels of a row
/// at a time in `Double` lanes (one AVX-512 register, two AVX2 or four SSE2 ones).
///
/// Pixel `(i, j)` gets `round(clamp(0.5 − d, 0, 1) · 255)` — `UInt8(min(max(v, 0), 1) · 255 + 0.5)`,
/// truncated — with `d = √(qx² + qy²) − r` when `qx > 0` and `qy > 0`, else `max(qx, qy) − r`: the raster's
/// rounded-rect coverage (`RoundedRectDistance` and `coverageByte` in Tessera), with the same
/// floating-point operations in the same order, lane by lane. Multiplies and adds stay separate (Swift
/// does not contract them into fused multiply-adds), the square root is IEEE's (correctly rounded, as the
/// scalar one), and the conversion truncates a value in 0.5…255.5, so every byte equals the scalar
/// formula's. Without the builtin module (portable builds) the lanes take the scalar formula one by one.
///
/// Rows are of two kinds: a straight row whose own coverage `round(clamp(0.5 − (qy − r), 0, 1) · 255)` is
/// 255 (`qy ≤ 0`) has `max(qx, qy) − r` everywhere, and where `qx < qy` both give 255, so all such rows
/// are the column coverages alone. They form one run in the middle of the box: the rows from the top
/// down to the first straight one and from the bottom up to the last are computed in full, the others
/// copy the first straight row, without evaluating their `qy`.
///
/// The rows crossing the corners (`qy > 0`) need the square root only on the columns with `qx > 0`, at
/// most 4 at either end for a glyph (radius about 2 px): those eight go in one vector and the columns
/// between them, where the distance is `qy − r`, are one byte repeated.
///
/// Cost per computed row: ⌈width / 8⌉ vectors of about 16 instructions (a corner row of a box wider
/// than 8: one vector with a `vsqrtpd` and a fill), each stored straight from its register; per straight
/// row after the first, a copy of `width` bytes.
extension KernelBodies {
    /// The widest box, in pixels.
    @inlinable public static var roundedBoxMaximumWidth: Int { 64 }

    /// Writes the coverage of `width × height` pixels (`width` in 1…64) into `mask`, rows `maskStride`
    /// bytes apart: column `i` has `qx = qxs[i]` (`|x + 0.5 − centreX| − innerHalfWidth`, device pixels;
    /// `qxs` readable up to `⌈width / 8⌉ · 8` entries, the ones beyond `width` any value), row `j` has
    /// `qy = |(firstRow + j) + 0.5 − centerY| − innerHalfHeight`; `radius` ≥ 0. Only the `width` bytes of
    /// each row are written.
    @inlinable @inline(__always)
    public static func roundedBoxCoverage(_ qxs: UnsafePointer<Double>, _ width: Int, _ height: Int, _ firstRow: Int,
                                          _ centerY: Double, _ innerHalfHeight: Double, _ radius: Double,
                                          _ mask: UnsafeMutableRawPointer, _ maskStride: Int) {
        guard width > 0, width <= roundedBoxMaximumWidth, height > 0 else { return }
        // `qx` is V-shaped along the row (|x − centre| − a constant, and rounding is monotonic), so the
        // columns with qx > 0 — the only ones a corner row takes a square root for — are a prefix and a
        // suffix. When each has at most 4 columns and the box is wider than 8, one vector holds them all:
        // columns 0…3 and the last 4; between them qx ≤ 0 < qy, so `max(qx, qy) − r = qy − r` there.
        var packed = false
        var corners = SIMD8<Double>()
        if width > 8 && !(qxs[4] > 0) && !(qxs[width &- 5] > 0) {
            packed = true
            let head = UnsafeRawPointer(qxs).loadUnaligned(as: SIMD4<Double>.self)
            let tail = UnsafeRawPointer(qxs + (width &- 4)).loadUnaligned(as: SIMD4<Double>.self)
            corners = SIMD8(lowHalf: head, highHalf: tail)
        }
        @inline(__always) func qy(_ j: Int) -> Double { abs(Double(firstRow &+ j) + 0.5 - centerY) - innerHalfHeight }
        @inline(__always) func isStraight(_ qy: Double) -> Bool {
            qy <= 0 && roundedBoxByte(0.5 - (qy - radius)) == 255
        }
        @inline(__always) func compute(_ j: Int, _ qy: Double) {
            let dst = mask + j &* maskStride
            if packed && qy > 0 {
                let bytes = unsafeBitCast(roundedBoxLanes(corners, qy, radius), to: UInt64.self)
                dst.storeBytes(of: UInt32(truncatingIfNeeded: bytes), as: UInt32.self)
                fillRow(dst + 4, width &- 8, roundedBoxByte(0.5 - (qy - radius)))
                dst.storeBytes(of: UInt32(truncatingIfNeeded: bytes &>> 32), toByteOffset: width &- 4, as: UInt32.self)
            } else {
                var k = 0
                while k < width {
                    let q = UnsafeRawPointer(qxs + k).loadUnaligned(as: SIMD8<Double>.self)
                    storeLanes(roundedBoxLanes(q, qy, radius), dst + k, Swift.min(8, width &- k))
                    k &+= 8
                }
            }
        }
        // The straight rows are one run: `qy` is V-shaped down the box and `isStraight` holds for every
        // `qy` below one that passes (`roundedBoxByte` is monotonic). So the rows above the first straight
        // one and below the last are computed, walking in from either end, and the rows between are
        // copies of the first, with no per-row arithmetic.
        var top = 0
        while top < height {
            let q = qy(top)
            compute(top, q)
            if isStraight(q) { break }
            top &+= 1
        }
        if top >= height { return }
        var bottom = height &- 1
        while bottom > top {
            let q = qy(bottom)
            if isStraight(q) { break }
            compute(bottom, q)
            bottom &-= 1
        }
        let source = UnsafeRawPointer(mask + top &* maskStride)
        var j = top &+ 1
        while j <= bottom {
            copyRow(from: source, to: mask + j &* maskStride, width)
            j &+= 1
        }
    }

    /// `UInt8(min(max(v, 0), 1) · 255 + 0.5)` for a finite `v` (`Swift.max(v, 0)` is `0 ≥ v ? 0 : v`,
    /// `Swift.min(w, 1)` is `1 < w ? 1 : w`).
    @inlinable @inline(__always)
    static func roundedBoxByte(_ v: Double) -> UInt8 {
        UInt8(Swift.min(Swift.max(v, 0), 1) * 255 + 0.5)
    }

    /// The coverage bytes of eight columns (`q`: their `qx`) on the row of `qy`.
    @inlinable @inline(__always)
    static func roundedBoxLanes(_ q: SIMD8<Double>, _ qy: Double, _ radius: Double) -> SIMD8<UInt8> {
        #if TESSERA_MULHI
        typealias Lanes = Builtin.Vec8xFPIEEE64
        @inline(__always) func raw(_ v: SIMD8<Double>) -> Lanes { unsafeBitCast(v, to: Lanes.self) }
        @inline(__always) func select(_ m: Builtin.Vec8xInt1, _ a: SIMD8<Double>, _ b: SIMD8<Double>) -> SIMD8<Double> {
            unsafeBitCast(Builtin.select_Vec8xInt1_Vec8xFPIEEE64(m, raw(a), raw(b)), to: SIMD8<Double>.self)
        }
        let qyv = SIMD8<Double>(repeating: qy), r = SIMD8<Double>(repeating: radius)
        let zero = SIMD8<Double>(repeating: 0), one = SIMD8<Double>(repeating: 1)
        // max(qx, qy) − r, with Swift.max's `qy ≥ qx ? qy : qx`.
        var d = select(Builtin.fcmp_oge_Vec8xFPIEEE64(raw(qyv), raw(q)), qyv, q) - r
        if qy > 0 {
            let sum = q * q + SIMD8<Double>(repeating: qy * qy)
            let corner = unsafeBitCast(Builtin.int_sqrt_Vec8xFPIEEE64(raw(sum)), to: SIMD8<Double>.self) - r
            d = select(Builtin.fcmp_ogt_Vec8xFPIEEE64(raw(q), raw(zero)), corner, d)
        }
        var v = SIMD8<Double>(repeating: 0.5) - d
        v = select(Builtin.fcmp_oge_Vec8xFPIEEE64(raw(zero), raw(v)), zero, v)
        v = select(Builtin.fcmp_olt_Vec8xFPIEEE64(raw(one), raw(v)), one, v)
        let c = v * SIMD8<Double>(repeating: 255) + SIMD8<Double>(repeating: 0.5)  // 0.5…255.5
        return unsafeBitCast(Builtin.trunc_Vec8xInt32_Vec8xInt8(Builtin.fptosi_Vec8xFPIEEE64_Vec8xInt32(raw(c))),
                             to: SIMD8<UInt8>.self)
        #else
        var out = SIMD8<UInt8>()
        for i in 0..<8 {
            let qx = q[i]
            let d = qx > 0 && qy > 0 ? (qx * qx + qy * qy).squareRoot() - radius : Swift.max(qx, qy) - radius
            out[i] = roundedBoxByte(0.5 - d)
        }
        return out
        #endif
    }

    /// Lanes `0..<n` (`n` in 1…8) of `bytes` to `p`, as one store of 8 bytes or pieces of 4, 2 and 1
    /// (straight from the register: no copy through memory, whose narrow stores a wide load could not
    /// forward from).
    @inlinable @inline(__always)
    static func storeLanes(_ bytes: SIMD8<UInt8>, _ p: UnsafeMutableRawPointer, _ n: Int) {
        var w = unsafeBitCast(bytes, to: UInt64.self)
        if n == 8 {
            p.storeBytes(of: w, as: UInt64.self)
            return
        }
        var o = 0
        if n & 4 != 0 { p.storeBytes(of: UInt32(truncatingIfNeeded: w), toByteOffset: o, as: UInt32.self); w &>>= 32; o = 4 }
        if n & 2 != 0 { p.storeBytes(of: UInt16(truncatingIfNeeded: w), toByteOffset: o, as: UInt16.self); w &>>= 16; o &+= 2 }
        if n & 1 != 0 { p.storeBytes(of: UInt8(truncatingIfNeeded: w), toByteOffset: o, as: UInt8.self) }
    }

    /// `n` (0…56) bytes of `value` at `p`, in stores of 8, 4, 2 and 1 bytes.
    @inlinable @inline(__always)
    static func fillRow(_ p: UnsafeMutableRawPointer, _ n: Int, _ value: UInt8) {
        let pattern = UInt64(value) &* 0x0101_0101_0101_0101
        var k = 0
        while n &- k >= 8 {
            p.storeBytes(of: pattern, toByteOffset: k, as: UInt64.self)
            k &+= 8
        }
        let rest = n &- k
        if rest & 4 != 0 { p.storeBytes(of: UInt32(truncatingIfNeeded: pattern), toByteOffset: k, as: UInt32.self); k &+= 4 }
        if rest & 2 != 0 { p.storeBytes(of: UInt16(truncatingIfNeeded: pattern), toByteOffset: k, as: UInt16.self); k &+= 2 }
        if rest & 1 != 0 { p.storeBytes(of: value, toByteOffset: k, as: UInt8.self) }
    }

    /// `width` bytes from a row ``storeLanes(_:_:_:)`` wrote to `p`, in the same pieces (each load matches
    /// one earlier store, so a row written just before forwards from the store buffer).
    @inlinable @inline(__always)
    static func copyRow(from source: UnsafeRawPointer, to p: UnsafeMutableRawPointer, _ width: Int) {
        var k = 0
        while width &- k >= 8 {
            p.storeBytes(of: source.loadUnaligned(fromByteOffset: k, as: UInt64.self), toByteOffset: k, as: UInt64.self)
            k &+= 8
        }
        let n = width &- k
        @inline(__always) func move<T>(_: T.Type) {
            p.storeBytes(of: source.loadUnaligned(fromByteOffset: k, as: T.self), toByteOffset: k, as: T.self)
            k &+= MemoryLayout<T>.size
        }
        if n & 4 != 0 { move(UInt32.self) }
        if n & 2 != 0 { move(UInt16.self) }
        if n & 1 != 0 { move(UInt8.self) }
    }
}
