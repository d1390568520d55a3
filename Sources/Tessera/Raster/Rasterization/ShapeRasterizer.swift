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
        let r = geometry.radius
        for py in bounds.minY..<bounds.maxY {
            let cy = Double(py) + 0.5
            let dy = abs(cy - geometry.centerY)
            let qy = dy - geometry.innerHalfHeight
            // Half-width of the centres whose distance is ≤ −0.5 (coverage 1) on this row.
            var inner = -1.0
            if qy <= 0 {
                if dy <= geometry.halfHeight - 0.5 { inner = geometry.halfWidth - 0.5 }
            } else if qy <= r - 0.5 {
                inner = geometry.innerHalfWidth + ((r - 0.5) * (r - 0.5) - qy * qy).squareRoot()
            }
            let row = target.row(py)
            // A 1/16-pixel margin keeps the span inside the exact interior whatever the rounding (the
            // floating-point error of `inner` and of `distance` is below 0.01 px even at 1e13 px).
            let span = inner - 0.0625
            var ix0 = bounds.maxX, ix1 = bounds.maxX
            if span > 0 {
                let lo = ceilInt(geometry.centerX - span - 0.5)
                let hi = floorInt(geometry.centerX + span - 0.5) + 1
                ix0 = Swift.min(Swift.max(lo, bounds.minX), bounds.maxX)
                ix1 = Swift.min(Swift.max(hi, ix0), bounds.maxX)
            }
            for px in bounds.minX..<ix0 {
                let coverage = geometry.coverage(x: px, centerY: cy)
                if coverage != 0 { paint.blend(row, x: px, y: py, originX: clip.x, coverage: coverage) }
            }
            if ix0 < ix1 { paint.fill(row, columns: ix0..<ix1, y: py, originX: clip.x) }
            for px in ix1..<bounds.maxX {
                let coverage = geometry.coverage(x: px, centerY: cy)
                if coverage != 0 { paint.blend(row, x: px, y: py, originX: clip.x, coverage: coverage) }
            }
        }
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
        let qx = abs(x - centerX) - innerHalfWidth
        let qy = abs(y - centerY) - innerHalfHeight
        if qx > 0 && qy > 0 { return (qx * qx + qy * qy).squareRoot() - radius }
        return Swift.max(qx, qy) - radius
    }

    /// The 8-bit coverage of device pixel column `x` on the row whose centre is at `centerY`.
    @inline(__always)
    func coverage(x: Int, centerY cy: Double) -> UInt32 {
        PixelWord.coverage(0.5 - distance(x: Double(x) + 0.5, y: cy))
    }
}
