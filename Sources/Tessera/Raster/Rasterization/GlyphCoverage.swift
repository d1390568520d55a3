/// The signed-distance coverage of a small rounded rect (a glyph box), every pixel of its touched rect
/// evaluated, with the terms shared by a row or a column computed once.
///
/// The coverage is ``RoundedRect``'s, `round(clamp(0.5 − d, 0, 1) · 255)` with
/// `d = √(qx² + qy²) − r` when `qx > 0` and `qy > 0`, else `max(qx, qy) − r` (``RoundedRectDistance``),
/// evaluated with the same floating-point operations, so the bytes equal ``ShapeRasterizer``'s. `qx`
/// depends on the column alone and `qy` on the row alone, and so do the two non-square-root cases:
/// `colCov = coverage(0.5 − (qx − r))` is computed once per column and `rowCov = coverage(0.5 − (qy − r))`
/// once per row; a pixel picks one of them (`qy ≤ qx`: the column's), and only the corner pixels
/// (`qx > 0`, `qy > 0`) take a square root. A straight row whose own coverage is 255 is the column
/// coverages (one copy), and a row beyond the corners' reach (`qy − r ≥ 0.5`) is 0. For a glyph of a few
/// pixels this costs about a store per pixel (a square root per corner pixel), where the general row
/// walker's per-row bookkeeping cost more than the pixels.
///
/// Thread safety: one draw call on one thread.
enum GlyphCoverage {
    /// The widest touched rect (device pixels) taken this way; wider shapes use the row walker, which
    /// skips their interiors.
    static let maximumWidth = 64

    /// Writes the coverage of every pixel of `bounds` (the shape's touched pixels within the mask's
    /// region; at most ``maximumWidth`` wide) into `sink`'s mask.
    static func write(_ geometry: RoundedRectDistance, _ bounds: PixelRect, into sink: MaskSink,
                      scratch: RasterScratch) {
        let width = bounds.width
        if width <= 0 || bounds.height <= 0 { return }
        let r = geometry.radius
        let columnCoverage = scratch.sharedCoverage
        withUnsafeTemporaryAllocation(of: Double.self, capacity: maximumWidth) { qxs in
            // qx is V-shaped along the row (|x − centre| − constant, and rounding is monotonic), so the
            // columns with qx ≤ 0 are one run [a, b): outside it the corner and straight cases are fixed.
            var a = width, b = width
            for i in 0..<width {
                let qx = geometry.qx(bounds.minX &+ i)
                qxs[i] = qx
                columnCoverage[i] = clampedCoverageByte(0.5 - (qx - r))  // qx is finite
                if qx <= 0 {
                    if a == width { a = i }
                    b = i &+ 1
                }
            }
            var row = sink.mask + (bounds.minY &- sink.region.y) &* sink.stride + (bounds.minX &- sink.region.x)
            for py in bounds.minY..<bounds.maxY {
                let qy = abs(Double(py) + 0.5 - geometry.centerY) - geometry.innerHalfHeight
                let rowCoverage = coverageByte(0.5 - (qy - r))
                if qy > 0 && rowCoverage == 0 {
                    // qy − r ≥ 0.5: every pixel of the row has coverage 0 (the corner's distance is ≥ qy).
                    MaskSink.fillBytes(row, width, 0)
                } else if qy > 0 {
                    // qx > 0 (outside [a, b)): the corner's square root; inside: max(qx, qy) = qy.
                    let qy2 = qy * qy
                    @inline(__always) func corner(_ i: Int) {
                        let qx = qxs[i]
                        row[i] = clampedCoverageByte(0.5 - ((qx * qx + qy2).squareRoot() - r))
                    }
                    for i in 0..<a { corner(i) }
                    MaskSink.fillBytes(row + a, b &- a, rowCoverage)
                    for i in b..<width { corner(i) }
                } else if rowCoverage == 255 {
                    // A straight row whose own coverage is 255 is the column coverages, byte for byte: where
                    // qx < qy, 0.5 − (qx − r) ≥ 0.5 − (qy − r) (rounded subtraction is monotonic), so the
                    // column's coverage is 255 too.
                    MaskSink.copyBytes(row, columnCoverage, width)
                } else {
                    // qy ≤ 0 < qx outside [a, b): the column's coverage; inside, whichever of qx, qy is larger.
                    for i in 0..<a { row[i] = columnCoverage[i] }
                    for i in a..<b { row[i] = qy <= qxs[i] ? columnCoverage[i] : rowCoverage }
                    for i in b..<width { row[i] = columnCoverage[i] }
                }
                row += sink.stride
            }
        }
    }
}

/// ``coverageByte(_:)`` for a finite `value`, without branches on it (clamped by min and max): a corner's
/// pixels alternate between the cases, which mispredicted branches made the cost of a glyph.
@inline(__always)
func clampedCoverageByte(_ value: Double) -> UInt8 {
    UInt8(Swift.min(Swift.max(value, 0), 1) * 255 + 0.5)
}
