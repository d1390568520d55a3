import TesseraKernelBodies

/// The definition of scaled composition (resampling src-over), one pixel and one channel at a time.
///
/// Destination pixel (i, j) samples the source at `x = x0 + i · dx`, `y = y0 + j · dy` (16.16 fixed point,
/// 0 = centre of source pixel 0; exact 64-bit arithmetic; see ``ResampleMapping``), then
/// `dst = div255(sample · opacity) OVER dst` exactly as ``sourceOver(_:onto:opacity:)``.
///
/// - **Nearest**: column `⌊(x + 32768) / 65536⌋`, row likewise (a position halfway between two centres
///   takes the higher index), each clamped to the source.
/// - **Bilinear**: left column `xl = ⌊x / 65536⌋`, right column `xl + 1`, weight
///   `wx = (x mod 65536) >> 9` (7 bits, 0…127, out of 128); rows `yt`, `yt + 1` and `wy` likewise; every
///   index clamped to the source afterwards (pad). Per channel, vertically first then horizontally:
///   `lerp(a, b, w) = (a · (128 − w) + b · w + 64) >> 7` (rounded to nearest, halves up), so
///   `sample = lerp(lerp(TL, BL, wy), lerp(TR, BR, wy), wx)`. A weight of 0 returns the first pixel
///   exactly, so an integer position samples one pixel unchanged. Each pass is a weighted mean of
///   weights summing to 128 followed by the same monotonic rounding for every channel, so a colour
///   channel ≤ alpha in all inputs stays ≤ alpha (premultiplied input gives premultiplied output).
///
/// Thread safety: pure functions of their arguments; callers keep concurrent writes disjoint.
extension ScalarReference {
    /// `dst = div255(sample(src) · opacity) OVER dst` over every pixel of `dst`, sampling `src` through
    /// `mapping` with `filter`. `src` must not be empty unless `dst` is (checked with `precondition`; the
    /// public entry point ``Kernels/scaledSourceOver(_:onto:mapping:filter:opacity:)`` throws instead).
    public static func scaledSourceOver(_ src: PixelBuffer, onto dst: PixelBuffer, mapping: ResampleMapping,
                                        filter: ResampleFilter, opacity: UInt8 = 255) {
        guard dst.width > 0, dst.height > 0 else { return }
        precondition(src.width > 0 && src.height > 0, "scaled composition needs a source pixel")
        for j in 0..<dst.height {
            let y = Int64(mapping.y0) + Int64(j) * Int64(mapping.dy)
            for i in 0..<dst.width {
                let x = Int64(mapping.x0) + Int64(i) * Int64(mapping.dx)
                let s = sample(src, x: x, y: y, filter: filter)
                dst[x: i, y: j] = over(opacity == 255 ? s : scale(s, by: UInt32(opacity)), dst[x: i, y: j])
            }
        }
    }

    /// The source sampled at position (`x`, `y`) (16.16, 0 = centre of pixel 0) with `filter`, edge pixels
    /// repeated outside the source. `src` must not be empty.
    public static func sample(_ src: PixelBuffer, x: Int64, y: Int64, filter: ResampleFilter) -> Pixel {
        let half = Int64(1) << (ResampleMapping.fractionBits - 1)
        switch filter {
        case .nearest:
            return src[x: clamp((x + half) >> ResampleMapping.fractionBits, src.width),
                       y: clamp((y + half) >> ResampleMapping.fractionBits, src.height)]
        case .bilinear:
            let (xl, wx) = split(x), (yt, wy) = split(y)
            let left = clamp(xl, src.width), right = clamp(xl + 1, src.width)
            let top = clamp(yt, src.height), bottom = clamp(yt + 1, src.height)
            let l = lerp(src[x: left, y: top], src[x: left, y: bottom], wy)
            let r = lerp(src[x: right, y: top], src[x: right, y: bottom], wy)
            return lerp(l, r, wx)
        }
    }

    /// `(a · (128 − w) + b · w + 64) >> 7` per channel: the bilinear filter's one interpolation step
    /// (`w` in 0…127 of 128; rounds to nearest, halves up).
    public static func lerp(_ a: Pixel, _ b: Pixel, _ w: UInt32) -> Pixel {
        let total = UInt32(1) << ResampleMapping.bilinearWeightBits
        func channel(_ ca: UInt8, _ cb: UInt8) -> UInt8 {
            UInt8((UInt32(ca) * (total - w) + UInt32(cb) * w + total / 2) >> ResampleMapping.bilinearWeightBits)
        }
        return Pixel(r: channel(a.r, b.r), g: channel(a.g, b.g), b: channel(a.b, b.b), a: channel(a.a, b.a))
    }

    /// The pixel index left of / above position `p` (`⌊p / 65536⌋`) and the bilinear weight of the next one
    /// (the fraction's top 7 bits).
    private static func split(_ p: Int64) -> (index: Int64, weight: UInt32) {
        let fraction = p & Int64(ResampleMapping.one - 1)
        return (p >> ResampleMapping.fractionBits,
                UInt32(fraction >> (ResampleMapping.fractionBits - ResampleMapping.bilinearWeightBits)))
    }

    private static func clamp(_ index: Int64, _ count: Int) -> Int {
        Int(min(max(index, 0), Int64(count - 1)))
    }
}
