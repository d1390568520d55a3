/// Draws a ``GreekedTextLine``: every glyph box's coverage (``ShapeRasterizer``, like a ``RoundedRect``)
/// is collected into one coverage mask of the line's pixels in the clip, which one `maskedFillOver` of
/// the line's colour then blends — instead of a few kernel calls per glyph row.
///
/// The result is exactly that of drawing the glyphs one after the other: a pixel gets the coverage of the
/// one glyph that touches it, blended once. Glyphs run left to right, so two of them can only share the
/// columns where one ends and the next begins (glyph gaps under a device pixel, at small scales). When a
/// glyph would touch a column the mask already holds, the columns held so far are blended first, and the
/// shared ones cleared for the new glyph: the earlier glyph's coverage is blended before the later one's,
/// as in sequence.
///
/// Cost: the glyphs' edge coverage, a clear and a blend of the line's pixels in the clip on the rows the
/// glyphs touch (the kernel skips runs of 16 pixels of coverage 0); memory: the mask, at most the clip's
/// area in bytes (``RasterScratch``).
///
/// Thread safety: one draw call on one thread.
enum GlyphRunRasterizer {
    static func draw(_ line: GreekedTextLine, in target: RasterTarget) {
        let paint = SolidPaint(word: line.color.premultiplied.word)
        let scale = target.scale
        let lineRegion = DeviceRect(line.frame, scale: scale).touchedPixels().intersection(target.clip)
        if lineRegion.isEmpty || paint.word == 0 { return }
        // Glyphs run left to right without overlapping: visit only those whose columns reach the clip
        // (the rasterizer clips each one exactly).
        let glyphs = line.glyphs
        let left = Double(target.clip.minX - 1) / scale, right = Double(target.clip.maxX + 1) / scale
        var lo = 0, hi = glyphs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if glyphs[mid].maxX < left { lo = mid + 1 } else { hi = mid }
        }
        // The mask (cleared, then blended) spans only the rows the visible glyphs touch: the line box's
        // rows above the ascenders and below the descenders have coverage 0. `y · scale` is what
        // `DeviceRect` computes, so these are exactly the union of the glyphs' touched rows.
        var top = Double.infinity, bottom = -Double.infinity
        for glyph in glyphs[lo...] {
            if glyph.minX > right { break }
            top = Swift.min(top, glyph.minY)
            bottom = Swift.max(bottom, glyph.maxY)
        }
        if !(top <= bottom) { return }  // no glyph reaches the clip
        let rowsTop = floorInt(top * scale)
        let region = lineRegion.intersection(
            PixelRect(x: lineRegion.x, y: rowsTop, width: lineRegion.width, height: ceilInt(bottom * scale) &- rowsTop))
        if region.isEmpty { return }
        let stride = region.width
        let mask = target.scratch.mask(byteCount: stride &* region.height)
        mask.update(repeating: 0, count: stride &* region.height)
        let sink = MaskSink(mask: mask, stride: stride, region: region)
        let radius = line.cornerRadius * scale
        // Columns [pending, written) hold coverage not blended yet; columns ≥ written are still 0.
        var pending = region.minX, written = region.minX
        func blendPending() {
            if pending < written {
                paint.blend(target, columns: pending..<written, rows: region.minY..<region.maxY,
                            mask: mask + (pending &- region.minX), maskStride: stride)
            }
        }
        for glyph in glyphs[lo...] {
            if glyph.minX > right { break }
            let shape = DeviceRect(glyph, scale: scale)
            let touched = shape.touchedPixels().intersection(region)
            if touched.isEmpty || !(shape.x1 > shape.x0 && shape.y1 > shape.y0) { continue }  // draws nothing
            if touched.minX < written {
                blendPending()
                for y in 0..<region.height {
                    (mask + y &* stride + (touched.minX &- region.minX)).update(repeating: 0, count: written &- touched.minX)
                }
                pending = touched.minX
            }
            if radius > 0 && touched.width <= GlyphCoverage.maximumWidth {
                GlyphCoverage.write(RoundedRectDistance(shape, radius: radius), touched, into: sink, kernels: target.raster)
            } else if radius > 0 {
                ShapeRasterizer.roundedRectCoverage(shape, radius: radius, clip: region, scratch: target.scratch, into: sink)
            } else {
                ShapeRasterizer.rectCoverage(shape, clip: region, scratch: target.scratch, into: sink)
            }
            written = Swift.max(written, touched.maxX)
        }
        blendPending()
    }
}
