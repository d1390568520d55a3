/// The built-in layer content: an immutable list of primitives drawn in order, src-over.
///
/// Primitives (``SolidRect``, ``RoundedRect``, ``LinearGradient``, ``GreekedTextLine``,
/// ``PlacedImage``) are in points, in the layer's own plane (bounds coordinates). Every primitive computes
/// each device pixel from its geometry alone (see each type), so a list drawn in tiles of any size gives
/// exactly the pixels of the list drawn whole.
///
/// Drawing one tile visits only the items whose bounds reach it: lists of more than
/// ``indexThreshold`` items keep a grid index of the plane (``DisplayListIndex``), built once at construction.
///
/// Thread safety: immutable and `Sendable`; ``draw(in:)`` may run on several threads at once for
/// different tiles (it writes only the context's buffer and allocates at most one index array per call).
public struct DisplayList: LayerContent, Sendable {
    /// Lists longer than this (32 items) are indexed; shorter ones are scanned.
    public static let indexThreshold = 32

    /// The primitives, in paint order (first drawn first, later ones over them).
    public let items: [DisplayItem]
    /// The union of the items' bounds, in points (``Rect/zero`` for an empty list).
    public let bounds: Rect
    private let index: DisplayListIndex?
    /// `items[i].bounds`: culling reads these instead of copying items (which retains their storage).
    private let itemBounds: [Rect]

    public init(_ items: [DisplayItem]) {
        self.items = items
        itemBounds = items.map(\.bounds)
        bounds = itemBounds.reduce(Rect.zero) { $0.union($1) }
        index = items.count > Self.indexThreshold ? DisplayListIndex(items) : nil
    }

    /// Draws every item that reaches `context.deviceRect`, in order, src-over. A scale that is not finite
    /// or outside (0, 16] draws nothing (the compositor validates scales before it gets here).
    public func draw(in context: RasterContext) {
        let scale = context.scale
        guard scale.isFinite, scale > 0, scale <= 16, !context.deviceRect.isEmpty else { return }
        let target = RasterTarget(context)
        forEachItem(reaching: context.deviceRect, scale: scale) { _, item in item.draw(in: target) }
    }

    /// Draws into `context.buffer` whatever it holds (a reused tile's old pixels): the pixels are exactly
    /// those of ``draw(in:)`` over the buffer cleared to transparent.
    ///
    /// Only the pixels no opaque item paints over regardless of what is under it are cleared: when items
    /// cover the whole tile (``DisplayItem/opaqueCover(_:scale:)``), nothing is cleared and the items
    /// below the last of them are not drawn; otherwise the tile outside the largest such cover is
    /// cleared (up to four rects) and every item is drawn (those below the cover change its pixels before
    /// the cover replaces them). Saves the clear's store of every covered pixel (a feed tile inside a
    /// card: 256 KB); costs an array of the reaching items' positions.
    ///
    /// Likewise an item is not drawn under the opaque cover of the item right after it (a card's
    /// background under its opaque header): where the next item replaces every pixel whatever was under
    /// it, the item is drawn in the up to four rects around that cover instead (each pixel by the same
    /// formula, as in tiles cut anywhere), when the cover hides at least ``minimumHiddenArea`` of its
    /// pixels.
    public func drawReplacing(in context: RasterContext) {
        let scale = context.scale, tile = context.deviceRect
        guard scale.isFinite, scale > 0, scale <= 16, !tile.isEmpty, context.buffer.format == .rgba else {
            context.buffer.clear()
            draw(in: context)
            return
        }
        // The last item covering the whole tile, else the largest cover; the items reaching the tile are
        // kept for the drawing pass with their covers (one index query).
        var reaching: [(index: Int32, cover: PixelRect)] = []
        var firstDrawn = 0, cover = PixelRect.zero
        forEachItem(reaching: tile, scale: scale) { i, item in
            let rect = item.opaqueCover(tile, scale: scale)
            reaching.append((Int32(truncatingIfNeeded: i), rect))
            if rect.contains(tile) {
                firstDrawn = reaching.count &- 1
                cover = tile
            } else if !cover.contains(tile) && rect.area > cover.area {
                cover = rect
            }
        }
        let target = RasterTarget(context)
        if cover.isEmpty {
            target.kernels.fill(target.baseAddress, target.bytesPerRow, tile.width, tile.height, 0)
        } else if !cover.contains(tile) {
            tile.forEachRect(around: cover) { target.kernels.fill(target.pixel($0.x, $0.y), target.bytesPerRow, $0.width, $0.height, 0) }
        }
        for k in firstDrawn..<reaching.count {
            let i = Int(reaching[k].index)
            let hidden = k &+ 1 < reaching.count
                ? reaching[k &+ 1].cover.intersection(DeviceRect(itemBounds[i], scale: scale).touchedPixels())
                : .zero
            if hidden.area < Self.minimumHiddenArea {
                items[i].draw(in: target)
            } else {
                tile.forEachRect(around: hidden) { items[i].draw(in: target.clipped(to: $0)) }
            }
        }
    }

    /// The fewest pixels an item must hide under the next item's opaque cover to be drawn around it
    /// (``drawReplacing(in:)``): 4,096, a 64 × 64 square, so that splitting a draw in four costs less than
    /// the stores it saves.
    static let minimumHiddenArea = 4096

    /// True when one opaque item (a solid or rounded rect of alpha 255, an all-opaque gradient or a fully
    /// opaque image at opacity 1) covers every pixel of `deviceRect` completely. Cheap and conservative:
    /// unions of items are not considered, so `false` does not mean that some pixel is translucent.
    public func isOpaque(in deviceRect: PixelRect, scale: Double) -> Bool {
        guard scale.isFinite, scale > 0, scale <= 16, !deviceRect.isEmpty else { return false }
        var opaque = false
        forEachItem(reaching: deviceRect, scale: scale) { _, item in
            if !opaque, item.coversOpaquely(deviceRect, scale: scale) { opaque = true }
        }
        return opaque
    }

    /// True when no item reaches `deviceRect`: a tile there would stay transparent. Cheap (the index
    /// lookup of a draw call, without drawing); conservative (an item of alpha 0 still counts as drawing).
    public func isTransparent(in deviceRect: PixelRect, scale: Double) -> Bool {
        guard scale.isFinite, scale > 0, scale <= 16 else { return true }
        if deviceRect.isEmpty { return true }
        var reached = false
        forEachItem(reaching: deviceRect, scale: scale) { _, _ in reached = true }
        return !reached
    }

    /// Calls `body` with the items whose device pixels may meet `deviceRect` and their positions in
    /// ``items``, in paint order.
    private func forEachItem(reaching deviceRect: PixelRect, scale: Double, _ body: (Int, DisplayItem) -> Void) {
        @inline(__always) func reaches(_ i: Int) -> Bool {
            !DeviceRect(itemBounds[i], scale: scale).touchedPixels().intersection(deviceRect).isEmpty
        }
        guard let index else {
            for i in items.indices where reaches(i) { body(i, items[i]) }
            return
        }
        index.forEachCandidate(minX: Double(deviceRect.minX - 1) / scale, maxX: Double(deviceRect.maxX + 1) / scale,
                               minY: Double(deviceRect.minY - 1) / scale, maxY: Double(deviceRect.maxY + 1) / scale) { i in
            if reaches(i) { body(i, items[i]) }
        }
    }
}

private extension PixelRect {
    /// Calls `body` with the non-empty parts of this rect outside `inner` (a rect inside it): the rows
    /// above and below `inner`, and `inner`'s rows left and right of it — at most four, disjoint.
    @inline(__always)
    func forEachRect(around inner: PixelRect, _ body: (PixelRect) -> Void) {
        @inline(__always) func part(_ x: Int, _ y: Int, _ width: Int, _ height: Int) {
            if width > 0 && height > 0 { body(PixelRect(x: x, y: y, width: width, height: height)) }
        }
        part(minX, minY, width, inner.minY &- minY)
        part(minX, inner.minY, inner.minX &- minX, inner.height)
        part(inner.maxX, inner.minY, maxX &- inner.maxX, inner.height)
        part(minX, inner.maxY, width, maxY &- inner.maxY)
    }
}
