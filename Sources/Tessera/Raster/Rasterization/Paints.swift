/// One premultiplied colour everywhere: opaque spans are plain stores, translucent spans one src-over
/// with the `fillOver` formula of ``ScalarReference``.
struct SolidPaint: SpanPaint {
    /// The premultiplied colour as a little-endian word.
    let word: UInt32

    @inline(__always)
    func fill(_ row: UnsafeMutableRawPointer, columns: Range<Int>, y: Int, originX: Int) {
        PixelWord.fillOver(row, (columns.lowerBound &- originX)..<(columns.upperBound &- originX), with: word)
    }

    @inline(__always)
    func blend(_ row: UnsafeMutableRawPointer, x: Int, y: Int, originX: Int, coverage: UInt32) {
        PixelWord.blend(word, coverage: coverage, row, x &- originX)
    }
}

/// A linear gradient: the colour of device pixel `(x, y)` is `table[round(t · (n − 1))]` with
/// `t = clamp(((x + 0.5 − startX) · ax + (y + 0.5 − startY) · ay), 0, 1)`, the pixel centre projected on
/// the gradient axis (device pixels), and `table` the premultiplied colours precomputed at evenly
/// spaced `t`.
struct GradientPaint: SpanPaint {
    let table: UnsafeBufferPointer<UInt32>
    let startX: Double, startY: Double
    /// The axis scaled by `1 / (length² · scale)`, so that the dot product gives `t` directly.
    let ax: Double, ay: Double

    @inline(__always)
    func color(x: Int, rowTerm: Double) -> UInt32 {
        let t = (Double(x) + 0.5 - startX) * ax + rowTerm
        let clamped = Swift.min(Swift.max(t, 0), 1)
        return table[Int(clamped * Double(table.count &- 1) + 0.5)]
    }

    @inline(__always)
    func rowTerm(y: Int) -> Double { (Double(y) + 0.5 - startY) * ay }

    func fill(_ row: UnsafeMutableRawPointer, columns: Range<Int>, y: Int, originX: Int) {
        let rowTerm = rowTerm(y: y)
        if ax == 0 {
            // Vertical gradient: the same colour along the row (the general formula with ax = 0).
            let word = color(x: columns.lowerBound, rowTerm: rowTerm)
            PixelWord.fillOver(row, (columns.lowerBound &- originX)..<(columns.upperBound &- originX), with: word)
            return
        }
        for x in columns {
            let word = color(x: x, rowTerm: rowTerm)
            let i = x &- originX
            if word >> 24 == 255 {
                PixelWord.store(word, row, i &* 4)
            } else if word != 0 {
                PixelWord.store(PixelWord.over(word, PixelWord.load(row, i &* 4)), row, i &* 4)
            }
        }
    }

    @inline(__always)
    func blend(_ row: UnsafeMutableRawPointer, x: Int, y: Int, originX: Int, coverage: UInt32) {
        PixelWord.blend(color(x: x, rowTerm: rowTerm(y: y)), coverage: coverage, row, x &- originX)
    }
}

/// An image stretched over a device rect with nearest-neighbour sampling: device pixel `(x, y)` takes
/// image pixel `(floor((x + 0.5 − x0) · kx), floor((y + 0.5 − y0) · ky))`, clamped to the image, scaled
/// by the opacity.
struct ImagePaint: SpanPaint {
    let pixels: UnsafeBufferPointer<UInt32>
    let width: Int, height: Int
    let x0: Double, y0: Double
    /// Image pixels per device pixel, per axis.
    let kx: Double, ky: Double
    /// 0…255; 255 leaves the image as it is.
    let opacity: UInt32

    @inline(__always)
    func sample(x: Int, rowStart: Int) -> UInt32 {
        let u = Int(Swift.min(Swift.max((Double(x) + 0.5 - x0) * kx, 0), Double(width &- 1)))
        let word = pixels[rowStart &+ u]
        return opacity == 255 ? word : PixelWord.scale(word, by: opacity)
    }

    @inline(__always)
    func rowStart(y: Int) -> Int {
        Int(Swift.min(Swift.max((Double(y) + 0.5 - y0) * ky, 0), Double(height &- 1))) &* width
    }

    func fill(_ row: UnsafeMutableRawPointer, columns: Range<Int>, y: Int, originX: Int) {
        let start = rowStart(y: y)
        for x in columns {
            let word = sample(x: x, rowStart: start)
            let i = x &- originX
            if word >> 24 == 255 {
                PixelWord.store(word, row, i &* 4)
            } else if word != 0 {
                PixelWord.store(PixelWord.over(word, PixelWord.load(row, i &* 4)), row, i &* 4)
            }
        }
    }

    @inline(__always)
    func blend(_ row: UnsafeMutableRawPointer, x: Int, y: Int, originX: Int, coverage: UInt32) {
        PixelWord.blend(sample(x: x, rowStart: rowStart(y: y)), coverage: coverage, row, x &- originX)
    }
}
