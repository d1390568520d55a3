import Foundation
import Testing
@testable import TesseraPixels

/// Band helpers woken ahead (`WorkCrew`): whether a woken run is used, dismissed or replaced, every item
/// of every run is done exactly once and `run` returns only after all of them; staying helpers leave
/// after `WorkCrew.stayAwake` without a wake.
@Suite struct WorkCrewTests {
    /// Counts, under a lock, how often each item ran.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [Int]
        init(_ count: Int) { counts = Array(repeating: 0, count: count) }
        func mark(_ index: Int) { lock.withLock { counts[index] += 1 } }
        var values: [Int] { lock.withLock { counts } }
    }

    @Test func everyItemRunsOnceWhetherTheWokenRunIsUsedDismissedOrReplaced() {
        let crew = WorkCrew()
        for round in 0..<300 {
            crew.wake(helpers: 1 + round % 2)
            switch round % 4 {
            case 1: crew.dismiss()                  // the frame composited nothing
            case 2: crew.wake(helpers: 1)           // woken again before the run
            default: break
            }
            let count = 1 + (round * 7) % 40
            let tally = Tally(count)
            WorkLanes.run(count: count, lanes: 3, crew: round % 4 == 3 ? nil : crew) { tally.mark($0) }
            #expect(tally.values == Array(repeating: 1, count: count), "round \(round)")
        }
    }

    @Test func stayingHelpersLeaveWithoutWakes() throws {
        let crew = WorkCrew()
        crew.wake(helpers: 1)
        WorkLanes.run(count: 8, lanes: 2, crew: crew) { _ in }
        let deadline = ContinuousClock.now + WorkCrew.stayAwake * 4
        while crew.stayingHelpers > 0, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(crew.stayingHelpers == 0)
    }
}

/// A run the woken helpers start before the calling thread joins (`WorkLanes.start`), and a helper's
/// placement off the caller's CPU (`HelperPlacement`).
@Suite struct StartedRunTests {
    @Test func aStartedRunDoesEveryItemOnceAndNeedsAWokenHelper() {
        let crew = WorkCrew()
        #expect(WorkLanes.start(count: 4, crew: crew) { _ in } == nil, "nothing woken: nothing starts")
        for round in 0..<100 {
            crew.wake(helpers: 1)
            let count = 1 + round % 17
            let tally = WorkCrewTests.Tally(count)
            let run = WorkLanes.start(count: count, crew: crew) { tally.mark($0) }
            #expect(run != nil)
            if round % 3 == 0 { Thread.sleep(forTimeInterval: 0.0005) }  // the helper may take them all
            run?.join()
            #expect(tally.values == Array(repeating: 1, count: count), "round \(round)")
            run?.join()  // a second join returns at once
        }
        crew.dismiss()
    }

    @Test func aHelperLeavesTheCallersCPUAndGetsItsMaskBack() throws {
        let cpu = HelperPlacement.currentCPU()
        guard cpu >= 0, let before = HelperPlacement.affinity(),
              before.words.reduce(0, { $0 + $1.nonzeroBitCount }) > 1 else { return }  // one CPU: nothing to leave
        #expect(HelperPlacement.leave(cpu + 1_000) == nil, "not on that CPU: nothing changes")
        let saved = try #require(HelperPlacement.leave(cpu))
        #expect(saved == before)
        #expect(HelperPlacement.currentCPU() != cpu, "the kernel moves the thread before the call returns")
        #expect(HelperPlacement.affinity() != before)
        HelperPlacement.restore(saved)
        #expect(HelperPlacement.affinity() == before)
    }
}
