/// One premultiplied colour everywhere: `fill` (opaque) or `fillOver` at full coverage,
/// `maskedFillOver` (`div255(color · c) OVER dst`) under coverage.
struct SolidPaint: SpanPaint {
    /// The premultiplied colour as a little-endian word.
    let word: UInt32

    @inline(__always)
    func fill(_ target: RasterTarget, columns: Range<Int>, rows: Range<Int>) {
        if word == 0 { return }  // 0 OVER d = d
        let dst = target.pixel(columns.lowerBound, rows.lowerBound)
        if word >= 0xFF00_0000 {
            target.kernels.fill(dst, target.bytesPerRow, columns.count, rows.count, word)
        } else {
            target.kernels.fillOver(dst, target.bytesPerRow, columns.count, rows.count, word)
        }
    }

    @inline(__always)
    func blend(_ target: RasterTarget, columns: Range<Int>, rows: Range<Int>, mask: UnsafePointer<UInt8>,
               maskStride: Int) {
        if word == 0 { return }
        target.masks.maskedFillOver(target.pixel(columns.lowerBound, rows.lowerBound), target.bytesPerRow,
                                    UnsafeRawPointer(mask), maskStride, columns.count, rows.count, word)
    }
}
