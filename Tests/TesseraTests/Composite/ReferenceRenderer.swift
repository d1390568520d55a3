import Tessera

/// The untiled reference of invariant 3 (`ARCHITECTURE.md`): every layer's content drawn whole into one
/// image covering its visible device rect, composited pixel by pixel in paint order (background,
/// content, sublayers).
///
/// It shares no geometry, rounding or colour helper with the compositor. Everything is computed here
/// from the documented rules (README.md, "Scene files", and the `FramePlanner` type doc):
/// - composited origin `C = C_super + K_super · (frame.origin − superlayer.bounds.origin)`, summed down
///   from the root (whose own `frame.origin` places it), with `frame` the transformed box and `K` the
///   product of the transform scales down the tree (`K = K_super · transform.scale`, README.md
///   "Transforms and zoom");
/// - device pixels `⌊v · scale + ½⌋`, taken once on the accumulated value: the layer's rect is
///   `[C·s, (C + K_super·frame.size)·s)`, its plane translation `(C − K·bounds.origin)·s`, its content
///   drawn at `K·s` device pixels per point;
/// - clip: the viewport ∩ the device rect of every `clipsToBounds` ancestor, and a layer's own drawing
///   also ∩ its own device rect;
/// - opacity multiplied down the tree and quantized once, `o = round(opacity · 255)`; hidden layers and
///   layers with `o = 0` are skipped with their sublayers;
/// - colour arithmetic with exact rational rounding `round(x / 255)` (no ties exist for x / 255):
///   premultiplication `c · a / 255`, opacity `p · o / 255`, src-over `s + d · (255 − sa) / 255`.
///
/// - a layer listed in `levels` is drawn from that level of detail (README.md, "Levels of detail"): its
///   content drawn whole at the level scale `ℓ` (device pixels per point), framebuffer column `X`
///   sampling level position `U(X) = U0 + (X − X0)·DX` in 1/65536 pixel with `DX = round(65536·ℓ/e)`,
///   `U0 = round(65536·((X0 − T + ½)·ℓ/e − ½))` (`e` its exact scale, `T` its translation, `X0` its first
///   visible column; rows likewise), bilinear: pixels `⌊U/65536⌋` and the next, weight the fraction's
///   top 7 bits, `(a·(128 − w) + b·w + 64) >> 7` vertically then horizontally.
/// - rounded corners and borders (README.md, "Rounded corners, borders"): coverage
///   `round(clamp(0.5 − d, 0, 1) · 255)` of each pixel centre's signed distance `d` to the rounded rect of
///   the layer's device rect (radius `cornerRadius · scale`, limited to half the shorter side); a border
///   of width `b = borderWidth · scale` covers `outer · (255 − inner) / 255` (inner: the rect inset by `b`,
///   radius `max(r − b, 0)`); the background is cut by the rounded rect, content and sublayers too with
///   `clipsToBounds`; the border is drawn after the sublayers; coverages multiply down the tree
///   (`round(c · cᵢ / 255)`, ancestors first) and scale a source by `round(c · o / 255)` with its
///   opacity `o` (colours: `round(colour · c / 255)` after the opacity).
///
/// - group opacity (README.md, "Group opacity"): a layer with `opacity < 1` and `allowsGroupOpacity`
///   is drawn with its subtree at full opacity (and without its ancestors' coverages) into a transparent
///   image of the framebuffer's size, which is then blended pixel by pixel with the group's `o` and the
///   ancestors' coverage `c`: `round(p · round(c · o / 255) / 255)`. Always, without a peephole.
///
/// - shadows (README.md, "Shadows"): before its background, a layer with `shadowOpacity` and colour
///   alpha draws its shadow: the shape (`shadowPath`, or the bounds with `cornerRadius`) moved by
///   `shadowOffset`, in plane device pixels `(point · K·s)`, as the same signed-distance coverage,
///   over the shape's pixels grown by `3k` (`k` the box radius of σ = `shadowRadius · K·s`, from
///   `ScalarReference.boxRadius`), blurred whole by `ScalarReference.shadowBlur`; the colour
///   premultiplied × `round(shadowOpacity · 255)` × the blurred coverage, each rounded, then drawn like
///   content: clipped by the ancestors only, scaled by the inherited coverages and the layer's opacity.
///
/// The only production code it calls is `LayerContent.draw(in:)` (what the content is) and the model's
/// getters.
enum ReferenceRenderer {
    static func render(_ root: Layer, width: Int, height: Int, scale: Double,
                       levels: [ObjectIdentifier: Double] = [:]) throws -> [UInt8] {
        var image = Image(width: width, height: height)
        try visit(root, composited: (root.frame.origin.x, root.frame.origin.y), outerScale: 1, into: &image,
                  clip: Box(x0: 0, y0: 0, x1: width, y1: height), opacity: 1, scale: scale, levels: levels, shapes: [])
        return image.bytes
    }

    /// The bilinear sample of `level` (pixel (0, 0) is level pixel `origin`) at 16.16 position (u, v).
    private static func bilinear(_ level: PixelBuffer, origin: (x: Int, y: Int), u: Int64, v: Int64) -> [Int] {
        let xl = Int(u >> 16) - origin.x, yt = Int(v >> 16) - origin.y
        let wx = Int((u & 0xFFFF) >> 9), wy = Int((v & 0xFFFF) >> 9)
        func channels(_ x: Int, _ y: Int) -> [Int] {
            let p = level[x: x, y: y]
            return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
        }
        func lerp(_ a: [Int], _ b: [Int], _ w: Int) -> [Int] { (0..<4).map { (a[$0] * (128 - w) + b[$0] * w + 64) >> 7 } }
        let left = lerp(channels(xl, yt), channels(xl, yt + 1), wy)
        let right = lerp(channels(xl + 1, yt), channels(xl + 1, yt + 1), wy)
        return lerp(left, right, wx)
    }

    /// A packed RGBA8 image, rows of `width · 4` bytes.
    private struct Image {
        let width: Int
        let height: Int
        var bytes: [UInt8]

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            bytes = [UInt8](repeating: 0, count: width * height * 4)
        }

        /// `dst = src + round(dst · (255 − src.a) / 255)` per channel at `(x, y)`.
        mutating func blend(_ src: [Int], x: Int, y: Int) {
            let base = (y * width + x) * 4
            for c in 0..<4 {
                bytes[base + c] = UInt8(truncatingIfNeeded: src[c] + roundedDivide(Int(bytes[base + c]) * (255 - src[3])))
            }
        }
    }

    /// A device-pixel box `[x0, x1) × [y0, y1)`.
    private struct Box {
        var x0, y0, x1, y1: Int
        var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
        func meeting(_ other: Box) -> Box {
            Box(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
        }
    }

    /// `round(x / 255)` for `x ≥ 0`.
    private static func roundedDivide(_ x: Int) -> Int { (x + 127) / 255 }

    private static func device(_ value: Double, _ scale: Double) -> Int {
        Int((value * scale + 0.5).rounded(.down))
    }

    /// A rounded rect (device pixels, integer edges) or the border ring inside it.
    private struct Shape {
        let box: Box
        let radius: Double
        /// 0: a rounded clip; > 0: a border ring of this width.
        let border: Double

        /// The coverage of pixel `(x, y)` (inside `box`).
        func coverage(x: Int, y: Int) -> Int {
            let w = Double(box.x1 - box.x0), h = Double(box.y1 - box.y0)
            let px = Double(x - box.x0) + 0.5, py = Double(y - box.y0) + 0.5
            let outer = Self.roundedCoverage(px, py, x0: 0, y0: 0, x1: w, y1: h, radius: radius)
            guard border > 0 else { return outer }
            guard w - 2 * border > 0, h - 2 * border > 0 else { return outer }
            let inner = Self.roundedCoverage(px, py, x0: border, y0: border, x1: w - border, y1: h - border,
                                             radius: max(radius - border, 0))
            return roundedDivide(outer * (255 - inner))
        }

        /// `round(clamp(0.5 − d, 0, 1) · 255)`, `d` the signed distance from `(px, py)` to the rounded
        /// rect: `|max(q, 0)| + min(max(qx, qy), 0) − r`, `q = |p − centre| − (half extents − r)`.
        static func roundedCoverage(_ px: Double, _ py: Double, x0: Double, y0: Double, x1: Double, y1: Double,
                                    radius: Double) -> Int {
            let hw = (x1 - x0) * 0.5, hh = (y1 - y0) * 0.5
            let r = max(0, min(radius, hw, hh))
            let qx = abs(px - (x0 + x1) * 0.5) - (hw - r), qy = abs(py - (y0 + y1) * 0.5) - (hh - r)
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            let d = outside + min(max(qx, qy), 0) - r
            let c = 0.5 - d
            return c <= 0 ? 0 : c >= 1 ? 255 : Int(c * 255 + 0.5)
        }
    }

    /// The product of the shapes' coverages at `(x, y)`, ancestors first.
    private static func coverage(_ shapes: [Shape], x: Int, y: Int) -> Int {
        shapes.reduce(255) { roundedDivide($0 * $1.coverage(x: x, y: y)) }
    }

    private static func visit(_ layer: Layer, composited: (x: Double, y: Double), outerScale: Double,
                              into image: inout Image, clip: Box, opacity: Double, scale: Double,
                              levels: [ObjectIdentifier: Double], shapes: [Shape]) throws {
        if layer.isHidden { return }
        let groupAlpha = Int((opacity * layer.opacity * 255).rounded())
        if groupAlpha == 0 { return }
        if layer.allowsGroupOpacity && layer.opacity < 1 {
            var offscreen = Image(width: image.width, height: image.height)
            try visitLayer(layer, composited: composited, outerScale: outerScale, into: &offscreen, clip: clip,
                           effective: 1, scale: scale, levels: levels, shapes: [])
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let base = (y * image.width + x) * 4
                    let p = offscreen.bytes[base..<base + 4].map { Int($0) }
                    if p == [0, 0, 0, 0] { continue }
                    let m = roundedDivide(coverage(shapes, x: x, y: y) * groupAlpha)
                    image.blend(p.map { roundedDivide($0 * m) }, x: x, y: y)
                }
            }
            return
        }
        try visitLayer(layer, composited: composited, outerScale: outerScale, into: &image, clip: clip,
                       effective: opacity * layer.opacity, scale: scale, levels: levels, shapes: shapes)
    }

    /// The layer's shadow (see the type's discussion), drawn whole.
    private static func drawShadow(_ layer: Layer, composited: (x: Double, y: Double), k: Double,
                                   into image: inout Image, clip: Box, alpha: Int, scale: Double, shapes: [Shape]) throws {
        let color = layer.shadowColor
        let o = Int((layer.shadowOpacity * 255).rounded())
        guard o > 0, color.alpha > 0 else { return }
        let a = Int(color.alpha)
        let pixel = ([Int(color.red) * a, Int(color.green) * a, Int(color.blue) * a].map(roundedDivide) + [a])
            .map { roundedDivide($0 * o) }
        guard pixel[3] > 0 else { return }
        let shape = layer.shadowPath ?? ShadowPath(rect: layer.bounds, cornerRadius: layer.cornerRadius)
        guard shape.rect.width > 0, shape.rect.height > 0 else { return }
        let s = k * scale
        let left = shape.rect.origin.x + layer.shadowOffset.width, top = shape.rect.origin.y + layer.shadowOffset.height
        let x0 = left * s, y0 = top * s, x1 = (left + shape.rect.width) * s, y1 = (top + shape.rect.height) * s
        let radius = ScalarReference.boxRadius(sigma: layer.shadowRadius * s)
        let reach = 3 * radius
        let px0 = Int(x0.rounded(.down)) - reach, py0 = Int(y0.rounded(.down)) - reach
        let px1 = Int(x1.rounded(.up)) + reach, py1 = Int(y1.rounded(.up)) + reach
        let plane = try CoverageBuffer(width: px1 - px0, height: py1 - py0)
        for y in py0..<py1 {
            for x in px0..<px1 {
                plane[x - px0, y - py0] = UInt8(Shape.roundedCoverage(Double(x) + 0.5, Double(y) + 0.5, x0: x0, y0: y0,
                                                                      x1: x1, y1: y1, radius: shape.cornerRadius * s))
            }
        }
        try ScalarReference.shadowBlur(plane, radius: radius)
        let tx = device(composited.x - k * layer.boundsOrigin.x, scale)
        let ty = device(composited.y - k * layer.boundsOrigin.y, scale)
        let area = Box(x0: px0 + tx, y0: py0 + ty, x1: px1 + tx, y1: py1 + ty).meeting(clip)
        guard !area.isEmpty else { return }
        for y in area.y0..<area.y1 {
            for x in area.x0..<area.x1 {
                let c = Int(plane[x - tx - px0, y - ty - py0])
                guard c > 0 else { continue }
                let m = roundedDivide(coverage(shapes, x: x, y: y) * alpha)
                image.blend(pixel.map { roundedDivide(roundedDivide($0 * c) * m) }, x: x, y: y)
            }
        }
    }

    private static func visitLayer(_ layer: Layer, composited: (x: Double, y: Double), outerScale: Double,
                                   into image: inout Image, clip: Box, effective: Double, scale: Double,
                                   levels: [ObjectIdentifier: Double], shapes: [Shape]) throws {
        let alpha = Int((effective * 255).rounded())
        let k = outerScale * layer.transform.scale
        let rect = Box(x0: device(composited.x, scale), y0: device(composited.y, scale),
                       x1: device(composited.x + outerScale * layer.frame.width, scale),
                       y1: device(composited.y + outerScale * layer.frame.height, scale))
        let own = rect.meeting(clip)
        let radius = layer.cornerRadius * k * scale
        let rounded = radius > 0 && !rect.isEmpty ? shapes + [Shape(box: rect, radius: radius, border: 0)] : shapes
        let clipped = layer.clipsToBounds ? rounded : shapes
        try drawShadow(layer, composited: composited, k: k, into: &image, clip: clip, alpha: alpha, scale: scale,
                       shapes: shapes)
        if !own.isEmpty {
            if let color = layer.backgroundColor {
                let a = Int(color.alpha)
                let premultiplied = [Int(color.red) * a, Int(color.green) * a, Int(color.blue) * a]
                    .map(roundedDivide) + [a]
                let pixel = premultiplied.map { roundedDivide($0 * alpha) }
                for y in own.y0..<own.y1 {
                    for x in own.x0..<own.x1 {
                        let c = coverage(rounded, x: x, y: y)
                        image.blend(pixel.map { roundedDivide($0 * c) }, x: x, y: y)
                    }
                }
            }
            if let content = layer.content, let level = levels[ObjectIdentifier(layer)] {
                let tx = device(composited.x - k * layer.boundsOrigin.x, scale)
                let ty = device(composited.y - k * layer.boundsOrigin.y, scale)
                let ratio = level / (k * scale)
                let step = Int64((65536 * ratio).rounded())
                let u0 = Int64((65536 * ((Double(own.x0 - tx) + 0.5) * ratio - 0.5)).rounded())
                let v0 = Int64((65536 * ((Double(own.y0 - ty) + 0.5) * ratio - 0.5)).rounded())
                let u1 = u0 + Int64(own.x1 - 1 - own.x0) * step, v1 = v0 + Int64(own.y1 - 1 - own.y0) * step
                let origin = (x: Int(u0 >> 16), y: Int(v0 >> 16))
                let drawn = try PixelBuffer(width: Int(u1 >> 16) + 2 - origin.x, height: Int(v1 >> 16) + 2 - origin.y)
                content.draw(in: RasterContext(
                    buffer: drawn, deviceRect: PixelRect(x: origin.x, y: origin.y, width: drawn.width, height: drawn.height),
                    scale: level))
                for y in own.y0..<own.y1 {
                    for x in own.x0..<own.x1 {
                        let source = bilinear(drawn, origin: origin, u: u0 + Int64(x - own.x0) * step,
                                              v: v0 + Int64(y - own.y0) * step)
                        let m = roundedDivide(coverage(clipped, x: x, y: y) * alpha)
                        image.blend(m == 255 ? source : source.map { roundedDivide($0 * m) }, x: x, y: y)
                    }
                }
            } else if let content = layer.content {
                let tx = device(composited.x - k * layer.boundsOrigin.x, scale)
                let ty = device(composited.y - k * layer.boundsOrigin.y, scale)
                let drawn = try PixelBuffer(width: own.x1 - own.x0, height: own.y1 - own.y0)
                content.draw(in: RasterContext(
                    buffer: drawn, deviceRect: PixelRect(x: own.x0 - tx, y: own.y0 - ty,
                                                         width: own.x1 - own.x0, height: own.y1 - own.y0),
                    scale: k * scale))
                for y in own.y0..<own.y1 {
                    for x in own.x0..<own.x1 {
                        let p = drawn[x: x - own.x0, y: y - own.y0]
                        let source = [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
                        let m = roundedDivide(coverage(clipped, x: x, y: y) * alpha)
                        image.blend(source.map { roundedDivide($0 * m) }, x: x, y: y)
                    }
                }
            }
        }
        let sublayerClip = layer.clipsToBounds ? own : clip
        for sublayer in layer.sublayers {
            try visit(sublayer,
                      composited: (composited.x + k * sublayer.frame.origin.x - k * layer.boundsOrigin.x,
                                   composited.y + k * sublayer.frame.origin.y - k * layer.boundsOrigin.y),
                      outerScale: k, into: &image, clip: sublayerClip, opacity: effective, scale: scale, levels: levels,
                      shapes: clipped)
        }
        let border = layer.borderWidth * k * scale
        if border > 0, !own.isEmpty, !rect.isEmpty {
            let color = layer.borderColor, a = Int(color.alpha)
            let pixel = ([Int(color.red) * a, Int(color.green) * a, Int(color.blue) * a].map(roundedDivide) + [a])
                .map { roundedDivide($0 * alpha) }
            let ring = shapes + [Shape(box: rect, radius: radius, border: border)]
            for y in own.y0..<own.y1 {
                for x in own.x0..<own.x1 {
                    let c = coverage(ring, x: x, y: y)
                    if c > 0 { image.blend(pixel.map { roundedDivide($0 * c) }, x: x, y: y) }
                }
            }
        }
    }
}
