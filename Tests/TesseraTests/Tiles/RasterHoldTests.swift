import Foundation
import Testing
@testable import Tessera

/// While a frame runs, raster starts no draw (`RasterQueue.holdStarts`): queued jobs wait until the frame
/// resumes starts, or until someone waits for raster (which must not deadlock on the hold).
@Suite struct RasterHoldTests {
    /// Counts its draws.
    final class CountingContent: LayerContent, @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var draws: Int { lock.withLock { count } }
        func draw(in context: RasterContext) { lock.withLock { count += 1 } }
    }

    private func job(_ content: CountingContent, column: Int) throws -> RasterJob {
        RasterJob(key: TileKey(layer: 1, scaleBits: 1.0.bitPattern, column: column, row: 0), version: 1,
                  content: content, deviceRect: PixelRect(x: column * 8, y: 0, width: 8, height: 8), scale: 1,
                  target: try PixelBuffer(width: 8, height: 8), priority: .now)
    }

    @Test func heldStartsRunNothingUntilResumed() throws {
        let queue = RasterQueue(workers: 2, background: false)
        let content = CountingContent()
        queue.holdStarts()
        queue.enqueue(try (0..<4).map { try job(content, column: $0) })
        Thread.sleep(forTimeInterval: 0.05)
        #expect(content.draws == 0)
        #expect(queue.outstanding == 4)
        queue.resumeStarts()
        queue.waitUntilIdle()
        #expect(content.draws == 4)
    }

    @Test func waitingForRasterLiftsTheHold() throws {
        let queue = RasterQueue(workers: 1, background: true)
        let content = CountingContent()
        queue.holdStarts()
        let jobs = try (0..<3).map { try job(content, column: $0) }
        queue.enqueue(jobs)
        #expect(queue.wait(for: jobs, until: .now + .seconds(10)))
        #expect(content.draws == 3)
        queue.holdStarts()
        queue.enqueue([try job(content, column: 9)])
        queue.waitUntilIdle()
        #expect(content.draws == 4)
    }
}
