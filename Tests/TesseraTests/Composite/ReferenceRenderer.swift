import Tessera

/// The untiled reference of invariant 3: every layer's content drawn whole into one image covering its
/// visible device rect, composited with ``ScalarReference`` in paint order (background, content,
/// sublayers). Shares only the documented geometry rules with the compositor: positions from
/// `compositedFrame`, rounded once with `devicePixel(atScale:)`; clips from `clipsToBounds` ancestors;
/// opacity multiplied down the tree and quantized once.
enum ReferenceRenderer {
    static func render(_ root: Layer, width: Int, height: Int, scale: Double) throws -> [UInt8] {
        let framebuffer = try PixelBuffer(width: width, height: height)
        try visit(root, into: framebuffer, clip: framebuffer.bounds, opacity: 1, scale: scale)
        return framebuffer.packedBytes()
    }

    private static func visit(_ layer: Layer, into framebuffer: PixelBuffer, clip: PixelRect, opacity: Double,
                              scale: Double) throws {
        if layer.isHidden { return }
        let effective = opacity * layer.opacity
        let alpha = UInt8((effective * 255).rounded())
        let origin = layer.compositedFrame.origin
        let topLeft = origin.devicePixel(atScale: scale)
        let bottomRight = (origin + Point(x: layer.frame.width, y: layer.frame.height)).devicePixel(atScale: scale)
        let deviceRect = PixelRect(x: topLeft.x, y: topLeft.y,
                                   width: bottomRight.x - topLeft.x, height: bottomRight.y - topLeft.y)
        let ownClip = deviceRect.intersection(clip)
        if !ownClip.isEmpty && alpha > 0 {
            let target = try framebuffer.subBuffer(ownClip)
            if let color = layer.backgroundColor {
                ScalarReference.fillOver(target, with: ScalarReference.scale(color.premultiplied, by: UInt32(alpha)))
            }
            if let content = layer.content {
                let translation = (origin - layer.boundsOrigin).devicePixel(atScale: scale)
                let image = try PixelBuffer(width: ownClip.width, height: ownClip.height)
                content.draw(in: RasterContext(
                    buffer: image, deviceRect: ownClip.offsetBy(dx: -translation.x, dy: -translation.y), scale: scale))
                ScalarReference.sourceOver(image, onto: target, opacity: alpha)
            }
        }
        let sublayerClip = layer.clipsToBounds ? ownClip : clip
        for sublayer in layer.sublayers {
            try visit(sublayer, into: framebuffer, clip: sublayerClip, opacity: effective, scale: scale)
        }
    }
}
