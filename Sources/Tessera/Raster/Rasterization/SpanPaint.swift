/// What fills a shape: the premultiplied colour of each device pixel, blended src-over by the tier's
/// row kernels (``RasterTarget/kernels``, ``RasterTarget/masks``).
///
/// A paint produces colour spans (a gradient's or an image's row of colours) or is one colour, and
/// blends them with the kernels whose definition is `ScalarReference` (TesseraPixels): `fill`,
/// `fillOver` and `sourceOver` at full coverage, `maskedFillOver` and `maskedSourceOver` under a row of
/// coverage bytes. It never blends a pixel itself; the only pixels it writes directly are the colours of
/// an opaque span at full coverage, which src-over leaves exactly as they are (`s + div255(d · 0) = s`).
///
/// The colour of a pixel must be a function of its device coordinates `(x, y)` alone (never of the
/// range being filled), so that tiles cut anywhere give the same pixels.
///
/// Thread safety: values used by one draw call on one thread.
protocol SpanPaint {
    /// Paints the device pixels `columns × rows` (inside the target's clip, not empty) at full coverage.
    func fill(_ target: RasterTarget, columns: Range<Int>, rows: Range<Int>)

    /// Paints the device pixels `columns × rows` (inside the clip, not empty), pixel `(x, y)` at coverage
    /// `mask[(y − rows.lowerBound) · maskStride + x − columns.lowerBound]` / 255. `maskStride` 0 gives
    /// every row the same coverages. Coverage 255 gives exactly the pixel ``fill(_:columns:rows:)``
    /// writes, coverage 0 leaves the pixel as it is.
    func blend(_ target: RasterTarget, columns: Range<Int>, rows: Range<Int>, mask: UnsafePointer<UInt8>,
               maskStride: Int)
}

/// Where the shape rasterizer sends a shape's coverage: rects of full coverage, and rects whose rows all
/// have the same coverages. Ranges are device pixels of the layer's plane, never empty.
protocol CoverageSink {
    /// Every pixel of `columns × rows` has coverage 255.
    func full(columns: Range<Int>, rows: Range<Int>)

    /// Pixel `(x, y)` of `columns × rows` has coverage `coverage[x − columns.lowerBound]`, on every row.
    func partial(columns: Range<Int>, rows: Range<Int>, coverage: UnsafePointer<UInt8>)
}

/// Coverage blended straight into the target through a paint: full rects are filled, partial ones blended
/// under their coverage row (mask stride 0).
struct PaintSink<Paint: SpanPaint>: CoverageSink {
    let paint: Paint
    let target: RasterTarget

    @inline(__always)
    func full(columns: Range<Int>, rows: Range<Int>) {
        paint.fill(target, columns: columns, rows: rows)
    }

    @inline(__always)
    func partial(columns: Range<Int>, rows: Range<Int>, coverage: UnsafePointer<UInt8>) {
        paint.blend(target, columns: columns, rows: rows, mask: coverage, maskStride: 0)
    }
}

/// Coverage written into a mask (one byte per pixel of `region`, rows `stride` bytes apart) instead of
/// blended: a text line collects its glyphs' coverage there and blends it in one call. Writes store, so
/// every pixel must be written by at most one shape between two blends (`GlyphRunRasterizer`).
struct MaskSink: CoverageSink {
    let mask: UnsafeMutablePointer<UInt8>
    let stride: Int
    /// The device pixels the mask stands for; shapes are clipped to it.
    let region: PixelRect

    @inline(__always)
    private func address(_ x: Int, _ y: Int) -> UnsafeMutablePointer<UInt8> {
        mask + (y &- region.y) &* stride + (x &- region.x)
    }

    @inline(__always)
    func full(columns: Range<Int>, rows: Range<Int>) {
        for y in rows { Self.setBytes(address(columns.lowerBound, y), columns.count) }
    }

    @inline(__always)
    func partial(columns: Range<Int>, rows: Range<Int>, coverage: UnsafePointer<UInt8>) {
        for y in rows { Self.copyBytes(address(columns.lowerBound, y), coverage, columns.count) }
    }

    /// `n` bytes of 255 at `p`. Glyph runs are a few bytes: below 16, one store per set bit of `n`
    /// instead of a call into the C library.
    @inline(__always)
    static func setBytes(_ p: UnsafeMutablePointer<UInt8>, _ n: Int) { fillBytes(p, n, 255) }

    /// `n` bytes of `value` at `p`, as ``setBytes(_:_:)``.
    @inline(__always)
    static func fillBytes(_ p: UnsafeMutablePointer<UInt8>, _ n: Int, _ value: UInt8) {
        if n >= 16 { p.update(repeating: value, count: n); return }
        let raw = UnsafeMutableRawPointer(p)
        let pattern = UInt64(value) &* 0x0101_0101_0101_0101
        var i = 0
        if n & 8 != 0 { raw.storeBytes(of: pattern, toByteOffset: i, as: UInt64.self); i &+= 8 }
        if n & 4 != 0 { raw.storeBytes(of: UInt32(truncatingIfNeeded: pattern), toByteOffset: i, as: UInt32.self); i &+= 4 }
        if n & 2 != 0 { raw.storeBytes(of: UInt16(truncatingIfNeeded: pattern), toByteOffset: i, as: UInt16.self); i &+= 2 }
        if n & 1 != 0 { raw.storeBytes(of: value, toByteOffset: i, as: UInt8.self) }
    }

    /// `n` bytes from `source` to `p`, as ``setBytes(_:_:)``.
    @inline(__always)
    static func copyBytes(_ p: UnsafeMutablePointer<UInt8>, _ source: UnsafePointer<UInt8>, _ n: Int) {
        if n >= 16 { p.update(from: source, count: n); return }
        let raw = UnsafeMutableRawPointer(p), from = UnsafeRawPointer(source)
        var i = 0
        @inline(__always) func move<T>(_: T.Type) {
            raw.storeBytes(of: from.loadUnaligned(fromByteOffset: i, as: T.self), toByteOffset: i, as: T.self)
            i &+= MemoryLayout<T>.size
        }
        if n & 8 != 0 { move(UInt64.self) }
        if n & 4 != 0 { move(UInt32.self) }
        if n & 2 != 0 { move(UInt16.self) }
        if n & 1 != 0 { move(UInt8.self) }
    }
}
