/// The result of planning one frame: what to draw, in paint order, before any tile is looked up.
///
/// Immutable; produced on the compositor's calling thread from the layer tree (the only stage that
/// reads the model).
struct FramePlan {
    /// The layers with content that the frame shows, in paint order.
    let layers: [PlannedLayer]
    /// Every draw, in paint order (framebuffer device pixels).
    let ops: [PlannedOp]
}

/// A layer whose content the frame shows.
struct PlannedLayer {
    let layer: Layer
    let content: any LayerContent
    /// Added to a plane device pixel gives its framebuffer device pixel.
    let translation: (x: Int, y: Int)
    /// The plane device pixels the frame shows (the clipped bounds, in plane device pixels).
    let visiblePlaneRect: PixelRect
}

/// One planned draw: a solid colour or one tile of a planned layer, in paint order.
struct PlannedOp {
    enum Source {
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
}
