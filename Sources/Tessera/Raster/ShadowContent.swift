import TesseraPixels

/// The pixels of one layer's shadow, drawn tile by tile into tiles of the layer's own plane (README.md,
/// "Shadows"): the shadow's shape — a rounded rect, already moved by the shadow offset — as coverage
/// (the analytic coverage of ``RoundedRect``), blurred by the shadow blur (three box passes along the
/// rows, three along the columns, `KernelTable.shadowBlur`), filled with the shadow colour:
/// `pixel = div255(color · c)` (`maskedFillOver` onto transparent), `c` the blurred coverage.
///
/// Tiling: the blur at a pixel reads the coverage `3k` device pixels around it (`k` the box radius,
/// ``boxRadius(scale:)``), so a tile rasterizes its rect grown by `3k` — cut to the shape's reach,
/// beyond which every pass is exactly 0 — blurs that, and keeps its own part. The result equals
/// blurring the whole shape at once, bit for bit, whatever the tile cut (the box passes are exact
/// integer arithmetic with 0 outside the plane). A tile whose grown rect is inside the shape's full
/// coverage is one uniform colour (the box passes of 255, computed) and is filled without blurring;
/// a tile beyond the reach draws nothing.
///
/// Cost per tile of `n²` pixels: `(n + 6k)²` coverages and six box passes over them (about 6 kernel
/// passes and 2 transposes per pixel, whatever the radius). Memory while drawing: four coverage planes
/// of `(n + 6k)²` bytes.
///
/// Thread safety: an immutable value; drawn by raster workers concurrently.
struct ShadowContent: LayerContent, Hashable {
    /// The shape moved by the offset: points, in the layer's own plane.
    let rect: Rect
    /// Points (limited to half the shorter side when drawn).
    let cornerRadius: Double
    /// The Gaussian's standard deviation: ``Layer/shadowRadius``, points.
    let sigma: Double
    /// The shadow colour premultiplied, then scaled by `round(shadowOpacity · 255)`.
    let color: Pixel

    /// The box radius at `scale` device pixels per point (``ScalarReference/boxRadius(sigma:)``).
    func boxRadius(scale: Double) -> Int { ScalarReference.boxRadius(sigma: sigma * scale) }

    /// The plane device pixels the shadow can draw at `scale`: the shape's pixels grown by the blur's
    /// reach `3k`; nothing outside it is ever non-transparent.
    func extent(scale: Double) -> PixelRect {
        let reach = 3 * boxRadius(scale: scale)
        return DeviceRect(rect, scale: scale).touchedPixels().grown(by: reach)
    }

    func isTransparent(in deviceRect: PixelRect, scale: Double) -> Bool {
        color.a == 0 || deviceRect.intersection(extent(scale: scale)).isEmpty
    }

    /// How a tile is drawn: the cheap cases first (nothing, one colour, one column or one row of
    /// coverage blurred), else the whole grown rect's coverage through the six passes.
    private enum Method {
        case nothing
        case uniform
        case rowsUniform(column: Int)
        case columnsUniform(row: Int)
        case plane
    }

    /// The tile's grown rect (`region`), the part of the tile the shadow can reach (`out`), the shape's
    /// touched pixels and how the tile is drawn.
    private func method(for tile: PixelRect, scale: Double)
        -> (method: Method, region: PixelRect, out: PixelRect, touched: PixelRect, shape: DeviceRect) {
        let reach = 3 * boxRadius(scale: scale)
        let shape = DeviceRect(rect, scale: scale)
        let touched = shape.touchedPixels()
        let extent = touched.grown(by: reach)
        let region = tile.grown(by: reach).intersection(extent)
        let out = tile.intersection(extent)
        let radius = cornerRadius * scale
        let method: Method
        if color.a == 0 || region.isEmpty || out.isEmpty || touched.isEmpty {
            method = .nothing
        } else if Self.fullCoverage(shape, radius: radius).contains(region) {
            method = .uniform
        } else {
            let r = RoundedRectDistance(shape, radius: radius).radius
            if let columns = Self.straight(shape.x0, shape.x1, radius: r), columns.contains(region.minX),
               columns.contains(region.maxX - 1) {
                method = .rowsUniform(column: columns.lowerBound)
            } else if let rows = Self.straight(shape.y0, shape.y1, radius: r), rows.contains(region.minY),
                      rows.contains(region.maxY - 1) {
                method = .columnsUniform(row: rows.lowerBound)
            } else {
                method = .plane
            }
        }
        return (method, region, out, touched, shape)
    }

    /// True when drawing the tile at `deviceRect` blurs a whole plane of coverage (a tile near a corner
    /// of the shape): the costly case, `(n + 6k)²` coverages and six passes, against one pass over the
    /// tile for the others.
    func blursPlane(in deviceRect: PixelRect, scale: Double) -> Bool {
        if case .plane = method(for: deviceRect, scale: scale).method { return true }
        return false
    }

    func draw(in context: RasterContext) {
        let scale = context.scale, tile = context.deviceRect
        let k = boxRadius(scale: scale)
        let (method, region, out, touched, shape) = method(for: tile, scale: scale)
        let distance = RoundedRectDistance(shape, radius: cornerRadius * scale)
        switch method {
        case .nothing: return
        case .uniform:
            context.buffer.clear(to: ScalarReference.scale(color, by: UInt32(Self.uniformBlur(radius: k))))
            return
        case .rowsUniform(let column):
            drawRowsUniform(context, region: region, out: out, touched: touched, distance: distance, at: column, k: k)
            return
        case .columnsUniform(let row):
            drawColumnsUniform(context, region: region, out: out, touched: touched, distance: distance, at: row, k: k)
            return
        case .plane: break
        }
        guard let plane = try? CoverageBuffer(width: region.width, height: region.height) else { return }
        let area = region.intersection(touched)
        for y in area.minY..<area.maxY {
            let row = plane.row(y - region.y), cy = Double(y) + 0.5
            for x in area.minX..<area.maxX {
                row.storeBytes(of: UInt8(distance.coverage(x: x, centerY: cy)), toByteOffset: x - region.x, as: UInt8.self)
            }
        }
        guard (try? context.kernels.shadowBlur(plane, radius: k)) != nil else { return }
        let buffer = context.buffer
        let target = buffer.baseAddress + (out.y - tile.y) * buffer.bytesPerRow + (out.x - tile.x) * 4
        let mask = plane.row(out.y - region.y) + (out.x - region.x)
        context.kernels.maskRoutines.maskedFillOver(target, buffer.bytesPerRow, mask, plane.bytesPerRow,
                                                  out.width, out.height, color.word)
    }

    /// A tile whose grown rect lies within the straight part of the shape's columns (between the
    /// corners): there the coverage of a row does not depend on `x` (`qx ≤ −½` makes the distance
    /// `qy − r`, or full coverage), so every row pass maps a row's value `v` to `f(v)` (``uniformPass``),
    /// the column passes see identical columns, and one column gives the tile: `c[y]` at column `x`, three
    /// `f`, three column passes (the tier's kernel on a one-pixel-wide plane), each row filled with
    /// `div255(color · c)`. Equal to the plane's passes bit for bit (the tile is `3k` inside the grown
    /// rect's sides, so their zeros never reach it).
    private func drawRowsUniform(_ context: RasterContext, region: PixelRect, out: PixelRect, touched: PixelRect,
                                 distance: RoundedRectDistance, at x: Int, k: Int) {
        guard let column = try? CoverageBuffer(width: 1, height: region.height),
              let blurred = try? CoverageBuffer(width: 1, height: region.height) else { return }
        for y in Swift.max(region.minY, touched.minY)..<Swift.min(region.maxY, touched.maxY) {
            let c = distance.coverage(x: x, centerY: Double(y) + 0.5)
            column[0, y - region.y] = Self.uniformPass(UInt8(c), radius: k, passes: 3)
        }
        let pass = context.kernels.maskRoutines.boxBlurColumns
        pass(column.baseAddress, 1, blurred.baseAddress, 1, 1, region.height, k)
        pass(blurred.baseAddress, 1, column.baseAddress, 1, 1, region.height, k)
        pass(column.baseAddress, 1, blurred.baseAddress, 1, 1, region.height, k)
        let buffer = context.buffer, tile = context.deviceRect
        for y in out.minY..<out.maxY {
            let pixel = ScalarReference.scale(color, by: UInt32(blurred[0, y - region.y]))
            guard pixel != .transparent else { continue }
            buffer.uncheckedSubBuffer(PixelRect(x: out.x - tile.x, y: y - tile.y, width: out.width, height: 1)).clear(to: pixel)
        }
    }

    /// The transpose of ``drawRowsUniform``: within the straight part of the shape's rows the coverage
    /// of a column does not depend on `y`, so one row gets the three row passes, then every column is
    /// uniform and the column passes map each value by `f` three times.
    private func drawColumnsUniform(_ context: RasterContext, region: PixelRect, out: PixelRect, touched: PixelRect,
                                    distance: RoundedRectDistance, at y: Int, k: Int) {
        guard let row = try? CoverageBuffer(width: region.width, height: 1),
              let blurred = try? CoverageBuffer(width: region.width, height: 1) else { return }
        let cy = Double(y) + 0.5
        for x in Swift.max(region.minX, touched.minX)..<Swift.min(region.maxX, touched.maxX) {
            row[x - region.x, 0] = UInt8(distance.coverage(x: x, centerY: cy))
        }
        let pass = context.kernels.maskRoutines.boxBlurColumns  // a row of bytes is a column of stride 1
        pass(row.baseAddress, 1, blurred.baseAddress, 1, 1, region.width, k)
        pass(blurred.baseAddress, 1, row.baseAddress, 1, 1, region.width, k)
        pass(row.baseAddress, 1, blurred.baseAddress, 1, 1, region.width, k)
        let buffer = context.buffer, tile = context.deviceRect
        let first = buffer.baseAddress + (out.y - tile.y) * buffer.bytesPerRow
        for x in out.minX..<out.maxX {
            let c = Self.uniformPass(blurred[x - region.x, 0], radius: k, passes: 3)
            (first + (x - tile.x) * 4).storeBytes(of: ScalarReference.scale(color, by: UInt32(c)).word, as: UInt32.self)
        }
        for y in (out.minY + 1)..<out.maxY {  // every row equals the first
            (buffer.baseAddress + (y - tile.y) * buffer.bytesPerRow + (out.x - tile.x) * 4)
                .copyMemory(from: first + (out.x - tile.x) * 4, byteCount: out.width * 4)
        }
    }

    /// `passes` box passes of radius `k` over a run of equal values `v` (every pixel of the pass's
    /// window): `v ↦ (v · (2k + 1) · m + 32768) >> 16` (``ScalarReference/boxBlurRows(_:into:radius:)``).
    static func uniformPass(_ value: UInt8, radius k: Int, passes: Int) -> UInt8 {
        let m = ScalarReference.boxMultiplier(radius: k), count = UInt32(2 * k + 1)
        var v = UInt32(value)
        for _ in 0..<passes { v = (v * count * m + 32768) >> 16 }
        return UInt8(v)
    }

    /// The pixel columns (or rows) of the shape's edge `[a0, a1)` between its corners, with a margin: pixel
    /// centres at least `r + 1` inside both ends, so `q ≤ −1` along that axis whatever the rounding, and the
    /// distance is the other axis's `q − r` (or at most `−½`: full coverage). `r` is the limited radius.
    static func straight(_ a0: Double, _ a1: Double, radius r: Double) -> ClosedRange<Int>? {
        let first = ceilInt(a0 + r + 0.5), last = floorInt(a1 - r - 1.5)
        return first <= last ? first...last : nil
    }

    /// The pixels every one of which has coverage 255 (a conservative box): centres at least `r + ½`
    /// inside each edge, so both of the distance's terms are ≤ −½.
    static func fullCoverage(_ shape: DeviceRect, radius: Double) -> PixelRect {
        let r = Swift.max(0, Swift.min(radius, (shape.x1 - shape.x0) / 2, (shape.y1 - shape.y0) / 2))
        let x0 = ceilInt(shape.x0 + r), y0 = ceilInt(shape.y0 + r)
        let x1 = floorInt(shape.x1 - r - 1) + 1, y1 = floorInt(shape.y1 - r - 1) + 1
        guard x1 > x0, y1 > y0 else { return .zero }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The blur of a plane that is 255 everywhere a pixel's six passes reach: each pass maps `v` to
    /// `(v · (2k + 1) · m + 32768) >> 16` (``ScalarReference/boxBlurRows(_:into:radius:)``).
    static func uniformBlur(radius k: Int) -> UInt8 { uniformPass(255, radius: k, passes: 6) }
}

extension PixelRect {
    /// The rect grown by `d` pixels on every side (`d ≥ 0`).
    func grown(by d: Int) -> PixelRect {
        isEmpty ? self : PixelRect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d)
    }
}
