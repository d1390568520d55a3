/// Scan conversion of the two shapes every primitive uses, with analytic anti-aliasing.
///
/// - Plain rects (corner radius 0): the coverage of pixel `(px, py)` is the exact area of the pixel
///   square inside the rect: `cx · cy` with `cx = clamp(min(px + 1, x1) − max(px, x0), 0, 1)`, likewise
///   `cy`, all in device pixels.
/// - Rounded rects: the coverage is `clamp(0.5 − d, 0, 1)`, `d` being the signed distance in device
///   pixels from the pixel's centre `(px + 0.5, py + 0.5)` to the rounded rect (negative inside).
///
/// Coverage is quantized to `round(coverage · 255)` (``coverageByte(_:)``). It is a pure function of the
/// pixel's device coordinates and the shape: the row and column ranges below only decide where the
/// per-pixel formula can be skipped because it gives 255 (interior rects, sent as full coverage) or
/// because a column's coverage is the same on many rows (the straight sides: computed once, sent as one
/// rect whose rows share a coverage row), so a shape cut by any tile edge has exactly the pixels of the
/// whole shape. The coverage goes to a ``CoverageSink``: blended by a paint through the tier's kernels
/// (``fillRect(_:in:paint:)``, ``fillRoundedRect(_:radius:in:paint:)``), or collected into a mask.
///
/// Cost: per-pixel arithmetic only on the rows and columns the shape's edges cross; a few kernel calls for
/// the straight part of a shape, whatever its size; one per row crossing a corner (three with an interior
/// longer than ``shortInteriorLimit``).
///
/// Thread safety: pure functions over the target's pixels and scratch; a target belongs to one thread.
enum ShapeRasterizer {
    /// Fills `shape` (device pixels) clipped to the target with `paint`, with exact-area edge coverage.
    static func fillRect<P: SpanPaint>(_ shape: DeviceRect, in target: RasterTarget, paint: P) {
        rectCoverage(shape, clip: target.clip, scratch: target.scratch, into: PaintSink(paint: paint, target: target))
    }

    /// Fills `shape` (device pixels) with corners of `radius` device pixels, clipped to the target, with
    /// signed-distance coverage. `radius` must be > 0; it is limited to half the shorter side.
    static func fillRoundedRect<P: SpanPaint>(_ shape: DeviceRect, radius: Double, in target: RasterTarget,
                                              paint: P) {
        roundedRectCoverage(shape, radius: radius, clip: target.clip, scratch: target.scratch,
                            into: PaintSink(paint: paint, target: target))
    }

    /// The exact-area coverage of `shape` within `clip` (whose width the scratch rows hold), into `sink`.
    static func rectCoverage<S: CoverageSink>(_ shape: DeviceRect, clip: PixelRect, scratch: RasterScratch,
                                              into sink: S) {
        let bounds = shape.touchedPixels().intersection(clip)
        if bounds.isEmpty || !(shape.x1 > shape.x0 && shape.y1 > shape.y0) { return }
        let covered = shape.coveredPixels()
        // Interior columns: cx == 1 exactly there (none when no pixel is covered completely).
        var interior = bounds.maxX..<bounds.maxX
        if !covered.isEmpty {
            let ix0 = Swift.min(Swift.max(bounds.minX, covered.minX), bounds.maxX)
            interior = ix0..<Swift.max(ix0, Swift.min(bounds.maxX, covered.maxX))
        }
        @inline(__always) func cx(_ px: Int) -> Double {
            let fx = Double(px)
            return Swift.min(fx + 1, shape.x1) - Swift.max(fx, shape.x0)
        }
        // Rows with cy == 1 exactly: py ≥ y0 and py + 1 ≤ y1. Their coverage is cx alone, per column.
        let my0 = Swift.max(ceilInt(shape.y0), bounds.minY), my1 = Swift.min(floorInt(shape.y1), bounds.maxY)
        let middle = my0 < my1 ? my0..<my1 : bounds.maxY..<bounds.maxY
        if !middle.isEmpty {
            let shared = scratch.sharedCoverage - bounds.minX  // indexed by device column
            for px in bounds.minX..<interior.lowerBound { shared[px] = coverageByte(cx(px)) }
            for px in interior.upperBound..<bounds.maxX { shared[px] = coverageByte(cx(px)) }
            emitRow(bounds.minX..<bounds.maxX, interior: interior, rows: middle, coverage: shared, sink)
        }
        let own = scratch.rowCoverage - bounds.minX
        for py in bounds.minY..<bounds.maxY where !middle.contains(py) {
            let fy = Double(py)
            let cy = Swift.min(fy + 1, shape.y1) - Swift.max(fy, shape.y0)
            if !(cy > 0) { continue }
            for px in bounds.minX..<bounds.maxX { own[px] = coverageByte(cx(px) * cy) }
            emitPartial(bounds.minX..<bounds.maxX, rows: py..<py &+ 1, coverage: own, sink)
        }
    }

    /// The signed-distance coverage of `shape` with corners of `radius` (> 0, limited to half the shorter
    /// side) within `clip` (whose width the scratch rows hold), into `sink`.
    static func roundedRectCoverage<S: CoverageSink>(_ shape: DeviceRect, radius: Double, clip: PixelRect,
                                                     scratch: RasterScratch, into sink: S) {
        let bounds = shape.touchedPixels().intersection(clip)
        if bounds.isEmpty || !(shape.x1 > shape.x0 && shape.y1 > shape.y0) { return }
        let geometry = RoundedRectDistance(shape, radius: radius)
        let r = geometry.radius
        let columns = bounds.minX..<bounds.maxX
        // The straight middle rows share one interior span, and beside it the coverage of a column does
        // not depend on the row as long as `qy ≤ qx` there (then `max(qx, qy) − r = qx − r`): compute
        // those columns once. The rows that qualify are contiguous (every condition bounds |y − centre|).
        let middle = interiorColumns(geometry.halfWidth - 0.5, geometry, bounds)
        let shared = scratch.sharedCoverage - bounds.minX  // indexed by device column
        var qyLimit = Double.infinity
        @inline(__always) func side(_ range: Range<Int>) {
            for px in range {
                let qx = geometry.qx(px)
                qyLimit = Swift.min(qyLimit, qx)
                shared[px] = coverageByte(0.5 - (qx - r))
            }
        }
        side(columns.lowerBound..<middle.lowerBound)
        side(middle.upperBound..<columns.upperBound)
        let own = scratch.rowCoverage - bounds.minX
        var straight = bounds.minY..<bounds.minY  // the pending run of straight rows using `shared`
        for py in bounds.minY..<bounds.maxY {
            let cy = Double(py) + 0.5
            let dy = abs(cy - geometry.centerY)
            let qy = dy - geometry.innerHalfHeight
            if qy <= 0 && dy <= geometry.halfHeight - 0.5 {
                // A straight middle row.
                if qy <= qyLimit {
                    if !straight.isEmpty && straight.upperBound != py {  // not reached: the rows are contiguous
                        emitRow(columns, interior: middle, rows: straight, coverage: shared, sink)
                        straight = py..<py
                    }
                    straight = (straight.isEmpty ? py : straight.lowerBound)..<py &+ 1
                    continue
                }
                rowCoverage(own, columns, outside: middle, geometry, cy)
                emitRow(columns, interior: middle, rows: py..<py &+ 1, coverage: own, sink)
                continue
            }
            // The columns the row's coverage can reach: beyond half-width `ihw + √((r + ½)² − qy²)` of
            // the centre line (`ihw + r + ½` when qy ≤ 0) the distance is ≥ ½, coverage 0, which the sink
            // never gets (`emitPartial` drops it); the margin of `reachColumns` keeps every pixel of
            // non-zero coverage inside. A row with qy ≥ r + ½ has none.
            let qyPositive = Swift.max(qy, 0)
            if qyPositive >= r + 0.5 { continue }
            let reach = reachColumns(
                geometry.innerHalfWidth + ((r + 0.5) * (r + 0.5) - qyPositive * qyPositive).squareRoot(),
                geometry, bounds)
            if reach.isEmpty { continue }
            // Half-width of the centres whose distance is ≤ −0.5 (coverage 1) on this row.
            var inner = -1.0
            if qy > 0 && qy <= r - 0.5 {
                inner = geometry.innerHalfWidth + ((r - 0.5) * (r - 0.5) - qy * qy).squareRoot()
            }
            let interior = interiorColumns(inner, geometry, bounds)
            if !interior.isEmpty {
                rowCoverage(own, reach, outside: interior, geometry, cy)
                emitRow(reach, interior: interior, rows: py..<py &+ 1, coverage: own, sink)
                continue
            }
            // A row along the top or bottom edge, with no interior: between the corners (`qx ≤ min(qy, 0)`)
            // the distance is `qy − r` on every column, so that run shares one coverage. The margin of
            // `interiorColumns` keeps the run strictly inside that condition.
            let run = interiorColumns(geometry.innerHalfWidth + Swift.min(qy, 0), geometry, bounds)
            rowCoverage(own, reach, outside: run, geometry, cy)
            if !run.isEmpty {
                (own + run.lowerBound).update(repeating: coverageByte(0.5 - (qy - r)), count: run.count)
            }
            emitPartial(reach, rows: py..<py &+ 1, coverage: own, sink)
        }
        if !straight.isEmpty { emitRow(columns, interior: middle, rows: straight, coverage: shared, sink) }
    }

    /// The longest interior (device pixels) that ``emitRow`` sends as coverage 255 inside one partial
    /// call with the edges around it, instead of a fill between two partial calls: below it, the masked
    /// kernel's work on the interior costs less than two more kernel calls.
    static let shortInteriorLimit = 32

    /// `columns × rows` whose coverage is 255 on `interior` (a sub-range) and `coverage[x]` elsewhere
    /// (indexed by device column; the same on every row). A short interior is written into `coverage`
    /// as 255 (which a paint's blend turns into exactly its fill) and sent with the edges in one call.
    @inline(__always)
    private static func emitRow<S: CoverageSink>(_ columns: Range<Int>, interior: Range<Int>, rows: Range<Int>,
                                                 coverage: UnsafeMutablePointer<UInt8>, _ sink: S) {
        if !interior.isEmpty && interior.count <= shortInteriorLimit {
            (coverage + interior.lowerBound).update(repeating: 255, count: interior.count)
            emitPartial(columns, rows: rows, coverage: coverage, sink)
            return
        }
        if interior.isEmpty {
            emitPartial(columns, rows: rows, coverage: coverage, sink)
            return
        }
        emitPartial(columns.lowerBound..<interior.lowerBound, rows: rows, coverage: coverage, sink)
        sink.full(columns: interior, rows: rows)
        emitPartial(interior.upperBound..<columns.upperBound, rows: rows, coverage: coverage, sink)
    }

    /// `columns × rows` at `coverage[x]` (indexed by device column), without the columns of coverage 0 at
    /// either end (they change nothing).
    @inline(__always)
    private static func emitPartial<S: CoverageSink>(_ columns: Range<Int>, rows: Range<Int>,
                                                     coverage: UnsafeMutablePointer<UInt8>, _ sink: S) {
        var lo = columns.lowerBound, hi = columns.upperBound
        while lo < hi && coverage[lo] == 0 { lo &+= 1 }
        while hi > lo && coverage[hi &- 1] == 0 { hi &-= 1 }
        if lo < hi { sink.partial(columns: lo..<hi, rows: rows, coverage: coverage + lo) }
    }

    /// `coverage[x]` for the columns of `columns` outside `inside` (a sub-range, possibly empty at either
    /// end): the signed-distance coverage of row centre `cy`, per pixel.
    @inline(__always)
    private static func rowCoverage(_ coverage: UnsafeMutablePointer<UInt8>, _ columns: Range<Int>,
                                    outside inside: Range<Int>, _ geometry: RoundedRectDistance, _ cy: Double) {
        let split = inside.isEmpty ? columns.upperBound : inside.lowerBound
        for px in columns.lowerBound..<split {
            coverage[px] = coverageByte(0.5 - geometry.distance(x: Double(px) + 0.5, y: cy))
        }
        for px in (inside.isEmpty ? columns.upperBound : inside.upperBound)..<columns.upperBound {
            coverage[px] = coverageByte(0.5 - geometry.distance(x: Double(px) + 0.5, y: cy))
        }
    }

    /// The columns (clipped to `bounds`) whose centres lie within `outer` of the centre line, widened by
    /// the margin of ``interiorColumns(_:_:_:)``: every column whose centre is farther lies beyond `outer`
    /// whatever the rounding. An empty range at `bounds.maxX` when there is none.
    @inline(__always)
    private static func reachColumns(_ outer: Double, _ geometry: RoundedRectDistance,
                                     _ bounds: PixelRect) -> Range<Int> {
        let span = outer + 0.0625
        let lo = ceilInt(geometry.centerX - span - 0.5)
        let hi = floorInt(geometry.centerX + span - 0.5) + 1
        let ix0 = Swift.min(Swift.max(lo, bounds.minX), bounds.maxX)
        return ix0..<Swift.min(Swift.max(hi, ix0), bounds.maxX)
    }

    /// The columns (clipped to `bounds`) whose centres lie within `inner` of the centre line, shrunk by a
    /// 1/16-pixel margin so that they are inside the exact interior whatever the rounding (the
    /// floating-point error of `inner` and of the distance is below 0.01 px even at 1e13 px). An empty
    /// range at `bounds.maxX` when there is none.
    @inline(__always)
    private static func interiorColumns(_ inner: Double, _ geometry: RoundedRectDistance,
                                        _ bounds: PixelRect) -> Range<Int> {
        let span = inner - 0.0625
        guard span > 0 else { return bounds.maxX..<bounds.maxX }
        let lo = ceilInt(geometry.centerX - span - 0.5)
        let hi = floorInt(geometry.centerX + span - 0.5) + 1
        let ix0 = Swift.min(Swift.max(lo, bounds.minX), bounds.maxX)
        return ix0..<Swift.min(Swift.max(hi, ix0), bounds.maxX)
    }
}

/// `round(clamp(value, 0, 1) · 255)`, the 8-bit coverage of a fraction; NaN gives 0.
@inline(__always)
func coverageByte(_ value: Double) -> UInt8 {
    guard value > 0 else { return 0 }
    if value >= 1 { return 255 }
    return UInt8(value * 255 + 0.5)
}

/// The signed distance to a rounded rect, in device pixels (negative inside).
struct RoundedRectDistance {
    let centerX: Double, centerY: Double
    let halfWidth: Double, halfHeight: Double
    /// The corner radius, limited to half the shorter side.
    let radius: Double
    /// `halfWidth − radius`, `halfHeight − radius`: the half extents of the rect the corner centres span.
    let innerHalfWidth: Double, innerHalfHeight: Double

    init(_ shape: DeviceRect, radius: Double) {
        centerX = (shape.x0 + shape.x1) * 0.5
        centerY = (shape.y0 + shape.y1) * 0.5
        halfWidth = (shape.x1 - shape.x0) * 0.5
        halfHeight = (shape.y1 - shape.y0) * 0.5
        self.radius = Swift.max(0, Swift.min(radius, halfWidth, halfHeight))
        innerHalfWidth = halfWidth - self.radius
        innerHalfHeight = halfHeight - self.radius
    }

    /// The distance from the point `(x, y)` (device pixels) to the outline: `|max(q, 0)| + min(max(qx, qy), 0) − r`
    /// with `q = |p − centre| − inner half extents`.
    ///
    /// Beside the corners (`qx ≤ 0` or `qy ≤ 0`) this is `max(qx, qy) − r`, computed without a square root.
    @inline(__always)
    func distance(x: Double, y: Double) -> Double {
        let qx = qx(x)
        let qy = abs(y - centerY) - innerHalfHeight
        if qx > 0 && qy > 0 { return (qx * qx + qy * qy).squareRoot() - radius }
        return Swift.max(qx, qy) - radius
    }

    /// `|x − centerX| − innerHalfWidth` for the centre `x` (device pixels).
    @inline(__always)
    func qx(_ x: Double) -> Double { abs(x - centerX) - innerHalfWidth }

    /// `qx` at the centre of device column `px`.
    @inline(__always)
    func qx(_ px: Int) -> Double { qx(Double(px) + 0.5) }

    /// The 8-bit coverage of device pixel column `x` on the row whose centre is at `centerY`.
    @inline(__always)
    func coverage(x: Int, centerY cy: Double) -> UInt32 {
        UInt32(coverageByte(0.5 - distance(x: Double(x) + 0.5, y: cy)))
    }
}
