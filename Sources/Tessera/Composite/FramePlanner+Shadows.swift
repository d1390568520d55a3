/// The planner's part for shadows (``Layer/shadowOpacity`` and the other shadow properties; README.md,
/// "Shadows").
///
/// A visible shadow is planned as a layer of its own: its tiles are tiles of the layer's own plane (the
/// same translation and scale as its content, so scrolling moves them and redraws nothing), keyed by
/// the layer's identity with ``shadowIdentityBit`` set, drawn by a ``ShadowContent`` — so the tile
/// manager treats them as it treats content tiles (budget, priorities, look-ahead, eviction,
/// asynchronous raster, statistics). The tile ops come first among the layer's ops (below its
/// background), inside the layer's group if it has one, with the layer's effective opacity; they are
/// clipped by the ancestors' clips and scaled by the ancestors' coverage shapes, never by the layer's own
/// bounds or rounded clip. They are translucent src-over draws like any tile.
///
/// Thread safety: the model thread (part of the planner).
extension FramePlanner {
    /// Set in a shadow's tile identity: layer identities are counters far below 2⁶³, so no content tile
    /// ever shares a key with a shadow tile.
    static let shadowIdentityBit: UInt64 = 1 << 63

    /// A layer's shadow placed for this frame.
    struct PlacedShadow {
        let planned: PlannedLayer
        /// Framebuffer device pixels the shadow can draw in (its ``ShadowContent/extent(scale:)``).
        let extent: PixelRect

        func meets(_ rect: PixelRect) -> Bool { !extent.intersection(rect).isEmpty }
    }

    /// The layer's shadow as planned content, or nil when it has none that can show (opacity or colour
    /// alpha rounding to 0, an empty shape).
    func shadowContent(_ layer: Layer) -> ShadowContent? {
        let shadow = layer.shadow
        guard shadow.isVisible else { return nil }
        let color = ScalarReference.scale(shadow.color.premultiplied, by: UInt32((shadow.opacity * 255).rounded()))
        let shape = layer.shadowShape
        guard color.a > 0, shape.rect.size.width > 0, shape.rect.size.height > 0 else { return nil }
        let offset = Point(x: shadow.offset.width, y: shadow.offset.height)
        return ShadowContent(rect: shape.rect.offsetBy(offset), cornerRadius: shape.cornerRadius,
                             sigma: shadow.radius, color: color)
    }

    /// The layer's shadow placed in the framebuffer: its plane's translation as for its content
    /// (`planContent`), the window of its clip filled in by ``planShadow(_:clip:lookAheadClip:alpha:shapes:)``.
    func plannedShadow(_ layer: Layer, composited: Point) throws -> PlacedShadow? {
        guard let content = shadowContent(layer) else { return nil }
        let planeScale = ancestorScale * layer.transform.scale
        let translation = try devicePixel(
            Point(x: composited.x - planeScale * layer.boundsOrigin.x, y: composited.y - planeScale * layer.boundsOrigin.y),
            layer)
        let deviceScale = planeScale * scale
        let planeExtent = content.extent(scale: deviceScale)
        let planned = PlannedLayer(
            identity: layer.identity | Self.shadowIdentityBit, lifetime: layer.lifetime, content: content,
            displayLog: DisplayLog(), translation: translation, visiblePlaneRect: .zero, windowPlaneRect: .zero,
            boundsPlaneRect: planeExtent, boundsOrigin: layer.boundsOrigin.devicePixel(atScale: deviceScale),
            scrolls: false, scale: deviceScale, shadow: content)
        return PlacedShadow(planned: planned, extent: planeExtent.offsetBy(dx: translation.x, dy: translation.y))
    }

    /// Framebuffer device pixels the layer's own background covers opaquely with full coverage, hiding its
    /// shadow there: its device rect between the rounded corners' columns (inset by the radius and a pixel
    /// to spare), when the background colour and the effective opacity are opaque and no ancestor's
    /// coverage shape cuts the layer (it would let the shadow show through); empty otherwise.
    func opaqueInterior(_ layer: Layer, deviceRect: PixelRect, alpha: UInt8, shapes: [CoverageShape]) -> PixelRect {
        guard alpha == 255, shapes.isEmpty, let color = layer.backgroundColor, color.alpha == 255 else { return .zero }
        let radius = layer.cornerRadius * ancestorScale * layer.transform.scale * scale
        let inset = Int(Swift.min(radius, Double(deviceRect.width) / 2).rounded(.up)) + 1
        guard deviceRect.width > 2 * inset else { return .zero }
        return PixelRect(x: deviceRect.x + inset, y: deviceRect.y, width: deviceRect.width - 2 * inset,
                         height: deviceRect.height)
    }

    /// Appends the shadow's layer (shown, or only in the look-ahead region) and its tile ops; tiles inside
    /// `hidden` (framebuffer device pixels, ``opaqueInterior(_:deviceRect:alpha:shapes:)``) are left out.
    mutating func planShadow(_ shadow: PlacedShadow, clip: PixelRect, lookAheadClip: PixelRect, alpha: UInt8,
                             shapes: [CoverageShape], hidden: PixelRect) {
        guard shadow.meets(lookAheadClip) else { return }
        let t = shadow.planned.translation
        let visible = shadow.extent.intersection(clip)
        let toPlane = { (rect: PixelRect) in rect.offsetBy(dx: -t.x, dy: -t.y) }
        let p = shadow.planned
        let planned = PlannedLayer(
            identity: p.identity, lifetime: p.lifetime, content: p.content, displayLog: p.displayLog, translation: t,
            visiblePlaneRect: toPlane(visible), windowPlaneRect: toPlane(clip), boundsPlaneRect: p.boundsPlaneRect,
            boundsOrigin: p.boundsOrigin, scrolls: false, scale: p.scale, shadow: p.shadow,
            hiddenPlaneRect: toPlane(hidden))
        appendLayer(planned, drawnIn: visible, alpha: alpha, shapes: shapes)
    }
}
