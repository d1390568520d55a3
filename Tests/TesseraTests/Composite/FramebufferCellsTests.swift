import Dispatch
import Testing
@testable import Tessera
import TesseraKernelBodies

/// What the compositor knows of its framebuffer's 64-pixel cells (`FramebufferCells`): a vertical move
/// over them moves the pixels as a copy does, every entry stays true of the pixels (a colour entry's cell
/// holds that colour, a mixed one's more than one word) through moves, composites and frames over other
/// frames, and scroll frames that fill and keep cells equal full frames.
@Suite struct FramebufferCellsTests {
    /// `width × height` pixels, rows 3 pixels longer: in bands of 8 rows, each 64-pixel cell of the
    /// framebuffer flat or varied; a flat cell's colour changes every 64 rows (so that moves meet the same
    /// colour and another); the rows' tails varied.
    static func framebuffer(width: Int, height: Int) throws -> (PixelBuffer, UnsafeMutableRawPointer) {
        let stride = (width + 3) * 4
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 64)
        for y in 0..<height {
            for x in 0..<(width + 3) {
                let (cell, band) = (x / FramebufferCell.width, y / 8)
                let flat = (cell * 7 + band * 3) % 5 < 3 && x < width / FramebufferCell.width * FramebufferCell.width
                let word = flat ? UInt32(0xFF00_0000 | ((cell + y / 64) % 3) * 0x10_2030)
                    : UInt32(truncatingIfNeeded: y &* 7919 &+ x &* 31 &+ 1)
                memory.storeBytes(of: word, toByteOffset: y * stride + x * 4, as: UInt32.self)
            }
        }
        return (try PixelBuffer(wrapping: memory, width: width, height: height, bytesPerRow: stride), memory)
    }

    /// The cells whose entries are not true of `buffer`'s pixels, as "(cell, row)".
    static func untrue(_ cells: FramebufferCells, _ buffer: PixelBuffer) -> [String] {
        var wrong: [String] = []
        for y in 0..<buffer.height {
            for k in 0..<cells.cellsPerRow {
                let entry = cells.entry(cell: k, row: y)
                let words = (0..<FramebufferCell.width).map {
                    buffer.row(y).load(fromByteOffset: (k * FramebufferCell.width + $0) * 4, as: UInt32.self)
                }
                let oneColor = words.allSatisfy { $0 == words[0] }
                if FramebufferCell.isColor(entry) ? !oneColor || words[0] != UInt32(truncatingIfNeeded: entry)
                    : entry == FramebufferCell.mixed && oneColor {
                    wrong.append("(\(k), \(y))")
                }
            }
        }
        return wrong
    }

    /// Two moves by the same offset over cells known by nothing at first: the first copies and scans, the
    /// second fills and keeps what the first found; both leave the pixels of a copy, in a window of part
    /// cells and with rows the frame rewrites left alone, on 1–3 workers, streamed or not. After each, every
    /// entry is true, also once a composited rect's pixels are overwritten.
    @Test(arguments: [-5, 7, -16, 17, -40, 29])
    func movesOverKnownCellsLeaveTheCopysPixelsAndTrueEntries(dy: Int) throws {
        let (width, height) = (613, 131)
        for window in [PixelRect(x: 0, y: 0, width: width, height: height), PixelRect(x: 37, y: 5, width: 500, height: 120)] {
            for workers in [1, 2, 3] {
                for streams in [false, true] {
                    let (buffer, memory) = try Self.framebuffer(width: width, height: height)
                    defer { memory.deallocate() }
                    let cells = FramebufferCells()
                    var holds = false
                    var learned = 0
                    for pass in 0..<2 {
                        let label = "offset \(dy), window \(window), \(workers) workers, streams \(streams), move \(pass)"
                        let rowWords = buffer.bytesPerRow / 4
                        let before = (0..<(rowWords * height)).map { memory.load(fromByteOffset: $0 * 4, as: UInt32.self) }
                        let maps = try #require(cells.begin(width: width, height: height, holdsLastFrame: holds))
                        let rewritten = [PixelRect(x: 0, y: 60, width: width, height: 4)]
                        let move = try #require(ScrollMove(offset: (0, dy), within: window, workers: workers,
                                                           rewritten: rewritten, streams: streams, cells: maps))
                        let routines = Kernels.active.routines
                        DispatchQueue.concurrentPerform(iterations: move.chunks) { move.run(chunk: $0, of: buffer, routines) }
                        let written = move.window.minY..<move.window.maxY
                        var wrong = 0
                        for y in 0..<height {
                            for x in 0..<rowWords {
                                let moves = written.contains(y) && !(60..<64).contains(y)
                                    && x >= move.window.minX && x < move.window.maxX
                                let expected = before[(moves ? y - dy : y) * rowWords + x]
                                if memory.load(fromByteOffset: (y * rowWords + x) * 4, as: UInt32.self) != expected { wrong += 1 }
                            }
                        }
                        #expect(wrong == 0, "\(label): \(wrong) pixels")
                        // The rows the move left, and a rect it moved, are "composited": scribbled over after it.
                        let composited = rewritten + [PixelRect(x: 100, y: 80, width: 200, height: 4)]
                        cells.finish(moved: move, composited: composited)
                        for rect in composited {
                            for y in rect.minY..<rect.maxY {
                                for x in rect.minX..<rect.maxX { buffer.row(y).storeBytes(of: UInt32(x), toByteOffset: x * 4, as: UInt32.self) }
                            }
                        }
                        #expect(Self.untrue(cells, buffer).isEmpty, "\(label): \(Self.untrue(cells, buffer).prefix(8))")
                        let (filled, kept) = move.cellPixels
                        if pass == 0 {
                            #expect(filled + kept == 0, "\(label): nothing known yet")
                            learned = (0..<height).reduce(0) { sum, y in
                                sum + (0..<cells.cellsPerRow).count { cells.entry(cell: $0, row: y) != FramebufferCell.unknown }
                            }
                            #expect(learned > 0, "\(label): the scan learns")
                        } else {
                            #expect(filled > 0 && kept > 0, "\(label): filled \(filled), kept \(kept)")
                        }
                        holds = true
                    }
                }
            }
        }
    }

    /// A move over known cells split into lanes in a random order (each split saving a halo of only the
    /// cells the lane before it reads) moves every row as one thread does, and leaves true entries.
    @Test(arguments: [6, -9, 16, -33])
    func splitLanesOverKnownCellsMoveAsOneThreadDoes(dy: Int) throws {
        let (width, height) = (613, 900)
        var random = SplitMix64(seed: UInt64(bitPattern: Int64(dy)) &+ 0xCE11)
        var splits = 0
        for round in 0..<6 {
            let (buffer, memory) = try Self.framebuffer(width: width, height: height)
            defer { memory.deallocate() }
            let cells = FramebufferCells(), routines = Kernels.active.routines
            // A first move learns the cells.
            let first = try #require(ScrollMove(offset: (0, dy), within: buffer.bounds, workers: 1,
                                                cells: cells.begin(width: width, height: height, holdsLastFrame: false)))
            first.run(chunk: 0, of: buffer, routines)
            cells.finish(moved: first, composited: [])
            let rowWords = buffer.bytesPerRow / 4
            let before = (0..<(rowWords * height)).map { memory.load(fromByteOffset: $0 * 4, as: UInt32.self) }
            let maps = try #require(cells.begin(width: width, height: height, holdsLastFrame: true))
            let move = try #require(ScrollMove(offset: (0, dy), within: buffer.bounds, workers: 4, streams: round % 2 == 0,
                                               cells: maps))
            splits += ScrollMoveTests.runLanesAtRandom(try #require(move.lanes), slots: move.chunks, of: buffer, routines,
                                                       &random)
            var wrong = 0
            for y in 0..<height {
                for x in 0..<rowWords {
                    let sy = y - dy
                    let expected = x < width && sy >= 0 && sy < height ? before[sy * rowWords + x] : before[y * rowWords + x]
                    if memory.load(fromByteOffset: (y * rowWords + x) * 4, as: UInt32.self) != expected { wrong += 1 }
                }
            }
            #expect(wrong == 0, "offset \(dy), round \(round): \(wrong) pixels")
            cells.finish(moved: move, composited: [])
            #expect(Self.untrue(cells, buffer).isEmpty, "offset \(dy), round \(round)")
            #expect(move.cellPixels.filled > 0, "offset \(dy), round \(round)")
        }
        #expect(splits >= 6, "\(splits) splits")
    }

    /// A scene of flat stripes (opaque backgrounds) and patterned cards in a scroll layer whose window
    /// starts inside a cell, scrolled by whole pixels with a recoloured stripe, an invalidated card, a
    /// horizontal scroll and a hidden card between: every damage-only frame equals a full frame, and the
    /// moves fill and keep cells, and the translucent header is drawn as fills over the moved cells of one
    /// colour; in RGBA and in a swizzled format with a forced alpha byte.
    @Test(arguments: [PixelFormat.rgba, .xrgb])
    func scrollFramesOverKnownCellsEqualFullFrames(format: PixelFormat) throws {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        root.backgroundColor = Color(red: 240, green: 240, blue: 240)
        let scroll = try ScrollLayer(frame: Rect(x: 10, y: 8, width: 281, height: 180))
        scroll.contentSize = Size(width: 400, height: 3000)
        try root.addSublayer(scroll)
        var stripes: [Layer] = [], cards: [Layer] = []
        for index in 0..<40 {
            let stripe = try Layer(frame: Rect(x: 0, y: Double(index * 70), width: 281, height: 70))
            stripe.backgroundColor = Color(red: UInt8(40 + index % 3 * 60), green: 200, blue: 120)
            try scroll.addSublayer(stripe)
            stripes.append(stripe)
            let card = try Layer(frame: Rect(x: Double(20 + index % 4 * 30), y: Double(index * 70 + 15), width: 90, height: 30))
            card.content = PatternContent(seed: UInt32(index))
            try scroll.addSublayer(card)
            cards.append(card)
        }
        let header = try Layer(frame: Rect(x: 0, y: 0, width: 300, height: 12))
        header.backgroundColor = Color(red: 20, green: 30, blue: 200, alpha: 120)
        try root.addSublayer(header)
        let compositor = try Compositor(configuration: .init(workers: 2, bandHeight: 16, rasterMode: .synchronous))
        let full = try Compositor(configuration: .init(workers: 2, rasterMode: .synchronous, scrollMoveCells: false))
        let framebuffer = try PixelBuffer(width: 300, height: 200, format: format)
        let expected = try PixelBuffer(width: 300, height: 200, format: format)
        var token: FrameToken?, offset = Point(x: 0, y: 0)
        var filled = 0, kept = 0, overlaidFilled = 0
        var random = SplitMix64(seed: 0xCE11_5C01)
        for frame in 0..<60 {
            var edit = "scroll"
            switch frame % 10 {
            case 3: stripes[Int(random.next() % 40)].backgroundColor = Color(red: UInt8(random.next() % 256), green: 9, blue: 9)
                edit = "recolour"
            case 6: cards[Int(random.next() % 40)].setNeedsDisplay()
                edit = "invalidate"
            case 8: cards[Int(random.next() % 40)].isHidden.toggle()
                edit = "hide"
            default: break
            }
            if frame == 30 {
                offset.x = 7  // a horizontal move
                edit = "horizontal scroll"
            } else {
                offset.y = max(0, min(2800, offset.y + Double(Int(random.next() % 41) - 12)))
            }
            try scroll.setContentOffset(offset)
            let statistics = try withHelpersAtAnyArea {
                try compositor.render(root, into: framebuffer, previousFrame: token)
            }
            token = statistics.frameToken
            filled += statistics.pixelsMoveFilled
            kept += statistics.pixelsMoveKept
            overlaidFilled += statistics.pixelsOverlaidFilled
            #expect(statistics.pixelsMoveFilled + statistics.pixelsMoveKept <= statistics.pixelsMoved)
            #expect(statistics.pixelsOverlaidFilled <= statistics.pixelsOverlaid)
            _ = try full.render(root, into: expected)
            #expect(firstDifference(framebuffer.packedBytes(), expected.packedBytes(), width: 300) == nil,
                    "frame \(frame) (\(edit), offset \(offset))")
            #expect(Self.untrue(compositor.framebufferCells, framebuffer).isEmpty, "frame \(frame): entries")
        }
        #expect(filled > 0 && kept > 0 && overlaidFilled > 0, "filled \(filled), kept \(kept), overlaid \(overlaidFilled)")
    }

    /// A frame over another frame than the last one, or into a framebuffer of another size, knows nothing
    /// of the cells: it composites everything and leaves every entry unknown; the scroll frames after it
    /// learn again and equal full frames.
    @Test func aFrameOverAnotherFrameForgetsTheCells() throws {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 256, height: 120))
        let scroll = try ScrollLayer(frame: Rect(x: 0, y: 0, width: 256, height: 120))
        scroll.contentSize = Size(width: 256, height: 2000)
        try root.addSublayer(scroll)
        for index in 0..<30 {  // flat bands, each with a patterned card (a layer with content: moves follow those)
            let band = try Layer(frame: Rect(x: 0, y: Double(index * 50), width: 256, height: 50))
            band.backgroundColor = Color(red: UInt8(index * 8), green: 100, blue: 50)
            try scroll.addSublayer(band)
            let card = try Layer(frame: Rect(x: 200, y: 10, width: 40, height: 30))
            card.content = PatternContent(seed: UInt32(index))
            try band.addSublayer(card)
        }
        let compositor = try Compositor(configuration: .init(workers: 2, rasterMode: .synchronous))
        let full = try Compositor(configuration: .init(workers: 1, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 256, height: 120), expected = try PixelBuffer(width: 256, height: 120)
        var tokens: [FrameToken] = []
        func frame(_ y: Double, over previous: FrameToken?) throws -> FrameStatistics {
            try scroll.setContentOffset(Point(x: 0, y: y))
            let statistics = try withHelpersAtAnyArea { try compositor.render(root, into: framebuffer, previousFrame: previous) }
            tokens.append(statistics.frameToken)
            _ = try full.render(root, into: expected)
            #expect(firstDifference(framebuffer.packedBytes(), expected.packedBytes(), width: 256) == nil, "offset \(y)")
            return statistics
        }
        _ = try frame(0, over: nil)
        for step in 1...4 { _ = try frame(Double(step * 9), over: tokens.last) }
        #expect(try frame(45, over: tokens.last).pixelsMoveKept > 0)
        framebuffer.clear(to: Pixel(r: 1, g: 2, b: 3, a: 4))  // the caller's buffer no longer holds the last frame
        _ = try frame(54, over: tokens[0])
        let cells = compositor.framebufferCells
        #expect((0..<120).allSatisfy { y in (0..<cells.cellsPerRow).allSatisfy { cells.entry(cell: $0, row: y) == FramebufferCell.unknown } })
        for step in 7...10 { _ = try frame(Double(step * 9), over: tokens.last) }
        #expect(Self.untrue(cells, framebuffer).isEmpty)
        #expect(try frame(99, over: tokens.last).pixelsMoveKept > 0, "learned again")
        // Another size: nothing known, every pixel composited.
        let small = try PixelBuffer(width: 200, height: 120)
        let statistics = try compositor.render(root, into: small, previousFrame: tokens.last)
        #expect(statistics.pixelsMoved == 0 && statistics.pixelsComposited == 200 * 120)
    }
}
