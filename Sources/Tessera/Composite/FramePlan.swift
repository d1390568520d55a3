/// The result of planning one frame: what to draw, in paint order, and what later stages need to know
/// about each layer with content — everything, so that no stage after planning reads a ``Layer``.
///
/// Immutable; produced on the model thread by ``FramePlanner`` (the only stage that reads the model).
struct FramePlan {
    /// The layers with content that the frame shows (``PlannedLayer/isVisible``), in paint order, then
    /// the layers with content inside the look-ahead region that the frame does not show yet.
    let layers: [PlannedLayer]
    /// Every draw, in paint order (framebuffer device pixels).
    let ops: [PlannedOp]
    /// The number of tile ops in ``ops``.
    let tileOpCount: Int
    /// Group-opacity groups composited offscreen, each a contiguous range of ``ops`` (nested groups are
    /// nested ranges), in the order their subtrees ended.
    var groups: [PlannedGroup] = []
    /// Layers whose group opacity was applied to each draw instead (the peephole: the same pixels).
    var opacityPeepholes = 0
    /// The background colour ops, by layer, in paint order: what a frame that only recolours layers
    /// patches (`Compositor+RecoloredFrame.swift`).
    var backgrounds: [PlannedBackground] = []

    /// This plan with `ops` instead: its own ops with recoloured backgrounds, or none while they are patched.
    func replacingOps(_ ops: [PlannedOp]) -> FramePlan {
        FramePlan(layers: layers, ops: ops, tileOpCount: tileOpCount, groups: groups, opacityPeepholes: opacityPeepholes,
                  backgrounds: backgrounds)
    }
}

/// Layer `layer`'s background colour is ``FramePlan/ops``[`op`]: its colour, premultiplied and scaled by
/// `alpha` (the effective opacity, `round(opacity · 255)`).
struct PlannedBackground {
    let layer: UInt64
    let op: Int
    let alpha: UInt8
}

/// A subtree composited as one group: ``PlannedOp``s `range` are drawn at full opacity into an offscreen
/// buffer (transparent first), which is blended with `opacity` and scaled by `shapes` (the coverage shapes
/// of the group layer's ancestors).
struct PlannedGroup {
    let range: Range<Int>
    let opacity: UInt8
    let shapes: [CoverageShape]
}

/// A layer with content, as later stages see it: identity, geometry in device pixels, a snapshot of its
/// content and of its invalidation log.
///
/// Plane device pixels are the layer's plane points × ``scale`` (tile coordinates, ``TileKey``); a plane
/// device pixel plus ``translation`` is a framebuffer device pixel.
///
/// Cost: a copy retains its references (content, log, lifetime, shadow). Per-frame loops over a plan's
/// layers (and ops, whose shapes are an array) read them in place, `plan.layers[index]`, or pass them as
/// arguments, never `for layer in plan.layers` or `zip`: those copy each one, every frame.
struct PlannedLayer {
    /// The layer's process-unique identity (``Layer/identity``): the key of its tiles.
    let identity: UInt64
    /// Alive exactly as long as the layer: the tile manager holds it weakly to free a freed layer's
    /// tiles, without holding or reading the layer.
    let lifetime: LayerLifetime
    /// The content to rasterize (a value the raster workers may draw at any time).
    let content: any LayerContent
    /// The layer's invalidations (a copy: later edits of the model do not change it).
    let displayLog: DisplayLog
    /// Added to a plane device pixel gives its framebuffer device pixel.
    let translation: (x: Int, y: Int)
    /// The plane device pixels the frame shows (the clipped bounds); empty for a layer that only lies in
    /// the look-ahead region.
    let visiblePlaneRect: PixelRect
    /// The plane device pixels under the viewport, cut by the clips of the layer's `clipsToBounds`
    /// ancestors: the window through which the layer's plane can be seen, whether or not its bounds are
    /// in it yet (look-ahead starts from here).
    let windowPlaneRect: PixelRect
    /// The layer's bounds in plane device pixels: all of its plane that can ever show while its bounds
    /// origin stays put.
    let boundsPlaneRect: PixelRect
    /// The layer's bounds origin in plane device pixels (its own scrolling, apart from its ancestors').
    let boundsOrigin: (x: Int, y: Int)
    /// True for a scroll layer: its bounds origin can move, so its plane beyond ``boundsPlaneRect`` can
    /// show (the look-ahead's distance margin reaches past its bounds; ``TilePolicy``).
    let scrolls: Bool
    /// Plane device pixels per point: the compositor's scale times the product of the transform scales
    /// of the layer and its ancestors. Its tiles are keyed and rasterized at this scale.
    let scale: Double
    /// For a layer's shadow (`FramePlanner+Shadows.swift`): what its tiles draw, compared by the tile
    /// manager with what they drew before (a change invalidates them all); nil for content.
    var shadow: ShadowContent? = nil
    /// Plane device pixels that never show (a shadow's part under its layer's own opaque background): a
    /// tile inside it is neither drawn nor rasterized, not even ahead of a scroll.
    var hiddenPlaneRect: PixelRect = .zero

    /// True when tile `rect` (plane device pixels) lies inside ``hiddenPlaneRect``.
    func isHidden(_ rect: PixelRect) -> Bool { !hiddenPlaneRect.isEmpty && rect.intersection(hiddenPlaneRect) == rect }

    /// True when the frame shows some of the layer's content.
    var isVisible: Bool { !visiblePlaneRect.isEmpty }
}

/// One planned draw: a solid colour or one tile of a planned layer, in paint order.
struct PlannedOp {
    enum Source: Equatable {
        /// A layer's background colour, premultiplied and already scaled by the effective opacity.
        case color(Pixel)
        /// Tile `(column, row)` of ``FramePlan/layers``[`layer`].
        case tile(layer: Int, column: Int, row: Int)
    }

    let source: Source
    /// Framebuffer device pixels written: already clipped to the viewport, the layer's bounds and every
    /// `clipsToBounds` ancestor; never empty.
    let destination: PixelRect
    /// The framebuffer position of the source's pixel (0, 0) (tiles only; `destination` origin for colours).
    let sourceOrigin: (x: Int, y: Int)
    /// Effective opacity `round(opacity · 255)` (never 0: such draws are not planned).
    let opacity: UInt8
    /// Coverage shapes the draw is scaled by (rounded clips of the layer and its ancestors, a border
    /// ring), ancestors first; applied at composite time (`CoverageShape.swift`).
    var shapes: [CoverageShape] = []
}
