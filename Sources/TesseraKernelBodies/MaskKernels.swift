#if TESSERA_MULHI
import Builtin
#endif

/// The coverage-masked kernels every tier compiles (see ``MaskKernelRoutines``; the definition is
/// `ScalarReference+Masks.swift` in TesseraPixels).
///
/// Per vector of 16 pixels: the 16 coverage bytes are widened to one lane each, `m = div255(c · o)` per
/// lane (`c · o ≤ 65,025`, so `t = c · o + 128` and `t + (t >> 8)` fit easily in 32 bits), then
/// ``overScaled(_:_:byPairs:)`` with `m` in both 16-bit halves of its lane — the same bits as scaling the
/// source by `m`, then src-over. Vectors whose coverages are all 0 are skipped (neither pixel loaded);
/// a row tail of at least `partialVectorMinimum` pixels is one partial vector (`PartialVectors.swift`:
/// lanes beyond the row have coverage 0 and are never stored), shorter tails take the same formulas on
/// single words.
extension KernelBodies {
    /// 16 coverage bytes at `p`, one per lane.
    ///
    /// With the builtin module the widening is LLVM's `zext` (one `vpmovzxbd`); the standard library's
    /// generic `init(truncatingIfNeeded:)` was left as an out-of-line call per 16 pixels (`perf`: 2 % of a
    /// text raster's samples, beside 17 % in the kernel itself).
    @inlinable @inline(__always)
    static func loadCoverage(_ p: UnsafeRawPointer) -> Vector {
        widenCoverage(p.loadUnaligned(as: SIMD16<UInt8>.self))
    }

    /// 16 coverage bytes, one per lane (see ``loadCoverage(_:)``).
    @inlinable @inline(__always)
    static func widenCoverage(_ bytes: SIMD16<UInt8>) -> Vector {
        #if TESSERA_MULHI
        return unsafeBitCast(Builtin.zext_Vec16xInt8_Vec16xInt32(unsafeBitCast(bytes, to: Builtin.Vec16xInt8.self)),
                             to: Vector.self)
        #else
        return Vector(truncatingIfNeeded: bytes)
        #endif
    }

    /// `div255(c · o)` per lane (`c`, `o` ≤ 255).
    @inlinable @inline(__always)
    static func div255Lanes(_ c: Vector, _ o: Vector) -> Vector {
        let t = c &* o &+ Vector(repeating: 128)
        return (t &+ (t &>> 8)) &>> 8
    }

    /// `dst = div255(src · div255(coverage · opacity)) OVER dst`.
    @inlinable @inline(__always)
    public static func maskedSourceOver(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                                        _ dstStride: Int, _ mask: UnsafeRawPointer, _ maskStride: Int,
                                        _ width: Int, _ height: Int, _ opacity: UInt8) {
        guard width > 0, height > 0, opacity != 0 else { return }  // opacity 0: every factor is 0
        let o = Vector(repeating: UInt32(opacity))
        for y in 0..<height {
            let s = src + y &* srcStride, d = dst + y &* dstStride, c = mask + y &* maskStride
            var i = 0
            while i &+ 16 <= width {
                let m = div255Lanes(loadCoverage(c + i), o)
                if !isZero(m) {
                    let p = d + i &* 4
                    store(overScaled(load(s + i &* 4), load(p), byPairs: pairs(m)), p)
                }
                i &+= 16
            }
            if width &- i >= partialVectorMinimum {  // the tail as one partial vector
                let n = width &- i
                let m = div255Lanes(loadPartialCoverage(c + i, n), o)
                if !isZero(m) {
                    let p = d + i &* 4
                    storePartial(overScaled(loadPartial(s + i &* 4, n), loadPartial(p, n), byPairs: pairs(m)), p, n)
                }
                i = width
            }
            while i < width {
                let m = div255(UInt32(c.load(fromByteOffset: i, as: UInt8.self)) &* UInt32(opacity))
                if m != 0 {
                    let p = d + i &* 4
                    storeWord(over(scale(loadWord(s + i &* 4), by: m), loadWord(p)), p)
                }
                i &+= 1
            }
        }
    }

    /// `dst = div255(color · coverage) OVER dst`.
    @inlinable @inline(__always)
    public static func maskedFillOver(_ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ mask: UnsafeRawPointer,
                                      _ maskStride: Int, _ width: Int, _ height: Int, _ color: UInt32) {
        guard width > 0, height > 0, color != 0 else { return }  // 0 scaled is 0, and 0 OVER d = d
        let s = Vector(repeating: color)
        for y in 0..<height {
            let d = dst + y &* dstStride, c = mask + y &* maskStride
            var i = 0
            while i &+ 16 <= width {
                let m = loadCoverage(c + i)
                if !isZero(m) {
                    let p = d + i &* 4
                    store(overScaled(s, load(p), byPairs: pairs(m)), p)
                }
                i &+= 16
            }
            if width &- i >= partialVectorMinimum {  // the tail as one partial vector
                let n = width &- i
                let m = loadPartialCoverage(c + i, n)
                if !isZero(m) {
                    let p = d + i &* 4
                    storePartial(overScaled(s, loadPartial(p, n), byPairs: pairs(m)), p, n)
                }
                i = width
            }
            while i < width {
                let m = UInt32(c.load(fromByteOffset: i, as: UInt8.self))
                if m != 0 {
                    let p = d + i &* 4
                    storeWord(over(scale(color, by: m), loadWord(p)), p)
                }
                i &+= 1
            }
        }
    }

    @inlinable @inline(__always)
    static func div255(_ x: UInt32) -> UInt32 {
        let t = x &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }
}
