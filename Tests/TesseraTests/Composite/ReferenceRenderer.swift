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
/// The only production code it calls is `LayerContent.draw(in:)` (what the content is) and the model's
/// getters.
enum ReferenceRenderer {
    static func render(_ root: Layer, width: Int, height: Int, scale: Double) throws -> [UInt8] {
        var image = Image(width: width, height: height)
        try visit(root, composited: (root.frame.origin.x, root.frame.origin.y), outerScale: 1, into: &image,
                  clip: Box(x0: 0, y0: 0, x1: width, y1: height), opacity: 1, scale: scale)
        return image.bytes
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

    private static func visit(_ layer: Layer, composited: (x: Double, y: Double), outerScale: Double,
                              into image: inout Image, clip: Box, opacity: Double, scale: Double) throws {
        if layer.isHidden { return }
        let effective = opacity * layer.opacity
        let alpha = Int((effective * 255).rounded())
        if alpha == 0 { return }
        let k = outerScale * layer.transform.scale
        let own = Box(x0: device(composited.x, scale), y0: device(composited.y, scale),
                      x1: device(composited.x + outerScale * layer.frame.width, scale),
                      y1: device(composited.y + outerScale * layer.frame.height, scale)).meeting(clip)
        if !own.isEmpty {
            if let color = layer.backgroundColor {
                let a = Int(color.alpha)
                let premultiplied = [Int(color.red) * a, Int(color.green) * a, Int(color.blue) * a]
                    .map(roundedDivide) + [a]
                let pixel = premultiplied.map { roundedDivide($0 * alpha) }
                for y in own.y0..<own.y1 { for x in own.x0..<own.x1 { image.blend(pixel, x: x, y: y) } }
            }
            if let content = layer.content {
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
                        image.blend(alpha == 255 ? source : source.map { roundedDivide($0 * alpha) }, x: x, y: y)
                    }
                }
            }
        }
        let sublayerClip = layer.clipsToBounds ? own : clip
        for sublayer in layer.sublayers {
            try visit(sublayer,
                      composited: (composited.x + k * sublayer.frame.origin.x - k * layer.boundsOrigin.x,
                                   composited.y + k * sublayer.frame.origin.y - k * layer.boundsOrigin.y),
                      outerScale: k, into: &image, clip: sublayerClip, opacity: effective, scale: scale)
        }
    }
}
