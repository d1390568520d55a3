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

    /// The colour scaled by the coverage (what ``PixelWord/blend(_:coverage:_:_:)`` computes first).
    @inline(__always)
    func prepare(coverage: UInt32) -> UInt32 {
        coverage == 255 ? word : PixelWord.scale(word, by: coverage)
    }

    @inline(__always)
    func blend(_ row: UnsafeMutableRawPointer, prepared: UInt32, x: Int, y: Int, originX: Int) {
        PixelWord.blend(prepared, coverage: 255, row, x &- originX)
    }
}

/// A linear gradient: the colour of device pixel `(x, y)` is `table[i]`, `i` being the pixel centre's
/// position on the gradient axis, `t = (x + 0.5 − startX) · ax + (y + 0.5 − startY) · ay` (device pixels,
/// `ax`, `ay` the axis over `length² · scale`), times `n − 1 = 1024`, rounded and clamped to the table.
///
/// `t` is evaluated in 32.32 fixed point: `T = (x − ox) · A + C(y)` with `ox = floor(startX)`,
/// `A = round(ax · 2³²)` and `C(y) = round(((ox + 0.5 − startX) · ax + (y + 0.5 − startY) · ay) · 2³²)`,
/// and `i = (T · 1024 + 2³¹) >> 32`. Integer arithmetic is exact, so stepping `T += A` along a span gives
/// the same value as computing it at each pixel: tiles of any size agree, and spans cost an add, a shift,
/// a table load and a store per pixel (the clamped ends of a row are one-colour runs). When a shape is so far from its gradient's start that `T` could
/// overflow (beyond ±2⁶¹), the same formula is evaluated in `Double` instead, for the whole shape.
struct GradientPaint: SpanPaint {
    let table: UnsafeBufferPointer<UInt32>
    let startX: Double, startY: Double
    /// The axis scaled by `1 / (length² · scale)`, so that the dot product gives `t` directly.
    let ax: Double, ay: Double
    /// True when every table entry has alpha 255 (spans are then plain stores).
    let isOpaque: Bool
    /// `floor(startX)`, `A` and `(ox + 0.5 − startX) · ax`; `useFixedPoint` is false when `T` could overflow.
    let ox: Int, stepA: Int64, columnBias: Double
    let useFixedPoint: Bool
    static let one = 4_294_967_296.0

    /// - Parameter touched: the device pixels the shape may touch (decides fixed point or `Double` once
    ///   for the whole shape, from its geometry alone).
    init(table: UnsafeBufferPointer<UInt32>, startX: Double, startY: Double, ax: Double, ay: Double,
         isOpaque: Bool, touched: PixelRect) {
        self.table = table
        self.startX = startX
        self.startY = startY
        self.ax = ax
        self.ay = ay
        self.isOpaque = isOpaque
        let ox = floorInt(startX)
        self.ox = ox
        columnBias = (Double(ox) + 0.5 - startX) * ax
        let maxU = Swift.max(abs(Double(touched.minX) - Double(ox)), abs(Double(touched.maxX) - Double(ox)))
        let maxRow = Swift.max(abs(Double(touched.minY) - startY), abs(Double(touched.maxY) - startY)) + 1
        let bound = (maxU * abs(ax) + abs(columnBias) + maxRow * abs(ay)) * Self.one
        useFixedPoint = bound < 0x1p61 && table.count == 1025
        stepA = useFixedPoint ? Int64((ax * Self.one).rounded()) : 0
    }

    /// The fixed-point row term `C(y)`, or the `Double` row term in the fallback.
    @inline(__always)
    func rowTerm(y: Int) -> Double {
        let term = (Double(y) + 0.5 - startY) * ay
        return useFixedPoint ? ((columnBias + term) * Self.one).rounded() : term
    }

    @inline(__always)
    func index(fixed t: Int64) -> Int {
        // (T · 1024 + 2³¹) >> 32 == (T + 2²¹) >> 22.
        Int(Swift.min(Swift.max((t &+ 0x20_0000) >> 22, 0), 1024))
    }

    @inline(__always)
    func color(x: Int, rowTerm: Double) -> UInt32 {
        if useFixedPoint {
            return table[index(fixed: Int64(x &- ox) &* stepA &+ Int64(rowTerm))]
        }
        let t = (Double(x) + 0.5 - startX) * ax + rowTerm
        return table[Int(clampUnit(t) * Double(table.count &- 1) + 0.5)]
    }

    func fill(_ row: UnsafeMutableRawPointer, columns: Range<Int>, y: Int, originX: Int) {
        if columns.isEmpty { return }
        let rowTerm = rowTerm(y: y)
        if ax == 0 {
            // Vertical gradient: the same colour along the row (the general formula with ax = 0).
            let word = color(x: columns.lowerBound, rowTerm: rowTerm)
            PixelWord.fillOver(row, (columns.lowerBound &- originX)..<(columns.upperBound &- originX), with: word)
            return
        }
        if useFixedPoint {
            fillFixedPoint(row, columns: columns, rowTerm: Int64(rowTerm), originX: originX)
            return
        }
        for x in columns { blendFull(color(x: x, rowTerm: rowTerm), row, x &- originX) }
    }

    /// The fixed-point span: `T` is monotonic along a row, so the row splits into at most three runs —
    /// clamped to the first entry, unclamped, clamped to the last — found by exact integer division.
    /// Clamped runs are one colour (plain stores or one src-over); the unclamped run needs no clamp.
    /// Every pixel gets exactly `table[index(fixed: T)]`.
    private func fillFixedPoint(_ row: UnsafeMutableRawPointer, columns: Range<Int>, rowTerm: Int64, originX: Int) {
        var t = Int64(columns.lowerBound &- ox) &* stepA &+ rowTerm
        let step = stepA
        if step == 0 {
            PixelWord.fillOver(row, (columns.lowerBound &- originX)..<(columns.upperBound &- originX),
                               with: table[index(fixed: t)])
            return
        }
        // Unclamped: low ≤ T < high, where (T + 2²¹) >> 22 is already in 0…1024.
        let low: Int64 = -0x20_0000, high: Int64 = 1025 << 22 - 0x20_0000
        let base = table.baseAddress!
        var x = columns.lowerBound
        let end = columns.upperBound
        @inline(__always) func constantRun(_ count: Int64, _ word: UInt32) {
            let n = Int(Swift.min(count, Int64(end &- x)))
            if n <= 0 { return }
            PixelWord.fillOver(row, (x &- originX)..<(x &+ n &- originX), with: word)
            x &+= n
            t &+= Int64(n) &* step
        }
        @inline(__always) func unclampedRun(_ count: Int64) {
            let n = Int(Swift.min(count, Int64(end &- x)))
            if n <= 0 { return }
            if isOpaque {
                for i in (x &- originX)..<(x &+ n &- originX) {
                    PixelWord.store(base[Int((t &+ 0x20_0000) >> 22)], row, i &* 4)
                    t &+= step
                }
            } else {
                for i in (x &- originX)..<(x &+ n &- originX) {
                    blendFull(base[Int((t &+ 0x20_0000) >> 22)], row, i)
                    t &+= step
                }
            }
            x &+= n
        }
        let first = base[0], last = base[table.count &- 1]
        if step > 0 {
            if t < low { constantRun((low &- t &+ step &- 1) / step, first) }
            if x < end, t < high { unclampedRun((high &- t &+ step &- 1) / step) }
            if x < end { constantRun(Int64(end &- x), last) }
        } else {
            let down = 0 &- step
            if t >= high { constantRun((t &- high) / down &+ 1, last) }
            if x < end, t >= low { unclampedRun((t &- low) / down &+ 1) }
            if x < end { constantRun(Int64(end &- x), first) }
        }
    }

    @inline(__always)
    private func blendFull(_ word: UInt32, _ row: UnsafeMutableRawPointer, _ i: Int) {
        if word >> 24 == 255 {
            PixelWord.store(word, row, i &* 4)
        } else if word != 0 {
            PixelWord.store(PixelWord.over(word, PixelWord.load(row, i &* 4)), row, i &* 4)
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
///
/// The image column of every device column the draw call can touch is computed once per call into
/// `columns` (with the same formula), so a span costs two loads and a store per pixel.
struct ImagePaint: SpanPaint {
    let pixels: UnsafeBufferPointer<UInt32>
    let width: Int, height: Int
    let y0: Double
    /// Image pixels per device pixel, vertically.
    let ky: Double
    /// 0…255; 255 leaves the image as it is.
    let opacity: UInt32
    /// `columns[x − columnsOriginX]` is the image column of device column `x`.
    let columns: UnsafePointer<Int32>
    let columnsOriginX: Int

    /// The image column of device column `x` (`x0` and `kx` as above).
    @inline(__always)
    static func column(x: Int, x0: Double, kx: Double, width: Int) -> Int32 {
        Int32(clamp((Double(x) + 0.5 - x0) * kx, Double(width &- 1)))
    }

    @inline(__always)
    func sample(x: Int, rowStart: Int) -> UInt32 {
        let word = pixels[rowStart &+ Int(columns[x &- columnsOriginX])]
        return opacity == 255 ? word : PixelWord.scale(word, by: opacity)
    }

    @inline(__always)
    func rowStart(y: Int) -> Int {
        Int(clamp((Double(y) + 0.5 - y0) * ky, Double(height &- 1))) &* width
    }

    func fill(_ row: UnsafeMutableRawPointer, columns range: Range<Int>, y: Int, originX: Int) {
        let start = rowStart(y: y)
        for x in range {
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

/// `value` clamped to 0…1; NaN gives 0 (degenerate scales can make `0 · ∞`), so conversions never trap.
@inline(__always)
func clampUnit(_ value: Double) -> Double { value > 0 ? (value < 1 ? value : 1) : 0 }

/// `value` clamped to 0…`upper`; NaN gives 0.
@inline(__always)
func clamp(_ value: Double, _ upper: Double) -> Double { value > 0 ? (value < upper ? value : upper) : 0 }
