/// The pixels one draw call may touch, addressed by device coordinates of the layer's plane.
///
/// Wraps a ``RasterContext``'s buffer: device pixel `(px, py)` lives at column `px − clip.x` of row
/// `py − clip.y`. Rasterizers clip every shape to ``clip`` and never write outside it.
///
/// Thread safety: belongs to one draw call on one thread, like the context it wraps.
struct RasterTarget {
    /// The device pixels the buffer holds (the tile's rect in the layer's plane).
    let clip: PixelRect
    let baseAddress: UnsafeMutableRawPointer
    let bytesPerRow: Int
    /// Device pixels per point, finite and in (0, 16].
    let scale: Double

    init(_ context: RasterContext) {
        clip = context.deviceRect
        baseAddress = context.buffer.baseAddress
        bytesPerRow = context.buffer.bytesPerRow
        scale = context.scale
    }

    /// The first byte of device row `py` (which must be inside ``clip``).
    @inline(__always)
    func row(_ py: Int) -> UnsafeMutableRawPointer { baseAddress + (py &- clip.y) &* bytesPerRow }
}

/// A rect in device pixels of the layer's plane, as `Double` edges: a primitive's geometry times the scale.
struct DeviceRect {
    var x0: Double, y0: Double, x1: Double, y1: Double

    /// `rect` (points) at `scale` device pixels per point.
    @inline(__always)
    init(_ rect: Rect, scale: Double) {
        x0 = rect.minX * scale
        y0 = rect.minY * scale
        x1 = rect.maxX * scale
        y1 = rect.maxY * scale
    }

    /// The device pixels an anti-aliased shape with these edges may touch: the pixels the rect overlaps,
    /// grown by one pixel on each side (signed-distance coverage reaches half a pixel beyond the edge).
    func touchedPixels() -> PixelRect {
        let px0 = Int((x0 - 1).rounded(.down)), py0 = Int((y0 - 1).rounded(.down))
        let px1 = Int((x1 + 1).rounded(.up)), py1 = Int((y1 + 1).rounded(.up))
        return PixelRect(x: px0, y: py0, width: px1 - px0, height: py1 - py0)
    }

    /// The device pixels the rect covers completely.
    func coveredPixels() -> PixelRect {
        let px0 = Int(x0.rounded(.up)), py0 = Int(y0.rounded(.up))
        let px1 = Int(x1.rounded(.down)), py1 = Int(y1.rounded(.down))
        guard px1 > px0, py1 > py0 else { return .zero }
        return PixelRect(x: px0, y: py0, width: px1 - px0, height: py1 - py0)
    }
}

/// What fills a shape: gives each device pixel its premultiplied colour and writes it src-over.
///
/// The colour of a pixel must be a function of its device coordinates `(x, y)` alone (never of the
/// range being filled), so that tiles cut anywhere give the same pixels.
protocol SpanPaint {
    /// Paints the device pixels `columns` of device row `y` at full coverage. `row` is the target row;
    /// device column `x` is at byte `(x − originX) · 4`.
    func fill(_ row: UnsafeMutableRawPointer, columns: Range<Int>, y: Int, originX: Int)

    /// Paints device pixel `(x, y)` at `coverage / 255` (1…255). Coverage 255 gives exactly the pixel
    /// ``fill(_:columns:y:originX:)`` would write.
    func blend(_ row: UnsafeMutableRawPointer, x: Int, y: Int, originX: Int, coverage: UInt32)
}
