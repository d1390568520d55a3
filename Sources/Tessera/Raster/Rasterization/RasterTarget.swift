import TesseraKernelBodies

/// The pixels one draw call may touch, addressed by device coordinates of the layer's plane, and the
/// tier's kernels that blend into them.
///
/// Wraps a ``RasterContext``'s buffer: device pixel `(px, py)` lives at column `px − clip.x` of row
/// `py − clip.y`. Rasterizers clip every shape to ``clip`` and never write outside it. Paints blend with
/// ``kernels`` and ``masks``, the routines of the context's ``KernelTable`` (the compositor's tier, the
/// one its composite runs).
///
/// Thread safety: belongs to one draw call on one thread, like the context it wraps and its scratch.
struct RasterTarget {
    /// The device pixels the buffer holds (the tile's rect in the layer's plane).
    let clip: PixelRect
    let baseAddress: UnsafeMutableRawPointer
    let bytesPerRow: Int
    /// Device pixels per point, finite and in (0, 16].
    let scale: Double
    /// The tier's fill / fill-over / src-over routines (no validation: callers pass in-clip rects).
    let kernels: KernelRoutines
    /// The tier's coverage-masked routines.
    let masks: MaskKernelRoutines
    /// The tier's raster kernels (glyph coverage, gradient spans).
    let raster: RasterKernelRoutines
    /// Rows for colours and coverages, `clip.width` wide.
    let scratch: RasterScratch

    init(_ context: RasterContext) {
        clip = context.deviceRect
        baseAddress = context.buffer.baseAddress
        bytesPerRow = context.buffer.bytesPerRow
        scale = context.scale
        kernels = context.kernels.routines
        masks = context.kernels.maskRoutines
        raster = context.kernels.rasterRoutines
        scratch = RasterScratch(width: clip.width)
    }

    /// The same pixels and kernels with a smaller clip, `rect` (inside ``clip``): a draw into it touches
    /// only `rect`'s pixels. Shares the scratch rows (wide enough for any rect inside the clip).
    func clipped(to rect: PixelRect) -> RasterTarget {
        RasterTarget(clip: rect, baseAddress: pixel(rect.x, rect.y), bytesPerRow: bytesPerRow, scale: scale,
                     kernels: kernels, masks: masks, raster: raster, scratch: scratch)
    }

    private init(clip: PixelRect, baseAddress: UnsafeMutableRawPointer, bytesPerRow: Int, scale: Double,
                 kernels: KernelRoutines, masks: MaskKernelRoutines, raster: RasterKernelRoutines, scratch: RasterScratch) {
        self.clip = clip
        self.baseAddress = baseAddress
        self.bytesPerRow = bytesPerRow
        self.scale = scale
        self.kernels = kernels
        self.masks = masks
        self.raster = raster
        self.scratch = scratch
    }

    /// The first byte of device row `py` (which must be inside ``clip``).
    @inline(__always)
    func row(_ py: Int) -> UnsafeMutableRawPointer { baseAddress + (py &- clip.y) &* bytesPerRow }

    /// The address of device pixel `(px, py)` (inside ``clip``).
    @inline(__always)
    func pixel(_ px: Int, _ py: Int) -> UnsafeMutableRawPointer {
        baseAddress + (py &- clip.y) &* bytesPerRow + (px &- clip.x) &* 4
    }
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

    /// The device pixels the rect overlaps: the only ones an anti-aliased shape with these edges can
    /// change. Exact-area coverage is 0 outside them, and so is signed-distance coverage (a pixel outside
    /// has its centre at least half a pixel from the rect, hence from any shape inside it).
    func touchedPixels() -> PixelRect {
        let px0 = floorInt(x0), py0 = floorInt(y0)
        let px1 = ceilInt(x1), py1 = ceilInt(y1)
        return PixelRect(x: px0, y: py0, width: px1 - px0, height: py1 - py0)
    }

    /// The device pixels the rect covers completely.
    func coveredPixels() -> PixelRect {
        let px0 = ceilInt(x0), py0 = ceilInt(y0)
        let px1 = floorInt(x1), py1 = floorInt(y1)
        guard px1 > px0, py1 > py0 else { return .zero }
        return PixelRect(x: px0, y: py0, width: px1 - px0, height: py1 - py0)
    }
}

/// `Int(value.rounded(.down))` without a call into libm (baseline x86-64 has no rounding instruction).
/// `value` must be finite and within ±2⁶² (validated geometry times a scale ≤ 16 is below 2⁴⁵).
@inline(__always)
func floorInt(_ value: Double) -> Int {
    let i = Int(value)
    return Double(i) > value ? i &- 1 : i
}

/// `Int(value.rounded(.up))`, with the range of ``floorInt(_:)``.
@inline(__always)
func ceilInt(_ value: Double) -> Int {
    let i = Int(value)
    return Double(i) < value ? i &+ 1 : i
}
