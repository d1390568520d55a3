/// The definition of the shadow blur (README.md, "Shadow blur"): a Gaussian of standard deviation σ
/// approximated by three box passes along the rows, then three along the columns, on an 8-bit coverage
/// plane.
///
/// One box pass of radius `k` along the columns: `out[x, y] = (s · m + 32768) >> 16` with
/// `s = Σ in[x, y + j]` over `j = −k … k` (coverage outside the plane is 0) and `m = ⌊65536 / (2k + 1)⌋`
/// — the mean rounded with a fixed-point reciprocal, exact integer arithmetic (`s · m ≤ 255 · 65536`), so
/// every implementation gives the same bytes and the result never exceeds 255. A pass along the rows is
/// the same on the transposed plane. The box radius of σ is `k = max(0, round((d − 1) / 2))` with
/// `d = σ · 3√(2π) / 4` (the box size whose three passes have the Gaussian's variance, W3C filter
/// effects), so each pass reaches `k` pixels and the blur `3k` on each side.
extension ScalarReference {
    /// The largest box radius accepted (pixels).
    public static let maximumBoxRadius = 1024

    /// `⌊65536 / (2k + 1)⌋`.
    public static func boxMultiplier(radius k: Int) -> UInt32 { UInt32(65536 / (2 * k + 1)) }

    /// The box radius of a Gaussian of standard deviation `sigma` (device pixels; ≥ 0).
    public static func boxRadius(sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 0 }
        let d = sigma * 3 * (2 * Double.pi).squareRoot() / 4
        return Swift.min(maximumBoxRadius, Swift.max(0, Int(((d - 1) / 2).rounded())))
    }

    /// One box pass of radius `k` along the columns of `src` into `dst` (same size).
    public static func boxBlurColumns(_ src: CoverageBuffer, into dst: CoverageBuffer, radius k: Int) {
        precondition(src.width == dst.width && src.height == dst.height, "reference kernels need equal sizes")
        let m = boxMultiplier(radius: k)
        for x in 0..<src.width {
            for y in 0..<src.height {
                var s: UInt32 = 0
                for j in -k...k where y + j >= 0 && y + j < src.height { s += UInt32(src[x, y + j]) }
                dst[x, y] = UInt8((s * m + 32768) >> 16)
            }
        }
    }

    /// One box pass of radius `k` along the rows of `src` into `dst` (same size).
    public static func boxBlurRows(_ src: CoverageBuffer, into dst: CoverageBuffer, radius k: Int) {
        precondition(src.width == dst.width && src.height == dst.height, "reference kernels need equal sizes")
        let m = boxMultiplier(radius: k)
        for y in 0..<src.height {
            for x in 0..<src.width {
                var s: UInt32 = 0
                for i in -k...k where x + i >= 0 && x + i < src.width { s += UInt32(src[x + i, y]) }
                dst[x, y] = UInt8((s * m + 32768) >> 16)
            }
        }
    }

    /// The shadow blur of `plane` with box radius `k`, in place: three row passes, then three column passes.
    public static func shadowBlur(_ plane: CoverageBuffer, radius k: Int) throws {
        let scratch = try CoverageBuffer(width: plane.width, height: plane.height)
        for _ in 0..<3 {
            boxBlurRows(plane, into: scratch, radius: k)
            copy(scratch, into: plane)
        }
        for _ in 0..<3 {
            boxBlurColumns(plane, into: scratch, radius: k)
            copy(scratch, into: plane)
        }
    }

    private static func copy(_ src: CoverageBuffer, into dst: CoverageBuffer) {
        for y in 0..<src.height { for x in 0..<src.width { dst[x, y] = src[x, y] } }
    }
}
