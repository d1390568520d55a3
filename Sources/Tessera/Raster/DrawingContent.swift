/// Layer content drawn by the caller: a closure that paints one tile at a time — the way another
/// renderer brings its own rasterizer to a Tessera layer.
///
/// The compositor calls ``draw(in:)`` for each tile of the layer's plane it needs (visible tiles that are
/// not cached, and tiles prepainted ahead of a scroll). The closure receives a ``RasterContext`` whose
/// `buffer` holds the tile's pixels — premultiplied RGBA8, transparent on entry — and whose `deviceRect`
/// says which device pixels of the layer's own plane (bounds coordinates × `scale`) those are. Pixel
/// `(px, py)` of the plane covers the points from `(px, py) / scale` to `(px + 1, py + 1) / scale`.
///
/// Each pixel must depend only on its plane coordinates (not on which tile is being drawn), so tiles
/// meet without seams. After the closure has drawn a tile, that tile is cached until
/// ``Layer/setNeedsDisplay(in:)`` invalidates it or the content is replaced.
///
/// Thread safety: the closure is called from several raster worker threads **at once**, for different
/// tiles, during ``Compositor/render(_:into:)`` and, in asynchronous raster mode, between frames (see
/// ``LayerContent`` for exactly when a call may still be running). It must not mutate shared state
/// without synchronization and must not touch the layer tree.
///
/// ```swift
/// let stripes = DrawingContent(isOpaque: true) { context in
///     for y in 0..<context.deviceRect.height {
///         let planeY = context.deviceRect.y + y
///         let pixel = planeY / 8 % 2 == 0 ? Pixel(r: 255, g: 255, b: 255, a: 255) : Pixel(r: 0, g: 0, b: 0, a: 255)
///         for x in 0..<context.deviceRect.width { context.buffer[x: x, y: y] = pixel }
///     }
/// }
/// layer.content = stripes
/// ```
public struct DrawingContent: LayerContent {
    /// Whether the closure promises to cover every pixel it is given with alpha 255.
    public let coversEveryPixel: Bool
    private let body: @Sendable (RasterContext) -> Void

    /// Wraps `draw`, which paints the tile described by its context.
    /// - Parameters:
    ///   - isOpaque: `true` promises that `draw` writes alpha 255 into every pixel of every tile; the
    ///     compositor then skips what lies below the layer. Default `false`.
    ///   - draw: paints one tile; called concurrently from worker threads (see the type's documentation).
    public init(isOpaque: Bool = false, _ draw: @escaping @Sendable (RasterContext) -> Void) {
        coversEveryPixel = isOpaque
        body = draw
    }

    /// Runs the closure for `context`'s tile. Called by the compositor on a worker thread.
    public func draw(in context: RasterContext) {
        body(context)
    }

    /// The `isOpaque` promise given at creation, for any rect and scale.
    public func isOpaque(in deviceRect: PixelRect, scale: Double) -> Bool {
        coversEveryPixel
    }
}
