/// The pixels an item paints with alpha 255 whatever was under them: what lets a tile skip clearing them
/// (``DisplayList/drawReplacing(in:)``) and the compositor skip layers below (``DisplayList/isOpaque(in:scale:)``).
extension DisplayItem {
    /// A rect of `deviceRect` (device pixels at `scale`) every pixel of which the item paints at coverage
    /// 255 with an opaque colour, so that it ends up exactly that colour whatever it held before
    /// (`div255(s · 255) = s` and `s OVER d = s + div255(d · 0) = s` when `s` has alpha 255); empty when
    /// there is none.
    ///
    /// Conservative and cheap: an opaque plain rect's fully covered pixels; with rounded corners, the
    /// larger (within `deviceRect`) of the two straight bands between the corners, whose pixels have a
    /// signed distance ≤ −0.5 (coverage 1; floating-point error is far below the 1/510 that would round
    /// it to 254). Text gives none.
    func opaqueCover(_ deviceRect: PixelRect, scale: Double) -> PixelRect {
        let shape: DeviceRect, radius: Double
        switch self {
        case .solidRect(let item):
            guard item.color.alpha == 255 else { return .zero }
            (shape, radius) = (DeviceRect(item.rect, scale: scale), 0)
        case .roundedRect(let item):
            guard item.color.alpha == 255 else { return .zero }
            (shape, radius) = (DeviceRect(item.rect, scale: scale), item.cornerRadius * scale)
        case .linearGradient(let item):
            guard item.isOpaqueFill else { return .zero }
            (shape, radius) = (DeviceRect(item.rect, scale: scale), item.cornerRadius * scale)
        case .image(let item):
            guard item.image.isOpaque, item.opacity8 == 255 else { return .zero }
            (shape, radius) = (DeviceRect(item.frame, scale: scale), 0)
        case .greekedText:
            return .zero
        }
        if !(radius > 0) { return shape.coveredPixels().intersection(deviceRect) }
        let r = Swift.min(radius, (shape.x1 - shape.x0) * 0.5, (shape.y1 - shape.y0) * 0.5)
        var wide = shape, tall = shape
        wide.y0 += r
        wide.y1 -= r
        tall.x0 += r
        tall.x1 -= r
        let a = wide.coveredPixels().intersection(deviceRect), b = tall.coveredPixels().intersection(deviceRect)
        return a.area >= b.area ? a : b
    }
}
