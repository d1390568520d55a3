/// The composition kernels Tessera uses: the public entry points over whole buffers.
///
/// Units are device pixels; `src` and `dst` must have the same size (take ``PixelBuffer/subBuffer(_:)``
/// views to work on rects). Results equal ``ScalarReference`` bit for bit.
///
/// Thread safety: any thread; calls on disjoint destination pixels may run concurrently.
///
/// Note: this first version forwards to the scalar reference; the SIMD tiers replace the bodies.
public enum Kernels {
    /// `dst = src`.
    public static func copy(_ src: PixelBuffer, onto dst: PixelBuffer) throws {
        try checkSameSize(src, dst)
        ScalarReference.copy(src, onto: dst)
    }

    /// `dst = src OVER dst`, with `src` scaled by `opacity / 255` first.
    public static func sourceOver(_ src: PixelBuffer, onto dst: PixelBuffer, opacity: UInt8 = 255) throws {
        try checkSameSize(src, dst)
        ScalarReference.sourceOver(src, onto: dst, opacity: opacity)
    }

    /// `dst = color`.
    public static func fill(_ dst: PixelBuffer, with color: Pixel) {
        ScalarReference.fill(dst, with: color)
    }

    /// `dst = color OVER dst`.
    public static func fillOver(_ dst: PixelBuffer, with color: Pixel) {
        ScalarReference.fillOver(dst, with: color)
    }

    static func checkSameSize(_ src: PixelBuffer, _ dst: PixelBuffer) throws {
        guard src.width == dst.width, src.height == dst.height else {
            throw TesseraError.invalidArgument(
                argument: "src", reason: "is \(src.width)×\(src.height) but dst is \(dst.width)×\(dst.height)")
        }
    }
}
