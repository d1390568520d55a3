/// Scan conversion of the two shapes every primitive uses, with analytic anti-aliasing.
///
/// - Plain rects (corner radius 0): the coverage of pixel `(px, py)` is the exact area of the pixel
///   square inside the rect: `cx · cy` with `cx = clamp(min(px + 1, x1) − max(px, x0), 0, 1)`, likewise
///   `cy`, all in device pixels.
/// - Rounded rects: the coverage is `clamp(0.5 − d, 0, 1)`, `d` being the signed distance in device
///   pixels from the pixel's centre `(px + 0.5, py + 0.5)` to the rounded rect (negative inside).
///
/// Coverage is quantized to `round(coverage · 255)`. It is a pure function of the pixel's device
/// coordinates and the shape: the row and column ranges below only decide where the per-pixel formula
/// can be skipped because it gives 255 (interior spans, filled with plain stores or one src-over), so a
/// shape cut by any tile edge has exactly the pixels of the whole shape.
///
/// Thread safety: pure functions over the target's pixels; a target belongs to one thread.
enum ShapeRasterizer {
    /// Fills `shape` (device pixels) clipped to the target with `paint`, with exact-area edge coverage.
    static func fillRect<P: SpanPaint>(_ shape: DeviceRect, in target: RasterTarget, paint: P) {
        let clip = target.clip
        let bounds = shape.touchedPixels().intersection(clip)
        if bounds.isEmpty || !(shape.x1 > shape.x0 && shape.y1 > shape.y0) { return }
        let covered = shape.coveredPixels()
        // Interior columns: cx == 1 exactly there.
        let ix0 = Swift.min(Swift.max(bounds.minX, covered.minX), bounds.maxX)
        let ix1 = Swift.max(ix0, Swift.min(bounds.maxX, covered.maxX))
        for py in bounds.minY..<bounds.maxY {
            let fy = Double(py)
            let cy = Swift.min(fy + 1, shape.y1) - Swift.max(fy, shape.y0)
            if !(cy > 0) { continue }
            let row = target.row(py)
            if cy >= 1 && !covered.isEmpty {
                edgePixels(bounds.minX..<ix0, cy: 1, shape, row, py, clip.x, paint)
                if ix0 < ix1 { paint.fill(row, columns: ix0..<ix1, y: py, originX: clip.x) }
                edgePixels(ix1..<bounds.maxX, cy: 1, shape, row, py, clip.x, paint)
            } else {
                edgePixels(bounds.minX..<bounds.maxX, cy: cy, shape, row, py, clip.x, paint)
            }
        }
    }

    @inline(__always)
    private static func edgePixels<P: SpanPaint>(_ columns: Range<Int>, cy: Double, _ shape: DeviceRect,
                                                 _ row: UnsafeMutableRawPointer, _ py: Int, _ originX: Int,
                                                 _ paint: P) {
        for px in columns {
            let fx = Double(px)
            let cx = Swift.min(fx + 1, shape.x1) - Swift.max(fx, shape.x0)
            let coverage = PixelWord.coverage(cx * cy)
            if coverage != 0 { paint.blend(row, x: px, y: py, originX: originX, coverage: coverage) }
        }
    }

    /// Fills `shape` (device pixels) with corners of `radius` device pixels, clipped to the target, with
    /// signed-distance coverage. `radius` must be > 0; it is limited to half the shorter side.
    static func fillRoundedRect<P: SpanPaint>(_ shape: DeviceRect, radius: Double, in target: RasterTarget,
                                              paint: P) {
        let clip = target.clip
        let bounds = shape.touchedPixels().intersection(clip)
        if bounds.isEmpty || !(shape.x1 > shape.x0 && shape.y1 > shape.y0) { return }
        let geometry = RoundedRectDistance(shape, radius: radius)
        // The straight middle rows share one interior span, and beside it the coverage of a column does
        // not depend on the row as long as `qy ≤ qx` there (then `max(qx, qy) − r = qx − r`): compute
        // those few columns once.
        let middle = interiorColumns(geometry.halfWidth - 0.5, geometry, bounds)
        let left = bounds.minX..<middle.lowerBound, right = middle.upperBound..<bounds.maxX
        let cached = left.count + right.count
        guard cached <= 16 else {
            fillRoundedRows(bounds, geometry, target, paint, middle: middle, cache: nil, qyLimit: -.infinity)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { cache in
            var qyLimit = Double.infinity, k = 0
            for range in [left, right] {
                for px in range {
                    let qx = geometry.qx(px)
                    qyLimit = Swift.min(qyLimit, qx)
                    cache[k] = paint.prepare(coverage: PixelWord.coverage(0.5 - (qx - geometry.radius)))
                    k += 1
                }
            }
            fillRoundedRows(bounds, geometry, target, paint, middle: middle, cache: cache, qyLimit: qyLimit)
        }
    }

    /// The rows of ``fillRoundedRect(_:radius:in:paint:)``. `cache` holds the prepared coverages of the
    /// columns beside `middle` (left then right), valid on straight middle rows whose `qy ≤ qyLimit`.
    @inline(__always)
    private static func fillRoundedRows<P: SpanPaint>(
        _ bounds: PixelRect, _ geometry: RoundedRectDistance, _ target: RasterTarget, _ paint: P,
        middle: Range<Int>, cache: UnsafeMutableBufferPointer<UInt32>?, qyLimit: Double
    ) {
        let r = geometry.radius, originX = target.clip.x
        for py in bounds.minY..<bounds.maxY {
            let cy = Double(py) + 0.5
            let dy = abs(cy - geometry.centerY)
            let qy = dy - geometry.innerHalfHeight
            let row = target.row(py)
            if qy <= 0 && dy <= geometry.halfHeight - 0.5 {
                // A straight middle row.
                if let cache, qy <= qyLimit {
                    var k = 0
                    for px in bounds.minX..<middle.lowerBound {
                        if cache[k] != 0 { paint.blend(row, prepared: cache[k], x: px, y: py, originX: originX) }
                        k += 1
                    }
                    if !middle.isEmpty { paint.fill(row, columns: middle, y: py, originX: originX) }
                    for px in middle.upperBound..<bounds.maxX {
                        if cache[k] != 0 { paint.blend(row, prepared: cache[k], x: px, y: py, originX: originX) }
                        k += 1
                    }
                    continue
                }
                fillRoundedRow(row, py, cy, middle, bounds, geometry, originX, paint)
                continue
            }
            // Half-width of the centres whose distance is ≤ −0.5 (coverage 1) on this row.
            var inner = -1.0
            if qy > 0 && qy <= r - 0.5 {
                inner = geometry.innerHalfWidth + ((r - 0.5) * (r - 0.5) - qy * qy).squareRoot()
            }
            let interior = interiorColumns(inner, geometry, bounds)
            if !interior.isEmpty {
                fillRoundedRow(row, py, cy, interior, bounds, geometry, originX, paint)
                continue
            }
            // A row along the top or bottom edge, with no interior: between the corners (`qx ≤ min(qy, 0)`)
            // the distance is `qy − r` on every column, so that run shares one prepared coverage. The
            // margin of `interiorColumns` keeps the run strictly inside that condition.
            let run = interiorColumns(geometry.innerHalfWidth + Swift.min(qy, 0), geometry, bounds)
            for px in bounds.minX..<run.lowerBound {
                let coverage = geometry.coverage(x: px, centerY: cy)
                if coverage != 0 { paint.blend(row, x: px, y: py, originX: originX, coverage: coverage) }
            }
            let prepared = run.isEmpty ? 0 : paint.prepare(coverage: PixelWord.coverage(0.5 - (qy - r)))
            if prepared != 0 {
                for px in run { paint.blend(row, prepared: prepared, x: px, y: py, originX: originX) }
            }
            for px in run.upperBound..<bounds.maxX {
                let coverage = geometry.coverage(x: px, centerY: cy)
                if coverage != 0 { paint.blend(row, x: px, y: py, originX: originX, coverage: coverage) }
            }
        }
    }

    /// One row: the per-pixel coverage formula beside `interior`, a span fill inside it.
    @inline(__always)
    private static func fillRoundedRow<P: SpanPaint>(
        _ row: UnsafeMutableRawPointer, _ py: Int, _ cy: Double, _ interior: Range<Int>, _ bounds: PixelRect,
        _ geometry: RoundedRectDistance, _ originX: Int, _ paint: P
    ) {
        for px in bounds.minX..<interior.lowerBound {
            let coverage = geometry.coverage(x: px, centerY: cy)
            if coverage != 0 { paint.blend(row, x: px, y: py, originX: originX, coverage: coverage) }
        }
        if !interior.isEmpty { paint.fill(row, columns: interior, y: py, originX: originX) }
        for px in interior.upperBound..<bounds.maxX {
            let coverage = geometry.coverage(x: px, centerY: cy)
            if coverage != 0 { paint.blend(row, x: px, y: py, originX: originX, coverage: coverage) }
        }
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
        PixelWord.coverage(0.5 - distance(x: Double(x) + 0.5, y: cy))
    }
}
