/// Loads and stores of fewer than 16 pixels (or coverage bytes) as one vector, for the row tails of the
/// coverage-masked kernels (`MaskKernels.swift`): the `n` elements are moved in pieces of 8, 4, 2 and 1
/// (one branch per set bit of `n`), the lanes from `n` up are 0 on load and never written on store, so
/// nothing beyond the row is read or written.
///
/// Cost: at most four loads and four stores through a stack copy each way; cheaper than the per-pixel
/// scalar formulas from ``partialVectorMinimum`` pixels on.
extension KernelBodies {
    /// The shortest row tail taken as one partial vector; shorter tails run the scalar formulas.
    @inlinable public static var partialVectorMinimum: Int { 4 }

    /// Pixel words `0..<n` at `p` (`n` < 16) in lanes `0..<n`, zero in the others.
    @inlinable @inline(__always)
    static func loadPartial(_ p: UnsafeRawPointer, _ n: Int) -> Vector {
        var v = Vector()
        withUnsafeMutableBytes(of: &v) { movePieces(from: p, to: $0.baseAddress!, byteCount: n &* 4) }
        return v
    }

    /// Lanes `0..<n` of `v` (`n` < 16) to the pixel words `0..<n` at `p`; the words from `n` on are untouched.
    @inlinable @inline(__always)
    static func storePartial(_ v: Vector, _ p: UnsafeMutableRawPointer, _ n: Int) {
        var v = v
        withUnsafeBytes(of: &v) { movePieces(from: $0.baseAddress!, to: p, byteCount: n &* 4) }
    }

    /// Coverage bytes `0..<n` at `p` (`n` < 16), one per lane, zero in lanes `n` up.
    @inlinable @inline(__always)
    static func loadPartialCoverage(_ p: UnsafeRawPointer, _ n: Int) -> Vector {
        var bytes = SIMD16<UInt8>()
        withUnsafeMutableBytes(of: &bytes) { movePieces(from: p, to: $0.baseAddress!, byteCount: n) }
        return widenCoverage(bytes)
    }

    /// `byteCount` (< 64) bytes from `source` to `target`, in pieces of 32, 16, 8, 4, 2 and 1 bytes.
    @inlinable @inline(__always)
    static func movePieces(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, byteCount: Int) {
        var o = 0
        @inline(__always) func move<T>(_: T.Type) {
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: o, as: T.self), toByteOffset: o, as: T.self)
            o &+= MemoryLayout<T>.size
        }
        if byteCount & 32 != 0 { move(SIMD8<UInt32>.self) }
        if byteCount & 16 != 0 { move(SIMD4<UInt32>.self) }
        if byteCount & 8 != 0 { move(UInt64.self) }
        if byteCount & 4 != 0 { move(UInt32.self) }
        if byteCount & 2 != 0 { move(UInt16.self) }
        if byteCount & 1 != 0 { move(UInt8.self) }
    }
}
