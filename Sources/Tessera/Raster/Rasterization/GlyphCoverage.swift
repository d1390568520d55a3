import TesseraKernelBodies
import TesseraPixels

/// The signed-distance coverage of a small rounded rect (a glyph box), every pixel of its touched rect
/// evaluated by the tier's ``RasterKernelRoutines/roundedBoxCoverage`` kernel (`RoundedBoxCoverage.swift`
/// in TesseraKernelBodies): eight pixels of a row at a time in `Double` lanes, square roots included.
///
/// The coverage is ``RoundedRect``'s, `round(clamp(0.5 − d, 0, 1) · 255)` with
/// `d = √(qx² + qy²) − r` when `qx > 0` and `qy > 0`, else `max(qx, qy) − r` (``RoundedRectDistance``),
/// evaluated with the same floating-point operations, so the bytes equal ``ShapeRasterizer``'s. `qx`
/// depends on the column alone: it is computed here once per column (``RoundedRectDistance/qx(_:)``),
/// `qy` once per row in the kernel, and the straight rows of coverage 255 (most of a glyph) are one copy
/// of the first. For a glyph of a few pixels this costs a few vector instructions per row and one call,
/// where the general row walker's per-row bookkeeping cost more than the pixels.
///
/// Thread safety: one draw call on one thread.
enum GlyphCoverage {
    /// The widest touched rect (device pixels) taken this way; wider shapes use the row walker, which
    /// skips their interiors.
    static let maximumWidth = 64  // the kernel's limit (`KernelBodies.roundedBoxMaximumWidth`)

    /// Writes the coverage of every pixel of `bounds` (the shape's touched pixels within the mask's
    /// region; at most ``maximumWidth`` wide) into `sink`'s mask with the tier's kernel.
    static func write(_ geometry: RoundedRectDistance, _ bounds: PixelRect, into sink: MaskSink,
                      kernels: RasterKernelRoutines) {
        let width = bounds.width
        if width <= 0 || bounds.height <= 0 || width > maximumWidth { return }
        withUnsafeTemporaryAllocation(of: Double.self, capacity: maximumWidth) { qxs in
            // Whole vectors of eight columns: the lanes beyond the box hold the next columns' (finite) qx,
            // which the kernel computes but never stores.
            let padded = (width &+ 7) & ~7
            for i in 0..<padded { qxs[i] = geometry.qx(bounds.minX &+ i) }
            let row = sink.mask + (bounds.minY &- sink.region.y) &* sink.stride + (bounds.minX &- sink.region.x)
            kernels.roundedBoxCoverage(qxs.baseAddress!, width, bounds.height, bounds.minY, geometry.centerY,
                                     geometry.innerHalfHeight, geometry.radius, UnsafeMutableRawPointer(row),
                                     sink.stride)
        }
    }

    /// ``write(_:_:into:kernels:)`` with the tier of ``Kernels/active``.
    static func write(_ geometry: RoundedRectDistance, _ bounds: PixelRect, into sink: MaskSink,
                      scratch: RasterScratch) {
        write(geometry, bounds, into: sink, kernels: Kernels.active.rasterRoutines)
    }
}
