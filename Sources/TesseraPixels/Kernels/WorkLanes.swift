import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `count` work items on the calling thread and up to `lanes − 1` Dispatch workers, dealing the items
/// from one shared atomic counter, and returns as soon as every item is done — never waiting for a worker
/// that has not started.
///
/// `DispatchQueue.concurrentPerform` returns only when every iteration has run, even one that would find
/// nothing left to do. When Dispatch's worker threads are all busy (raster jobs at background quality of
/// service fill the pool of a 2-CPU machine), its second iteration starts only when a raster job ends: a
/// frame then waits for raster. Measured with `tessera bench feed --script fastfling --raster-cost 20`
/// (2 workers): composites of 9–21 ms instead of 2–3 ms in the frames where raster ran. Here a helper that
/// starts late finds the counter exhausted and returns without touching anything; the caller waits only
/// for the items a helper has claimed and not finished (one band: well under a millisecond), spinning
/// with `sched_yield`.
///
/// ```
///   caller:   [item 0][item 2][item 3][item 5] ── wait for claimed items ──► return
///   helper:        [item 1]     [item 4]                    (late helper: counter exhausted, returns)
/// ```
///
/// Ordering: each finished item is published by a releasing increment of the finished count (after the
/// item's own store fence, for streaming stores); the caller's acquiring load that sees every item
/// finished makes all of them visible. Thread safety: `body` runs concurrently with itself on distinct
/// items, and never after `run` returns (a helper only runs an item it claimed below `count`, and `run`
/// returns once all `count` have finished). Helpers run at `.userInteractive` quality of service.
package enum WorkLanes {
    package static func run(count: Int, lanes: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        let state = State(count: count, body: body)
        for _ in 1..<max(1, min(lanes, count)) {
            DispatchQueue.global(qos: .userInteractive).async { state.work() }
        }
        state.work()
        while state.finished.load(ordering: .acquiring) < count { sched_yield() }
    }

    /// The counters and the body one `run` shares with its helpers (kept alive by a late helper).
    private final class State: Sendable {
        let next = Atomic<Int>(0)
        let finished = Atomic<Int>(0)
        let count: Int
        let body: @Sendable (Int) -> Void

        init(count: Int, body: @escaping @Sendable (Int) -> Void) {
            self.count = count
            self.body = body
        }

        func work() {
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                body(index)
                finished.wrappingAdd(1, ordering: .releasing)
            }
        }
    }
}
