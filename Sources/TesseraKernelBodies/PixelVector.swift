/// Per-vector and per-pixel arithmetic of the kernels: 16 pixels in one `SIMD16<UInt32>`, one lane a pixel.
///
/// The two-channels-at-a-time trick: `x & 0x00FF00FF` holds R and B, `(x >> 8) & 0x00FF00FF` holds G and A,
/// each in a 16-bit field, so one multiply scales two channels (done as 16-bit lanes, see ``multiply16(_:_:)``). Every helper is
/// `@inline(__always)` so that the vectors stay in registers and the code is compiled with the target CPU
/// of the tier module that inlines it (see `KernelRoutines`).
///
/// Ranges (why the wrapping operators never wrap where it matters): a channel is ≤ 255 and a factor ≤ 255,
/// so a 16-bit field holds at most 255 · 255 + 128 = 65,153, and adding its own high byte gives ≤ 65,407
/// < 2^16: no carry crosses into the next field. The final per-channel additions wrap modulo 256 on
/// purpose, exactly like `ScalarReference` does for non-premultiplied input (colour > alpha).
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

    /// `div255` of both 16-bit fields of every lane, given `x = channels · factor` (fields ≤ 255 · 255).
    /// Returns the quotients in the low bytes of the fields (bits 0–7 and 16–23).
    @inlinable @inline(__always)
    static func div255Low(_ x: Vector) -> Vector {
        let m = Vector(repeating: 0x00FF_00FF)
        let t = x &+ Vector(repeating: 0x0080_0080)
        return ((t &+ ((t &>> 8) & m)) &>> 8) & m
    }

    /// Like ``div255Low(_:)`` but leaves the quotients in the high bytes of the fields (bits 8–15, 24–31).
    @inlinable @inline(__always)
    static func div255High(_ x: Vector) -> Vector {
        let m = Vector(repeating: 0x00FF_00FF)
        let t = x &+ Vector(repeating: 0x0080_0080)
        return (t &+ ((t &>> 8) & m)) & Vector(repeating: 0xFF00_FF00)
    }

    /// `s + div255(d · inverseAlpha)` per channel, each channel wrapping modulo 256. `inverseAlpha` holds
    /// `255 − alpha` in both 16-bit halves of every lane (see ``pairs(_:)``).
    @inlinable @inline(__always)
    static func over(_ s: Vector, _ d: Vector, inverseAlpha ia: Vector) -> Vector {
        let m = Vector(repeating: 0x00FF_00FF)
        let rb = div255Low(multiply16(d & m, ia))
        let ag = div255High(multiply16((d &>> 8) & m, ia))
        return addBytes(s, rb | ag)
    }

    /// `s OVER d`.
    @inlinable @inline(__always)
    static func over(_ s: Vector, _ d: Vector) -> Vector {
        over(s, d, inverseAlpha: Vector(repeating: 0x00FF_00FF) &- pairs(s &>> 24))
    }

    /// `t + ((t >> 8) & 0x00FF00FF)` with `t = x + 0x00800080`: the `div255` quotients of both fields in
    /// their high bytes (bits 8–15, 24–31), junk in the low bytes (not masked: callers only read the high
    /// bytes). Fields ≤ 255 · 255 + 128 + 254 = 65,407 < 2^16: no carry crosses fields.
    @inlinable @inline(__always)
    static func div255HighBytes(_ x: Vector) -> Vector {
        let t = x &+ Vector(repeating: 0x0080_0080)
        return t &+ ((t &>> 8) & Vector(repeating: 0x00FF_00FF))
    }

    /// `div255(s · o) OVER d` in one pass, the same bits as `over(scale(s, byPairs: o), d)`.
    ///
    /// The scaled source stays split in two halves with its quotients in the high bytes of the fields
    /// (`rbS`: R', B'; `agS`: G', A'), like the destination terms (`rbD`, `agD`). Adding the halves byte-wise
    /// gives each channel's sum modulo 256 in the high bytes (junk low bytes cannot carry into them: byte
    /// lanes), so the source is recombined only once, with the result: one shift and one blend fewer.
    @inlinable @inline(__always)
    static func overScaled(_ s: Vector, _ d: Vector, byPairs o: Vector) -> Vector {
        let m = Vector(repeating: 0x00FF_00FF)
        let rbS = div255HighBytes(multiply16(s & m, o))
        let agS = div255HighBytes(multiply16((s &>> 8) & m, o))
        let ia = m &- pairs(agS &>> 24)  // 255 − A' in both fields; A' is agS's top byte
        let rbD = div255HighBytes(multiply16(d & m, ia))
        let agD = div255HighBytes(multiply16((d &>> 8) & m, ia))
        let rb = addBytes(rbS, rbD)
        let ag = addBytes(agS, agD)
        return ((rb &>> 8) & m) | (ag & Vector(repeating: 0xFF00_FF00))
    }

    /// `div255(s · o)` per channel, alpha included; `o` (≤ 255) is in both 16-bit halves of every lane.
    @inlinable @inline(__always)
    static func scale(_ s: Vector, byPairs o: Vector) -> Vector {
        let m = Vector(repeating: 0x00FF_00FF)
        return div255Low(multiply16(s & m, o)) | div255High(multiply16((s &>> 8) & m, o))
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

    /// Byte-wise wrapping addition (64 lanes of `UInt8`: a vector builtin, no carries between channels).
    @inlinable @inline(__always)
    static func addBytes(_ a: Vector, _ b: Vector) -> Vector {
        unsafeBitCast(unsafeBitCast(a, to: SIMD64<UInt8>.self) &+ unsafeBitCast(b, to: SIMD64<UInt8>.self),
                      to: Vector.self)
    }

    /// True when all 16 pixels are 0 (fully transparent, colour 0 too): src-over leaves dst unchanged.
    @inlinable @inline(__always)
    static func isZero(_ s: Vector) -> Bool {
        all(s .== Vector(repeating: 0))
    }

    /// True when all 16 pixels have alpha 255: src-over gives src itself.
    @inlinable @inline(__always)
    static func isOpaque(_ s: Vector) -> Bool {
        all(s .>= Vector(repeating: 0xFF00_0000))
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

/// A type that names one ISA tier; each tier target declares its own (see ``KernelBodies``).
public protocol KernelTierMarker {}
