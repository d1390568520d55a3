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
    /// Which thread finished each item, and when (items take long enough to be in flight at a join).
    final class Record: @unchecked Sendable {
        private let lock = NSLock()
        private var done: [Bool]
        private var byHelpers = 0
        init(_ count: Int) { done = Array(repeating: false, count: count) }
        func finish(_ index: Int, onCaller: Bool) {
            lock.withLock {
                done[index] = true
                if !onCaller { byHelpers += 1 }
            }
        }
        var allDone: Bool { lock.withLock { !done.contains(false) } }
        var byHelpersNow: Int { lock.withLock { byHelpers } }
    }

    @Test func aStartedRunIsDoneWhenJoinReturnsAndHelpersTakePart() {
        let crew = WorkCrew()
        #expect(WorkLanes.start(count: 4, crew: crew) { _ in } == nil, "nothing woken: nothing starts")
        var helped = 0
        for round in 0..<20 {
            crew.wake(helpers: 1)
            let count = 4 + round % 7
            let record = Record(count)
            let caller = pthread_self()
            let run = WorkLanes.start(count: count, crew: crew) { index in
                let end = ContinuousClock.now + .microseconds(300)  // in flight when the caller joins
                while ContinuousClock.now < end {}
                record.finish(index, onCaller: pthread_equal(pthread_self(), caller) != 0)
            }
            #expect(run != nil)
            // Join once the helper has finished an item (it is then busy with the next), or after 2 s when
            // Dispatch did not start it (other tests may hold both CPUs): the caller then does them all.
            let deadline = ContinuousClock.now + .seconds(2)
            while record.byHelpersNow == 0, ContinuousClock.now < deadline { usleep(100) }
            run?.join()
            #expect(record.allDone, "round \(round): join returned before every item was done")
            run?.join()  // a second join returns at once
            helped += record.byHelpersNow
        }
        crew.dismiss()
        #expect(helped > 0, "no helper ran an item in 20 started runs")
    }

    @Test func aHelperLeavesTheCallersCPUAndGetsItsMaskBack() throws {
        guard HelperPlacement.currentCPU() >= 0, let before = HelperPlacement.affinity(),
              before.words.reduce(0, { $0 + $1.nonzeroBitCount }) > 1 else { return }  // one CPU: nothing to leave
        #expect(HelperPlacement.leave(HelperPlacement.currentCPU() + 1_000) == nil, "not on that CPU: nothing changes")
        // The thread may move between reading its CPU and leaving it: try again then.
        var left: (cpu: Int, saved: HelperPlacement.Mask)?
        for _ in 0..<100 where left == nil {
            let cpu = HelperPlacement.currentCPU()
            if let saved = HelperPlacement.leave(cpu) { left = (cpu, saved) }
        }
        let (cpu, saved) = try #require(left)
        #expect(saved == before)
        #expect(HelperPlacement.currentCPU() != cpu, "the kernel moves the thread before the call returns")
        #expect(HelperPlacement.affinity() != before)
        HelperPlacement.restore(saved)
        #expect(HelperPlacement.affinity() == before)
    }
}
