/// An image stretched over a device rect with nearest-neighbour sampling: device pixel `(x, y)` takes
/// image pixel `(floor((x + 0.5 − x0) · kx), floor((y + 0.5 − y0) · ky))`, clamped to the image, scaled
/// by the opacity `o`: its colour is `div255(p · o)` per channel (`p` itself when `o` is 255).
///
/// The image column of every device column the draw call can touch is computed once per call into
/// `columns` (with the same formula), so a span costs two loads and a store per pixel.
///
/// Blending (``SpanPaint``): a row's samples are gathered into the scratch span and blended by
/// `sourceOver` with the opacity (`div255(p · o) OVER dst`, the definition above); an opaque image at
/// opacity 255 is gathered in place (src-over of an opaque colour is the colour). Under coverage `c`,
/// `maskedSourceOver` blends the colours `div255(p · o)`, which `sourceOver` with the opacity makes
/// first onto a transparent row (`div255(p · o) OVER 0 = div255(p · o)`): `div255(div255(p · o) · c)
/// OVER dst`, the colour scaled by the coverage like every paint's.
struct ImagePaint: SpanPaint {
    let pixels: UnsafeBufferPointer<UInt32>
    let width: Int, height: Int
    let y0: Double
    /// Image pixels per device pixel, vertically.
    let ky: Double
    /// 0…255; 255 leaves the image as it is.
    let opacity: UInt8
    /// Whether every image pixel has alpha 255.
    let isOpaque: Bool
    /// `columns[x − columnsOriginX]` is the image column of device column `x`.
    let columns: UnsafePointer<Int32>
    let columnsOriginX: Int

    /// The image column of device column `x` (`x0` and `kx` as above).
    @inline(__always)
    static func column(x: Int, x0: Double, kx: Double, width: Int) -> Int32 {
        Int32(clamp((Double(x) + 0.5 - x0) * kx, Double(width &- 1)))
    }

    @inline(__always)
    func rowStart(y: Int) -> Int {
        Int(clamp((Double(y) + 0.5 - y0) * ky, Double(height &- 1))) &* width
    }

    /// Writes the unscaled samples of device pixels `range` of row `y` to `out` (pixel words, unaligned
    /// allowed), column `x` at byte `4 · (x − range.lowerBound)`.
    @inline(__always)
    func span(_ out: UnsafeMutableRawPointer, columns range: Range<Int>, y: Int) {
        let source = pixels.baseAddress! + rowStart(y: y)
        let index = columns + (range.lowerBound &- columnsOriginX)
        for i in 0..<range.count {
            out.storeBytes(of: source[Int(index[i])], toByteOffset: i &* 4, as: UInt32.self)
        }
    }

    func fill(_ target: RasterTarget, columns range: Range<Int>, rows: Range<Int>) {
        if opacity == 0 { return }
        for y in rows {
            let dst = target.pixel(range.lowerBound, y)
            if isOpaque && opacity == 255 {
                span(dst, columns: range, y: y)
            } else {
                let samples = target.scratch.span
                span(UnsafeMutableRawPointer(samples), columns: range, y: y)
                target.kernels.sourceOver(samples, 0, dst, 0, range.count, 1, opacity)
            }
        }
    }

    func blend(_ target: RasterTarget, columns range: Range<Int>, rows: Range<Int>, mask: UnsafePointer<UInt8>,
               maskStride: Int) {
        if opacity == 0 { return }
        let n = range.count
        var coverage = mask
        for y in rows {
            let samples = target.scratch.span
            span(UnsafeMutableRawPointer(samples), columns: range, y: y)
            var colors = UnsafeRawPointer(samples)
            if opacity != 255 {
                let scaled = target.scratch.scaledSpan
                scaled.update(repeating: 0, count: n)
                target.kernels.sourceOver(samples, 0, scaled, 0, n, 1, opacity)
                colors = UnsafeRawPointer(scaled)
            }
            target.masks.maskedSourceOver(colors, 0, target.pixel(range.lowerBound, y), 0,
                                          UnsafeRawPointer(coverage), 0, n, 1, 255)
            coverage += maskStride
        }
    }
}
