#if TESSERA_MULHI
import Builtin
#endif

/// Per-vector and per-pixel arithmetic of the kernels: 16 pixels in one `SIMD16<UInt32>`, one lane a pixel.
///
/// The two-channels-at-a-time trick: `x & 0x00FF00FF` holds R and B, `(x >> 8) & 0x00FF00FF` holds G and A,
/// each in a 16-bit field, so one multiply scales two channels (done as 16-bit lanes, see ``multiply16(_:_:)``). Every helper is
/// `@inline(__always)` so that the vectors stay in registers and the code is compiled with the target CPU
/// of the tier module that inlines it (see `KernelRoutines`).
///
/// Ranges (why the wrapping operators never wrap where it matters): a channel is ≤ 255 and a factor ≤ 255,
/// so a 16-bit field holds at most 255 · 255 + 128 = 65,153, and adding its own high byte gives ≤ 65,407
/// < 2^16: no carry crosses into the next field. The high-half multiply of ``div255Fields(_:)`` widens each
/// field to 32 bits first (65,153 · 257 < 2^32) and returns ≤ 255 per field. The final per-channel additions
/// wrap modulo 256 on purpose, exactly like `ScalarReference` does for non-premultiplied input
/// (colour > alpha).
///
/// Cost on AVX-512 (objdump of the tier's inner loop): src-over is 13 vector instructions per 16 pixels
/// (spread α: shuffle + xor; per half: mask or shift, `pmullw`, `+ 128`, `pmulhuw`; recombine: shift, or,
/// byte add), src-over with opacity 22, fill-over 11.
///
/// `KernelBodies` is generic over a tier marker type that each tier target declares privately: the
/// specializations, and so the machine code, of every body are then made in the tier's own module with its
/// own target CPU, even for a function the optimizer chooses not to inline, and they have symbol names no
/// other module shares (no linker merging of AVX-512 code into the baseline path).
public enum KernelBodies<Tier: KernelTierMarker> {
    /// Sixteen pixels, lane `i` = pixel `i` as a little-endian word.
    public typealias Vector = SIMD16<UInt32>

    @inlinable @inline(__always)
    static func load(_ p: UnsafeRawPointer) -> Vector { p.loadUnaligned(as: Vector.self) }

    @inlinable @inline(__always)
    static func store(_ v: Vector, _ p: UnsafeMutableRawPointer) { p.storeBytes(of: v, as: Vector.self) }

    @inlinable @inline(__always)
    static func loadWord(_ p: UnsafeRawPointer) -> UInt32 { p.loadUnaligned(as: UInt32.self) }

    @inlinable @inline(__always)
    static func storeWord(_ w: UInt32, _ p: UnsafeMutableRawPointer) { p.storeBytes(of: w, as: UInt32.self) }

    // MARK: Vectors

    /// `div255` of both 16-bit fields of every lane, given `x = channel · factor` (fields ≤ 255 · 255):
    /// the quotients in the low bytes of the fields (bits 0–7 and 16–23), zero in the high bytes.
    ///
    /// `div255(x) = (t + (t >> 8)) >> 8` with `t = x + 128` (exact for x ≤ 255 · 255; ARCHITECTURE.md,
    /// "Pixels"), which equals `(t · 257) >> 16`: `t · 257 = 256 · (t + t/256)`, and `t + t/256` exceeds
    /// the integer `t + ⌊t/256⌋` by less than 1, so both are floored to the same multiple of 256. With the
    /// builtin module (see ``multiplyHigh16(_:_:)``) that is one `+ 128` and one high-half multiply
    /// (`pmulhuw`); otherwise the shift form. Fields: t ≤ 65,153 and t + (t >> 8) ≤ 65,407 < 2^16, so
    /// nothing carries into the next field.
    @inlinable @inline(__always)
    static func div255Fields(_ x: Vector) -> Vector {
        let t = x &+ Vector(repeating: 0x0080_0080)
        #if TESSERA_MULHI
        return multiplyHigh16(t, Vector(repeating: 0x0101_0101))
        #else
        let m = Vector(repeating: 0x00FF_00FF)
        return ((t &+ ((t &>> 8) & m)) &>> 8) & m
        #endif
    }

    /// `s + div255(d · inverseAlpha)` per channel, each channel wrapping modulo 256. `inverseAlpha` holds
    /// `255 − alpha` in both 16-bit halves of every lane (see ``pairs(_:)``).
    @inlinable @inline(__always)
    static func over(_ s: Vector, _ d: Vector, inverseAlpha ia: Vector) -> Vector {
        let m = Vector(repeating: 0x00FF_00FF)
        let rb = div255Fields(multiply16(d & m, ia))          // R, B in bytes 0 and 2; bytes 1, 3 zero
        let ag = div255Fields(multiply16((d &>> 8) & m, ia))  // G, A in bytes 0 and 2; bytes 1, 3 zero
        return addBytes(s, rb | (ag &<< 8))
    }

    /// `s OVER d`.
    @inlinable @inline(__always)
    static func over(_ s: Vector, _ d: Vector) -> Vector {
        over(s, d, inverseAlpha: Vector(repeating: 0x00FF_00FF) &- pairs(s &>> 24))
    }

    /// `div255(s · o) OVER d` in one pass: the same bits as scaling the source by `o` (≤ 255, in both
    /// 16-bit halves of every lane), then `over`.
    ///
    /// The scaled source stays split in its two halves (`rbS`: R', B'; `agS`: G', A', in the low bytes of
    /// the fields, high bytes zero), like the destination terms (`rbD`, `agD`). Adding the halves byte-wise
    /// gives each channel's sum modulo 256 in the low bytes and keeps the high bytes zero (0 + 0, and byte
    /// lanes carry nothing), so the source is never recombined on its own: the result is assembled once.
    @inlinable @inline(__always)
    static func overScaled(_ s: Vector, _ d: Vector, byPairs o: Vector) -> Vector {
        let m = Vector(repeating: 0x00FF_00FF)
        let rbS = div255Fields(multiply16(s & m, o))
        let agS = div255Fields(multiply16((s &>> 8) & m, o))
        // 255 − A' in both fields. A' is byte 2 of agS (byte 3 is zero, but the optimizer cannot know
        // that): taking byte 2 explicitly lets `pairs` become one byte shuffle.
        let ia = m &- pairs((agS &>> 16) & Vector(repeating: 0xFF))
        let rbD = div255Fields(multiply16(d & m, ia))
        let agD = div255Fields(multiply16((d &>> 8) & m, ia))
        return addBytes(rbS, rbD) | (addBytes(agS, agD) &<< 8)
    }

    /// `x` (≤ 0xFFFF per lane) copied into both 16-bit halves of every lane.
    @inlinable @inline(__always)
    static func pairs(_ x: Vector) -> Vector { x | (x &<< 16) }

    /// Lane-wise 16-bit multiplication of the two fields of every lane (32 lanes of `UInt16`: one
    /// `pmullw`, available from SSE2 on, where a 32-bit multiply needs SSE4.1 and is slower everywhere).
    /// Exact here because every product of a channel and a factor fits in 16 bits.
    @inlinable @inline(__always)
    static func multiply16(_ a: Vector, _ b: Vector) -> Vector {
        unsafeBitCast(unsafeBitCast(a, to: SIMD32<UInt16>.self) &* unsafeBitCast(b, to: SIMD32<UInt16>.self),
                      to: Vector.self)
    }

    #if TESSERA_MULHI
    /// `(a · b) >> 16` per 16-bit field (32 lanes of `UInt16`), unsigned. Written as LLVM's widening
    /// pattern (zero-extend to 32 bits, multiply, shift, truncate) through the builtin module, which the
    /// Swift SIMD types do not offer; LLVM selects `pmulhuw` (SSE2, AVX2, AVX-512BW) for it. Only built
    /// when the package enables the builtin module (not in TESSERA_PORTABLE builds; see Package.swift).
    @inlinable @inline(__always)
    static func multiplyHigh16(_ a: Vector, _ b: Vector) -> Vector {
        let wa = Builtin.zext_Vec32xInt16_Vec32xInt32(unsafeBitCast(a, to: Builtin.Vec32xInt16.self))
        let wb = Builtin.zext_Vec32xInt16_Vec32xInt32(unsafeBitCast(b, to: Builtin.Vec32xInt16.self))
        let sixteen = unsafeBitCast(SIMD32<UInt32>(repeating: 16), to: Builtin.Vec32xInt32.self)
        let high = Builtin.lshr_Vec32xInt32(Builtin.mul_Vec32xInt32(wa, wb), sixteen)
        return unsafeBitCast(Builtin.trunc_Vec32xInt32_Vec32xInt16(high), to: Vector.self)
    }
    #endif

    /// Byte-wise wrapping addition (64 lanes of `UInt8`: a vector builtin, no carries between channels).
    @inlinable @inline(__always)
    static func addBytes(_ a: Vector, _ b: Vector) -> Vector {
        unsafeBitCast(unsafeBitCast(a, to: SIMD64<UInt8>.self) &+ unsafeBitCast(b, to: SIMD64<UInt8>.self),
                      to: Vector.self)
    }

    /// True when all 16 pixels are 0 (fully transparent, colour 0 too): src-over leaves dst unchanged.
    @inlinable @inline(__always)
    static func isZero(_ s: Vector) -> Bool {
        orOfLanes(s) == 0
    }

    /// True when all 16 pixels have alpha 255: src-over gives src itself.
    @inlinable @inline(__always)
    static func isOpaque(_ s: Vector) -> Bool {
        andOfLanes(s) >= 0xFF00_0000
    }

    /// The bitwise OR of the 16 lanes, by halving (`lowHalf` / `highHalf` are vector builtins).
    ///
    /// Not `all(mask)` / `any(mask)`: the standard library reduces a mask through a prespecialized,
    /// non-inlined `SIMD16<Int32>.max()` compiled for baseline x86-64, so each call left the tier's
    /// registers for an SSE2 function (measured: 19 % of a zoom frame's samples, `perf`).
    @inlinable @inline(__always)
    static func orOfLanes(_ v: Vector) -> UInt32 {
        let v8 = v.lowHalf | v.highHalf, v4 = v8.lowHalf | v8.highHalf, v2 = v4.lowHalf | v4.highHalf
        return v2[0] | v2[1]
    }

    /// The bitwise AND of the 16 lanes (see ``orOfLanes(_:)``): ≥ 0xFF000000 exactly when every alpha is 255.
    @inlinable @inline(__always)
    static func andOfLanes(_ v: Vector) -> UInt32 {
        let v8 = v.lowHalf & v.highHalf, v4 = v8.lowHalf & v8.highHalf, v2 = v4.lowHalf & v4.highHalf
        return v2[0] & v2[1]
    }

    // MARK: Single pixels (row tails), the same formulas on one word

    @inlinable @inline(__always)
    static func div255Low(_ x: UInt32) -> UInt32 {
        let t = x &+ 0x0080_0080
        return ((t &+ ((t &>> 8) & 0x00FF_00FF)) &>> 8) & 0x00FF_00FF
    }

    @inlinable @inline(__always)
    static func div255High(_ x: UInt32) -> UInt32 {
        let t = x &+ 0x0080_0080
        return (t &+ ((t &>> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    }

    @inlinable @inline(__always)
    static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let ia = 255 &- (s &>> 24)
        let rb = div255Low((d & 0x00FF_00FF) &* ia)
        let ag = div255High(((d &>> 8) & 0x00FF_00FF) &* ia)
        return (((s & 0x00FF_00FF) &+ rb) & 0x00FF_00FF) | (((s & 0xFF00_FF00) &+ ag) & 0xFF00_FF00)
    }

    @inlinable @inline(__always)
    static func scale(_ s: UInt32, by o: UInt32) -> UInt32 {
        div255Low((s & 0x00FF_00FF) &* o) | div255High(((s &>> 8) & 0x00FF_00FF) &* o)
    }
}

/// A type that names one ISA tier; each tier target declares its own (see ``KernelBodies``), with the
/// instructions Swift SIMD cannot express: the tier's non-temporal (streaming) store and, where it has
/// one, its two-vector permute (defaults: none).
public protocol KernelTierMarker {
    /// True when ``streamStore(_:_:)`` is a non-temporal store on this tier; false when it is an ordinary
    /// store (the streaming kernels then take the temporal path).
    static var hasStreamingStores: Bool { get }

    /// Stores the 64 bytes of `v` at `p` without reading the line for ownership and without keeping it in
    /// the cache (`movntdq`/`vmovntdq` or equivalent). `p` must be 64-byte aligned (an unaligned address
    /// faults). The store is weakly ordered: see ``KernelBodies/storeFence()``. Implementations are
    /// `@inline(__always)` so the store is inlined into the tier's row loop.
    static func streamStore(_ v: SIMD16<UInt32>, _ p: UnsafeMutableRawPointer)

    /// True when ``permute(_:_:_:)`` is one instruction on this tier (`vpermi2d`); the kernels that use it
    /// take another path when it is false.
    static var hasTwoVectorPermute: Bool { get }

    /// Lane `k` of the result is lane `index[k] & 31` of the 32 lanes `a` (0…15) then `b` (16…31).
    static func permute(_ a: SIMD16<UInt32>, _ b: SIMD16<UInt32>, _ index: SIMD16<UInt32>) -> SIMD16<UInt32>
}

extension KernelTierMarker {
    /// No one-instruction permute: the default for tiers without AVX-512.
    @inlinable @inline(__always)
    public static var hasTwoVectorPermute: Bool { false }

    /// Lane by lane (correct, slow: only for tiers whose ``hasTwoVectorPermute`` is false, which never call it).
    @inlinable @inline(__always)
    public static func permute(_ a: SIMD16<UInt32>, _ b: SIMD16<UInt32>, _ index: SIMD16<UInt32>) -> SIMD16<UInt32> {
        var result = SIMD16<UInt32>()
        for k in 0..<16 {
            let i = Int(index[k] & 31)
            result[k] = i < 16 ? a[i] : b[i &- 16]
        }
        return result
    }
}
