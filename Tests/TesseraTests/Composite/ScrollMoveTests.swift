import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Tessera
import TesseraKernelBodies

/// Scroll moves (`DamageTracker`, "Scrolls"; `ScrollMove`): a frame that scrolls by whole pixels on one
/// axis moves the last frame's pixels and composites only what the move cannot give — and is then
/// exactly the frame a full composite gives.
@Suite struct ScrollMoveTests {
    // MARK: The move

    /// A framebuffer of distinct pixels (`width × height`, rows `padding` pixels longer than the width).
    static func numbered(width: Int, height: Int, padding: Int) throws -> (PixelBuffer, UnsafeMutableRawPointer) {
        let stride = (width + padding) * 4
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 4)
        let buffer = try PixelBuffer(wrapping: memory, width: width, height: height, bytesPerRow: stride)
        for y in 0..<height {
            for x in 0..<(width + padding) {
                memory.storeBytes(of: UInt32(truncatingIfNeeded: y &* 7919 &+ x &* 31 &+ 1), toByteOffset: y * stride + x * 4,
                                  as: UInt32.self)
            }
        }
        return (buffer, memory)
    }

    @Test(arguments: [(0, 5), (0, -7), (0, 1), (0, -1), (0, 63), (0, -64), (0, 130), (3, 0), (-16, 0), (1, 0), (-299, 0)])
    func aMoveCopiesEveryPixelOneOffsetAwayAndLeavesTheRest(dx: Int, dy: Int) throws {
        // Streamed moves on every tier (odd widths and padded strides: unaligned row starts).
        let settings = [(false, Kernels.active)] + (try KernelTier.available.map { (true, try KernelTable(tier: $0)) })
        for (width, height, padding) in [(300, 150, 0), (613, 131, 3), (1030, 200, 1)] {
            for workers in [1, 2, 3] {
              for (streams, kernels) in settings {
                let (buffer, memory) = try Self.numbered(width: width, height: height, padding: padding)
                defer { memory.deallocate() }
                let before = (0..<(buffer.bytesPerRow / 4 * height)).map { memory.load(fromByteOffset: $0 * 4, as: UInt32.self) }
                let move = try #require(ScrollMove(offset: (dx, dy), within: buffer.bounds, workers: workers, streams: streams))
                let routines = kernels.routines
                DispatchQueue.concurrentPerform(iterations: move.chunks) { chunk in
                    move.run(chunk: chunk, of: buffer, routines)
                }
                let rowWords = buffer.bytesPerRow / 4
                var wrong = 0
                for y in 0..<height {
                    for x in 0..<rowWords {
                        let (sx, sy) = (x - dx, y - dy)
                        let moved = x < width && sx >= 0 && sx < width && sy >= 0 && sy < height
                        let expected = moved ? before[sy * rowWords + sx] : before[y * rowWords + x]
                        if memory.load(fromByteOffset: (y * rowWords + x) * 4, as: UInt32.self) != expected { wrong += 1 }
                    }
                }
                #expect(wrong == 0, "\(width)×\(height)+\(padding), offset (\(dx), \(dy)), \(workers) workers, \(move.chunks) chunks, streams \(streams) (\(kernels.tier))")
                #expect(move.window.area == (width - abs(dx)) * (height - abs(dy)))
              }
            }
        }
    }

    /// Rows a rewritten rect covers from side to side keep their pixels (the frame composites them after
    /// the move); every other row of the window is moved, and its source is the last frame's pixels even
    /// where it lies in a skipped row.
    @Test(arguments: [5, -7, 1, -1, 63, -64, 100])
    func aMoveSkipsTheRowsTheFrameRewritesWholeAndMovesTheRest(dy: Int) throws {
        let (width, height) = (613, 131)
        let rewritten = [PixelRect(x: -4, y: -8, width: 700, height: 30),  // the top 22 rows, wider than the window
                         PixelRect(x: 0, y: 40, width: 600, height: 10),   // not the whole width: moved
                         PixelRect(x: 0, y: 60, width: 613, height: 1), PixelRect(x: 0, y: 61, width: 613, height: 9),
                         PixelRect(x: 0, y: 125, width: 613, height: 40)]
        let skipped = { (y: Int) in (0..<22).contains(y) || (60..<70).contains(y) || y >= 125 }
        for workers in [1, 2, 3] {
            let (buffer, memory) = try Self.numbered(width: width, height: height, padding: 3)
            defer { memory.deallocate() }
            let rowWords = buffer.bytesPerRow / 4
            let before = (0..<(rowWords * height)).map { memory.load(fromByteOffset: $0 * 4, as: UInt32.self) }
            let move = try #require(ScrollMove(offset: (0, dy), within: buffer.bounds, workers: workers, rewritten: rewritten))
            #expect(move.skippedRows == [0..<22, 60..<70, 125..<height]
                .map { $0.clamped(to: move.window.minY..<move.window.maxY) }.filter { !$0.isEmpty })
            let routines = Kernels.active.routines
            DispatchQueue.concurrentPerform(iterations: move.chunks) { chunk in
                move.run(chunk: chunk, of: buffer, routines)
            }
            var wrong = 0
            for y in 0..<height {
                for x in 0..<rowWords {
                    let sy = y - dy
                    let moved = x < width && sy >= 0 && sy < height && !skipped(y)
                    let expected = moved ? before[sy * rowWords + x] : before[y * rowWords + x]
                    if memory.load(fromByteOffset: (y * rowWords + x) * 4, as: UInt32.self) != expected { wrong += 1 }
                }
            }
            #expect(wrong == 0, "offset \(dy), \(workers) workers, \(move.chunks) chunks")
        }
    }

    /// A streamed move writes the rows an overlay draws over right after (rects covering the window from
    /// side to side) with temporal stores, and every other row it writes with streaming stores; the pixels
    /// are those of any move. Rows it skips are written by neither. The same over the framebuffer's cells
    /// (`FramebufferCells`: their copy kernel is told which stores to use).
    @Test(arguments: [5, -7, 16, -17, 63])
    func aStreamedMoveWritesTheOverlaidRowsWithTemporalStores(dy: Int) throws {
        let (width, height) = (613, 131)
        let rewritten = [PixelRect(x: 0, y: 0, width: width, height: 12)]
        let overlaid = [PixelRect(x: -4, y: 12, width: 700, height: 20),  // wider than the window
                        PixelRect(x: 0, y: 32, width: width, height: 3),   // touches the one before: joined
                        PixelRect(x: 0, y: 50, width: 600, height: 10),    // not the whole width: streamed
                        PixelRect(x: 0, y: 120, width: width, height: 40)] // past the window's end: clamped
      for withCells in [false, true] {
        for workers in [1, 2, 3] {
            let cells = FramebufferCells()
            let maps = withCells ? cells.begin(width: width, height: height, holdsLastFrame: false) : nil
            let move = try #require(ScrollMove(offset: (0, dy), within: PixelRect(x: 0, y: 0, width: width, height: height),
                                               workers: workers, rewritten: rewritten, overlaid: overlaid, streams: true,
                                               cells: maps))
            let window = move.window.minY..<move.window.maxY
            #expect(move.temporalRows == [12..<35, 120..<height].map { $0.clamped(to: window) }.filter { !$0.isEmpty })
            let (buffer, memory) = try Self.numbered(width: width, height: height, padding: 3)
            defer { memory.deallocate() }
            let rowWords = buffer.bytesPerRow / 4
            let before = (0..<(rowWords * height)).map { memory.load(fromByteOffset: $0 * 4, as: UInt32.self) }
            // The active tier's kernels, recording which rows each kind of store wrote.
            let log = StoreLog(base: buffer.baseAddress, bytesPerRow: buffer.bytesPerRow, height: height)
            let active = Kernels.active.routines
            let routines = KernelRoutines(
                copy: { src, srcStride, dst, dstStride, w, h in
                    log.record(dst, dstStride, h, streamed: false)
                    active.copy(src, srcStride, dst, dstStride, w, h)
                }, sourceOver: active.sourceOver, fill: active.fill, fillOver: active.fillOver,
                copyStreaming: { src, srcStride, dst, dstStride, w, h in
                    log.record(dst, dstStride, h, streamed: true)
                    active.copyStreaming(src, srcStride, dst, dstStride, w, h)
                }, fillStreaming: active.fillStreaming, sourceOverSolid: active.sourceOverSolid,
                scaledSourceOver: active.scaledSourceOver,
                moveCells: { src, srcStride, dst, dstStride, count, h, known, held, moved, cellStride, streams in
                    log.record(dst, dstStride, h, streamed: streams)
                    return active.moveCells(src, srcStride, dst, dstStride, count, h, known, held, moved, cellStride, streams)
                }, storeFence: active.storeFence)
            DispatchQueue.concurrentPerform(iterations: move.chunks) { chunk in
                move.run(chunk: chunk, of: buffer, routines)
            }
            let moved = Set(window).subtracting(0..<12)  // the rows the move writes
            let temporal = Set(move.temporalRows.flatMap { $0 })
            log.rows.withLock { written in
                #expect(written.temporal == moved.intersection(temporal), "offset \(dy), \(workers) workers, cells \(withCells)")
                #expect(written.streamed == moved.subtracting(temporal), "offset \(dy), \(workers) workers, cells \(withCells)")
            }
            var wrong = 0
            for y in 0..<height {
                for x in 0..<rowWords {
                    let sy = y - dy
                    let isMoved = x < width && sy >= 0 && sy < height && y >= 12
                    let expected = isMoved ? before[sy * rowWords + x] : before[y * rowWords + x]
                    if memory.load(fromByteOffset: (y * rowWords + x) * 4, as: UInt32.self) != expected { wrong += 1 }
                }
            }
            #expect(wrong == 0, "offset \(dy), \(workers) workers, \(move.chunks) chunks, cells \(withCells)")
        }
      }
        // Nothing is temporal when the move does not stream, nor in a horizontal move.
        let bounds = PixelRect(x: 0, y: 0, width: width, height: height)
        #expect(try #require(ScrollMove(offset: (0, dy), within: bounds, workers: 2, overlaid: overlaid)).temporalRows.isEmpty)
        #expect(try #require(ScrollMove(offset: (dy, 0), within: bounds, workers: 2, overlaid: overlaid,
                                        streams: true)).temporalRows.isEmpty)
    }

    /// The framebuffer rows copies wrote, by kind of store (copies into a halo, at another stride, are not
    /// counted).
    final class StoreLog: Sendable {
        let rows = Mutex<(temporal: Set<Int>, streamed: Set<Int>)>(([], []))
        let base: Int, bytesPerRow: Int, height: Int

        init(base: UnsafeMutableRawPointer, bytesPerRow: Int, height: Int) {
            (self.base, self.bytesPerRow, self.height) = (Int(bitPattern: base), bytesPerRow, height)
        }

        func record(_ destination: UnsafeMutableRawPointer, _ stride: Int, _ count: Int, streamed: Bool) {
            let first = (Int(bitPattern: destination) - base) / bytesPerRow
            guard stride == bytesPerRow, first >= 0, first < height else { return }
            rows.withLock { if streamed { $0.streamed.formUnion(first..<(first + count)) } else { $0.temporal.formUnion(first..<(first + count)) } }
        }
    }

    /// A band part the move does not touch may run beside it: the move leaves its pixels as they were and
    /// never reads them (poisoning them first changes nothing else).
    @Test(arguments: [(0, 9), (0, -9), (0, 40), (7, 0), (-7, 0)])
    func aRectTheMoveDoesNotTouchIsNeitherWrittenNorRead(dx: Int, dy: Int) throws {
        let (width, height) = (300, 160)
        let window = PixelRect(x: 20, y: 10, width: 250, height: 140)
        let rewritten = [PixelRect(x: 0, y: 10, width: 300, height: 50)]  // a header's rows, moved by nobody
        var random = SplitMix64(seed: UInt64(bitPattern: Int64(dx * 1000 + dy)))
        var untouched = 0, touched = 0
        for _ in 0..<200 {
            let x = Int(random.next() % 300), y = Int(random.next() % 160)
            let rect = PixelRect(x: x, y: y, width: 1 + Int(random.next() % 80), height: 1 + Int(random.next() % 40))
                .intersection(PixelRect(x: 0, y: 0, width: width, height: height))
            // A move runs once: each run below makes its own.
            let makeMove = { try #require(ScrollMove(offset: (dx, dy), within: window, workers: 2, rewritten: rewritten)) }
            guard try !makeMove().touches(rect) else {
                touched += 1
                continue
            }
            untouched += 1
            func moved(poisoned: Bool) throws -> [UInt32] {
                let (buffer, memory) = try Self.numbered(width: width, height: height, padding: 0)
                defer { memory.deallocate() }
                if poisoned {
                    for py in rect.minY..<rect.maxY {
                        for px in rect.minX..<rect.maxX { memory.storeBytes(of: 0xDEAD_BEEF, toByteOffset: (py * width + px) * 4, as: UInt32.self) }
                    }
                }
                let move = try makeMove()
                // A vertical move's second worker splits the first one's lane after two blocks (a halo).
                move.lanes?.run(of: buffer, Kernels.active.routines, blocks: 2)
                for chunk in (1..<move.chunks) + [0] { move.run(chunk: chunk, of: buffer, Kernels.active.routines) }
                return (0..<(width * height)).map { memory.load(fromByteOffset: $0 * 4, as: UInt32.self) }
            }
            let (clean, poisoned) = (try moved(poisoned: false), try moved(poisoned: true))
            let (_, memory) = try Self.numbered(width: width, height: height, padding: 0)
            defer { memory.deallocate() }
            var wrong = 0
            for py in 0..<height {
                for px in 0..<width {
                    let i = py * width + px
                    if rect.contains(PixelRect(x: px, y: py, width: 1, height: 1)) {
                        if clean[i] != memory.load(fromByteOffset: i * 4, as: UInt32.self) { wrong += 1 }  // not written
                    } else if clean[i] != poisoned[i] {
                        wrong += 1  // read
                    }
                }
            }
            #expect(wrong == 0, "\(rect), offset (\(dx), \(dy))")
        }
        #expect(untouched > 10 && touched > 10)
    }

    /// A vertical move's lanes (`MoveLanes`): whatever order the workers claim blocks and split lanes in,
    /// every row ends as the one-thread move leaves it — the rows a lane reads past its end come from the
    /// halo its successor saved before overwriting them. Random interleavings, on one thread, of up to
    /// four lanes (split whenever a slot is free), over distances shorter and longer than a block, with
    /// skipped rows; and the same split made by real threads.
    @Test(arguments: [1, -1, 5, -7, 16, -16, 64, -64, 83, -83, 130, -200])
    func splitLanesMoveEveryRowAsOneThreadDoes(dy: Int) throws {
        let (width, height) = (67, Swift.max(2000, 24 * abs(dy)))  // room for splits: 4 × |dy| rows and more each
        let rewritten = [PixelRect(x: 0, y: 0, width: 67, height: 30), PixelRect(x: 0, y: 500, width: 67, height: 90)]
        var random = SplitMix64(seed: UInt64(bitPattern: Int64(dy)) &+ 11)
        var splits = 0
        for round in 0..<24 {
            let skips = round % 2 == 0 ? rewritten : []
            let (buffer, memory) = try Self.numbered(width: width, height: height, padding: round % 3)
            defer { memory.deallocate() }
            let rowWords = buffer.bytesPerRow / 4
            let before = (0..<(rowWords * height)).map { memory.load(fromByteOffset: $0 * 4, as: UInt32.self) }
            let move = try #require(ScrollMove(offset: (0, dy), within: buffer.bounds, workers: 4, rewritten: skips,
                                               streams: round % 4 < 2))
            let lanes = try #require(move.lanes)
            let routines = Kernels.active.routines
            if round < 20 {
                splits += Self.runLanesAtRandom(lanes, slots: move.chunks, of: buffer, routines, &random)
            } else {  // threads: every chunk at once
                DispatchQueue.concurrentPerform(iterations: move.chunks) { move.run(chunk: $0, of: buffer, routines) }
            }
            var wrong = 0
            for y in 0..<height {
                let skipped = skips.contains { $0.minY <= y && y < $0.maxY }
                let sy = y - dy
                for x in 0..<rowWords {
                    let moved = x < width && sy >= 0 && sy < height && !skipped
                    let expected = moved ? before[sy * rowWords + x] : before[y * rowWords + x]
                    if memory.load(fromByteOffset: (y * rowWords + x) * 4, as: UInt32.self) != expected { wrong += 1 }
                }
            }
            #expect(wrong == 0, "offset \(dy), round \(round), \(move.chunks) slots")
        }
        #expect(splits > 10, "the interleavings split lanes")
    }

    /// Runs `lanes` (of `slots` chunks) on this thread in a random order: splits into the free slots and
    /// claims of 1–4 blocks of the open lanes interleaved, then every open lane to its end. Returns the
    /// splits made.
    static func runLanesAtRandom(_ lanes: MoveLanes, slots: Int, of buffer: PixelBuffer, _ routines: KernelRoutines,
                                 _ random: inout SplitMix64) -> Int {
        var open = [0], free = Array(1..<slots), splits = 0
        for _ in 0..<40 {
            if !free.isEmpty, random.next() % 3 == 0 {
                let slot = free.removeFirst()
                if lanes.split(into: slot, of: buffer, routines) {
                    open.append(slot)
                    splits += 1
                }
            } else {
                lanes.run(lane: open[Int(random.next() % UInt64(open.count))], of: buffer, routines,
                          blocks: 1 + Int(random.next() % 4))
            }
        }
        for slot in open.shuffled(using: &random) { lanes.run(lane: slot, of: buffer, routines) }
        return splits
    }

    /// A worker that finished its lane splits again: a lane whose worker stopped after one block (a
    /// preempted virtual CPU) keeps only a part too short to split, and the move is still exact.
    @Test(arguments: [-9, 9, -83])
    func aStoppedLaneIsSplitAgainByTheWorkerThatFinished(dy: Int) throws {
        let (buffer, memory) = try Self.numbered(width: 40, height: 3000, padding: 1)
        defer { memory.deallocate() }
        let rowWords = buffer.bytesPerRow / 4
        let before = (0..<(rowWords * 3000)).map { memory.load(fromByteOffset: $0 * 4, as: UInt32.self) }
        let move = try #require(ScrollMove(offset: (0, dy), within: buffer.bounds, workers: 2))
        let lanes = try #require(move.lanes)
        let routines = Kernels.active.routines
        lanes.run(of: buffer, routines, blocks: 1)  // the first worker claims a block, then stops
        let total = lanes.blocksLeft(inLane: 0)
        move.run(chunk: 1, of: buffer, routines)  // the second splits, runs, splits again …
        let left = lanes.blocksLeft(inLane: 0)
        // Too short to split: the new lane would get fewer than minimumRowsPerDistance × |dy| rows (in
        // whole blocks, at least 2), the old one keeping half and ⌈|dy| / B⌉ blocks more.
        let blockRows = min(abs(dy), ScrollMove.maximumBlockRows)
        let reach = (abs(dy) + blockRows - 1) / blockRows
        let minimum = max(2, (MoveLanes.minimumRowsPerDistance * abs(dy) + blockRows - 1) / blockRows)
        #expect(left < 2 * minimum + reach + 2, "\(left) of \(total) blocks left to the stopped worker")
        #expect(left * 4 < total, "\(left) of \(total) blocks left to the stopped worker")
        move.run(chunk: 0, of: buffer, routines)  // the stopped worker resumes
        var wrong = 0
        for y in 0..<3000 {
            for x in 0..<rowWords {
                let sy = y - dy
                let expected = x < 40 && sy >= 0 && sy < 3000 ? before[sy * rowWords + x] : before[y * rowWords + x]
                if memory.load(fromByteOffset: (y * rowWords + x) * 4, as: UInt32.self) != expected { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    /// A band may draw over rows before the move ends (a header's overlay, `BandCompositor`) only when no
    /// worker of the move touches them any more: `hasMoved` holds for rows whose blocks, and every block
    /// before them in move order, the first lane has moved and published (at 1, 2, 4 … 32 blocks); never
    /// for rows a split-off lane holds, nor for rows outside the window.
    @Test(arguments: [-9, 9])
    func rowsAreKnownMovedOnlyWhenTheFirstLaneMovedThem(dy: Int) throws {
        let height = 300
        let (buffer, memory) = try Self.numbered(width: 40, height: height, padding: 0)
        defer { memory.deallocate() }
        let move = try #require(ScrollMove(offset: (0, dy), within: buffer.bounds, workers: 2))
        let lanes = try #require(move.lanes)
        let routines = Kernels.active.routines
        /// The framebuffer rows of move-order rows `r` (a move up goes top down, a move down bottom up).
        func rows(_ r: Range<Int>) -> Range<Int> { dy < 0 ? r : (height - r.upperBound)..<(height - r.lowerBound) }
        #expect(!move.hasMoved(rows(0..<1)), "nothing moved yet")
        lanes.run(of: buffer, routines, blocks: 3)  // 27 rows, 18 published
        #expect(move.hasMoved(rows(0..<18)) && !move.hasMoved(rows(18..<19)), "published at 2 blocks, not 3")
        lanes.run(of: buffer, routines, blocks: 1)  // 36 rows, all published
        #expect(move.hasMoved(rows(0..<36)) && move.hasMoved(rows(35..<36)))
        #expect(!move.hasMoved(rows(30..<37)) && !move.hasMoved(rows(36..<37)))
        #expect(!move.hasMoved(0..<0) && !move.hasMoved(-3..<2) && !move.hasMoved(298..<301), "empty, or outside the window")
        // A joiner splits off the lane's later blocks; the first lane then moves the rest of its own.
        #expect(lanes.split(into: 1, of: buffer, routines))
        let blocks = (move.window.height + 8) / 9, mid = blocks - lanes.blocksLeft(inLane: 1)
        #expect(16 < mid && mid < MoveLanes.publishedBlocks, "the split is within the published blocks")
        lanes.run(of: buffer, routines)  // blocks 4 ..< mid: published at 8 and 16
        #expect(move.hasMoved(rows(0..<(16 * 9))) && !move.hasMoved(rows((16 * 9)..<(16 * 9 + 1))))
        lanes.run(lane: 1, of: buffer, routines)
        #expect(!move.hasMoved(rows((mid * 9)..<(mid * 9 + 1))), "moved by another lane, which does not publish")
    }

    @Test func onlyWholeAxisMovesShorterThanTheFramebufferAreMoves() {
        let bounds = PixelRect(x: 0, y: 0, width: 40, height: 30)
        #expect(ScrollMove(offset: (0, 0), within: bounds, workers: 2) == nil)
        #expect(ScrollMove(offset: (3, 4), within: bounds, workers: 2) == nil)
        #expect(ScrollMove(offset: (0, 30), within: bounds, workers: 2) == nil)
        #expect(ScrollMove(offset: (-40, 0), within: bounds, workers: 2) == nil)
        #expect(ScrollMove(offset: (0, -29), within: bounds, workers: 2)?.window == PixelRect(x: 0, y: 0, width: 40, height: 1))
        // Within a window: only its pixels move.
        let window = PixelRect(x: 5, y: 10, width: 30, height: 20)
        #expect(ScrollMove(offset: (0, 4), within: window, workers: 2)?.window == PixelRect(x: 5, y: 14, width: 30, height: 16))
    }

    // MARK: The damage

    static let viewport = PixelRect(x: 0, y: 0, width: 100, height: 80)

    static func tile(_ stamp: UInt64, _ rect: PixelRect, origin: (Int, Int)) -> DrawSignature {
        DrawSignature(identity: .tile(stamp: stamp), destination: rect, sourceX: origin.0, sourceY: origin.1, opacity: 255)
    }

    /// A background colour over everything, two tiles, and a fixed header on top; the tiles moved by `dy`.
    static func frame(scrolledBy dy: Int) -> [DrawSignature] {
        let background = DrawSignature(identity: .color(Pixel(r: 9, g: 9, b: 9, a: 255)), destination: viewport,
                                       sourceX: 0, sourceY: 0, opacity: 255)
        let header = DrawSignature(identity: .color(Pixel(r: 0, g: 0, b: 90, a: 200)),
                                   destination: PixelRect(x: 0, y: 0, width: 100, height: 10), sourceX: 0, sourceY: 0,
                                   opacity: 255)
        let first = tile(1, PixelRect(x: 0, y: 20 + dy, width: 100, height: 30).intersection(viewport), origin: (0, 20 + dy))
        let second = tile(2, PixelRect(x: 0, y: 50 + dy, width: 100, height: 30).intersection(viewport), origin: (0, 50 + dy))
        return [background] + [first, second].filter { !$0.destination.isEmpty } + [header]
    }

    @Test func aScrolledFrameIsTheMovedLastFrameButTheExposedStripAndWhatDidNotMove() {
        var tracker = DamageTracker()
        let token = FrameToken.next()
        _ = tracker.damage(Self.frame(scrolledBy: 0), viewport: Self.viewport, previousFrame: nil, token: token)
        let damage = tracker.damage(Self.frame(scrolledBy: -6), viewport: Self.viewport, previousFrame: token,
                                    token: .next(), moves: [Damage.Move(offset: (0, -6), window: Self.viewport)])
        #expect(damage.move.map { [$0.offset.x, $0.offset.y] } == [0, -6])
        // The rows the last frame's header moved to (its moved pixels landed there) and the 6 rows nothing
        // was moved to.
        #expect(Set(damage.regions.map(\.description))
                == [PixelRect(x: 0, y: 0, width: 100, height: 4).description,
                    PixelRect(x: 0, y: 74, width: 100, height: 6).description])
        // The rest of the header's rows received rows the header did not cover: the header alone, over them.
        #expect(damage.overlay?.rects == [PixelRect(x: 0, y: 4, width: 100, height: 6)])
        #expect(damage.overlay?.ops == 1, "the header, the frame's last op")
    }

    /// Ops after the last one the moved comparison matched are drawn over the moved pixels only where
    /// nothing else differs: a changed tile under the header is composited whole, and the header over the
    /// rest; with the header under a tile that moved (not last in paint order), nothing is an overlay.
    @Test func onlyTheOpsAfterEveryMatchedOneAreDrawnOverMovedPixels() {
        var tracker = DamageTracker()
        let token = FrameToken.next()
        _ = tracker.damage(Self.frame(scrolledBy: 0), viewport: Self.viewport, previousFrame: nil, token: token)
        var next = Self.frame(scrolledBy: -12)
        // The first tile (now rows 8…37) shows new pixels: its rect is damaged, under the header too.
        next[1] = Self.tile(7, next[1].destination, origin: (next[1].sourceX, next[1].sourceY))
        // Moved already (an early move): the damage is that move's whether or not it pays.
        let damage = tracker.damage(next, viewport: Self.viewport, previousFrame: token, token: .next(),
                                    moved: Damage.Move(offset: (0, -12), window: Self.viewport))
        let overlaid = damage.overlay?.rects ?? []
        #expect(overlaid == [PixelRect(x: 0, y: 0, width: 100, height: 8)], "\(overlaid) against regions \(damage.regions)")
        for rect in overlaid { #expect(damage.regions.allSatisfy { $0.intersection(rect).isEmpty }) }
        #expect(damage.regions.contains { $0.contains(PixelRect(x: 0, y: 8, width: 100, height: 30)) })

        var under = DamageTracker()
        let frame = { (dy: Int) -> [DrawSignature] in
            let all = Self.frame(scrolledBy: dy)
            return [all[0], all.last!] + all[1..<(all.count - 1)]  // the header before the tiles
        }
        _ = under.damage(frame(0), viewport: Self.viewport, previousFrame: nil, token: token)
        let below = under.damage(frame(-6), viewport: Self.viewport, previousFrame: token, token: .next(),
                                 moves: [Damage.Move(offset: (0, -6), window: Self.viewport)])
        #expect(below.overlay == nil, "the last op moved with the scroll")
    }

    @Test func aMoveWithinAWindowLeavesWhatIsOutsideItAlone() {
        var tracker = DamageTracker()
        let token = FrameToken.next()
        _ = tracker.damage(Self.frame(scrolledBy: 0), viewport: Self.viewport, previousFrame: nil, token: token)
        // The tiles are seen through rows 10…79 (under the header): only those rows move.
        let window = PixelRect(x: 0, y: 10, width: 100, height: 70)
        let damage = tracker.damage(Self.frame(scrolledBy: -6), viewport: Self.viewport, previousFrame: token,
                                    token: .next(), moves: [Damage.Move(offset: (0, -6), window: window)])
        #expect(damage.move?.window == window)
        #expect(damage.regions == [PixelRect(x: 0, y: 74, width: 100, height: 6)], "the exposed rows only")
        #expect(DamageTracker.subtract(window, from: Self.viewport) == [PixelRect(x: 0, y: 0, width: 100, height: 10)])
    }

    @Test func movesThatDoNotHalveTheDamageOrAreNotOnOneAxisAreNotTaken() {
        var tracker = DamageTracker()
        var token = FrameToken.next()
        _ = tracker.damage(Self.frame(scrolledBy: 0), viewport: Self.viewport, previousFrame: nil, token: token)
        var next = FrameToken.next()
        // A wrong offset: everything differs after the move, more than without it.
        var damage = tracker.damage(Self.frame(scrolledBy: -6), viewport: Self.viewport, previousFrame: token,
                                    token: next, moves: [Damage.Move(offset: (0, 13), window: Self.viewport)])
        #expect(damage.move == nil)
        token = next
        next = .next()
        damage = tracker.damage(Self.frame(scrolledBy: -6), viewport: Self.viewport, previousFrame: token, token: next,
                                moves: [Damage.Move(offset: (2, -6), window: Self.viewport)])
        #expect(damage.move == nil && damage.regions.isEmpty, "nothing changed; a diagonal offset is not tried")
    }

    @Test func aCheckerboardOrAResampledTileNeverMovesAndAGroupPieceMovesWithItsCoverage() {
        let checker = DrawSignature(identity: .checkerboard(phaseX: 0, phaseY: 0),
                                    destination: PixelRect(x: 0, y: 40, width: 10, height: 10), sourceX: 0, sourceY: 40,
                                    opacity: 255)
        let window = Self.viewport
        guard case .changed(let rect)? = checker.moved(by: (0, -5), within: window) else {
            Issue.record("a checkerboard must count as changed")
            return
        }
        #expect(rect == PixelRect(x: 0, y: 35, width: 10, height: 10))
        let group = DrawSignature(identity: .group(opacity: 200, depth: 0),
                                  destination: PixelRect(x: 5, y: 40, width: 20, height: 10), sourceX: 0, sourceY: 0,
                                  opacity: 200, maskStamp: 77, maskX: 5, maskY: 38)
        guard case .signature(let moved)? = group.moved(by: (0, -5), within: window) else {
            Issue.record("a group piece must move")
            return
        }
        #expect(moved.destination == PixelRect(x: 5, y: 35, width: 20, height: 10) && moved.maskStamp == 77
                && moved.maskX == 5 && moved.maskY == 33, "its coverage patch moves with it")
        #expect(group.moved(by: (0, -60), within: window) == nil, "moved out of the window: gone")
    }

    // MARK: Frames

    /// A frame without a move candidate (the scroll still) does not keep the next frame from starting its
    /// move early: the first frame of each scroll whose moves pay moves while it prepares, like the frames
    /// after it (`Compositor+EarlyMove.swift`). Every frame equals a full render.
    @Test func theFirstFrameOfAScrollMovesEarly() throws {
        let (root, scroll, _) = try Self.scene()
        let (compositor, full, framebuffer, expected) = try Self.renderers()
        var token: FrameToken?, early: [Int] = []
        // Still, a scroll of three frames, still again, a scroll of two.
        for (frame, offset) in [0, 0, 3, 6, 9, 9, 9, 12, 15].enumerated() {
            try scroll.setContentOffset(Point(x: 0, y: Double(offset)))
            let before = compositor.earlyMoves
            token = try compositor.render(root, into: framebuffer, previousFrame: token).frameToken
            early.append(compositor.earlyMoves - before)
            _ = try full.render(root, into: expected, previousFrame: nil)
            #expect(firstDifference(framebuffer.packedBytes(), expected.packedBytes(), width: 90) == nil, "frame \(frame)")
        }
        #expect(early == [0, 0, 1, 1, 1, 0, 0, 1, 1], "early moves per frame: \(early)")
    }

    /// A scroll layer under a fixed translucent header, over the root's colour: cards with rounded corners
    /// (coverage masks), a shadow, a group-opacity card with a sublayer, a card partly out of the window;
    /// `roundedScroll`: the scroll layer clips with rounded corners of its own (fixed coverage over moving
    /// content) and a tall translucent page under the cards (a group the scroll layer's corners clip).
    /// An early move leaves the rows the last frame's damage rewrote whole, not the rows the move before it
    /// left: rows composited once (a full-width stripe recoloured) are not composited in every frame after.
    /// The same scroll with and without the recolouring composites the same pixels two frames later, and
    /// the frames stay bit-identical to full ones.
    @Test func rowsAnEarlyMoveLeftAreNotLeftByTheMovesAfter() throws {
        func composited(recolouring: Bool) throws -> [Int] {
            let (root, scroll, _) = try Self.scene()
            let stripe = try Layer(frame: Rect(x: 0, y: 50, width: 400, height: 4))  // full width on screen
            stripe.backgroundColor = Color(red: 10, green: 20, blue: 30)
            try scroll.addSublayer(stripe)
            let (compositor, full, framebuffer, expected) = try Self.renderers()
            var token: FrameToken?, counts: [Int] = []
            for frame in 0..<24 {
                try scroll.setContentOffset(Point(x: 0, y: Double(frame * 3)))
                if recolouring && frame == 12 { stripe.backgroundColor = Color(red: 200, green: 20, blue: 30) }
                let statistics = try compositor.render(root, into: framebuffer, previousFrame: token)
                token = statistics.frameToken
                counts.append(statistics.pixelsComposited)
                _ = try full.render(root, into: expected, previousFrame: nil)
                #expect(firstDifference(framebuffer.packedBytes(), expected.packedBytes(), width: 90) == nil, "frame \(frame)")
            }
            #expect(compositor.earlyMoves >= 15, "\(compositor.earlyMoves) early moves")
            return counts
        }
        let plain = try composited(recolouring: false), recoloured = try composited(recolouring: true)
        #expect(recoloured[12] > plain[12] && recoloured[13] > plain[13], "the stripe's rows, then the rows the move left")
        #expect(Array(recoloured[14...]) == Array(plain[14...]), "\(recoloured) against \(plain)")
    }

    /// The ops drawn over moved rows begin at the op of the first trailing signature, though a group's
    /// signatures outnumber its ops. A group that draws nothing (a group-opacity badge on the header whose
    /// tiles are all transparent) leaves a signature without an op after the header's: the header alone is
    /// still drawn over the moved rows, not the op before it a second time. Trailing signatures that start
    /// inside a group (a card's badge shown in every other frame and recoloured, the card moved with the
    /// scroll and matched) are composited whole up to the group's end, and the header alone is drawn over
    /// the moved rows. Every frame equals a full one.
    @Test func theOpsDrawnOverMovedRowsBeginAtTheFirstTrailingSignaturesOp() throws {
        /// Frames that drew an overlay, of those that moved.
        func overlaidFrames(emptyBadge: Bool = false, changingGroupLast: Bool = false) throws -> (overlaid: Int, moved: Int) {
            let (root, scroll, card) = try Self.scene()
            let header = root.sublayers.last!
            if emptyBadge {
                let badge = try Layer(frame: Rect(x: 30, y: 1, width: 30, height: 7))
                try badge.setOpacity(0.8)
                for x in [0.0, 10.0] {  // overlapping: no peephole, a group drawn offscreen
                    let part = try Layer(frame: Rect(x: x, y: 0, width: 20, height: 7))
                    part.content = SolidContent(pixel: .transparent)
                    try badge.addSublayer(part)
                }
                try header.addSublayer(badge)
            }
            if changingGroupLast { try scroll.addSublayer(card) }  // the group card: the last op before the header
            let (compositor, full, framebuffer, expected) = try Self.renderers()
            var token: FrameToken?, fullToken: FrameToken?, overlaid = 0, moved = 0
            // The content moving up: rows come from below the header, drawn without it. With the card
            // last, its top goes from row 30 to row 6, under the header at the end.
            for frame in 0..<(changingGroupLast ? 7 : 30) {
                try scroll.setContentOffset(Point(x: 0, y: Double((changingGroupLast ? 48 : 100) + frame * 4)))
                if changingGroupLast {  // an op added where none was removed, then one changed
                    card.sublayers[0].isHidden = frame % 2 == 1
                    card.sublayers[0].backgroundColor = Color(red: UInt8(frame * 40), green: 30, blue: 40)
                }
                let statistics = try compositor.render(root, into: framebuffer, previousFrame: token)
                token = statistics.frameToken
                if statistics.pixelsOverlaid > 0 { overlaid += 1 }
                if statistics.pixelsMoved > 0 { moved += 1 }
                fullToken = try full.render(root, into: expected, previousFrame: fullToken).frameToken
                #expect(firstDifference(framebuffer.packedBytes(), expected.packedBytes(), width: 90) == nil,
                        "frame \(frame), empty badge \(emptyBadge), changing group last \(changingGroupLast)")
            }
            return (overlaid, moved)
        }
        let plain = try overlaidFrames(), empty = try overlaidFrames(emptyBadge: true)
        #expect(plain.overlaid >= 20 && empty.overlaid == plain.overlaid, "\(plain), \(empty)")
        let changing = try overlaidFrames(changingGroupLast: true)
        #expect(changing.moved >= 4 && changing.overlaid == changing.moved, "\(changing)")
    }

    /// A streamed early move writes with temporal stores the rows the last frame's overlay covered (the
    /// header's rows the move brings pixels under), and the frames still equal full ones.
    @Test func aStreamedEarlyMoveWritesTheLastOverlaysRowsWithTemporalStores() throws {
        let (root, scroll, _) = try Self.scene()
        let streaming = try Compositor(configuration: .init(tileSize: 16, workers: 2, bandHeight: 16, rasterMode: .synchronous,
                                                            scrollMoveStores: .streaming))
        let (_, full, framebuffer, expected) = try Self.renderers()
        var token: FrameToken?, fullToken: FrameToken?, checked = 0
        for frame in 0..<30 {
            try scroll.setContentOffset(Point(x: 0, y: Double(100 + frame * 4)))
            let overlaid = streaming.lastOverlaid, earlyMoves = streaming.earlyMoves
            token = try streaming.render(root, into: framebuffer, previousFrame: token).frameToken
            fullToken = try full.render(root, into: expected, previousFrame: fullToken).frameToken
            #expect(firstDifference(framebuffer.packedBytes(), expected.packedBytes(), width: 90) == nil, "frame \(frame)")
            guard streaming.earlyMoves > earlyMoves, !overlaid.isEmpty else { continue }
            // The header's rows, clamped to the move's window (the rows it writes: all but the last 4).
            let rows = overlaid.map { $0.minY..<min($0.maxY, 70 - 4) }.filter { !$0.isEmpty }
            #expect(streaming.lastEarlyMoveTemporalRows == rows, "frame \(frame): \(overlaid)")
            checked += 1
        }
        #expect(checked >= 20, "\(checked) early moves after an overlay")
    }

    /// For ``scene(width:roundedScroll:)`` at its default width: a compositor that moves pixels (tiles of
    /// 16 px, two workers, bands of 16 rows, synchronous raster), one that never does, and a framebuffer
    /// for each.
    static func renderers() throws -> (moving: Compositor, full: Compositor, framebuffer: PixelBuffer, expected: PixelBuffer) {
        let moving = try Compositor(configuration: .init(tileSize: 16, workers: 2, bandHeight: 16, rasterMode: .synchronous))
        let full = try Compositor(configuration: .init(tileSize: 16, workers: 2, bandHeight: 16, rasterMode: .synchronous,
                                                       scrollMoves: false))
        return (moving, full, try PixelBuffer(width: 90, height: 70), try PixelBuffer(width: 90, height: 70))
    }

    static func scene(width: Double = 90, roundedScroll: Bool = false) throws -> (root: Layer, scroll: ScrollLayer, card: Layer) {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: width, height: 70))
        root.backgroundColor = Color(red: 230, green: 232, blue: 236)
        let scroll = try ScrollLayer(frame: Rect(x: 0, y: 0, width: width, height: 70))
        try scroll.setContentSize(Size(width: width + 310, height: 600))
        scroll.content = PatternContent(seed: 5)
        try root.addSublayer(scroll)
        if roundedScroll {
            try scroll.setCornerRadius(12)
            scroll.clipsToBounds = true
            let page = try Layer(frame: Rect(x: 0, y: 0, width: width + 310, height: 600))
            page.content = PatternContent(seed: 6)
            try page.setOpacity(0.9)
            let stripe = try Layer(frame: Rect(x: 3, y: 0, width: 20, height: 600))
            stripe.backgroundColor = Color(red: 20, green: 120, blue: 60)
            try page.addSublayer(stripe)
            try scroll.addSublayer(page)
        }
        var card: Layer?
        for index in 0..<Int(width / 45) * 4 {
            let columns = Int(width / 45)
            let layer = try Layer(frame: Rect(x: 4 + Double(index % columns) * 44, y: 6 + Double(index / columns) * 36,
                                              width: 40, height: 30))
            layer.content = PatternContent(seed: UInt32(10 + index))
            try layer.setCornerRadius(6)
            layer.clipsToBounds = true
            if index == 2 {
                try layer.setShadowOpacity(0.5)
                try layer.setShadowRadius(2)
            }
            if index == 5 {
                try layer.setOpacity(0.8)
                let badge = try Layer(frame: Rect(x: 20, y: -4, width: 14, height: 10))
                badge.backgroundColor = Color(red: 200, green: 30, blue: 40)
                try layer.addSublayer(badge)
                card = layer
            }
            try scroll.addSublayer(layer)
        }
        let header = try Layer(frame: Rect(x: 0, y: 0, width: width, height: 9))
        header.backgroundColor = Color(red: 250, green: 250, blue: 250, alpha: 200)
        try root.addSublayer(header)
        return (root, scroll, card!)
    }

    struct Case: Sendable, CustomStringConvertible {
        var tileSize: Int, workers: Int, format: PixelFormat, width: Double = 90, roundedScroll = false
        var stores = Compositor.ScrollMoveStores.temporal
        var description: String {
            "tile \(tileSize), \(workers) workers, \(format), \(width) pt wide\(roundedScroll ? ", rounded scroll layer" : ""), \(stores) stores"
        }
    }

    static let cases = [
        Case(tileSize: 16, workers: 1, format: .rgba), Case(tileSize: 64, workers: 2, format: .rgba),
        Case(tileSize: 32, workers: 3, format: .bgra), Case(tileSize: 16, workers: 2, format: .xrgb),
        Case(tileSize: 32, workers: 2, format: .rgba, roundedScroll: true),  // fixed coverage, a clipped group
        // Vertical moves in 2 chunks, bands waiting, cut into 256-pixel column pieces at scale 2.
        Case(tileSize: 64, workers: 3, format: .rgba, width: 300),
        // Streamed moves and moving frames (Compositor.ScrollMoveStores): the same bytes.
        Case(tileSize: 16, workers: 1, format: .rgba, stores: .streaming),
        Case(tileSize: 32, workers: 3, format: .bgra, stores: .streaming),
        Case(tileSize: 64, workers: 3, format: .xrgb, width: 300, stores: .streaming),
    ]

    @Test(arguments: cases)
    func scrollFramesThatMoveEqualFullFramesBitForBit(_ c: Case) throws {
        for scale in [1.0, 2.0] {
            let (root, scroll, card) = try Self.scene(width: c.width, roundedScroll: c.roundedScroll)
            let compositor = try Compositor(configuration: .init(
                tileSize: c.tileSize, workers: c.workers, scale: scale, bandHeight: 16, rasterMode: .synchronous,
                scrollMoveStores: c.stores))
            let full = try Compositor(configuration: .init(
                tileSize: c.tileSize, workers: c.workers, scale: scale, bandHeight: 16, rasterMode: .synchronous,
                scrollMoves: false))
            let width = Int(c.width * scale), height = Int(70 * scale)
            let framebuffer = try PixelBuffer(width: width, height: height, format: c.format)
            let expected = try PixelBuffer(width: width, height: height, format: c.format)
            var token: FrameToken?, fullToken: FrameToken?
            var random = SplitMix64(seed: UInt64(c.tileSize * 10 + c.workers))
            var moves = 0, overlaid = 0
            var offset = Point(x: 0, y: 0)
            for frame in 0..<40 {
                // Mostly whole-point scrolls on one axis (in range); now and then something else changes too.
                let step = Double(Int.random(in: -9...12, using: &random))
                if frame % 7 == 3 { offset.x = min(max(0, offset.x + step), 300) } else { offset.y = min(max(0, offset.y + step), 500) }
                if frame % 11 == 5 { card.backgroundColor = Color(red: UInt8(frame * 20 % 256), green: 80, blue: 90) }
                // The header's height changes: an early move's rows left for it are the last frame's.
                if frame % 9 == 4, let header = root.sublayers.last {
                    try header.setFrame(Rect(x: 0, y: 0, width: c.width, height: header.frame.height == 9 ? 14 : 9))
                }
                if frame % 13 == 8 { try scroll.setContentOffset(Point(x: offset.x + 0.5, y: offset.y)) }  // half a point
                else { try scroll.setContentOffset(offset) }
                let statistics = try compositor.render(root, into: framebuffer, previousFrame: token)
                token = statistics.frameToken
                if statistics.pixelsOverlaid > 0 { overlaid += 1 }
                if statistics.pixelsMoved > 0 {
                    moves += 1
                    let presented = statistics.damage.reduce(0) { $0 + $1.area }
                    #expect(presented >= statistics.pixelsMoved, "a moved window's pixels may all differ")
                }
                // The reference: the same damage-only rendering, never moving pixels.
                let reference = try full.render(root, into: expected, previousFrame: fullToken)
                fullToken = reference.frameToken
                #expect(reference.pixelsMoved == 0)
                #expect(firstDifference(framebuffer.packedBytes(), expected.packedBytes(), width: width) == nil,
                        "\(c), frame \(frame), scale \(scale), offset \(offset), moved \(statistics.pixelsMoved) pixels")
            }
            if c.roundedScroll {
                // The page under the cards is a group that the fixed corners cut into pieces fixed on screen:
                // moved pieces never match them, so the group is damaged whole and a move would save nothing.
                // Only the first frame that can move, with no move before it, tries (early, with helpers).
                #expect(moves <= (c.workers > 1 ? 1 : 0), "\(moves) of 40 moved")
            } else {
                #expect(moves >= 20, "most frames are whole-pixel scrolls on one axis: \(moves) of 40 moved")
                // The header is drawn over the rows a scroll up moved under it (DamageTracker, "Overlays"); a
                // scroll down brings it the rows it covered.
                #expect(overlaid >= 5, "\(overlaid) of \(moves) moving frames drew the header over moved rows")
                // With helpers, a scroll's move starts while the frame is prepared (Compositor+EarlyMove.swift).
                #expect(c.workers == 1 ? compositor.earlyMoves == 0 : compositor.earlyMoves >= 10,
                        "\(compositor.earlyMoves) early moves")
            }
        }
    }
}
