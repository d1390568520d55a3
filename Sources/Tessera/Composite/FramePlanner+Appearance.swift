/// The planner's part for rounded corners and borders (``Layer/cornerRadius``, ``Layer/borderWidth``):
/// coverage shapes (`CoverageShape.swift`) attached to the ops, never rasterized into tiles.
extension FramePlanner {
    /// The shapes of one layer's draws.
    struct AppearanceShapes {
        /// For the background: the inherited clips, and the layer's own rounded rect when it has a radius.
        let background: [CoverageShape]
        /// For the content and the sublayers: the inherited clips, and the layer's own rounded rect when
        /// it also has `clipsToBounds`.
        let clipped: [CoverageShape]
        /// For the border: the inherited clips and the ring; nil without a border.
        let border: [CoverageShape]?
        /// The border colour, premultiplied (opacity not yet applied).
        let borderColor: Pixel
    }

    /// Radii and widths are in device pixels: the layer's points (its own plane, so its transform's and its
    /// ancestors' scales apply) × scale; a radius or a border on an empty device rect adds nothing.
    func appearanceShapes(_ layer: Layer, deviceRect: PixelRect, inherited: [CoverageShape]) -> AppearanceShapes {
        let devicePerPoint = ancestorScale * layer.transform.scale * scale
        let radius = layer.cornerRadius * devicePerPoint, width = layer.borderWidth * devicePerPoint
        guard !deviceRect.isEmpty, radius > 0 || width > 0 else {
            return AppearanceShapes(background: inherited, clipped: inherited, border: nil, borderColor: .transparent)
        }
        let rounded = radius > 0 ? inherited + [CoverageShape(kind: .roundedClip, rect: deviceRect, radius: radius)] : inherited
        let color = layer.borderColor.premultiplied
        let border = width > 0 && color != .transparent
            ? inherited + [CoverageShape(kind: .border(width: width), rect: deviceRect, radius: radius)] : nil
        return AppearanceShapes(background: rounded, clipped: layer.clipsToBounds ? rounded : inherited,
                                border: border, borderColor: color)
    }

    /// Appends the border's op (after the sublayers' ops).
    mutating func planBorder(_ layer: Layer, _ shapes: AppearanceShapes, ownClip: PixelRect, alpha: UInt8) {
        guard let border = shapes.border, !ownClip.isEmpty else { return }
        let pixel = ScalarReference.scale(shapes.borderColor, by: UInt32(alpha))
        guard pixel != .transparent else { return }
        appendOp(PlannedOp(source: .color(pixel), destination: ownClip, sourceOrigin: (ownClip.x, ownClip.y),
                           opacity: 255, shapes: border))
    }
}
