import Foundation
import Tessera
import TesseraBench
import TesseraKernelBodies
import TesseraPixels
import TesseraScene

/// A scroll frame's move alone, on a real frame: the `feed` scene's 4K framebuffer moved up by one frame's
/// step (83 rows at 10,000 pt/s and 120 Hz) in place, in blocks of 16 rows from the top, as
/// `Composite/MoveLanes.swift` moves it: every row copied with the tier's `copyStreaming`, against the same
/// move over the frame's known 64-pixel cells (`moveCells`: one-colour cells filled or kept, the others
/// copied and scanned), with the cells' entries of the frame as a scroll's second frame finds them.
/// Id: `frame/move/feed/w1` (one thread: the kernels alone, no lane split).
///
/// Each sample starts from the same frame and entries (copied back, then 64 MB touched so that neither
/// is in the cache, as after a paced frame's raster), alternating the two moves.
struct MoveBenchmarks: BenchmarkGroup {
    let name = "frame-move"
    let summary = "a feed frame's scroll move (83 rows, 4K) copied vs over known one-colour cells, 1 thread"

    func run(options: BenchmarkOptions) -> [BenchmarkResult] {
        guard options.selects("frame/move/feed/w1") else { return [] }
        do {
            return [try measure(rounds: options.quick ? 5 : 31, options: options)]
        } catch {
            options.log("frame/move/feed/w1 failed: \(error)")
            return []
        }
    }

    static let rows = 83, blockRows = 16

    func measure(rounds: Int, options: BenchmarkOptions) throws -> BenchmarkResult {
        let bench = try BuiltInScene.feed.make()
        let compositor = try Compositor(configuration: .init(workers: 1, scale: bench.scene.viewport.scale,
                                                             rasterMode: .synchronous))
        let frame = try PixelBuffer(width: bench.scene.viewport.pixelWidth, height: bench.scene.viewport.pixelHeight)
        _ = try compositor.render(bench.scene.root, into: frame)
        let (width, height, stride) = (frame.width, frame.height, frame.bytesPerRow)
        let cellsPerRow = width / FramebufferCell.width
        // The frame's entries, as a scroll's frames find them (ScalarReference.moveCells scans every cell).
        let framebuffer = try PixelBuffer(width: width, height: height)
        let entries = ScalarReference.moveCells(frame, onto: framebuffer, cells: cellsPerRow, cellStride: cellsPerRow)
        let current = UnsafeMutablePointer<UInt64>.allocate(capacity: entries.count)
        let next = UnsafeMutablePointer<UInt64>.allocate(capacity: entries.count)
        let evict = UnsafeMutableRawPointer.allocate(byteCount: 64 << 20, alignment: 64)
        defer { current.deallocate(); next.deallocate(); evict.deallocate() }
        let routines = Kernels.active.routines
        func reset(_ round: Int) {
            framebuffer.baseAddress.copyMemory(from: frame.baseAddress, byteCount: stride * height)
            entries.withUnsafeBufferPointer { current.update(from: $0.baseAddress!, count: entries.count) }
            evict.initializeMemory(as: UInt8.self, repeating: UInt8(truncatingIfNeeded: round), count: 64 << 20)
        }
        func move(cells: Bool) -> Double {
            let start = Timing.now()
            var y = 0
            while y < height - Self.rows {
                let count = Swift.min(Self.blockRows, height - Self.rows - y)
                let dst = framebuffer.baseAddress + y * stride, src = dst + Self.rows * stride
                if cells {
                    _ = routines.moveCells(src, stride, dst, stride, cellsPerRow, count,
                                           current + (y + Self.rows) * cellsPerRow, current + y * cellsPerRow,
                                           next + y * cellsPerRow, cellsPerRow, true)
                } else {
                    routines.copyStreaming(src, stride, dst, stride, width, count)
                }
                y += count
            }
            routines.storeFence()
            return Double(Timing.now() - start) / 1e9
        }
        var copied: [Double] = [], overCells: [Double] = []
        for round in 0..<rounds {
            reset(round)
            copied.append(move(cells: false))
            reset(round)
            overCells.append(move(cells: true))
        }
        let known = entries.count(where: FramebufferCell.isColor)
        let copy = Timing.median(copied), cells = Timing.median(overCells)
        options.log(String(format: "frame/move/feed/w1: 4K feed frame moved %d rows in place, 1 thread: copied %.2f ms, "
                           + "over known cells %.2f ms (×%.2f; %.1f %% of the frame's cells one colour)",
                           Self.rows, copy * 1e3, cells * 1e3, cells / copy, 100 * Double(known) / Double(entries.count)))
        return BenchmarkResult(group: "frame", labels: [("case", "feed move")], workers: 1, values: [
            ("copy_ms", copy * 1e3), ("cells_ms", cells * 1e3), ("cells_over_copy", cells / copy),
            ("known_cell_share", Double(known) / Double(entries.count)),
        ])
    }
}
