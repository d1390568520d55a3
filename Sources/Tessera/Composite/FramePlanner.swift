/// Walks a layer tree and plans a frame (step 1 of the frame in `ARCHITECTURE.md`): the only stage that
/// reads the model. One walk per frame yields both the draws and the look-ahead layers.
///
/// Paint order: a layer's shadow (`FramePlanner+Shadows.swift`), its background colour, then its content,
/// then its sublayers in order.
/// For each visible layer:
/// - its composited origin `C` (points, framebuffer plane) is its ``Layer/frame`` origin taken through
///   each ancestor's plane-to-superlayer step up to the root (the root's own frame places it; without
///   transforms `frame.origin − superlayer.bounds.origin` accumulated), like ``Layer/compositedFrame``;
///   `K` is the product of the ancestors' transform scales and `S = K · transform.scale` the layer's;
/// - its device rect is `[round(C·s), round((C + K·frame.size)·s))` and its plane's translation to the
///   framebuffer is `round((C − S·bounds.origin)·s)`, each rounded once, on the accumulated value, with
///   ``Point/devicePixel(atScale:)``; its tiles are rasterized at `S·s` device pixels per point
///   (``PlannedLayer/scale``) — so tiles are copied without resampling and nested layers never drift
///   apart;
/// - its clip is the viewport ∩ the device rect of every ancestor with `clipsToBounds`; its own
///   background and content are further clipped to its own device rect (what a layer draws outside its
///   bounds is not part of its image);
/// - rounded corners and borders (`FramePlanner+Appearance.swift`): the background is cut by the layer's
///   rounded rect, content and sublayers too when it has `clipsToBounds`, and its border is planned after
///   its sublayers; these are coverage shapes on the ops, applied at composite time;
/// - its effective opacity is the product of the opacities down the tree, quantized once to
///   `round(opacity · 255)`; hidden layers and layers whose effective opacity rounds to 0 are skipped
///   with their sublayers.
///
/// Look-ahead: the same walk also clips against the viewport grown by ``lookAheadMargin`` on every
/// side; a layer with content inside that region but not in the viewport is planned without draws
/// (``PlannedLayer/isVisible`` is false), so the tile manager can prepaint it before a scroll brings it
/// in.
///
/// Cost: one visit per layer that is visible or in the look-ahead region (and their ancestors), plus
/// one op per visible tile. A layer outside the region that clips (or has no sublayers) is left after
/// one rect test; a layer with ``indexedSublayerCount`` sublayers or more finds the ones that can meet
/// the region through its ``Layer/sublayerIndex`` (binary search), so a 10,000-card feed costs what
/// its visible cards cost. Thread safety: the model thread (the compositor's calling thread) only.
struct FramePlanner {
    let scale: Double
    let grid: TileGrid
    /// The framebuffer's rect.
    let viewport: PixelRect
    /// The look-ahead region: the viewport grown by its own size on each side (``TilePolicy``'s
    /// furthest reach is one viewport).
    let lookAhead: PixelRect

    /// Planned layers that the frame shows, and those only in the look-ahead region (also appended to by
    /// `FramePlanner+Shadows.swift`).
    var layers: [PlannedLayer] = []
    var entering: [PlannedLayer] = []
    private var ops: [PlannedOp] = []
    /// Group-opacity groups (`FramePlanner+Groups.swift`).
    var groups: [PlannedGroup] = []
    var backgrounds: [PlannedBackground] = []
    var peepholes = 0
    /// Layers visited so far with an opacity below 1 (a group containing one has no peephole).
    var translucentLayers = 0
    var tileOps = 0
    /// The plane-to-superlayer step of every ancestor of the layer being visited, root first
    /// (``Layer/planeToSuperlayer``), and the product of their scales.
    private var ancestorMaps: [PlaneMap] = []
    private(set) var ancestorScale = 1.0

    /// The layers and ops the last frame planned: `plan` reserves that much, so that a frame like the last
    /// one appends without growing its arrays (a spinner's frame spent a tenth of its instructions
    /// copying grown arrays).
    let expected: (layers: Int, ops: Int)

    init(scale: Double, grid: TileGrid, viewport: PixelRect, lookAhead: Bool = true,
         expected: (layers: Int, ops: Int) = (0, 0)) {
        self.expected = expected
        self.scale = scale
        self.grid = grid
        self.viewport = viewport
        self.lookAhead = lookAhead
            ? PixelRect(x: viewport.x - viewport.width, y: viewport.y - viewport.height,
                        width: viewport.width * 3, height: viewport.height * 3)
            : viewport
    }

    /// Plans the frame for the tree at `root`, which is placed by its own `frame.origin` (its superlayer,
    /// if any, is ignored).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` when a layer's accumulated position is
    ///   too far out to be represented in device pixels.
    mutating func plan(_ root: Layer) throws -> FramePlan {
        layers = []
        layers.reserveCapacity(expected.layers)
        entering = []
        ops = []
        ops.reserveCapacity(expected.ops)
        groups = []
        peepholes = 0
        translucentLayers = 0
        tileOps = 0
        ancestorMaps = []
        ancestorScale = 1
        try visit(root, clip: viewport, lookAheadClip: lookAhead, opacity: 1, shapes: [])
        return FramePlan(layers: layers + entering, ops: ops, tileOpCount: tileOps, groups: groups,
                         opacityPeepholes: peepholes, backgrounds: backgrounds)
    }

    private mutating func visit(_ layer: Layer, clip: PixelRect, lookAheadClip: PixelRect, opacity: Double,
                                shapes: [CoverageShape]) throws {
        guard !layer.isHidden else { return }
        var effectiveOpacity = opacity * layer.opacity
        var alpha = UInt8((effectiveOpacity * 255).rounded())
        guard alpha > 0 else { return }
        let frame = layer.frame
        var composited = frame.origin
        for map in ancestorMaps.reversed() { composited = map.apply(composited) }
        let topLeft = try devicePixel(composited, layer)
        let bottomRight = try devicePixel(
            composited + Point(x: ancestorScale * frame.width, y: ancestorScale * frame.height), layer)
        let deviceRect = PixelRect(x: topLeft.x, y: topLeft.y,
                                   width: bottomRight.x - topLeft.x, height: bottomRight.y - topLeft.y)
        let ownClip = deviceRect.intersection(clip)
        let ownLookAhead = deviceRect.intersection(lookAheadClip)
        // Outside the look-ahead region a layer draws and prepaints nothing, and neither does its subtree
        // when it clips to its bounds or has none: one rect test, no ops, no shapes, no group.
        let shadow = try plannedShadow(layer, composited: composited)  // nil without a visible shadow
        if ownLookAhead.isEmpty && (layer.clipsToBounds || layer.sublayers.isEmpty)
            && !(shadow?.meets(lookAheadClip) ?? false) { return }
        var shapes = shapes
        let group = beginGroup(layer, alpha: alpha, shapes: shapes)
        if layer.opacity < 1 { translucentLayers += 1 }
        if group != nil {  // the subtree is planned at full opacity, unclipped by its ancestors' shapes
            (effectiveOpacity, alpha, shapes) = (1, 255, [])
        }
        defer { if let group { endGroup(group) } }

        let appearance = appearanceShapes(layer, deviceRect: deviceRect, inherited: shapes)
        defer { planBorder(layer, appearance, ownClip: ownClip, alpha: alpha) }  // over content and sublayers

        if let shadow {
            planShadow(shadow, clip: clip, lookAheadClip: lookAheadClip, alpha: alpha, shapes: shapes,
                       hidden: opaqueInterior(layer, deviceRect: deviceRect, alpha: alpha, shapes: shapes))
        }
        if !ownClip.isEmpty, let color = layer.backgroundColor {
            let pixel = ScalarReference.scale(color.premultiplied, by: UInt32(alpha))
            if pixel != .transparent {
                backgrounds.append(PlannedBackground(layer: layer.identity, op: ops.count, alpha: alpha))
                ops.append(PlannedOp(source: .color(pixel), destination: ownClip,
                                     sourceOrigin: (ownClip.x, ownClip.y), opacity: 255,
                                     shapes: appearance.background))
            }
        }
        if let content = layer.content, !ownLookAhead.isEmpty {
            try planContent(content, of: layer, composited: composited, deviceRect: deviceRect, clip: clip,
                            ownClip: ownClip, alpha: alpha, shapes: appearance.clipped)
        }

        guard !layer.sublayers.isEmpty else { return }
        let sublayerClip = layer.clipsToBounds ? ownClip : clip
        let sublayerLookAhead = layer.clipsToBounds ? ownLookAhead : lookAheadClip
        if layer.clipsToBounds && sublayerLookAhead.isEmpty { return }
        let step = layer.planeToSuperlayer
        ancestorMaps.append(step)
        let outerScale = ancestorScale
        ancestorScale *= step.scale
        defer {
            ancestorMaps.removeLast()
            ancestorScale = outerScale
        }
        let sublayers = layer.sublayers
        if sublayers.count >= Self.indexedSublayerCount, let region = planeRect(sublayerLookAhead) {
            // Many sublayers (a feed's cards): only those that can meet the look-ahead region.
            for position in layer.sublayerIndex.sublayers(meeting: region, of: sublayers) {
                try visit(sublayers[position], clip: sublayerClip, lookAheadClip: sublayerLookAhead,
                          opacity: effectiveOpacity, shapes: appearance.clipped)
            }
        } else {
            for sublayer in sublayers {
                try visit(sublayer, clip: sublayerClip, lookAheadClip: sublayerLookAhead, opacity: effectiveOpacity,
                          shapes: appearance.clipped)
            }
        }
    }

    private mutating func planContent(_ content: any LayerContent, of layer: Layer, composited: Point,
                                      deviceRect: PixelRect, clip: PixelRect, ownClip: PixelRect,
                                      alpha: UInt8, shapes: [CoverageShape]) throws {
        let planeScale = ancestorScale * layer.transform.scale
        let translation = try devicePixel(
            Point(x: composited.x - planeScale * layer.boundsOrigin.x, y: composited.y - planeScale * layer.boundsOrigin.y),
            layer)
        let toPlane = { (rect: PixelRect) in rect.offsetBy(dx: -translation.x, dy: -translation.y) }
        let visible = toPlane(ownClip)
        let planned = PlannedLayer(
            identity: layer.identity, lifetime: layer.lifetime, content: content, displayLog: layer.displayLog,
            translation: translation, visiblePlaneRect: visible, windowPlaneRect: toPlane(clip),
            boundsPlaneRect: toPlane(deviceRect), boundsOrigin: layer.boundsOrigin.devicePixel(atScale: planeScale * scale),
            scrolls: layer is ScrollLayer, scale: planeScale * scale)
        appendLayer(planned, drawnIn: ownClip, alpha: alpha, shapes: shapes)
    }

    /// Appends `planned` and one tile op per tile of its visible plane rect that meets `drawn` (framebuffer
    /// device pixels) and is not hidden (``PlannedLayer/isHidden(_:)``); a layer with nothing visible is
    /// appended as entering (look-ahead only).
    mutating func appendLayer(_ planned: PlannedLayer, drawnIn drawn: PixelRect, alpha: UInt8, shapes: [CoverageShape]) {
        guard let span = grid.span(of: planned.visiblePlaneRect) else {
            entering.append(planned)
            return
        }
        let index = layers.count, t = planned.translation
        layers.append(planned)
        for row in span.rows {
            for column in span.columns {
                let plane = grid.rect(column: column, row: row), tile = plane.offsetBy(dx: t.x, dy: t.y)
                let destination = tile.intersection(drawn)
                guard !destination.isEmpty, !planned.isHidden(plane) else { continue }
                ops.append(PlannedOp(source: .tile(layer: index, column: column, row: row),
                                     destination: destination, sourceOrigin: (tile.x, tile.y), opacity: alpha,
                                     shapes: shapes))
                tileOps += 1
            }
        }
    }

    /// Appends a draw to the plan (for the planner's extensions).
    mutating func appendOp(_ op: PlannedOp) { ops.append(op) }

    /// The draws planned so far (for the planner's extensions).
    var plannedOps: [PlannedOp] {
        get { ops }
        _modify { yield &ops }
    }

    /// From this many sublayers on, a layer's sublayers are found through its ``Layer/sublayerIndex``.
    static let indexedSublayerCount = 32

    /// `rect` (framebuffer device pixels) in the plane of the layer whose step was pushed last onto
    /// `ancestorMaps` (points), grown by two device pixels for rounding; nil when it cannot be mapped.
    private func planeRect(_ rect: PixelRect) -> Rect? {
        var origin = Point(x: 0, y: 0), unit = Point(x: 1, y: 0)
        for map in ancestorMaps.reversed() {
            origin = map.apply(origin)
            unit = map.apply(unit)
        }
        let perPoint = (unit.x - origin.x) * scale  // device pixels per point of that plane
        guard perPoint > 0, perPoint.isFinite, !rect.isEmpty else { return nil }
        let margin = 2.0
        let minX = (Double(rect.minX) - margin) / perPoint - origin.x * scale / perPoint
        let minY = (Double(rect.minY) - margin) / perPoint - origin.y * scale / perPoint
        let maxX = (Double(rect.maxX) + margin) / perPoint - origin.x * scale / perPoint
        let maxY = (Double(rect.maxY) + margin) / perPoint - origin.y * scale / perPoint
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// ``Point/devicePixel(atScale:)``, after checking the result fits comfortably in an `Int`.
    func devicePixel(_ point: Point, _ layer: Layer) throws -> (x: Int, y: Int) {
        let limit = 4.5e15  // 2^52: exact integers in a Double, far from Int overflow.
        guard abs(point.x * scale) < limit, abs(point.y * scale) < limit else {
            throw TesseraError.invalidArgument(
                argument: "\(layer).frame",
                reason: "its composited position \(point) is too far out to render at scale \(scale)")
        }
        return point.devicePixel(atScale: scale)
    }
}
