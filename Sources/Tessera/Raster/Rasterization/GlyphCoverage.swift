/// The signed-distance coverage of a small rounded rect (a glyph box), every pixel of its touched rect
/// evaluated, with the terms shared by a row or a column computed once.
///
/// The coverage is ``RoundedRect``'s, `round(clamp(0.5 − d, 0, 1) · 255)` with
/// `d = √(qx² + qy²) − r` when `qx > 0` and `qy > 0`, else `max(qx, qy) − r` (``RoundedRectDistance``),
/// evaluated with the same floating-point operations, so the bytes equal ``ShapeRasterizer``'s. `qx`
/// depends on the column alone and `qy` on the row alone, and so do the two non-square-root cases:
/// `colCov = coverage(0.5 − (qx − r))` is computed once per column and `rowCov = coverage(0.5 − (qy − r))`
/// once per row; a pixel picks one of them (`qy ≤ qx`: the column's), and only the corner pixels
/// (`qx > 0`, `qy > 0`) take a square root. For a glyph of a few pixels this costs a compare, a select
/// and a store per pixel, where the general row walker's per-row bookkeeping cost more than the pixels.
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
            for i in 0..<width {
                let qx = geometry.qx(bounds.minX &+ i)
                qxs[i] = qx
                columnCoverage[i] = coverageByte(0.5 - (qx - r))
            }
            var row = sink.mask + (bounds.minY &- sink.region.y) &* sink.stride + (bounds.minX &- sink.region.x)
            for py in bounds.minY..<bounds.maxY {
                let qy = abs(Double(py) + 0.5 - geometry.centerY) - geometry.innerHalfHeight
                let rowCoverage = coverageByte(0.5 - (qy - r))
                if qy > 0 {
                    let qy2 = qy * qy
                    for i in 0..<width {
                        let qx = qxs[i]
                        row[i] = qx > 0 ? coverageByte(0.5 - ((qx * qx + qy2).squareRoot() - r)) : rowCoverage
                    }
                } else {
                    for i in 0..<width { row[i] = qy <= qxs[i] ? columnCoverage[i] : rowCoverage }
                }
                row += sink.stride
            }
        }
    }
}
