import Foundation
import TesseraKernelBodies
import TesseraPixels

/// Moves the pixels of a framebuffer by a whole number of pixels, vertically or horizontally: the first
/// step of a frame whose ``DamageTracker`` found that a scroll left most of the last frame right, one
/// offset away. Only the pixels of the scroll's window move (a fixed header outside it keeps its
/// pixels). ``BandCompositor`` runs its chunks first, on the same workers as the bands, or the woken
/// helpers start them while the frame is still being prepared (`Compositor+EarlyMove.swift`).
///
///     offset (0, −3): content moved up 3 rows           offset (+2, 0): content moved right 2 columns
///     ┌──────────┐      ┌──────────┐                    row:  a b c d e f   →   a b a b c d
///     │ row 0    │      │ row 3    │ ← was row 3              (the first 2 columns keep stale pixels:
///     │ row 1    │      │ row 4    │                           the damage composites them)
///     │ …        │  →   │ …        │
///     │ row H−1  │      │ (stale)  │ ← the exposed strip, composited after
///     └──────────┘      └──────────┘
///
/// Pixels are copied byte for byte (the framebuffer's format is kept). With temporal stores
/// (`KernelRoutines.copy`) the next frame of a scroll reads them back from the cache, if the cache keeps
/// them; with ``streams`` (`copyStreaming`, then the tier's store fence at the end of each chunk) no line
/// is read for ownership. Which one pays depends on whether the framebuffer stays cached between frames
/// (``Compositor/ScrollMoveStores``), measured on `tessera bench feed` (4K, 33 MB, 10,000 pt/s, 2
/// workers, alternated runs): on a Xeon with a 260 MB L3, streamed moves made the frame slower (mean
/// 3.71–3.95 ms against 2.51–2.82 temporal); on an EPYC with a 32 MB L3, slightly faster (28 pairs in
/// three windows: the streamed run's mean lower in 19, median ratio ×0.966, p99 unchanged). A vertical
/// move walks the rows away from the direction of the move, in blocks of at most `|offset.y|` rows, so
/// every block reads rows not yet written; its workers share whole rows, in lanes a joining worker splits
/// (``MoveLanes``: whole rows stream far faster than columns of them). A horizontal move moves each row in
/// place (`memmove`, temporal whatever ``streams`` says); each chunk is a range of rows.
///
/// With what is known of the framebuffer's cells (``FramebufferCells``), a vertical move fills a cell of
/// one known colour instead of copying it and leaves it alone where the destination holds that colour
/// already (the same bytes as the copy).
///
/// Cost: a read and a write of every moved pixel (about one copy of the framebuffer), less the known
/// cells' reads (filled) or both (kept), plus `|offset.y|` rows copied and read again per split of a
/// vertical move. Thread safety: a value whose copies share one
/// run: its chunks may run concurrently on one framebuffer, each once, and must all have returned before
/// anything else reads or writes its pixels.
package struct ScrollMove: Sendable {
    /// Pixel `(x, y)` receives pixel `(x − offset.x, y − offset.y)`.
    let offset: (x: Int, y: Int)
    /// The pixels that receive one: the moving window and that window moved by `offset`.
    let window: PixelRect
    /// The number of chunks (≥ 1).
    let chunks: Int
    /// Rows of the window a vertical move leaves as they are, sorted and disjoint: the frame composites
    /// them whole after the move (a translucent header over the list), so nothing would read what the move
    /// wrote there; their old pixels are still read by the rows they move to (``FrameStatistics/pixelsMoved``
    /// counts the whole window).
    let skippedRows: [Range<Int>]
    /// True when a vertical move writes with streaming stores (``Compositor/ScrollMoveStores``).
    let streams: Bool
    /// Rows of the window a streaming vertical move still writes with temporal stores, sorted and disjoint:
    /// those the frame draws over right after the move (``Damage/Overlay``, a translucent header's), whose
    /// pixels the overlay's kernels read back. A streamed row would be read from memory; a temporal one can
    /// still be in the cache (a move up writes the header's rows first, and the overlay is drawn as soon as
    /// they are moved). On `tessera bench feed` the header's `fillOver` took 17 % fewer samples, and the
    /// rows' copy as many (README.md, "Damage"). Empty when the move does not stream.
    let temporalRows: [Range<Int>]
    /// How a vertical move's workers share its rows; `nil` for a horizontal move.
    let lanes: MoveLanes?

    /// The move of the pixels of `area` (framebuffer pixels) by `offset` (one of `x`, `y` zero, both
    /// shorter than the area's sides) within it, in at most `workers` chunks (a vertical move: one
    /// worker's lane and `workers − 1` joiners, ``MoveLanes``); `nil` for any other offset.
    /// `rewritten`: rects the frame composites after the move (disjoint); a vertical move skips the rows
    /// of the window one of them covers from side to side.
    /// `chunksPerWorker`: more rows of a horizontal move for a move the helpers start before the calling
    /// thread joins (``Compositor``'s early move), so that the work is shared whenever it joins.
    /// `streams`: a vertical move writes with streaming stores, but for the rows of `overlaid` (rects the
    /// frame draws over after the move, disjoint) that cover the window from side to side.
    /// `cells`: what is known of the framebuffer's cells (``FramebufferCells``), for a vertical move to fill
    /// or keep known colours instead of copying them, and to write its rows' entries.
    init?(offset: (x: Int, y: Int), within area: PixelRect, workers: Int, chunksPerWorker: Int = 1,
          rewritten: [PixelRect] = [], overlaid: [PixelRect] = [], streams: Bool = false,
          cells: FramebufferCells.Maps? = nil) {
        guard (offset.x == 0) != (offset.y == 0) else { return nil }
        let window = area.intersection(area.offsetBy(dx: offset.x, dy: offset.y))
        guard !window.isEmpty else { return nil }
        self.offset = offset
        self.window = window
        self.streams = streams
        // A horizontal move: one chunk per worker when the move is the band run's first items (measured on
        // `tessera bench feed`, four per worker made the frame 0.1–0.2 ms slower, and its tail no shorter);
        // an early move takes four, so that the frame thread finds chunks left when it joins. A vertical
        // move's joiners split its lanes whenever they come.
        chunks = Swift.max(1, offset.y != 0 ? Swift.min(workers, window.height / Self.rowsPerChunk)
                                            : Swift.min(workers * chunksPerWorker, window.height / Self.rowsPerChunk))
        skippedRows = offset.y == 0 ? [] : Self.spannedRows(of: rewritten, in: window)
        temporalRows = offset.y == 0 || !streams ? [] : Self.spannedRows(of: overlaid, in: window)
        lanes = offset.y == 0 ? nil : MoveLanes(window: window, offsetY: offset.y, slots: chunks, skippedRows: skippedRows,
                                               temporalRows: temporalRows, streams: streams, cells: cells)
        if offset.y != 0, lanes == nil { return nil }  // a window of more blocks than a lane word names
    }

    /// The rows of `window` that rects of `rects` (disjoint) cover from side to side, sorted, those that
    /// touch joined.
    private static func spannedRows(of rects: [PixelRect], in window: PixelRect) -> [Range<Int>] {
        let spans = rects.filter { $0.minX <= window.minX && $0.maxX >= window.maxX }
            .map { ($0.minY..<$0.maxY).clamped(to: window.minY..<window.maxY) }
            .filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        var rows: [Range<Int>] = []
        for span in spans {  // disjoint rects: spans only touch; join those that do
            if let last = rows.last, last.upperBound == span.lowerBound {
                rows[rows.count - 1] = last.lowerBound..<span.upperBound
            } else {
                rows.append(span)
            }
        }
        return rows
    }

    /// True when the move reads or writes a pixel of `rect`: a band part that it does not touch need not
    /// wait for the move (a translucent header's bands, whose rows the move skips).
    func touches(_ rect: PixelRect) -> Bool {
        guard !rect.isEmpty else { return false }
        if offset.y == 0 {  // each row of the window reads the window's columns moved by −offset.x
            let rows = rect.minY < window.maxY && rect.maxY > window.minY
            return rows && (rect.minX < window.maxX && rect.maxX > window.minX
                            || rect.minX < window.maxX - offset.x && rect.maxX > window.minX - offset.x)
        }
        guard rect.minX < window.maxX, rect.maxX > window.minX else { return false }
        // Rows written: the window's, less the skipped ones; a written row y reads row y − offset.y.
        func writes(_ rows: Range<Int>) -> Bool {
            let inWindow = rows.clamped(to: window.minY..<window.maxY)
            return !inWindow.isEmpty && !BandVisibility.subtract(skippedRows, from: inWindow).isEmpty
        }
        return writes(rect.minY..<rect.maxY) || writes((rect.minY + offset.y)..<(rect.maxY + offset.y))
    }

    /// The moved pixels a vertical move over known cells filled with their colour, and those it left as
    /// they were (the destination held that colour already), once it has run; zero without cells.
    var cellPixels: (filled: Int, kept: Int) { lanes?.cellPixels ?? (0, 0) }

    /// The cells (``FramebufferCell``, from the framebuffer's left edge) whose entries ``movedEntries(row:)``
    /// gives; empty without cells (a horizontal move, no maps).
    var movedCells: Range<Int> { lanes?.cellRange ?? 0..<0 }

    /// The entries the move wrote for framebuffer row `y`'s cells (``MoveLanes/movedEntries(row:)``): true
    /// of the row's pixels once it is moved, until anything else writes them.
    func movedEntries(row y: Int) -> UnsafePointer<UInt64>? { lanes?.movedEntries(row: y) }

    /// True when the move's rows `rows` are written and no worker of the move touches them any more
    /// (``MoveLanes/hasMoved(_:)``); false when that is not known (a horizontal move's chunks).
    func hasMoved(_ rows: Range<Int>) -> Bool { lanes?.hasMoved(rows) ?? false }

    /// Moves chunk `chunk` (`0 ..< chunks`) of `framebuffer` with `routines` (RGBA: a plain byte copy).
    /// Streamed stores are fenced before it returns; a thread that reads the pixels after must still
    /// synchronize with this one (the band run's barrier does).
    func run(chunk: Int, of framebuffer: PixelBuffer, _ routines: KernelRoutines) {
        if let lanes {
            lanes.work(chunk: chunk, of: framebuffer, routines)
            return
        }
        let stride = framebuffer.bytesPerRow
        let y0 = window.height * chunk / chunks, y1 = window.height * (chunk + 1) / chunks
        for y in (window.minY + y0)..<(window.minY + y1) {
            let destination = framebuffer.baseAddress + y * stride + window.minX * 4
            memmove(destination, destination - offset.x * 4, window.width * 4)
        }
    }

    /// The fewest rows worth a chunk of their own (a horizontal move) or a lane (a vertical one).
    static let rowsPerChunk = 64
    /// The most rows one copy call moves (a block never reads rows it writes when it is at most the move's
    /// distance), and the rows a move's worker claims at a time (``MoveLanes``). 16 rows of a 4K frame are
    /// 240 KiB: a worker that finished its lane waits for at most one such block of another's. Measured
    /// with `perf record -e cpu-clock` on `tessera bench feed` (one run each): the frame thread's time in
    /// `sched_yield` waiting for the move fell from 0.20 to 0.11 ms a frame against 64 rows.
    static let maximumBlockRows = 16
}
