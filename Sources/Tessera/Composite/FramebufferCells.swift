import TesseraKernelBodies
import TesseraPixels

/// What the compositor knows of the caller's framebuffer between frames: for every row, per 64-pixel cell
/// (``FramebufferCell``: cells from the left edge, whole cells only), the one pixel word the cell holds,
/// or that it holds several (mixed), as a scroll's move found them.
///
/// ```
///   row y:   │ cell 0  │ cell 1  │ cell 2  │ cell 3  │ … │ cell n−1 │ tail (< 64 px, never known)
///   entry:     white     mixed     unknown   grey            white
/// ```
///
/// A vertical scroll move (``MoveLanes``) reads the entries of the rows it moves from and to: a source
/// cell of a known colour is filled with it (nothing read), or not written at all where the destination
/// already holds that colour; mixed cells are copied (runs of them in one copy), unknown ones copied and
/// scanned, which makes them a colour or mixed (`CellMoveKernels.swift` in TesseraKernelBodies): a cell is
/// scanned once after it was written, not in every frame. The moved rows' entries go to a second map,
/// which becomes the current one when the frame ends (``finish(moved:composited:)``); every other write of
/// the framebuffer makes the cells it meets unknown: the rects the frame composites, a horizontal move's
/// window, a full frame. A frame
/// whose framebuffer may not hold the last frame (``begin(width:height:holdsLastFrame:)``) starts from
/// nothing known, and so does the frame after one that threw.
///
/// Why: a scroll frame moves nearly every pixel, and user interfaces are mostly flat colour. On
/// `tessera bench feed` (README.md, "Damage: idle frames are free", known cells) 65 % of the frame's cells
/// are one colour (card and page backgrounds), and per frame 56 % of the moved pixels are in cells of a
/// known colour, a third of those where the destination holds it already: a fill writes a line without
/// reading one, a kept cell is not touched.
///
/// Memory: two maps of 8 bytes a cell (4K: 2 × 1 MB), allocated for the framebuffer's size. Thread
/// safety: the model thread (``Compositor``), except while a move runs: its workers read ``Maps/current``
/// and write their own rows of ``Maps/next``, and an overlay's band part reads the rows of ``Maps/next``
/// the move has published as moved (``ScrollMove/movedEntries(row:)``); the compositor calls
/// ``finish(moved:composited:)`` after joining the move and the bands.
final class FramebufferCells {
    /// The maps a vertical move works with: it reads `current` and writes the entries of the rows it moves
    /// into `next`, `cellsPerRow` entries a row.
    struct Maps: @unchecked Sendable {
        let current: UnsafePointer<UInt64>
        let next: UnsafeMutablePointer<UInt64>
        let cellsPerRow: Int
    }

    private(set) var width = 0, height = 0, cellsPerRow = 0
    private var current: UnsafeMutablePointer<UInt64>?
    private var next: UnsafeMutablePointer<UInt64>?
    /// True when ``current`` describes the framebuffer as the last frame left it (set when a frame ends).
    private var isCurrent = false
    /// True when every entry of ``current`` is unknown.
    private var isClear = true

    deinit {
        current?.deallocate()
        next?.deallocate()
    }

    /// Starts a frame into a framebuffer of `width × height` pixels: the maps, holding what is known when
    /// the framebuffer holds the last frame (`holdsLastFrame`, the damage tracker's answer, and the last
    /// frame ended), nothing otherwise; `nil` for a framebuffer narrower than a cell. Until
    /// ``finish(moved:composited:)``, nothing is known for the next frame.
    func begin(width: Int, height: Int, holdsLastFrame: Bool) -> Maps? {
        let known = isCurrent && holdsLastFrame && width == self.width && height == self.height
        isCurrent = false
        if width != self.width || height != self.height {
            current?.deallocate()
            next?.deallocate()
            (self.width, self.height, cellsPerRow) = (width, height, width / FramebufferCell.width)
            let count = cellsPerRow * height
            current = count > 0 ? .allocate(capacity: count) : nil
            next = count > 0 ? .allocate(capacity: count) : nil
            current?.initialize(repeating: FramebufferCell.unknown, count: count)
            next?.initialize(repeating: FramebufferCell.unknown, count: count)
            isClear = true
        } else if !known {
            forgetAll()
        }
        guard let current, let next else { return nil }
        return Maps(current: UnsafePointer(current), next: next, cellsPerRow: cellsPerRow)
    }

    /// Ends a frame that wrote the framebuffer's pixels by moving `moved` (if it ran, and joined) and
    /// compositing `composited` (rects within the framebuffer; a horizontal move's window counts as
    /// composited): after a vertical move that had the maps, the moved rows' entries become the current
    /// ones (the rows it did not write keep theirs), then the cells `composited` meets become unknown.
    func finish(moved: ScrollMove?, composited: [PixelRect]) {
        guard var current, var next else { return }
        if let moved, let lanes = moved.lanes, lanes.hasCells {
            let window = moved.window, cellsPerRow = cellsPerRow
            let cells = Self.wholeCells(of: window.minX..<window.maxX)
            // The cells the move did not write whole.
            let edges = [0..<cells.lowerBound, cells.upperBound..<cellsPerRow]
            var written = BandVisibility.subtract(moved.skippedRows, from: window.minY..<window.maxY).makeIterator()
            var rows = written.next()
            for y in 0..<height {
                while let span = rows, span.upperBound <= y { rows = written.next() }
                let row = y * cellsPerRow
                guard let span = rows, span.contains(y) else {
                    (next + row).update(from: current + row, count: cellsPerRow)
                    continue
                }
                // The move wrote the window's whole cells; the cells it did not reach keep their entries,
                // those it wrote in part are unknown.
                for edge in edges {
                    for k in edge {
                        let x = k * FramebufferCell.width
                        let outside = x + FramebufferCell.width <= window.minX || x >= window.maxX
                        next[row + k] = outside ? current[row + k] : FramebufferCell.unknown
                    }
                }
            }
            swap(&current, &next)
            (self.current, self.next) = (current, next)
            isClear = false
        } else if let moved {
            forget(moved.window)
        }
        for rect in composited { forget(rect) }
        isCurrent = true
    }

    /// The cells `rect` meets become unknown.
    private func forget(_ rect: PixelRect) {
        guard let current, !isClear else { return }
        let rect = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !rect.isEmpty else { return }
        if rect.width == width, rect.height == height {
            forgetAll()
            return
        }
        let first = rect.minX / FramebufferCell.width
        let last = Swift.min(cellsPerRow, (rect.maxX + FramebufferCell.width - 1) / FramebufferCell.width)
        guard first < last else { return }
        for y in rect.minY..<rect.maxY {
            (current + y * cellsPerRow + first).update(repeating: FramebufferCell.unknown, count: last - first)
        }
    }

    private func forgetAll() {
        guard let current, !isClear else { return }
        current.update(repeating: FramebufferCell.unknown, count: cellsPerRow * height)
        isClear = true
    }

    /// The cells wholly inside the columns `columns` (framebuffer pixels).
    static func wholeCells(of columns: Range<Int>) -> Range<Int> {
        let first = (columns.lowerBound + FramebufferCell.width - 1) / FramebufferCell.width
        let last = columns.upperBound / FramebufferCell.width
        return first..<Swift.max(first, last)
    }

    /// The entry of cell `cell` of row `y` now (for tests).
    func entry(cell: Int, row y: Int) -> UInt64 {
        current.map { $0[y * cellsPerRow + cell] } ?? FramebufferCell.unknown
    }
}
