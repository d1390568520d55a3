import TesseraKernelBodies

/// A linear gradient: the colour of device pixel `(x, y)` is `table[i]`, `i` being the pixel centre's
/// position on the gradient axis, `t = (x + 0.5 − startX) · ax + (y + 0.5 − startY) · ay` (device pixels,
/// `ax`, `ay` the axis over `length² · scale`), times `n − 1 = 1024`, rounded and clamped to the table.
///
/// `t` is evaluated in 32.32 fixed point: `T = (x − ox) · A + C(y)` with `ox = floor(startX)`,
/// `A = round(ax · 2³²)` and `C(y) = round(((ox + 0.5 − startX) · ax + (y + 0.5 − startY) · ay) · 2³²)`,
/// and `i = (T · 1024 + 2³¹) >> 32`. Integer arithmetic is exact, so stepping `T += A` along a span gives
/// the same value as computing it at each pixel: tiles of any size agree. The clamped ends of a row are
/// one-colour runs; the run between them is the tier's `gradientSpan` (`GradientSpan.swift` in
/// TesseraKernelBodies: on AVX-512, 16 pixels from a two-vector permute of 32 table entries; elsewhere an
/// add, a shift, a table load and a store per pixel). When a
/// shape is so far from its gradient's start that `T` could overflow (beyond ±2⁶¹), the same formula is
/// evaluated in `Double` instead, for the whole shape.
///
/// Blending (``SpanPaint``): a row's colours are made into the scratch span, then `sourceOver`
/// (`maskedSourceOver` under coverage) blends them; an opaque gradient's colours at full coverage are
/// written in place (src-over of an opaque colour is the colour). A vertical gradient is one colour per
/// row: `fill` / `fillOver` / `maskedFillOver` of that colour.
struct GradientPaint: SpanPaint {
    let table: UnsafeBufferPointer<UInt32>
    let startX: Double, startY: Double
    /// The axis scaled by `1 / (length² · scale)`, so that the dot product gives `t` directly.
    let ax: Double, ay: Double
    /// True when every table entry has alpha 255.
    let isOpaque: Bool
    /// `floor(startX)`, `A` and `(ox + 0.5 − startX) · ax`; `useFixedPoint` is false when `T` could overflow.
    let ox: Int, stepA: Int64, columnBias: Double
    let useFixedPoint: Bool
    /// The tier's kernels; the unclamped run of a fixed-point span is their `gradientSpan`.
    let kernels: RasterKernelRoutines
    static let one = 4_294_967_296.0

    /// - Parameter touched: the device pixels the shape may touch (decides fixed point or `Double` once
    ///   for the whole shape, from its geometry alone).
    init(table: UnsafeBufferPointer<UInt32>, startX: Double, startY: Double, ax: Double, ay: Double,
         isOpaque: Bool, touched: PixelRect, kernels: RasterKernelRoutines) {
        self.table = table
        self.kernels = kernels
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

    /// Whether every row is one colour (the axis is vertical, or too close to it for `A` to be non-zero).
    var isRowConstant: Bool { ax == 0 || (useFixedPoint && stepA == 0) }

    func fill(_ target: RasterTarget, columns: Range<Int>, rows: Range<Int>) {
        let n = columns.count
        for y in rows {
            let dst = target.pixel(columns.lowerBound, y)
            if isRowConstant {
                SolidPaint(word: color(x: columns.lowerBound, rowTerm: rowTerm(y: y)))
                    .fill(target, columns: columns, rows: y..<y &+ 1)
            } else if isOpaque {
                span(UnsafeMutableRawPointer(dst), columns: columns, y: y)
            } else {
                let colors = target.scratch.span
                span(UnsafeMutableRawPointer(colors), columns: columns, y: y)
                target.kernels.sourceOver(colors, 0, dst, 0, n, 1, 255)
            }
        }
    }

    func blend(_ target: RasterTarget, columns: Range<Int>, rows: Range<Int>, mask: UnsafePointer<UInt8>,
               maskStride: Int) {
        let n = columns.count
        var coverage = mask
        for y in rows {
            if isRowConstant {
                SolidPaint(word: color(x: columns.lowerBound, rowTerm: rowTerm(y: y)))
                    .blend(target, columns: columns, rows: y..<y &+ 1, mask: coverage, maskStride: 0)
            } else {
                let colors = target.scratch.span
                span(UnsafeMutableRawPointer(colors), columns: columns, y: y)
                target.masks.maskedSourceOver(colors, 0, target.pixel(columns.lowerBound, y), 0,
                                              UnsafeRawPointer(coverage), 0, n, 1, 255)
            }
            coverage += maskStride
        }
    }

    /// Writes the colours of device pixels `columns` of row `y` to `out` (pixel words, unaligned allowed):
    /// the colour of column `x` at byte `4 · (x − columns.lowerBound)`.
    @inline(__always)
    func span(_ out: UnsafeMutableRawPointer, columns: Range<Int>, y: Int) {
        let term = rowTerm(y: y)
        if useFixedPoint {
            spanFixedPoint(out, columns: columns, rowTerm: Int64(term))
            return
        }
        var i = 0
        for x in columns {
            out.storeBytes(of: color(x: x, rowTerm: term), toByteOffset: i, as: UInt32.self)
            i &+= 4
        }
    }

    /// The fixed-point span: `T` is monotonic along a row, so the row splits into at most three runs —
    /// clamped to the first entry, unclamped, clamped to the last — found by exact integer division.
    /// The unclamped run needs no clamp. Every pixel gets exactly `table[index(fixed: T)]`.
    private func spanFixedPoint(_ out: UnsafeMutableRawPointer, columns: Range<Int>, rowTerm: Int64) {
        var t = Int64(columns.lowerBound &- ox) &* stepA &+ rowTerm
        let step = stepA
        var i = 0
        let end = columns.count
        @inline(__always) func constantRun(_ count: Int64, _ word: UInt32) {
            let n = Int(Swift.min(count, Int64(end &- i)))
            if n <= 0 { return }
            for k in i..<(i &+ n) { out.storeBytes(of: word, toByteOffset: k &* 4, as: UInt32.self) }
            i &+= n
            t &+= Int64(n) &* step
        }
        if step == 0 {
            constantRun(Int64(end), table[index(fixed: t)])
            return
        }
        // Unclamped: low ≤ T < high, where (T + 2²¹) >> 22 is already in 0…1024.
        let low: Int64 = -0x20_0000, high: Int64 = 1025 << 22 - 0x20_0000
        let base = table.baseAddress!
        @inline(__always) func unclampedRun(_ count: Int64) {
            let n = Int(Swift.min(count, Int64(end &- i)))
            if n <= 0 { return }
            kernels.gradientSpan(base, table.count, out + i &* 4, n, t, step)
            t &+= Int64(n) &* step
            i &+= n
        }
        let first = base[0], last = base[table.count &- 1]
        if step > 0 {
            if t < low { constantRun((low &- t &+ step &- 1) / step, first) }
            if i < end, t < high { unclampedRun((high &- t &+ step &- 1) / step) }
            if i < end { constantRun(Int64(end &- i), last) }
        } else {
            let down = 0 &- step
            if t >= high { constantRun((t &- high) / down &+ 1, last) }
            if i < end, t >= low { unclampedRun((t &- low) / down &+ 1) }
            if i < end { constantRun(Int64(end &- i), first) }
        }
    }
}

/// `value` clamped to 0…1; NaN gives 0 (degenerate scales can make `0 · ∞`), so conversions never trap.
@inline(__always)
func clampUnit(_ value: Double) -> Double { value > 0 ? (value < 1 ? value : 1) : 0 }

/// `value` clamped to 0…`upper`; NaN gives 0.
@inline(__always)
func clamp(_ value: Double, _ upper: Double) -> Double { value > 0 ? (value < upper ? value : upper) : 0 }
