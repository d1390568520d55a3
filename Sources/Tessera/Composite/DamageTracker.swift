/// What a draw op shows, for telling two frames' ops apart: two ops with equal ``DrawSignature``s write
/// equal pixels.
enum DrawIdentity: Hashable, Sendable {
    /// A solid colour (premultiplied, opacity applied).
    case color(Pixel)
    /// A tile's pixels: `stamp` is unique per installation of pixels into a tile (``TileEntry/stamp``).
    case tile(stamp: UInt64)
    /// The checkerboard, whose squares depend on the tile's plane origin modulo its period.
    case checkerboard(phaseX: Int, phaseY: Int)
    /// A level tile's pixels resampled with step `dx` × `dy` (the start positions are the signature's
    /// source fields).
    case scaledTile(stamp: UInt64, dx: Int32, dy: Int32)
    /// A piece of a group-opacity group (the group's ops follow its pieces): the destination is the piece,
    /// the mask fields its coverage patch.
    case group(opacity: UInt8, depth: Int)
}

/// What a frame composites: the pixels of `move.window` moved by `move.offset` first (when set), then
/// `regions`.
struct Damage {
    var regions: [PixelRect]
    var move: Move?
    /// Rects of the move's window (disjoint from each other and from `regions`) whose moved pixels are
    /// right for every op but the last `overlay.ops` of the frame, which come after all the others in
    /// paint order and are drawn over them (a fixed translucent header over a scroll): ``Overlay``.
    var overlay: Overlay?
    /// For a frame whose pixels were already moved: whether the move at least halved the composited area
    /// (``DamageTracker/moveGain``), as the tracker requires of the moves it proposes.
    var moveSaved = false

    /// A scroll's move: within `window` (framebuffer pixels), pixel `q` receives pixel `q − offset`.
    struct Move {
        let offset: (x: Int, y: Int)
        let window: PixelRect
    }

    /// Where a move leaves the pixels of every op but a trailing few right: `rects` are composited by
    /// drawing the frame's last `ops` signatures' ops over the moved pixels, without clearing them.
    struct Overlay {
        let rects: [PixelRect]
        /// How many signatures, from the end of the frame's list, are drawn over `rects`.
        let ops: Int
    }
}

/// One op of a frame as ``DamageTracker`` compares it.
struct DrawSignature: Hashable, Sendable {
    let identity: DrawIdentity
    let destination: PixelRect
    let sourceX: Int
    let sourceY: Int
    let opacity: UInt8
    /// The op's coverage patch (``CoveragePatch/stamp`` and position; 0 without one).
    var maskStamp: UInt64 = 0
    var maskX = 0
    var maskY = 0

    /// Field by field, the cheapest first: in a scroll nearly every op's destination differs, and the
    /// alignment compares each op with up to 2 × ``DamageTracker/lookahead`` others.
    static func == (a: DrawSignature, b: DrawSignature) -> Bool {
        a.destination == b.destination && a.sourceX == b.sourceX && a.sourceY == b.sourceY && a.opacity == b.opacity
            && a.maskStamp == b.maskStamp && a.maskX == b.maskX && a.maskY == b.maskY && a.identity == b.identity
    }

    /// This op as it would be with every pixel moved by `offset`, cut to `window` (framebuffer pixels):
    /// `nil` when nothing of it is left in `window`; ``Moved/changed(_:)`` with that rect when its pixels do
    /// not simply move with it (a checkerboard or a resampled level tile, whose source fields are relative
    /// to the destination) — such an op always counts as changed. A colour's or a group piece's source
    /// fields are dropped (their pixels do not depend on them).
    func moved(by offset: (x: Int, y: Int), within window: PixelRect) -> Moved? {
        let rect = destination.offsetBy(dx: offset.x, dy: offset.y).intersection(window)
        guard !rect.isEmpty else { return nil }
        var source = (x: sourceX + offset.x, y: sourceY + offset.y)
        switch identity {
        case .tile: break
        case .color, .group: source = (0, 0)
        case .checkerboard, .scaledTile: return .changed(rect)
        }
        let mask = maskStamp == 0 ? (x: 0, y: 0) : (x: maskX + offset.x, y: maskY + offset.y)
        return .signature(DrawSignature(identity: identity, destination: rect, sourceX: source.x, sourceY: source.y,
                                        opacity: opacity, maskStamp: maskStamp, maskX: mask.x, maskY: mask.y))
    }

    enum Moved {
        case signature(DrawSignature)
        case changed(PixelRect)
    }
}

/// A frame handed to the caller: pass it back to ``Compositor/render(_:into:previousFrame:)`` together
/// with the framebuffer that still holds that frame, and only the pixels that can differ are composited.
/// Tokens are unique in the process (a token from another compositor never matches).
public struct FrameToken: Hashable, Sendable, CustomStringConvertible {
    /// The token as a number (the C ABI carries it as `uint64_t`; never 0).
    public let value: UInt64
    /// The token whose ``value`` is `value` (for hosts that carry tokens as numbers).
    public init(value: UInt64) { self.value = value }
    public var description: String { "frame token \(value)" }

    static func next() -> FrameToken { FrameToken(value: LayerIdentity.next()) }
}

/// Finds the framebuffer pixels that can differ between two consecutive frames of one compositor.
///
/// Each frame is a list of ops drawn in paint order over a cleared framebuffer; a pixel's value depends
/// only on the ops that cover it, in their order. The two frames' lists are aligned in one pass
/// (``changed(_:_:)``, compared by ``DrawSignature``: identity, geometry, opacity, coverage — a moved
/// layer's ops differ, so its old and new places are both damaged); the pixels that can change are those
/// covered by an op left out of the alignment (an idle frame costs one comparison per op; a reorder
/// damages the ops it moved past). Damage is a short list of at most ``maximumRects`` disjoint rects
/// (overlapping ones merged, then the cheapest pairs joined: ``merged(_:within:)``).
///
/// **Scrolls.** When a scroll layer moved by a whole number of pixels, vertically or horizontally, most
/// of the last frame is still right, one offset away. For an offset `δ` and the window `W` the scrolled
/// layers are seen through, the pixels of `W` are moved by `δ` first (``ScrollMove``); a pixel `q` of
/// `W ∩ (W + δ)` then holds the last frame's pixel `q − δ`, and it is right when the ops covering `q` now
/// are the ops that covered `q − δ`, moved by `δ`. So the last frame's ops are moved by `δ`
/// (``DrawSignature/moved(by:within:)``), both lists are cut to `W ∩ (W + δ)`, and compared as above; the
/// damage is what differs, plus the strip of `W` nothing was moved to, plus, outside `W`, what the
/// unmoved comparison finds. An op that did not move (an overlay, a background colour) compares equal
/// where it is a colour that covers both places, and is damaged where it and its moved pixels differ. The
/// move is used when it at least halves the composited area (``moveGain``).
///
/// **Overlays.** A fixed translucent header over the scroll is drawn after every scrolled op, and a move
/// brings under it pixels the last frame drew without it (the rows below it, moved up). The ops of the
/// frame after the last one the moved comparison matched (``align(_:_:)``) are left out of its damage:
/// where they meet the window and nothing else differs, every other op covering a pixel now is matched,
/// in order, with an op that covered the pixel it receives, so the moved pixel is those ops' result, and
/// drawing the trailing ops over it finishes the pixel (``Damage/overlay``). The rows the last frame's
/// header covered, moved, still count as changed. Trailing ops that start inside a group-opacity group
/// (whose pieces matched but not its last ops) are damaged up to the group's end, as if unmatched: the
/// ops drawn over the moved pixels are whole draw ops, and a group's are its pieces.
///
/// Cost: O(ops) comparisons per frame, and again per candidate move.
/// Thread safety: the model thread (owned by ``Compositor``).
struct DamageTracker {
    /// The most rects a damage list holds.
    static let maximumRects = 8
    /// The most rects ``merged(_:within:)`` joins exactly.
    static let exactMergeLimit = 32

    private var previous: [DrawSignature] = []
    private var previousViewport: PixelRect?
    private(set) var lastToken: FrameToken?

    /// Records `token` as a frame equal to the last one (its ops unchanged): a caller holding it gets
    /// damage against the same ops.
    mutating func carryForward(as token: FrameToken) {
        lastToken = token
    }

    /// The rects to composite for a frame of `current` ops over `viewport`, given that the framebuffer
    /// holds the frame `previousFrame` (`nil`: unknown contents, everything), and whether to move its pixels
    /// first: `moves` are candidate offsets (a scroll layer's, ``Compositor``), tried as described in the
    /// type doc. Records `current` as the frame of `token`. Regions are `[viewport]` for a full frame and
    /// `[]` when nothing can have changed.
    ///
    /// `moved`: the framebuffer's pixels were already moved (the frame's early move): the damage is
    /// that move's, or `[viewport]` when the move does not apply; ``Damage/moveSaved`` tells whether the
    /// tracker would have proposed it. `groups`: ranges of `current` that an overlay's ops must not start
    /// inside (a group's signatures, which outnumber its draw ops: ``DrawListMemo/GroupSpan``).
    mutating func damage(_ current: [DrawSignature], viewport: PixelRect, previousFrame: FrameToken?,
                         token: FrameToken, moves: [Damage.Move] = [], moved: Damage.Move? = nil,
                         groups: [Range<Int>] = []) -> Damage {
        defer {
            previous = current
            previousViewport = viewport
            lastToken = token
        }
        guard holds(previousFrame, viewport: viewport) else { return Damage(regions: [viewport], move: nil) }
        let changed = Self.changed(previous, current)
        if let moved {
            guard var damage = movedDamage(current, by: moved, viewport: viewport, changed: changed, groups: groups) else {
                return Damage(regions: [viewport], move: nil)
            }
            // Whether the unmoved damage is at least `moveGain` times the moved one: in a scroll its rects
            // usually show it (``covers(_:atLeast:within:)``, a lower bound) without merging ~1,400 of them.
            let needed = Self.area(damage.regions) * Self.moveGain
            damage.moveSaved = Self.covers(changed, atLeast: needed, within: viewport)
                || needed <= Self.area(Self.merged(changed, within: viewport))
            return damage
        }
        let plain = Self.merged(changed, within: viewport)
        var best = Damage(regions: plain, move: nil)
        var bestArea = Self.area(plain)
        for move in moves where bestArea > 0 {
            guard let damage = movedDamage(current, by: move, viewport: viewport, changed: changed, groups: groups) else { continue }
            let area = Self.area(damage.regions)
            if area * Self.moveGain <= bestArea { (best, bestArea) = (damage, area) }
        }
        return best
    }

    /// Lets go of the last frame's signatures, keeping what ``holds(_:viewport:)`` compares: for a
    /// recoloured frame, whose signatures are the last frame's changed in place, followed by
    /// ``damage(recolored:of:viewport:previousFrame:token:)``.
    mutating func releaseSignatures() {
        previous = []
    }

    /// The damage of a frame whose signatures `current` are the last frame's with those at `recolored`
    /// (indices) changed in colour alone: their rects, merged; `[viewport]` when the framebuffer does not
    /// hold the last frame. What ``damage(_:viewport:previousFrame:token:moves:moved:)`` finds comparing
    /// the two lists (a replaced signature damages its rect), without comparing them. Records `current` as
    /// the frame of `token`.
    mutating func damage(recolored: [Int], of current: [DrawSignature], viewport: PixelRect,
                         previousFrame: FrameToken?, token: FrameToken) -> Damage {
        defer {
            previous = current
            previousViewport = viewport
            lastToken = token
        }
        guard holds(previousFrame, viewport: viewport) else { return Damage(regions: [viewport], move: nil) }
        return Damage(regions: Self.merged(recolored.map { current[$0].destination }, within: viewport), move: nil)
    }

    /// True when a framebuffer holding `previousFrame` (over `viewport`) holds the last frame recorded.
    func holds(_ previousFrame: FrameToken?, viewport: PixelRect) -> Bool {
        previousFrame != nil && previousFrame == lastToken && previousViewport == viewport
    }

    /// A move saves work only when it at least halves the composited area: the move itself costs about a
    /// copy of the pixels it moves (`ScrollMove.swift`).
    static let moveGain = 2

    /// The damage when the previous frame's pixels in `move.window` are first moved by `move.offset`
    /// (vertical or horizontal, shorter than the window; `nil` otherwise): inside, the previous ops moved
    /// and cut to the pixels that received a moved pixel (`inner`), compared with the current ones cut to
    /// it, plus the strip of the window nothing was moved to; outside the window, `changed` (the rects of
    /// the unmoved comparison). Trailing ops that start inside one of `groups` are damaged up to its end.
    private func movedDamage(_ current: [DrawSignature], by move: Damage.Move, viewport: PixelRect,
                             changed: [PixelRect], groups: [Range<Int>]) -> Damage? {
        let (offset, window) = (move.offset, move.window.intersection(viewport))
        guard (offset.x == 0) != (offset.y == 0), abs(offset.x) < window.width, abs(offset.y) < window.height
        else { return nil }
        let inner = window.intersection(window.offsetBy(dx: offset.x, dy: offset.y))
        var damaged: [PixelRect] = []
        /// `ops` moved by `offset` and cut to `inner`, with the index in `ops` of each kept one.
        func cut(_ ops: [DrawSignature], by offset: (x: Int, y: Int)) -> (ops: [DrawSignature], indices: [Int]) {
            var result: [DrawSignature] = [], indices: [Int] = []
            result.reserveCapacity(ops.count)
            indices.reserveCapacity(ops.count)
            for (index, op) in ops.enumerated() {
                switch op.moved(by: offset, within: inner) {
                case .signature(let signature)?:
                    result.append(signature)
                    indices.append(index)
                case .changed(let rect)?: damaged.append(rect)
                case nil: break
                }
            }
            return (result, indices)
        }
        let moved = cut(previous, by: offset).ops, kept = cut(current, by: (0, 0))
        // Inside: what differs (already cut to `inner`), but the kept ops after the last matched one.
        let alignment = Self.align(moved, kept.ops)
        damaged += alignment.removed
        var trailing = (alignment.lastMatched ?? -1) + 1
        damaged += alignment.added.lazy.filter { $0 < trailing }.map { kept.ops[$0].destination }
        // The first trailing op in `current`; inside a group, the group's ops up to its end are damaged
        // (composited whole) like the unmatched ones before them, and the overlay starts after it.
        var first = trailing == 0 ? 0 : kept.indices[trailing - 1] + 1
        if let group = groups.first(where: { $0.lowerBound < first && first < $0.upperBound }) {
            while trailing < kept.ops.count, kept.indices[trailing] < group.upperBound {
                damaged.append(kept.ops[trailing].destination)
                trailing += 1
            }
            first = group.upperBound
        }
        damaged += Self.subtract(inner, from: window)  // the strip nothing was moved to
        for rect in changed where !window.contains(rect) { damaged += Self.subtract(window, from: rect) }
        let regions = Self.merged(damaged, within: viewport)
        var damage = Damage(regions: regions, move: Damage.Move(offset: offset, window: window))
        guard trailing < kept.ops.count else { return damage }
        // The trailing ops' rects, less what is composited whole.
        let overlay = Self.merged(kept.ops[trailing...].map(\.destination), within: inner).flatMap {
            Self.subtract(regions, from: $0)
        }
        if !overlay.isEmpty { damage.overlay = Damage.Overlay(rects: overlay, ops: current.count - first) }
        return damage
    }

    /// The parts of `rect` outside every rect of `holes`.
    static func subtract(_ holes: [PixelRect], from rect: PixelRect) -> [PixelRect] {
        holes.reduce([rect]) { parts, hole in parts.flatMap { subtract(hole, from: $0) } }
    }

    /// The parts of `rect` outside `hole`: at most 4 rects (bands above and below, then left and right).
    static func subtract(_ hole: PixelRect, from rect: PixelRect) -> [PixelRect] {
        let overlap = rect.intersection(hole)
        guard !overlap.isEmpty else { return rect.isEmpty ? [] : [rect] }
        let parts = [
            PixelRect(x: rect.minX, y: rect.minY, width: rect.width, height: overlap.minY - rect.minY),
            PixelRect(x: rect.minX, y: overlap.maxY, width: rect.width, height: rect.maxY - overlap.maxY),
            PixelRect(x: rect.minX, y: overlap.minY, width: overlap.minX - rect.minX, height: overlap.height),
            PixelRect(x: overlap.maxX, y: overlap.minY, width: rect.maxX - overlap.maxX, height: overlap.height),
        ]
        return parts.filter { !$0.isEmpty }
    }

    /// The rects covered by an op of one list that the other does not have (unmerged): ``align(_:_:)``'s
    /// ops left out, of both lists.
    static func changed(_ previous: [DrawSignature], _ current: [DrawSignature]) -> [PixelRect] {
        let alignment = align(previous, current)
        return alignment.removed + alignment.added.map { current[$0].destination }
    }

    /// The two lists aligned in one pass; the ops left out of the alignment are damaged. Ops matched in
    /// order are a common subsequence, so a pixel covered only by matched ops has the same ops in the same
    /// order in both frames. At an op that differs, the pass looks up to ``lookahead`` ops ahead in either
    /// list for the other's op (ops removed or added there, as a scroll takes ops out at one end and
    /// brings ops in at the other); when neither is found, both ops count as changed. O(ops × lookahead),
    /// no hashing. Returns the rects of `previous`'s ops left out, the indices of `current`'s, and the index
    /// in `current` of the last op matched (`nil`: none).
    static func align(_ previous: [DrawSignature], _ current: [DrawSignature])
        -> (removed: [PixelRect], added: [Int], lastMatched: Int?) {
        var removed: [PixelRect] = [], added: [Int] = []
        var lastMatched: Int?
        var i = 0, j = 0
        while i < previous.count, j < current.count {
            if previous[i] == current[j] {
                lastMatched = j
                i += 1
                j += 1
                continue
            }
            var skipped = false
            for distance in 1...lookahead {
                if i + distance < previous.count, previous[i + distance] == current[j] {
                    removed += previous[i..<(i + distance)].map(\.destination)
                    i += distance
                    skipped = true
                    break
                }
                if j + distance < current.count, current[j + distance] == previous[i] {
                    added += j..<(j + distance)
                    j += distance
                    skipped = true
                    break
                }
            }
            if !skipped {  // replaced
                removed.append(previous[i].destination)
                added.append(j)
                i += 1
                j += 1
            }
        }
        removed += previous[i...].map(\.destination)
        added += j..<current.count
        return (removed, added, lastMatched)
    }

    /// How far ``align(_:_:)`` looks ahead for a match.
    static let lookahead = 16

    /// True when `rects`, cut to `viewport`, are shown to cover at least `area` pixels: the viewport is cut
    /// into square cells (``coverCellSide`` pixels, doubled until there are at most ``coverCells``), and the
    /// cells some rect holds whole are counted until their area reaches `area`. A lower bound of the rects'
    /// union, so of any cover of them (``merged(_:within:)``'s included); `false` when it stays below.
    /// O(rects + the cells they hold).
    static func covers(_ rects: [PixelRect], atLeast area: Int, within viewport: PixelRect) -> Bool {
        guard area > 0 else { return true }
        guard !viewport.isEmpty else { return false }
        var cell = coverCellSide
        while ((viewport.width + cell - 1) / cell) * ((viewport.height + cell - 1) / cell) > coverCells { cell *= 2 }
        let columns = (viewport.width + cell - 1) / cell, rows = (viewport.height + cell - 1) / cell
        var counted = [Bool](repeating: false, count: columns * rows)
        var sum = 0
        for rect in rects {
            let piece = rect.intersection(viewport)
            guard !piece.isEmpty else { continue }
            // Cells wholly inside `piece` (the last column and row are cut by the viewport).
            let left = piece.minX - viewport.minX, top = piece.minY - viewport.minY
            let firstColumn = (left + cell - 1) / cell, firstRow = (top + cell - 1) / cell
            let endColumn = piece.maxX == viewport.maxX ? columns : (piece.maxX - viewport.minX) / cell
            let endRow = piece.maxY == viewport.maxY ? rows : (piece.maxY - viewport.minY) / cell
            guard firstColumn < endColumn, firstRow < endRow else { continue }
            for row in firstRow..<endRow {
                let height = Swift.min(cell, viewport.height - row * cell)
                for column in firstColumn..<endColumn where !counted[row * columns + column] {
                    counted[row * columns + column] = true
                    sum += height * Swift.min(cell, viewport.width - column * cell)
                    if sum >= area { return true }
                }
            }
        }
        return false
    }

    /// The side of ``covers(_:atLeast:within:)``'s cells, in pixels, before doubling.
    static let coverCellSide = 64
    /// The most cells ``covers(_:atLeast:within:)`` cuts a viewport into.
    static let coverCells = 4096

    /// The summed area of `rects`.
    static func area(_ rects: [PixelRect]) -> Int { rects.reduce(0) { $0 + $1.area } }

    /// `damaged`, cut to `viewport`, as at most ``maximumRects`` disjoint rects covering it (disjoint: the
    /// band workers composite each from scratch, concurrently): overlapping rects are joined; then, while
    /// too many remain, the pair whose bounding box adds the least area, and what that box overlaps. More
    /// rects than ``exactMergeLimit`` are first joined into bands of shared rows (sorted by their top edge;
    /// if still too many, runs of bands of equal counts), O(n log n): the exact joining is O(n³), and a
    /// fling over 200 checkerboarded tiles took 50 ms in it.
    static func merged(_ damaged: [PixelRect], within viewport: PixelRect) -> [PixelRect] {
        var rects = damaged.map { $0.intersection(viewport) }.filter { !$0.isEmpty }
        guard !rects.isEmpty else { return [] }
        if rects.count > exactMergeLimit {
            // Bands: rects sorted by their top edge, each joined to the band above while they share rows.
            // Sorted as integers (top edge above the index, so equal edges keep their order), not through a
            // closure: the unmoved comparison of a 4K `feed` scroll frame damages ~1,400 rects, and their
            // closure sort was a sixth of the damage step's instructions (callgrind, frames without an early move).
            let order = rects.indices.map {
                UInt64(truncatingIfNeeded: rects[$0].minY - viewport.minY) << 32 | UInt64(truncatingIfNeeded: $0)
            }.sorted()
            var bands: [PixelRect] = []
            for key in order {
                let rect = rects[Int(truncatingIfNeeded: key & 0xFFFF_FFFF)]
                if let last = bands.last, rect.minY < last.maxY {
                    bands[bands.count - 1] = last.union(rect)
                } else {
                    bands.append(rect)
                }
            }
            rects = bands
            if rects.count > exactMergeLimit {  // many bands: runs of equal counts
                let run = (rects.count + maximumRects - 1) / maximumRects
                rects = stride(from: 0, to: rects.count, by: run).map {
                    bounding(rects[$0..<Swift.min($0 + run, rects.count)])
                }
            }
        }
        var result = joiningOverlaps(rects)
        while result.count > maximumRects {
            var best = (i: 0, j: 1, cost: Int.max)
            for i in result.indices {
                for j in result.indices where j > i {
                    let joined = result[i].union(result[j])
                    let cost = joined.area - result[i].area - result[j].area
                    if cost < best.cost { best = (i, j, cost) }
                }
            }
            let joined = result[best.i].union(result[best.j])
            result.remove(at: best.j)
            result[best.i] = joined
            result = joiningOverlaps(result)
        }
        return result
    }

    /// `rects` with every group of overlapping rects replaced by its bounding box, until none overlap.
    static func joiningOverlaps(_ rects: [PixelRect]) -> [PixelRect] {
        var result: [PixelRect] = []
        for rect in rects {
            var grown = rect
            var index = 0
            while index < result.count {
                if !result[index].intersection(grown).isEmpty {
                    grown = grown.union(result.remove(at: index))
                    index = 0
                } else {
                    index += 1
                }
            }
            result.append(grown)
        }
        return result
    }

    /// The smallest rect containing every rect of `rects` (not empty).
    static func bounding(_ rects: some Collection<PixelRect>) -> PixelRect {
        rects.dropFirst().reduce(rects.first!) { $0.union($1) }
    }
}
