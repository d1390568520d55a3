/// The scalar reference kernels: the definition of every composition result Tessera produces.
///
/// Written for clarity, one pixel and one channel at a time, with the formulas of the design
/// (pixman's OVER): `dst = src + div255(dst · (255 − src.a))` per channel; with an opacity `o`,
/// `src' = div255(src · o)` per channel (alpha included) first. Every fast kernel must equal these bit
/// for bit. Both buffers must have the same width and height (callers check; the public entry points in
/// ``Kernels`` throw otherwise).
///
/// Host formats: `src` is RGBA; `dst` may be in any ``PixelFormat``. Pixels are read and written through
/// the ``PixelBuffer`` subscript, which converts: that defines the other formats (red and blue swapped in
/// memory; the `X` formats read their fourth byte as 255 and write 255 into every pixel an operation
/// covers, a zero source or opacity 0 included).
///
/// Thread safety: pure functions of their arguments; callers keep concurrent writes disjoint.
public enum ScalarReference {
    /// `dst = src`.
    public static func copy(_ src: PixelBuffer, onto dst: PixelBuffer) {
        forEachPixel(src, dst) { s, _ in s }
    }

    /// `dst = src OVER dst`, with `src` scaled by `opacity / 255` first (255: unscaled).
    public static func sourceOver(_ src: PixelBuffer, onto dst: PixelBuffer, opacity: UInt8 = 255) {
        forEachPixel(src, dst) { s, d in
            over(opacity == 255 ? s : scale(s, by: UInt32(opacity)), d)
        }
    }

    /// `dst = color` everywhere.
    public static func fill(_ dst: PixelBuffer, with color: Pixel) {
        forEachPixel(dst, dst) { _, _ in color }
    }

    /// `dst = color OVER dst` everywhere.
    public static func fillOver(_ dst: PixelBuffer, with color: Pixel) {
        forEachPixel(dst, dst) { _, d in over(color, d) }
    }

    /// One pixel of src-over.
    public static func over(_ s: Pixel, _ d: Pixel) -> Pixel {
        let inverse = 255 - UInt32(s.a)
        func channel(_ sc: UInt8, _ dc: UInt8) -> UInt8 {
            // sc + div255(dc · (255 − sa)) wraps like the kernels do when sc > sa (not premultiplied).
            UInt8(truncatingIfNeeded: UInt32(sc) + div255(UInt32(dc) * inverse))
        }
        return Pixel(r: channel(s.r, d.r), g: channel(s.g, d.g), b: channel(s.b, d.b), a: channel(s.a, d.a))
    }

    /// One pixel scaled by `o / 255` per channel, alpha included.
    public static func scale(_ p: Pixel, by o: UInt32) -> Pixel {
        Pixel(r: UInt8(div255(UInt32(p.r) * o)), g: UInt8(div255(UInt32(p.g) * o)),
              b: UInt8(div255(UInt32(p.b) * o)), a: UInt8(div255(UInt32(p.a) * o)))
    }

    private static func forEachPixel(_ src: PixelBuffer, _ dst: PixelBuffer, _ body: (Pixel, Pixel) -> Pixel) {
        precondition(src.width == dst.width && src.height == dst.height, "reference kernels need equal sizes")
        for y in 0..<dst.height {
            for x in 0..<dst.width {
                dst[x: x, y: y] = body(src[x: x, y: y], dst[x: x, y: y])
            }
        }
    }
}
