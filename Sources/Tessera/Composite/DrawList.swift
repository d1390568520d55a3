import TesseraKernelBodies

/// One draw of a frame, ready for composition: a source of pixels and the framebuffer rect it covers.
///
/// Units are framebuffer device pixels. Thread safety: immutable and `Sendable`; composite workers read
/// the source pixels concurrently.
struct DrawOp: Sendable {
    enum Source: Sendable {
        /// A solid premultiplied colour.
        case color(Pixel)
        /// A rasterized tile; its pixel (0, 0) lands at ``DrawOp/sourceOrigin``. A resolved tile's pixels are
        /// borrowed from its entry or the checkerboard (``TileManager/ResolvedTile``); a level-of-detail
        /// layer's checkerboard piece owns its buffer.
        case tile(PixelBuffer)
        /// A level-of-detail tile resampled src-over (``LevelPiece``): the mapping's positions are those of
        /// the destination's top-left pixel (``DrawOp/sourceOrigin`` is the destination's origin).
        case scaled(PixelBuffer, ResampleMapping, ResampleFilter)
        /// A group-opacity group: its ops composited offscreen, then blended with ``DrawOp/opacity``.
        case group(DrawGroup)
    }

    let source: Source
    /// The framebuffer pixels the op writes (clipped, never empty).
    let destination: PixelRect
    /// Where the source's pixel (0, 0) lands in the framebuffer.
    let sourceOrigin: (x: Int, y: Int)
    /// `0…255`, applied to a tile's pixels (colours are already scaled).
    let opacity: UInt8
    /// True when every destination pixel ends with exactly the source's pixel at alpha 255: the op is a
    /// copy (or a plain fill), or a tile drawn onto its ``underlay``; it hides whatever earlier ops wrote
    /// below it. Never with a `mask`.
    let isOpaque: Bool
    /// Coverage scaling the source per pixel (rounded corners, borders: `CoverageShape.swift`), covering
    /// the whole destination; `nil`: full coverage.
    var mask: CoveragePatch? = nil
    /// For a translucent tile at opacity 255 drawn right over an opaque colour op that covers its whole
    /// destination with full coverage (a layer's content over its background): that colour. The op then
    /// writes `tile OVER underlay` in one pass (`KernelRoutines.sourceOverSolid`), the same bytes as the
    /// colour op followed by the tile's src-over, and is opaque.
    var underlay: Pixel? = nil
    /// For a tile: its all-zero rows (``ZeroRows``, tile rows), which composition writes or skips without
    /// reading them. Borrowed from the tile's entry (``TileManager/ResolvedTile``).
    var zeroRows = ZeroRows.View.none
}

/// The immutable, flat list of a frame's draws in paint order (later ops draw over earlier ones).
///
/// Occlusion is not culled here: each band's ``BandVisibility`` keeps only what no later opaque op
/// covers, exactly, so a hidden op costs its binning and nothing more.
struct DrawList: Sendable {
    let ops: [DrawOp]
}
