/// What a layer draws in its own plane: the source of the pixels the tile stage rasterizes.
///
/// Content is drawn in the layer's plane (bounds coordinates, points) at a scale; the compositor asks for
/// one device-pixel rect at a time (a tile) through a ``RasterContext``. Implementations must produce each
/// pixel from the geometry alone, so that a rect cut at any tile edge gives exactly the pixels of the same
/// rect drawn whole: no seams.
///
/// Thread safety: `draw(in:)` is called on the compositor's raster workers (``Compositor``), several at
/// once for different tiles of the same content, during ``Compositor/render(_:into:)`` and — in the
/// default asynchronous raster mode — between frames. A draw may still run after the layer was changed,
/// its content replaced or the layer freed: the result is then dropped, but the call happens. No draw of
/// a compositor runs once its ``Compositor/drainRaster()`` has returned (until its next frame) or once
/// the compositor is released. Conformers must be `Sendable` and must not mutate shared state while
/// drawing; state the drawing reads may change between frames only if the layer is then invalidated
/// (`setNeedsDisplay`), which makes the compositor redraw and drop any result drawn before.
public protocol LayerContent: Sendable {
    /// Draws over `context.buffer`, which covers `context.deviceRect` of the layer's plane at
    /// `context.scale` and arrives cleared to transparent. Draws src-over, premultiplied RGBA8.
    func draw(in context: RasterContext)

    /// Draws over `context.buffer` whatever it holds (a reused tile's old pixels): the result must be
    /// exactly ``draw(in:)`` over the buffer cleared to transparent. The tile stage calls this one, so
    /// that content which paints some pixels opaquely whatever is under them need not clear those first.
    /// The default clears the whole buffer, then calls ``draw(in:)``.
    func drawReplacing(in context: RasterContext)

    /// True when the content is known to cover every pixel of `deviceRect` (layer plane, device pixels
    /// at `scale`) with alpha 255. Used to skip layers hidden below. The default answers `false`.
    func isOpaque(in deviceRect: PixelRect, scale: Double) -> Bool

    /// True when the content is known to draw nothing in `deviceRect` (layer plane, device pixels at
    /// `scale`), so a tile there stays transparent and need not be rasterized. Conservative: `false`
    /// promises nothing. The default answers `false`.
    func isTransparent(in deviceRect: PixelRect, scale: Double) -> Bool
}

extension LayerContent {
    public func drawReplacing(in context: RasterContext) {
        context.buffer.clear()
        draw(in: context)
    }

    public func isOpaque(in deviceRect: PixelRect, scale: Double) -> Bool { false }
    public func isTransparent(in deviceRect: PixelRect, scale: Double) -> Bool { false }
}

/// The destination of one ``LayerContent/draw(in:)`` call: a pixel buffer standing for a rect of device
/// pixels of the layer's plane.
///
/// Device pixel `(px, py)` of the plane (the square from `(px, py) / scale` to `(px + 1, py + 1) / scale`
/// in points) is `buffer[x: px − deviceRect.x, y: py − deviceRect.y]`. A pixel's centre is at
/// `(px + 0.5, py + 0.5) / scale` points.
///
/// Thread safety: a context belongs to one draw call on one thread.
public struct RasterContext: Sendable {
    /// The pixels to draw into; `buffer.width == deviceRect.width`, `buffer.height == deviceRect.height`.
    public let buffer: PixelBuffer
    /// Which device pixels of the layer's plane the buffer holds.
    public let deviceRect: PixelRect
    /// Device pixels per point.
    public let scale: Double
    /// The kernel tier the built-in content (``DisplayList``) blends with: the compositor's table, the
    /// same one its composite runs (``Kernels/active`` for a context made with the public initializer).
    package let kernels: KernelTable

    /// - Precondition: `buffer` has the size of `deviceRect` (the compositor guarantees it).
    public init(buffer: PixelBuffer, deviceRect: PixelRect, scale: Double) {
        self.init(buffer: buffer, deviceRect: deviceRect, scale: scale, kernels: Kernels.active)
    }

    /// A context whose built-in content blends with `kernels`.
    /// - Precondition: `buffer` has the size of `deviceRect`.
    package init(buffer: PixelBuffer, deviceRect: PixelRect, scale: Double, kernels: KernelTable) {
        precondition(buffer.width == deviceRect.width && buffer.height == deviceRect.height,
                     "raster context buffer must match its device rect")
        self.buffer = buffer
        self.deviceRect = deviceRect
        self.scale = scale
        self.kernels = kernels
    }

    /// The rect of the layer's plane the buffer covers, in points.
    public var rect: Rect {
        Rect(x: Double(deviceRect.x) / scale, y: Double(deviceRect.y) / scale,
             width: Double(deviceRect.width) / scale, height: Double(deviceRect.height) / scale)
    }
}
