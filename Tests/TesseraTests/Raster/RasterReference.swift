@testable import Tessera

/// A per-pixel reference of the display-list primitives, written from the formulas of their documentation
/// (SolidRect, RoundedRect, LinearGradient, PlacedImage, GreekedTextLine) and README.md's pixel
/// operations, one pixel at a time: for each item in order and each device pixel, the coverage `c`
/// (exact area, or `clamp(0.5 − d, 0, 1)` of the signed distance), quantized `round(c · 255)`, the
/// paint's premultiplied colour `s`, then `dst = div255(s · c) OVER dst` (`ScalarReference`).
///
/// Nothing of the raster is called: no row ranges, no shortcuts, no kernels. A gradient's colours are
/// its table (`LinearGradient.table`, the stops interpolated, an input of the raster), indexed by the
/// 32.32 fixed-point position the type documents, evaluated at each pixel directly.
enum RasterReference {
    /// `round(clamp(v, 0, 1) · 255)` (halves up: `v · 255 + 0.5` truncated), NaN as 0.
    static func quantize(_ v: Double) -> UInt32 {
        if !(v > 0) { return 0 }
        if v >= 1 { return 255 }
        return UInt32(v * 255 + 0.5)
    }

    /// Exact-area coverage of device pixel `(px, py)` by the rect `x0…x1 × y0…y1`.
    static func areaCoverage(_ px: Int, _ py: Int, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> UInt32 {
        let cx = min(Double(px) + 1, x1) - max(Double(px), x0)
        let cy = min(Double(py) + 1, y1) - max(Double(py), y0)
        guard cx > 0, cy > 0 else { return 0 }
        return quantize(cx * cy)
    }

    /// Signed-distance coverage of device pixel `(px, py)` by the rounded rect (radius limited to half
    /// the shorter side).
    static func distanceCoverage(_ px: Int, _ py: Int, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
                                 radius: Double) -> UInt32 {
        guard x1 > x0, y1 > y0 else { return 0 }
        let hw = (x1 - x0) * 0.5, hh = (y1 - y0) * 0.5
        let r = max(0, min(radius, hw, hh))
        let qx = abs(Double(px) + 0.5 - (x0 + x1) * 0.5) - (hw - r)
        let qy = abs(Double(py) + 0.5 - (y0 + y1) * 0.5) - (hh - r)
        let d = qx > 0 && qy > 0 ? (qx * qx + qy * qy).squareRoot() - r : max(qx, qy) - r
        return quantize(0.5 - d)
    }

    static func blend(_ buffer: PixelBuffer, _ x: Int, _ y: Int, _ color: Pixel, coverage: UInt32) {
        guard coverage > 0 else { return }
        buffer[x: x, y: y] = ScalarReference.over(ScalarReference.scale(color, by: coverage), buffer[x: x, y: y])
    }

    /// Draws `items` into `buffer`, which stands for device rect `device` at `scale`.
    static func draw(_ items: [DisplayItem], into buffer: PixelBuffer, device: PixelRect, scale: Double) {
        for item in items {
            for y in 0..<buffer.height {
                for x in 0..<buffer.width {
                    draw(item, px: device.x + x, py: device.y + y, buffer, x, y, scale)
                }
            }
        }
    }

    private static func draw(_ item: DisplayItem, px: Int, py: Int, _ buffer: PixelBuffer, _ x: Int, _ y: Int,
                             _ scale: Double) {
        func edges(_ r: Rect) -> (Double, Double, Double, Double) {
            (r.minX * scale, r.minY * scale, r.maxX * scale, r.maxY * scale)
        }
        func shapeCoverage(_ r: Rect, radius: Double) -> UInt32 {
            let (x0, y0, x1, y1) = edges(r)
            return radius * scale > 0 ? distanceCoverage(px, py, x0, y0, x1, y1, radius: radius * scale)
                : areaCoverage(px, py, x0, y0, x1, y1)
        }
        switch item {
        case .solidRect(let rect):
            blend(buffer, x, y, rect.color.premultiplied, coverage: shapeCoverage(rect.rect, radius: 0))
        case .roundedRect(let rect):
            blend(buffer, x, y, rect.color.premultiplied, coverage: shapeCoverage(rect.rect, radius: rect.cornerRadius))
        case .greekedText(let line):
            // Glyphs in order, each a rounded rect of the line's colour.
            for glyph in line.glyphs {
                blend(buffer, x, y, line.color.premultiplied, coverage: shapeCoverage(glyph, radius: line.cornerRadius))
            }
        case .linearGradient(let gradient):
            let coverage = shapeCoverage(gradient.rect, radius: gradient.cornerRadius)
            guard coverage > 0 else { return }
            let dx = gradient.end.x - gradient.start.x, dy = gradient.end.y - gradient.start.y
            let k = 1 / ((dx * dx + dy * dy) * scale)
            let ax = dx * k, ay = dy * k
            let startX = gradient.start.x * scale, startY = gradient.start.y * scale
            let ox = Int((startX).rounded(.down))
            let one = 4_294_967_296.0
            let a = Int64((ax * one).rounded())
            let c = Int64((((Double(ox) + 0.5 - startX) * ax + (Double(py) + 0.5 - startY) * ay) * one).rounded())
            let t = Int64(px - ox) * a + c
            let index = Int(min(max((t + (1 << 21)) >> 22, 0), 1024))
            blend(buffer, x, y, Pixel(word: gradient.table[index]), coverage: coverage)
        case .image(let placed):
            let coverage = shapeCoverage(placed.frame, radius: 0)
            guard coverage > 0 else { return }
            let (x0, y0, x1, y1) = edges(placed.frame)
            let image = placed.image
            let u = min(max((Double(px) + 0.5 - x0) * (Double(image.width) / (x1 - x0)), 0), Double(image.width - 1))
            let v = min(max((Double(py) + 0.5 - y0) * (Double(image.height) / (y1 - y0)), 0), Double(image.height - 1))
            let opacity = UInt32((placed.opacity * 255).rounded())
            let color = ScalarReference.scale(image[x: Int(u), y: Int(v)], by: opacity)
            blend(buffer, x, y, color, coverage: coverage)
        }
    }
}
