/// The composition kernels Tessera uses: the public entry points over whole buffers.
///
/// Units are device pixels; `src` and `dst` must have the same size (take ``PixelBuffer/subBuffer(_:)``
/// views to work on rects); `src` is RGBA, `dst` may be in any ``PixelFormat``. Results equal ``ScalarReference`` bit for bit.
///
/// Every call runs the SIMD code of the ISA tier chosen once at start-up (``activeTier``: the widest the
/// CPU has, or a lower one forced with `TESSERA_ISA=baseline|avx2|avx512`, see ``KernelTier/selected``).
/// To run a particular tier, use ``KernelTable/init(tier:)``. The overloads with `workers:` split the rect
/// into horizontal bands run on Dispatch workers; the output is the same for any worker count and band
/// height.
///
/// Thread safety: any thread; calls on disjoint destination pixels may run concurrently.
public enum Kernels {
    /// The tier every `Kernels` call runs.
    public static var activeTier: KernelTier { active.tier }

    /// The kernel table every `Kernels` call runs (of ``activeTier``).
    public static let active: KernelTable = {
        // `selected` is always available, so this cannot fail.
        (try? KernelTable(tier: KernelTier.selected)) ?? (try! KernelTable(tier: .baseline))
    }()

    /// `dst = src` (streamed when `dst` outgrows the cache: ``KernelTable/copy(_:onto:workers:bandHeight:)``).
    public static func copy(_ src: PixelBuffer, onto dst: PixelBuffer) throws {
        try active.copy(src, onto: dst)
    }

    /// `dst = src OVER dst`, with `src` scaled by `opacity / 255` first.
    public static func sourceOver(_ src: PixelBuffer, onto dst: PixelBuffer, opacity: UInt8 = 255) throws {
        try active.sourceOver(src, onto: dst, opacity: opacity)
    }

    /// `dst = color`.
    public static func fill(_ dst: PixelBuffer, with color: Pixel) {
        try! active.fill(dst, with: color)  // one worker, default band: cannot throw
    }

    /// `dst = color OVER dst`.
    public static func fillOver(_ dst: PixelBuffer, with color: Pixel) {
        try! active.fillOver(dst, with: color)  // one worker, default band: cannot throw
    }

    /// `dst = src` on `workers` Dispatch workers in bands of `bandHeight` rows.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `src` (size mismatch), `workers`
    ///   (outside 1…256) or `bandHeight` (< 1).
    public static func copy(_ src: PixelBuffer, onto dst: PixelBuffer, workers: Int,
                            bandHeight: Int = KernelTable.defaultBandHeight) throws {
        try active.copy(src, onto: dst, workers: workers, bandHeight: bandHeight)
    }

    /// `dst = src OVER dst` (with `opacity`) on `workers` Dispatch workers in bands of `bandHeight` rows.
    /// - Throws: as ``copy(_:onto:workers:bandHeight:)``.
    public static func sourceOver(_ src: PixelBuffer, onto dst: PixelBuffer, opacity: UInt8 = 255, workers: Int,
                                  bandHeight: Int = KernelTable.defaultBandHeight) throws {
        try active.sourceOver(src, onto: dst, opacity: opacity, workers: workers, bandHeight: bandHeight)
    }

    /// `dst = color` on `workers` Dispatch workers in bands of `bandHeight` rows.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `workers` or `bandHeight`.
    public static func fill(_ dst: PixelBuffer, with color: Pixel, workers: Int,
                            bandHeight: Int = KernelTable.defaultBandHeight) throws {
        try active.fill(dst, with: color, workers: workers, bandHeight: bandHeight)
    }

    /// `dst = color OVER dst` on `workers` Dispatch workers in bands of `bandHeight` rows.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `workers` or `bandHeight`.
    public static func fillOver(_ dst: PixelBuffer, with color: Pixel, workers: Int,
                                bandHeight: Int = KernelTable.defaultBandHeight) throws {
        try active.fillOver(dst, with: color, workers: workers, bandHeight: bandHeight)
    }

    static func checkSameSize(_ src: PixelBuffer, _ dst: PixelBuffer) throws {
        guard src.format == .rgba else {
            throw TesseraError.invalidArgument(
                argument: "src", reason: "must be rgba (sources are RGBA; only dst may be another format), got \(src.format)")
        }
        guard src.width == dst.width, src.height == dst.height else {
            throw TesseraError.invalidArgument(
                argument: "src", reason: "is \(src.width)×\(src.height) but dst is \(dst.width)×\(dst.height)")
        }
    }
}
