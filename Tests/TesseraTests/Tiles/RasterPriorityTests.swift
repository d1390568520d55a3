#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import Tessera

/// Background raster runs below the frame: its draws see a higher nice value (lower priority) than the
/// thread that renders, and run under `SCHED_IDLE` where the process may return a thread from it, so a
/// composite takes the cores from raster instead of sharing them; with `backgroundRaster` off they do not.
@Suite struct RasterPriorityTests {
    #if os(Linux)
    private static func niceOfCallingThread() -> Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    /// `SCHED_IDLE` and `SCHED_OTHER` (`<sched.h>`).
    private static let idlePolicy: Int32 = 5, otherPolicy: Int32 = 0

    /// Records the nice value and scheduling policy of every thread that draws it.
    final class NiceProbe: LayerContent, @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int32] = []
        private var policies: [Int32] = []
        var seen: [Int32] { lock.withLock { values } }
        var seenPolicies: [Int32] { lock.withLock { policies } }
        func draw(in context: RasterContext) {
            let nice = RasterPriorityTests.niceOfCallingThread()
            let policy = sched_getscheduler(0)
            lock.withLock {
                values.append(nice)
                policies.append(policy)
            }
        }
    }

    private func draws(background: Bool) throws -> NiceProbe {
        let probe = NiceProbe()
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 64, height: 64))
        root.content = probe
        let compositor = try Compositor(configuration: .init(tileSize: 16, workers: 2, backgroundRaster: background))
        _ = try compositor.render(root, into: PixelBuffer(width: 64, height: 64))
        compositor.drainRaster()
        return probe
    }

    @Test func backgroundRasterDrawsBelowTheRenderingThread() throws {
        let frameNice = Self.niceOfCallingThread()
        let background = try draws(background: true)
        #expect(background.seen.count == 16)
        #expect(background.seen.allSatisfy { $0 > frameNice }, "draws at \(background.seen), frame thread at \(frameNice)")
        let expectedPolicy = IdleRasterPolicy.isAvailable ? Self.idlePolicy : Self.otherPolicy
        #expect(background.seenPolicies == Array(repeating: expectedPolicy, count: 16))
        let normal = try draws(background: false)
        #expect(normal.seen.allSatisfy { $0 <= frameNice }, "draws at \(normal.seen), frame thread at \(frameNice)")
        #expect(normal.seenPolicies == Array(repeating: Self.otherPolicy, count: 16))
    }

    @Test func anIdleDrawGivesTheThreadItsPolicyBack() {
        let before = sched_getscheduler(0)
        let during = IdleRasterPolicy.run(enabled: true) { sched_getscheduler(0) }
        #expect(during == (IdleRasterPolicy.isAvailable ? Self.idlePolicy : before))
        #expect(sched_getscheduler(0) == before)
        #expect(IdleRasterPolicy.run(enabled: false) { sched_getscheduler(0) } == before)
    }
    #endif
}
