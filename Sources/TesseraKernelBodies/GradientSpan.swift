#if TESSERA_MULHI
import Builtin
#endif

/// A linear gradient's colours along a row: `out[k] = table[(t + k · step + 2²¹) >> 22]`, the table index
/// of 32.32 fixed-point position `t + k · step` (`GradientPaint` in Tessera: `(T · 1024 + 2³¹) >> 32`).
/// Integer arithmetic, so every tier gives the same words.
///
/// On a tier with a two-vector permute (AVX-512 `vpermi2d`), 16 pixels at a time: the index moves by at
/// most 2 a pixel (`|step| ≤ 2²³`), so the 16 indices lie within 31 of the smallest (`⌊15 · |step| / 2²²⌋
/// + 1 ≤ 31`), and the 32 table entries from there (or from `tableCount − 32`, near the end) hold every
/// colour: two loads and one permute instead of 16 loads and 16 stores. Elsewhere, and for steeper
/// gradients and the row's last `count % 16` pixels, one load and one store per pixel.
extension KernelBodies {
    /// Writes `count` pixel words to `out` (unaligned allowed). Every index `(t + k · step + 2²¹) >> 22`
    /// for `k < count` must be in `0 ..< tableCount` (the caller's unclamped run), with no overflow.
    @inlinable @inline(__always)
    public static func gradientSpan(_ table: UnsafePointer<UInt32>, _ tableCount: Int, _ out: UnsafeMutableRawPointer,
                                    _ count: Int, _ t: Int64, _ step: Int64) {
        var t = t &+ 0x20_0000, k = 0
        #if TESSERA_MULHI
        if Tier.hasTwoVectorPermute && tableCount >= 32 && step.magnitude <= 1 << 23 && count >= 16 {
            let lanes = SIMD8<Int64>(0, 1, 2, 3, 4, 5, 6, 7) &* step
            let eight = 8 &* step, sixteen = 16 &* step
            let raw = UnsafeRawPointer(table)
            while count &- k >= 16 {
                let first = t &>> 22, last = (t &+ 15 &* step) &>> 22
                let base = Swift.min(Swift.min(first, last), Int64(tableCount &- 32))
                let low = (SIMD8<Int64>(repeating: t) &+ lanes) &>> 22 &- base
                let high = (SIMD8<Int64>(repeating: t &+ eight) &+ lanes) &>> 22 &- base
                let index = SIMD16<UInt32>(lowHalf: narrow(low), highHalf: narrow(high))
                let a = raw.loadUnaligned(fromByteOffset: Int(base) &* 4, as: SIMD16<UInt32>.self)
                let b = raw.loadUnaligned(fromByteOffset: Int(base) &* 4 &+ 64, as: SIMD16<UInt32>.self)
                (out + k &* 4).storeBytes(of: Tier.permute(a, b, index), as: SIMD16<UInt32>.self)
                t &+= sixteen
                k &+= 16
            }
        }
        #endif
        while k < count {
            out.storeBytes(of: table[Int(t &>> 22)], toByteOffset: k &* 4, as: UInt32.self)
            t &+= step
            k &+= 1
        }
    }

    #if TESSERA_MULHI
    /// The low 32 bits of each lane (values 0…31 here).
    @inlinable @inline(__always)
    static func narrow(_ v: SIMD8<Int64>) -> SIMD8<UInt32> {
        unsafeBitCast(Builtin.trunc_Vec8xInt64_Vec8xInt32(unsafeBitCast(v, to: Builtin.Vec8xInt64.self)),
                      to: SIMD8<UInt32>.self)
    }
    #endif
}
