/// One draw of a frame, ready for composition: a source of pixels and the framebuffer rect it covers.
///
/// Units are framebuffer device pixels. Thread safety: immutable and `Sendable`; composite workers read
/// the source pixels concurrently.
struct DrawOp: Sendable {
    enum Source: Sendable {
        /// A solid premultiplied colour.
        case color(Pixel)
        /// A rasterized tile; its pixel (0, 0) lands at ``DrawOp/sourceOrigin``.
        case tile(PixelBuffer)
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
    /// copy (or a plain fill), and it hides whatever earlier ops wrote below it. Never with a `mask`.
    let isOpaque: Bool
    /// Coverage scaling the source per pixel (rounded corners, borders: `CoverageShape.swift`), covering
    /// the whole destination; `nil`: full coverage.
    var mask: CoveragePatch? = nil
}

/// The immutable, flat list of a frame's draws in paint order (later ops draw over earlier ones).
struct DrawList: Sendable {
    let ops: [DrawOp]

    /// The list without the ops whose whole destination a later opaque op overwrites: their pixels could
    /// never show. Exact, not heuristic: an op is dropped only when one later opaque op's destination
    /// (already clipped) contains its destination, so the framebuffer is unchanged.
    ///
    /// Cost: opaque ops are binned by the 256-pixel cells they overlap; each op checks the opaque ops in
    /// the cell of its top-left pixel (an occluder must contain that pixel).
    func removingOccluded() -> (list: DrawList, removed: Int) {
        let cell = 256
        var bins: [CellKey: [Int]] = [:]
        for (index, op) in ops.enumerated() where op.isOpaque {
            let d = op.destination
            for row in TileGrid.floorDivide(d.minY, cell)...TileGrid.floorDivide(d.maxY - 1, cell) {
                for column in TileGrid.floorDivide(d.minX, cell)...TileGrid.floorDivide(d.maxX - 1, cell) {
                    bins[CellKey(column: column, row: row), default: []].append(index)
                }
            }
        }
        guard !bins.isEmpty else { return (self, 0) }
        var kept: [DrawOp] = []
        kept.reserveCapacity(ops.count)
        for (index, op) in ops.enumerated() {
            let d = op.destination
            let key = CellKey(column: TileGrid.floorDivide(d.minX, cell), row: TileGrid.floorDivide(d.minY, cell))
            let hidden = bins[key]?.contains { $0 > index && ops[$0].destination.contains(d) } ?? false
            if !hidden { kept.append(op) }
        }
        return (DrawList(ops: kept), ops.count - kept.count)
    }

    private struct CellKey: Hashable {
        let column: Int
        let row: Int
    }
}
