import Synchronization
import TesseraKernelBodies
import TesseraPixels

/// How the workers of one vertical ``ScrollMove`` share its rows: whole rows in ranges ("lanes"), split
/// when a worker joins, instead of columns.
///
/// A vertical move must write its rows in order, away from the direction of the move: row `t` (counted in
/// that order, "move order") reads row `t + d`, `d = |offset.y|`, which the move writes later. Cutting the
/// window into columns keeps every worker's rows independent, but each row of a column is a short copy at
/// the framebuffer's stride, and on the 32 MB-L3 EPYC a core then moves far less memory per second (a
/// standalone probe of a streamed 4K move 83 rows up, not kept: 7.2 ms on one thread in six 640-pixel
/// columns against 4.5 ms in whole rows). Measured on `tessera bench feed` (2 workers, 4 pairs alternated
/// with the column split, one window): mean 4.36–4.83 ms against 5.25–6.15.
///
/// So the first worker takes every row, as one lane, in blocks of `B = min(d, 16)` rows
/// (``ScrollMove/maximumBlockRows``; rows of one block read no row of it). A worker that joins splits
/// the lane with the most blocks left: it takes the upper part `[mid, limit)` as a new lane, the old
/// lane keeps `[next, mid)`. The old lane's last rows read the first `d` rows of the new one's, which the
/// new lane overwrites at once: the joiner first copies those rows (the **halo**) to a buffer of its own,
/// and the old lane reads them from there.
///
/// ```
///   move order ↓    lane 0: [next ······ mid)   lane 1: [mid ··········· limit)
///                             │ last rows read ──► halo = rows mid·B ..< mid·B + d,
///                             │                    saved by lane 1's worker before it writes them
/// ```
///
/// A split leaves the old lane at least `⌈d / B⌉` blocks after those it has claimed (a claimed block's
/// reads never reach the new lane), and happens only when the new lane gets at least
/// ``minimumRowsPerDistance`` × `d` rows (the halo costs a copy of `d` rows and a read of them). A worker
/// that finds nothing worth splitting returns: the lanes' own workers finish them. A worker that finished
/// its lane splits again while spare slots last, so a worker the system stopped in the middle of its
/// lane (a virtual CPU preempted for milliseconds) holds back only its claimed block and what is too
/// short to split. Each lane's state is one atomic word, `(next, limit, successor)`: claiming a block and
/// splitting are one compare-exchange each, so a lane's owner learns of a split when it claims its next
/// block, and always knows which lane (and halo) starts at its limit.
///
/// Rows the frame rewrites (``ScrollMove/skippedRows``) are neither written nor, when only they would
/// read it, saved into a halo: a band that runs beside the move may be writing them. Rows the frame draws
/// over right after (``ScrollMove/temporalRows``) are written with temporal stores even when the move
/// streams.
///
/// Thread safety: ``work(chunk:of:_:)`` once for each chunk, on any threads, concurrently; all must have
/// returned before anything else reads the moved rows (a lane is run by the worker that made it, or that
/// split it off, alone). Memory: each split takes its halo (`d` rows of the window) from
/// ``OffscreenPool`` until the move is released.
final class MoveLanes: Sendable {
    /// A lane slot: its state word, and the halo of the split that made it.
    private final class Lane: @unchecked Sendable {
        /// `next | limit << 25 | (successor + 1) << 50`, blocks in move order (empty: all zero).
        let word = Atomic<Int>(0)
        /// Set (releasing) once ``halo`` holds the rows the lane before it reads.
        let haloReady = Atomic<Bool>(false)
        /// The saved rows, framebuffer rows ``haloRows`` in order, the window's columns; written once
        /// before ``haloReady``. From ``OffscreenPool``: a fresh allocation of a halo's megabyte or so
        /// would fault its pages in every frame.
        var halo: OffscreenPool.Slab?
        /// The framebuffer rows whose pixels ``halo`` holds.
        var haloRows: Range<Int> = 0..<0

        deinit { halo.map(OffscreenPool.shared.give) }
    }

    /// The most blocks a lane word can name (25 bits).
    static let maximumBlocks = 1 << 25
    /// Lane slots per chunk beyond its own: a worker that finished its lane splits another again (a
    /// helper the system stopped in the middle of its lane leaves only what it claimed).
    static let spareSlotsPerChunk = 3
    /// A split happens only when the new lane gets at least this many times the move's distance in rows.
    static let minimumRowsPerDistance = 2
    /// The first lane publishes its progress over its first this many blocks, each time the count of its
    /// moved blocks reaches a power of two (a fence each when the move streams: 6 in all): the rows a frame
    /// wants moved early, those a fixed header covers (``hasMoved(_:)``).
    static let publishedBlocks = 32

    private let lanes: [Lane]
    /// The chunks' own slots, `0 ..< chunks`; the spare slots (``spareSlotsPerChunk`` per chunk) follow.
    private let chunks: Int
    /// Spare slots taken so far.
    private let spares = Atomic<Int>(0)
    /// How many of the first lane's blocks are moved (and fenced), as last published (a power of two, at
    /// most ``publishedBlocks``): what ``hasMoved(_:)`` reads.
    private let firstLaneMoved = Atomic<Int>(0)
    private let window: PixelRect
    private let offsetY: Int
    private let distance: Int
    private let blockRows: Int
    private let blocks: Int
    private let skippedRows: [Range<Int>]
    private let temporalRows: [Range<Int>]
    private let streams: Bool
    /// What is known of the framebuffer's cells (``FramebufferCells``), when the move has it: known colours
    /// are filled or kept instead of copied, and the moved rows' entries written.
    private let cells: FramebufferCells.Maps?
    /// The window's whole cells: the move's rows over them go through ``KernelRoutines/moveCells``.
    let cellRange: Range<Int>
    /// Their columns, pixels from the window's left edge; the columns before and after are copied.
    private let cellColumns: Range<Int>
    /// Cells filled with their known colour, and cells left as they were, so far.
    private let filledCells = Atomic<Int>(0), keptCells = Atomic<Int>(0)

    /// True when the move writes the entries of its rows' whole cells (``FramebufferCells/finish(moved:composited:)``).
    var hasCells: Bool { cells != nil && !cellRange.isEmpty }
    /// The entries of framebuffer row `y`'s cells (indexed by cell) as the move wrote them, valid over
    /// ``cellRange`` once the row is moved (``hasMoved(_:)``, or after the join); `nil` when the move does
    /// not write the row over known cells (outside the window, a skipped row, no cells).
    func movedEntries(row y: Int) -> UnsafePointer<UInt64>? {
        guard let cells, !cellRange.isEmpty, y >= window.minY, y < window.maxY,
              !skippedRows.contains(where: { $0.contains(y) }) else { return nil }
        return UnsafePointer(cells.next + y * cells.cellsPerRow)
    }

    /// The pixels filled with a known colour and those left as they were, once the move has run.
    var cellPixels: (filled: Int, kept: Int) {
        (filledCells.load(ordering: .relaxed) * FramebufferCell.width,
         keptCells.load(ordering: .relaxed) * FramebufferCell.width)
    }

    /// The lanes of a vertical move of `window` by `offsetY` (≠ 0, `|offsetY| < window.height`) run as
    /// `slots` chunks (each with a lane slot of its own, plus ``spareSlotsPerChunk`` spare ones); `nil`
    /// when the window has too many blocks for a lane word.
    init?(window: PixelRect, offsetY: Int, slots: Int, skippedRows: [Range<Int>], temporalRows: [Range<Int>] = [],
          streams: Bool, cells: FramebufferCells.Maps? = nil) {
        distance = abs(offsetY)
        blockRows = Swift.min(distance, ScrollMove.maximumBlockRows)
        blocks = (window.height + blockRows - 1) / blockRows
        let slots = Swift.max(1, slots)
        guard blocks < Self.maximumBlocks, slots * (1 + Self.spareSlotsPerChunk) < 1 << 12 else { return nil }
        self.window = window
        self.offsetY = offsetY
        self.skippedRows = skippedRows
        self.temporalRows = temporalRows
        self.streams = streams
        self.cells = cells
        cellRange = cells == nil ? 0..<0 : FramebufferCells.wholeCells(of: window.minX..<window.maxX)
        cellColumns = (cellRange.lowerBound * FramebufferCell.width - window.minX)
            ..< (cellRange.upperBound * FramebufferCell.width - window.minX)
        chunks = slots
        lanes = (0..<(slots * (1 + Self.spareSlotsPerChunk))).map { _ in Lane() }
        lanes[0].word.store(Self.pack(next: 0, limit: blocks, successor: nil), ordering: .relaxed)
    }

    private static func pack(next: Int, limit: Int, successor: Int?) -> Int {
        next | limit << 25 | ((successor ?? -1) + 1) << 50
    }

    private static func unpack(_ word: Int) -> (next: Int, limit: Int, successor: Int?) {
        let successor = word >> 50
        return (word & (maximumBlocks - 1), (word >> 25) & (maximumBlocks - 1), successor == 0 ? nil : successor - 1)
    }

    /// The framebuffer rows of the move-order rows `rows` (ascending).
    private func framebufferRows(_ rows: Range<Int>) -> Range<Int> {
        offsetY < 0 ? (window.minY + rows.lowerBound)..<(window.minY + rows.upperBound)
            : (window.maxY - rows.upperBound)..<(window.maxY - rows.lowerBound)
    }

    /// Blocks of lane `slot` not claimed yet.
    func blocksLeft(inLane slot: Int) -> Int {
        let (next, limit, _) = Self.unpack(lanes[slot].word.load(ordering: .acquiring))
        return Swift.max(0, limit - next)
    }

    /// Runs lane `slot` (the first: the whole move, less what joiners split off) on the calling thread:
    /// claims its blocks one by one until none is left, or `most` of them.
    func run(lane slot: Int = 0, of framebuffer: PixelBuffer, _ routines: KernelRoutines, blocks most: Int = .max) {
        let lane = lanes[slot]
        var word = lane.word.load(ordering: .acquiring)
        var done = 0
        while done < most {
            let (next, limit, successor) = Self.unpack(word)
            guard next < limit else { break }
            let (exchanged, original) = lane.word.compareExchange(
                expected: word, desired: Self.pack(next: next + 1, limit: limit, successor: successor),
                ordering: .acquiringAndReleasing)
            guard exchanged else {
                word = original
                continue
            }
            word = Self.pack(next: next + 1, limit: limit, successor: successor)
            move(block: next, limit: limit, successor: successor.map { lanes[$0] }, of: framebuffer, routines)
            done += 1
            // The first lane's blocks, in order, by one thread.
            if slot == 0, next < Self.publishedBlocks, (next + 1) & next == 0 {
                if streams { routines.storeFence() }
                firstLaneMoved.store(next + 1, ordering: .releasing)
            }
        }
        if streams { routines.storeFence() }
    }

    /// Chunk `chunk` of the move: chunk 0 runs the first lane, another splits the lane with the most blocks
    /// left into slot `chunk` and runs the new lane. Then, while a spare slot is left, it splits again
    /// (the lane of a worker that the system stopped, say) and runs that lane; it returns when no lane is
    /// worth splitting.
    func work(chunk: Int, of framebuffer: PixelBuffer, _ routines: KernelRoutines) {
        if chunk == 0 {
            run(of: framebuffer, routines)
        } else if split(into: chunk, of: framebuffer, routines) {
            run(lane: chunk, of: framebuffer, routines)
        } else {
            return
        }
        while true {
            let slot = chunks + spares.wrappingAdd(1, ordering: .relaxed).oldValue
            guard slot < lanes.count, split(into: slot, of: framebuffer, routines) else { return }
            run(lane: slot, of: framebuffer, routines)
        }
    }

    /// A split of ``work(chunk:of:_:)`` alone (its halo saved), without running the new lane; false when
    /// no lane is worth splitting.
    func split(into slot: Int, of framebuffer: PixelBuffer, _ routines: KernelRoutines) -> Bool {
        let lane = lanes[slot]
        let reach = (distance + blockRows - 1) / blockRows  // blocks a claimed block's reads may reach past it
        let minimumBlocks = Swift.max(2, (Self.minimumRowsPerDistance * distance + blockRows - 1) / blockRows)
        while true {
            var best: (index: Int, word: Int, left: Int)?
            for index in lanes.indices where index != slot {
                let word = lanes[index].word.load(ordering: .acquiring)
                let (next, limit, _) = Self.unpack(word)
                if limit - next > best?.left ?? 0 { best = (index, word, limit - next) }
            }
            guard let best else { return false }
            let (next, limit, successor) = Self.unpack(best.word)
            // The joiner also copies the halo: it takes a little less than half.
            let mid = Swift.max(next + reach, next + (best.left + reach + 1) / 2)
            guard limit - mid >= minimumBlocks else { return false }
            let (exchanged, _) = lanes[best.index].word.compareExchange(
                expected: best.word, desired: Self.pack(next: next, limit: mid, successor: slot),
                ordering: .acquiringAndReleasing)
            guard exchanged else { continue }
            lane.word.store(Self.pack(next: mid, limit: limit, successor: successor), ordering: .releasing)
            saveHalo(of: lane, at: mid, from: framebuffer, routines)
            lane.haloReady.store(true, ordering: .releasing)
            return true
        }
    }

    /// Copies into `lane`'s halo the rows the lane before it reads from move-order row `start · B` on (up
    /// to `d` rows, within the window: rows past it are never written), for the readers the move writes
    /// (over known cells, what they read of them: ``saveRows(_:from:_:to:_:copy:)``).
    /// With streaming stores when the move streams (the old lane reads the halo only at its end, after the
    /// move has streamed megabytes through the caches: the copy need not read the slab's lines for
    /// ownership), fenced before the caller publishes the halo.
    private func saveHalo(of lane: Lane, at start: Int, from framebuffer: PixelBuffer, _ routines: KernelRoutines) {
        let first = start * blockRows  // ≥ d: a split leaves the old lane at least ⌈d / B⌉ blocks
        let saved = first..<Swift.min(first + distance, window.height)
        let sources = framebufferRows(saved)
        let stride = window.width * 4
        let slab = OffscreenPool.shared.take(byteCount: sources.count * stride), halo = slab.baseAddress
        lane.halo = slab
        lane.haloRows = sources
        let readers = framebufferRows((saved.lowerBound - distance)..<(saved.upperBound - distance))
        let copy = streams ? routines.copyStreaming : routines.copy
        for piece in BandVisibility.subtract(skippedRows, from: readers) {
            let source = (piece.lowerBound - offsetY)..<(piece.upperBound - offsetY)
            let from = framebuffer.baseAddress + source.lowerBound * framebuffer.bytesPerRow + window.minX * 4
            saveRows(source, from: from, framebuffer.bytesPerRow,
                     to: halo + (source.lowerBound - sources.lowerBound) * stride, stride, copy: copy)
        }
        if streams { routines.storeFence() }  // before `haloReady`: a release orders no streaming store
    }

    /// Copies the window's columns of framebuffer rows `rows` from `src` to `dst` with `copy`; over known
    /// cells, only what ``moveRows(_:from:_:to:_:copy:streams:_:)`` reads of them: cells of a known colour
    /// are filled or kept from their entries, never read, so they are left out (on `tessera bench feed`
    /// more than half of a halo's cells).
    private func saveRows(_ rows: Range<Int>, from src: UnsafeRawPointer, _ srcStride: Int,
                          to dst: UnsafeMutableRawPointer, _ dstStride: Int, copy: KernelRoutines.Copy) {
        guard let cells, !cellRange.isEmpty else {
            copy(src, srcStride, dst, dstStride, window.width, rows.count)
            return
        }
        copyOutsideCells(rows.count, from: src, srcStride, to: dst, dstStride, copy: copy)
        for (index, y) in rows.enumerated() {
            let entries = cells.current + y * cells.cellsPerRow
            let source = src + index * srcStride, destination = dst + index * dstStride
            var k = cellRange.lowerBound
            while k < cellRange.upperBound {
                guard !FramebufferCell.isColor(entries[k]) else {
                    k += 1
                    continue
                }
                var end = k + 1
                while end < cellRange.upperBound, !FramebufferCell.isColor(entries[end]) { end += 1 }
                let offset = (cellColumns.lowerBound + (k - cellRange.lowerBound) * FramebufferCell.width) * 4
                copy(source + offset, srcStride, destination + offset, dstStride, (end - k) * FramebufferCell.width, 1)
                k = end
            }
        }
    }

    /// True when framebuffer rows `rows` (within the window) are moved, and no worker of the move
    /// touches them any more: the first lane has moved every block up to theirs (in move order, a block
    /// only reads rows after it; a halo holds rows of a later lane). False when that is not known yet.
    /// Any thread.
    func hasMoved(_ rows: Range<Int>) -> Bool {
        guard !rows.isEmpty, rows.lowerBound >= window.minY, rows.upperBound <= window.maxY else { return false }
        let last = offsetY < 0 ? rows.upperBound - 1 - window.minY : window.maxY - rows.lowerBound - 1  // move order
        return last / blockRows < firstLaneMoved.load(ordering: .acquiring)
    }

    /// A lane's saved rows: its pixels (the window's columns, rows packed) and their framebuffer rows.
    private typealias Halo = (pixels: UnsafeMutableRawPointer, rows: Range<Int>)

    /// Writes the window's columns of the framebuffer rows that framebuffer rows `rows` move to, from `src`
    /// (those rows' pixels: in the framebuffer, or a halo) with `copy` (temporal or streaming as `streams`
    /// says), over the known cells (``KernelRoutines/moveCells``) when the move has them.
    private func moveRows(_ rows: Range<Int>, from src: UnsafeRawPointer, _ srcStride: Int,
                          to dst: UnsafeMutableRawPointer, _ dstStride: Int, copy: KernelRoutines.Copy, streams: Bool,
                          _ routines: KernelRoutines) {
        guard let cells, !cellRange.isEmpty else {
            copy(src, srcStride, dst, dstStride, window.width, rows.count)
            return
        }
        copyOutsideCells(rows.count, from: src, srcStride, to: dst, dstStride, copy: copy)
        let perRow = cells.cellsPerRow, offset = cellColumns.lowerBound * 4
        let source = rows.lowerBound * perRow + cellRange.lowerBound, destination = source + offsetY * perRow
        let (filled, kept) = routines.moveCells(src + offset, srcStride, dst + offset, dstStride, cellRange.count,
                                                rows.count, cells.current + source, cells.current + destination,
                                                cells.next + destination, perRow, streams)
        if filled > 0 { filledCells.add(filled, ordering: .relaxed) }
        if kept > 0 { keptCells.add(kept, ordering: .relaxed) }
    }

    /// Copies the window's columns before its first whole cell and after its last, `rows` rows.
    private func copyOutsideCells(_ rows: Int, from src: UnsafeRawPointer, _ srcStride: Int,
                                  to dst: UnsafeMutableRawPointer, _ dstStride: Int, copy: KernelRoutines.Copy) {
        let (head, tail) = (cellColumns.lowerBound, cellColumns.upperBound)
        if head > 0 { copy(src, srcStride, dst, dstStride, head, rows) }
        if tail < window.width { copy(src + tail * 4, srcStride, dst + tail * 4, dstStride, window.width - tail, rows) }
    }

    /// Moves block `block` of a lane whose limit is `limit`: its rows that read the next lane's first
    /// rows (`successor`, starting at `limit`) read them from that lane's halo.
    private func move(block: Int, limit: Int, successor: Lane?, of framebuffer: PixelBuffer, _ routines: KernelRoutines) {
        let rows = framebufferRows((block * blockRows)..<Swift.min((block + 1) * blockRows, window.height))
        let halo: Halo? = successor.flatMap { lane in
            // Only the lane's last blocks read past its limit.
            guard (block + 1) * blockRows + distance > limit * blockRows else { return nil }
            WorkLanes.wait { lane.haloReady.load(ordering: .acquiring) }
            return (lane.halo!.baseAddress, lane.haloRows)
        }
        let stride = framebuffer.bytesPerRow
        /// Moves the framebuffer rows `piece` with temporal or streaming stores.
        func move(_ piece: Range<Int>, temporal: Bool) {
            let copy = temporal ? routines.copy : routines.copyStreaming
            // The piece's sources: in the framebuffer, but for those in the halo's rows.
            let sources = (piece.lowerBound - offsetY)..<(piece.upperBound - offsetY)
            func copyRows(_ part: Range<Int>, from halo: Halo? = nil) {
                guard !part.isEmpty else { return }
                let destination = framebuffer.baseAddress + (part.lowerBound + offsetY) * stride + window.minX * 4
                if let halo {
                    moveRows(part, from: halo.pixels + (part.lowerBound - halo.rows.lowerBound) * window.width * 4,
                             window.width * 4, to: destination, stride, copy: copy, streams: !temporal, routines)
                } else {
                    moveRows(part, from: destination - offsetY * stride, stride, to: destination, stride, copy: copy,
                             streams: !temporal, routines)
                }
            }
            guard let halo, sources.overlaps(halo.rows) else {
                copyRows(sources)
                return
            }
            let inHalo = sources.clamped(to: halo.rows)
            copyRows(sources.lowerBound..<inHalo.lowerBound)
            copyRows(inHalo, from: halo)
            copyRows(inHalo.upperBound..<sources.upperBound)
        }
        for piece in BandVisibility.subtract(skippedRows, from: rows) {
            guard !temporalRows.isEmpty else {
                move(piece, temporal: !streams)
                continue
            }
            // Rows an overlay reads back right after (a header's): temporal.
            for temporal in temporalRows where temporal.overlaps(piece) { move(piece.clamped(to: temporal), temporal: true) }
            for other in BandVisibility.subtract(temporalRows, from: piece) { move(other, temporal: !streams) }
        }
    }
}
