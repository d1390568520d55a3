/// The box pass of the shadow blur along columns (definition: `ScalarReference+Blur.swift` in
/// TesseraPixels), on 8-bit coverage planes.
///
/// 16 columns at a time, one lane each: a running sum down the rows (add the row entering the window,
/// subtract the one leaving it), so a pass costs the same for any radius: per vector of 16 coverages, one
/// widening load in, one out, a multiply, an add and a shift for the output. Sums stay below
/// `255 · (2k + 1)` and `s · m ≤ 255 · 65536`: no 32-bit lane overflows. The last `width % 16` columns
/// take the same arithmetic one at a time.
extension KernelBodies {
    @inlinable @inline(__always)
    public static func boxBlurColumns(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                                      _ dstStride: Int, _ width: Int, _ height: Int, _ radius: Int) {
        guard width > 0, height > 0, radius >= 0 else { return }
        let m = UInt32(65536 / (2 &* radius &+ 1))
        let mv = Vector(repeating: m), half = Vector(repeating: 32768)
        let first = Swift.min(radius, height &- 1)
        var x = 0
        while x &+ 16 <= width {
            var sum = Vector(repeating: 0)
            for j in 0...first { sum &+= loadCoverage(src + (j &* srcStride &+ x)) }
            for y in 0..<height {
                let out = (sum &* mv &+ half) &>> 16
                (dst + (y &* dstStride &+ x)).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: out), as: SIMD16<UInt8>.self)
                let enter = y &+ radius &+ 1, leave = y &- radius
                if enter < height { sum &+= loadCoverage(src + (enter &* srcStride &+ x)) }
                if leave >= 0 { sum &-= loadCoverage(src + (leave &* srcStride &+ x)) }
            }
            x &+= 16
        }
        while x < width {
            var sum: UInt32 = 0
            for j in 0...first { sum &+= UInt32(src.load(fromByteOffset: j &* srcStride &+ x, as: UInt8.self)) }
            for y in 0..<height {
                dst.storeBytes(of: UInt8(truncatingIfNeeded: (sum &* m &+ 32768) &>> 16), toByteOffset: y &* dstStride &+ x,
                               as: UInt8.self)
                let enter = y &+ radius &+ 1, leave = y &- radius
                if enter < height { sum &+= UInt32(src.load(fromByteOffset: enter &* srcStride &+ x, as: UInt8.self)) }
                if leave >= 0 { sum &-= UInt32(src.load(fromByteOffset: leave &* srcStride &+ x, as: UInt8.self)) }
            }
            x &+= 1
        }
    }
}
