/// A shape that scales draws by its coverage at composite time: a layer's rounded-corner clip, or its
/// border ring. Framebuffer device pixels.
///
/// Definition (rect-relative: pixel `(u, v)` of the `W × H` rect, so a shape's coverage never depends on
/// where it is — cached shapes are shared by every layer of the same size): with
/// `outer = RoundedRectDistance([0, W) × [0, H), r).coverage` — the anti-aliased coverage of the
/// ``RoundedRect`` primitive (`ShapeRasterizer.swift`), `r` limited to half the shorter side —
/// - a rounded clip covers `outer`;
/// - a border of width `b` covers `div255(outer · (255 − inner))`, `inner` being the same coverage of the
///   rect inset by `b` with radius `max(r − b, 0)` (0 where that rect is empty).
/// Outside the rect the coverage is 0. Several shapes on one draw multiply: `c = div255(c · cᵢ)` in the
/// order of the list (ancestors first).
///
/// Thread safety: an immutable value.
struct CoverageShape: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case roundedClip
        /// The border ring of `width` device pixels (> 0).
        case border(width: Double)
    }

    let kind: Kind
    /// The layer's device rect (non-empty).
    let rect: PixelRect
    /// The corner radius in device pixels (≥ 0; limited to half the shorter side when used).
    let radius: Double

    /// The cache key: everything but the position.
    var key: Key { Key(kind: kind, width: rect.width, height: rect.height, radius: radius) }

    struct Key: Hashable, Sendable {
        let kind: Kind
        let width: Int
        let height: Int
        let radius: Double
    }

    /// The coverage at framebuffer pixel `(x, y)` (the definition; computes distances).
    func coverage(x: Int, y: Int) -> UInt8 {
        guard x >= rect.minX, x < rect.maxX, y >= rect.minY, y < rect.maxY else { return 0 }
        return Self.coverage(key, u: x - rect.x, v: y - rect.y)
    }

    /// The coverage at rect-relative pixel `(u, v)` inside the rect.
    static func coverage(_ key: Key, u: Int, v: Int) -> UInt8 {
        let w = Double(key.width), h = Double(key.height)
        let cy = Double(v) + 0.5
        let outer = RoundedRectDistance(DeviceRect(x0: 0, y0: 0, x1: w, y1: h), radius: key.radius)
            .coverage(x: u, centerY: cy)
        switch key.kind {
        case .roundedClip:
            return UInt8(outer)
        case .border(let b):
            guard w - 2 * b > 0, h - 2 * b > 0 else { return UInt8(outer) }
            let inner = RoundedRectDistance(DeviceRect(x0: b, y0: b, x1: w - b, y1: h - b),
                                            radius: Swift.max(key.radius - b, 0)).coverage(x: u, centerY: cy)
            return UInt8(div255(outer * (255 - inner)))
        }
    }

    /// What the shape does in one cell of its grid (``ShapeCoverage``).
    enum CellKind { case full, empty, partial }
}

extension DeviceRect {
    init(x0: Double, y0: Double, x1: Double, y1: Double) {
        self.init(Rect(x: 0, y: 0, width: 0, height: 0), scale: 1)
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }
}

/// A shape's coverage, precomputed where it varies: the shape's rect is cut into at most 3 × 3 cells at
/// `a` pixels from each edge (`a = ⌈r⌉` for a clip, `⌈max(r, b)⌉ + 1` for a border; an axis shorter than
/// `2a` is one cell); the middle row and column of a clip are full coverage, the centre of a border is
/// empty (proved in README.md, "Rounded corners, borders", and tested against the definition), and only
/// the other cells — the corners, and a border's edges — hold coverage bytes. So a clipped card costs
/// nothing in its interior: draws there take the plain kernels.
///
/// Memory: `4·a²` bytes for a clip, about `2·a·(W + H)` for a border. Immutable once built (model thread),
/// read by band workers.
final class ShapeCoverage: @unchecked Sendable {
    let key: CoverageShape.Key
    /// Cell edges, rect-relative: `[0, a, W − a, W]` or `[0, W]`.
    let xs: [Int]
    let ys: [Int]
    /// Per cell `(column, row)` at `row · (xs.count − 1) + column`: its kind, and its bytes when partial.
    let kinds: [CoverageShape.CellKind]
    let cells: [CoverageBuffer?]
    /// Unique per cell buffer (for damage signatures): `stamps[i]`.
    let stamps: [UInt64]
    /// A partial cell larger than this (a huge layer with a huge radius) is not stored: the draws that
    /// meet it compute their own visible part from the definition each frame.
    static let maximumCellBytes = 1 << 20

    init(_ key: CoverageShape.Key) throws {
        self.key = key
        let r = Swift.max(0, Swift.min(key.radius, Double(key.width) / 2, Double(key.height) / 2))
        let a: Int
        switch key.kind {
        case .roundedClip: a = Int(r.rounded(.up))
        case .border(let b):  // b is limited only to keep the Int small: past half a side the rect is one cell
            a = Int(Swift.max(r, Swift.min(b, Double(Swift.max(key.width, key.height)))).rounded(.up)) + 1
        }
        func edges(_ length: Int) -> [Int] { 2 * a < length ? [0, a, length - a, length] : [0, length] }
        xs = edges(key.width)
        ys = edges(key.height)
        var kinds: [CoverageShape.CellKind] = []
        var cells: [CoverageBuffer?] = []
        var stamps: [UInt64] = []
        for row in 0..<(ys.count - 1) {
            for column in 0..<(xs.count - 1) {
                let middleX = xs.count == 4 && column == 1, middleY = ys.count == 4 && row == 1
                let kind: CoverageShape.CellKind
                switch key.kind {
                case .roundedClip: kind = middleX || middleY ? .full : .partial
                case .border: kind = middleX && middleY ? .empty : .partial
                }
                kinds.append(kind)
                stamps.append(LayerIdentity.next())
                let cellBytes = (xs[column + 1] - xs[column]).multipliedReportingOverflow(by: ys[row + 1] - ys[row])
                guard kind == .partial, !cellBytes.overflow, cellBytes.partialValue <= Self.maximumCellBytes else {
                    cells.append(nil)
                    continue
                }
                let x0 = xs[column], y0 = ys[row]
                let buffer = try CoverageBuffer(width: xs[column + 1] - x0, height: ys[row + 1] - y0)
                for v in 0..<buffer.height {
                    for u in 0..<buffer.width { buffer[u, v] = CoverageShape.coverage(key, u: x0 + u, v: y0 + v) }
                }
                cells.append(buffer)
            }
        }
        self.kinds = kinds
        self.cells = cells
        self.stamps = stamps
    }

    /// The index of the cell holding rect-relative column `u` / row `v`.
    func column(of u: Int) -> Int { xs.count == 2 || u < xs[1] ? 0 : u < xs[2] ? 1 : 2 }
    func row(of v: Int) -> Int { ys.count == 2 || v < ys[1] ? 0 : v < ys[2] ? 1 : 2 }
    /// The index (into ``kinds``, ``cells``, ``stamps``) of the cell holding shape pixel `(u, v)`.
    func cell(u: Int, v: Int) -> Int { row(of: v) * (xs.count - 1) + column(of: u) }
}

/// The compositor's cache of ``ShapeCoverage`` by shape (size, radius, kind — not position): every card of
/// the same size shares one. Holds at most ``capacity`` shapes; when full it is emptied (the next frames
/// rebuild what they use). Not counted in the tile budget: a clip of radius `r` device pixels holds `4r²`
/// bytes (a 24 px radius: 2.3 KB).
///
/// Thread safety: the model thread (the compositor's), like the planner.
final class CoverageCache {
    static let capacity = 256
    private var shapes: [CoverageShape.Key: ShapeCoverage] = [:]

    func coverage(_ shape: CoverageShape) throws -> ShapeCoverage {
        if let cached = shapes[shape.key] { return cached }
        if shapes.count >= Self.capacity { shapes.removeAll(keepingCapacity: true) }
        let built = try ShapeCoverage(shape.key)
        shapes[shape.key] = built
        return built
    }

    var count: Int { shapes.count }
}

/// Coverage bytes placed in the framebuffer: `buffer`'s (0, 0) lands at framebuffer `(x, y)`. `stamp`
/// identifies the bytes (equal stamps and positions: equal coverage).
struct CoveragePatch: Sendable {
    let buffer: CoverageBuffer
    let x: Int
    let y: Int
    let stamp: UInt64

    /// The same coverage placed `(dx, dy)` further.
    func offsetBy(dx: Int, dy: Int) -> CoveragePatch { CoveragePatch(buffer: buffer, x: x + dx, y: y + dy, stamp: stamp) }
}

/// Cuts a draw's destination by the cells of its shapes: pieces with full coverage (plain kernels, may
/// stay opaque) and pieces with a coverage patch (masked kernels); empty cells are dropped.
enum CoverageSplitter {
    struct Piece {
        let rect: PixelRect
        let patch: CoveragePatch?
    }

    /// Appends the pieces of `destination` to `pieces`: full-coverage runs (no patch), partial cells with
    /// their coverage patch; cells outside a shape are left out.
    static func split(_ destination: PixelRect, shapes: [(shape: CoverageShape, coverage: ShapeCoverage)],
                      into pieces: inout [Piece]) throws {
        guard !destination.isEmpty else { return }
        // Most draws lie inside one cell of every shape (a tile inside a card): one piece, nothing allocated.
        var inOneCell = true
        for (shape, coverage) in shapes where inOneCell {
            for e in coverage.xs where shape.rect.x + e > destination.minX && shape.rect.x + e < destination.maxX {
                inOneCell = false
            }
            for e in coverage.ys where shape.rect.y + e > destination.minY && shape.rect.y + e < destination.maxY {
                inOneCell = false
            }
        }
        if inOneCell {
            try whole(destination, shapes: shapes, into: &pieces)
            return
        }
        var xs = [destination.minX, destination.maxX], ys = [destination.minY, destination.maxY]
        for (shape, coverage) in shapes {
            for e in coverage.xs where shape.rect.x + e > destination.minX && shape.rect.x + e < destination.maxX {
                xs.append(shape.rect.x + e)
            }
            for e in coverage.ys where shape.rect.y + e > destination.minY && shape.rect.y + e < destination.maxY {
                ys.append(shape.rect.y + e)
            }
        }
        sortUnique(&xs)
        sortUnique(&ys)
        for j in 0..<(ys.count - 1) {
            var run: PixelRect?  // full cells of this row, merged left to right
            for i in 0..<(xs.count - 1) {
                let cell = PixelRect(x: xs[i], y: ys[j], width: xs[i + 1] - xs[i], height: ys[j + 1] - ys[j])
                // The shapes that cover the cell partly: counted, the last one kept (a full or empty cell,
                // most of them, makes no array).
                var partialCount = 0, lastPartial = (shape: 0, index: 0)
                var empty = false
                for s in shapes.indices {
                    let coverage = shapes[s].coverage, rect = shapes[s].shape.rect
                    let index = coverage.cell(u: cell.minX - rect.x, v: cell.minY - rect.y)
                    switch coverage.kinds[index] {
                    case .empty: empty = true
                    case .full: break
                    case .partial:
                        partialCount += 1
                        lastPartial = (s, index)
                    }
                    if empty { break }
                }
                if partialCount == 0 && !empty {
                    if let current = run, current.maxX == cell.minX {
                        run = PixelRect(x: current.x, y: current.y, width: current.width + cell.width, height: current.height)
                    } else {
                        if let current = run { pieces.append(Piece(rect: current, patch: nil)) }
                        run = cell
                    }
                    continue
                }
                if let current = run { pieces.append(Piece(rect: current, patch: nil)) }
                run = nil
                if empty { continue }
                let partial: [(CoverageShape, ShapeCoverage, Int)] = partialCount == 1
                    ? [(shapes[lastPartial.shape].shape, shapes[lastPartial.shape].coverage, lastPartial.index)]
                    : shapes.indices.compactMap { s in
                        let (shape, coverage) = shapes[s]
                        let index = coverage.cell(u: cell.minX - shape.rect.x, v: cell.minY - shape.rect.y)
                        return coverage.kinds[index] == .partial ? (shape, coverage, index) : nil
                    }
                pieces.append(Piece(rect: cell, patch: try patch(for: cell, partial)))
            }
            if let current = run { pieces.append(Piece(rect: current, patch: nil)) }
        }
    }

    /// Appends `destination` as one piece, or nothing, when it lies inside one cell of each shape.
    private static func whole(_ destination: PixelRect, shapes: [(shape: CoverageShape, coverage: ShapeCoverage)],
                              into pieces: inout [Piece]) throws {
        var partial: [(CoverageShape, ShapeCoverage, Int)] = []
        for (shape, coverage) in shapes {
            let index = coverage.cell(u: destination.minX - shape.rect.x, v: destination.minY - shape.rect.y)
            switch coverage.kinds[index] {
            case .empty: return
            case .full: break
            case .partial: partial.append((shape, coverage, index))
            }
        }
        pieces.append(Piece(rect: destination, patch: partial.isEmpty ? nil : try patch(for: destination, partial)))
    }

    /// Sorts `values` and drops repeats, in place (a handful of cell edges).
    private static func sortUnique(_ values: inout [Int]) {
        values.sort()
        var kept = 0
        for i in values.indices where kept == 0 || values[kept - 1] != values[i] {
            values[kept] = values[i]
            kept += 1
        }
        values.removeLast(values.count - kept)
    }

    /// The coverage of `cell` under the partial shapes: a cached cell as is for one shape, the product
    /// for several (or for an uncached cell: computed from the definition; `cell` lies in the viewport).
    private static func patch(for cell: PixelRect, _ partial: [(CoverageShape, ShapeCoverage, Int)]) throws -> CoveragePatch {
        func origin(_ shape: CoverageShape, _ coverage: ShapeCoverage, _ index: Int) -> (x: Int, y: Int) {
            let columns = coverage.xs.count - 1
            return (shape.rect.x + coverage.xs[index % columns], shape.rect.y + coverage.ys[index / columns])
        }
        if partial.count == 1, let buffer = partial[0].1.cells[partial[0].2] {
            let (shape, coverage, index) = partial[0]
            let o = origin(shape, coverage, index)
            return CoveragePatch(buffer: buffer, x: o.x, y: o.y, stamp: coverage.stamps[index])
        }
        let product = try CoverageBuffer(width: cell.width, height: cell.height)
        for v in 0..<cell.height { for u in 0..<cell.width { product[u, v] = 255 } }
        for (shape, coverage, index) in partial {
            let o = origin(shape, coverage, index), source = coverage.cells[index]
            for v in 0..<cell.height {
                for u in 0..<cell.width {
                    let c = source?[cell.x + u - o.x, cell.y + v - o.y] ?? shape.coverage(x: cell.x + u, y: cell.y + v)
                    product[u, v] = UInt8(div255(UInt32(product[u, v]) * UInt32(c)))
                }
            }
        }
        return CoveragePatch(buffer: product, x: cell.x, y: cell.y, stamp: LayerIdentity.next())
    }
}
