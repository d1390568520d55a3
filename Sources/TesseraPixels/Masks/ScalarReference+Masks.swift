/// The definition of the coverage-masked operations (rounded-corner clips, borders): a coverage `c`
/// (0…255) scales the source like an opacity, before src-over.
///
/// - `maskedSourceOver`: `dst = div255(src · div255(c · opacity)) OVER dst` per channel (alpha included);
/// - `maskedFillOver`: `dst = div255(color · c) OVER dst`.
///
/// With `c = 255` they equal ``ScalarReference/sourceOver(_:onto:opacity:)`` and
/// ``ScalarReference/fillOver(_:with:)`` (`div255(255 · o) = o`, `div255(p · 255) = p`).
extension ScalarReference {
    /// One pixel of ``maskedSourceOver(_:onto:coverage:opacity:)``.
    public static func maskedOver(_ s: Pixel, _ d: Pixel, coverage: UInt8, opacity: UInt8) -> Pixel {
        over(scale(s, by: div255(UInt32(coverage) * UInt32(opacity))), d)
    }

    /// `dst = div255(src · div255(coverage · opacity)) OVER dst`; `coverage` has `dst`'s size.
    public static func maskedSourceOver(_ src: PixelBuffer, onto dst: PixelBuffer, coverage: CoverageBuffer,
                                        opacity: UInt8 = 255) {
        precondition(src.width == dst.width && src.height == dst.height
                     && coverage.width == dst.width && coverage.height == dst.height, "reference kernels need equal sizes")
        for y in 0..<dst.height {
            for x in 0..<dst.width {
                dst[x: x, y: y] = maskedOver(src[x: x, y: y], dst[x: x, y: y], coverage: coverage[x, y], opacity: opacity)
            }
        }
    }

    /// `dst = div255(color · coverage) OVER dst`; `coverage` has `dst`'s size.
    public static func maskedFillOver(_ dst: PixelBuffer, with color: Pixel, coverage: CoverageBuffer) {
        precondition(coverage.width == dst.width && coverage.height == dst.height, "reference kernels need equal sizes")
        for y in 0..<dst.height {
            for x in 0..<dst.width {
                dst[x: x, y: y] = over(scale(color, by: UInt32(coverage[x, y])), dst[x: x, y: y])
            }
        }
    }
}
