import Tessera

/// Procedural content for unbounded planes: an opaque background and a grid of cells, each drawn from
/// one of a few prebuilt display lists chosen by the cell's index.
///
/// Memory does not depend on the plane's size: a tile draws only the cells that reach it, each by
/// drawing its variant's ``DisplayList`` with the context shifted to the cell's origin. Cell origins are
/// whole device pixels (`column · round(cellWidth · scale)`, likewise for rows), so a cell's pixels depend
/// only on the cell and its position, whichever tile asks: tiled and untiled drawing agree bit for bit.
///
/// Units: points in the layer's plane; cell (0, 0) starts at the plane origin. Thread safety: immutable
/// and `Sendable`; ``draw(in:)`` runs on several threads at once for different tiles.
public struct GridContent: LayerContent {
    /// Fills the whole plane, under the cells (opaque: alpha is forced to 255).
    public let background: Color
    /// The size of one cell, in points.
    public let cellSize: Size
    /// How many columns and rows of cells there are; the plane beyond shows only the background.
    public let columns: Int
    public let rows: Int
    /// The cell drawings, in cell-local points (the cell's top-left is (0, 0)); they may reach past the
    /// cell by at most one cell in each direction.
    public let variants: [DisplayList]
    /// Picks the variant of cell (column, row): an index into ``variants`` (taken modulo its count).
    public let variantIndex: @Sendable (_ column: Int, _ row: Int) -> Int

    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `cellSize`, `columns`/`rows`
    ///   (negative) or `variants` (empty).
    public init(background: Color, cellSize: Size, columns: Int, rows: Int, variants: [DisplayList],
                variantIndex: @escaping @Sendable (_ column: Int, _ row: Int) -> Int) throws {
        let cellSize = try cellSize.validated("cellSize")
        guard cellSize.width > 0, cellSize.height > 0 else {
            throw TesseraError.invalidArgument(argument: "cellSize", reason: "must be positive, got \(cellSize)")
        }
        guard columns >= 0, rows >= 0 else {
            throw TesseraError.invalidArgument(argument: columns < 0 ? "columns" : "rows", reason: "must be ≥ 0")
        }
        guard !variants.isEmpty else {
            throw TesseraError.invalidArgument(argument: "variants", reason: "needs at least one display list")
        }
        var opaque = background
        opaque.alpha = 255
        self.background = opaque
        self.cellSize = cellSize
        self.columns = columns
        self.rows = rows
        self.variants = variants
        self.variantIndex = variantIndex
    }

    public func draw(in context: RasterContext) {
        Kernels.fill(context.buffer, with: background.premultiplied)
        let pitchX = Swift.max(1, Int((cellSize.width * context.scale).rounded()))
        let pitchY = Swift.max(1, Int((cellSize.height * context.scale).rounded()))
        let rect = context.deviceRect
        // Cells may draw up to one cell beyond their own box: widen the search by one cell each way.
        let firstColumn = Swift.max(0, floorDivide(rect.minX, pitchX) - 1)
        let lastColumn = Swift.min(columns - 1, floorDivide(rect.maxX - 1, pitchX) + 1)
        let firstRow = Swift.max(0, floorDivide(rect.minY, pitchY) - 1)
        let lastRow = Swift.min(rows - 1, floorDivide(rect.maxY - 1, pitchY) + 1)
        guard firstColumn <= lastColumn, firstRow <= lastRow else { return }
        for row in firstRow...lastRow {
            for column in firstColumn...lastColumn {
                let count = variants.count
                let variant = variants[((variantIndex(column, row) % count) + count) % count]
                let local = rect.offsetBy(dx: -column * pitchX, dy: -row * pitchY)
                variant.draw(in: RasterContext(buffer: context.buffer, deviceRect: local, scale: context.scale,
                                               kernels: context.kernels))
            }
        }
    }

    /// Always opaque: the background covers the whole plane.
    public func isOpaque(in deviceRect: PixelRect, scale: Double) -> Bool { true }
}

/// `floor(a / b)` for `b > 0`.
@inline(__always)
func floorDivide(_ a: Int, _ b: Int) -> Int {
    a >= 0 ? a / b : -((-a + b - 1) / b)
}
