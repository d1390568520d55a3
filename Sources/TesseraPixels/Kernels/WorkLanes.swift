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
    /// Runs `body(0 ..< count)` on the calling thread and up to `lanes − 1` helpers; with `crew`, the
    /// helpers it woke ahead (``WorkCrew/wake(helpers:)``) take part first, and only the missing ones are
    /// dispatched now.
    package static func run(count: Int, lanes: Int, crew: WorkCrew? = nil, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        let helpers = max(0, min(lanes, count) - 1)
        let (state, awake) = crew?.takeWoken() ?? (State(), 0)
        state.publish(count: count, body: body)
        for _ in 0..<max(0, helpers - awake) {
            DispatchQueue.global(qos: .userInteractive).async { state.work() }
        }
        state.work()
        while state.finished.load(ordering: .acquiring) < count { sched_yield() }
    }

    /// The counters and the body one `run` shares with its helpers (kept alive by a late helper).
    ///
    /// `count` and `body` are written once, before the releasing store of `published`; a helper reads them
    /// only after an acquiring load sees it (or, dispatched after it, through Dispatch's own ordering).
    final class State: @unchecked Sendable {
        let next = Atomic<Int>(0)
        let finished = Atomic<Int>(0)
        let published = Atomic<Bool>(false)
        private var count = 0
        private var body: @Sendable (Int) -> Void = { _ in }

        func publish(count: Int, body: @escaping @Sendable (Int) -> Void) {
            self.count = count
            self.body = body
            published.store(true, ordering: .releasing)
        }

        /// Takes items until none is left (call only once ``published`` is seen).
        func work() {
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                body(index)
                finished.wrappingAdd(1, ordering: .releasing)
            }
        }

        /// A woken helper: waits for the run, spinning with `sched_yield`, until `deadline`; then works.
        func waitAndWork(until deadline: ContinuousClock.Instant) {
            let clock = ContinuousClock()
            while !published.load(ordering: .acquiring) {
                if clock.now > deadline { return }
                sched_yield()
            }
            work()
        }
    }
}

/// Helpers woken before a ``WorkLanes`` run is ready, so that they are running when its items are dealt.
///
/// A Dispatch helper woken at the moment of a run starts late on a virtual machine whose other CPU is
/// idle (measured here: often a millisecond; `README.md`, "Paced frames"), and a run whose helper starts
/// late runs on the calling thread alone. The compositor wakes its crew at the start of a frame that will
/// likely composite many bands (the previous one did), so the helpers spin, yielding, through planning and
/// tile preparation and join the bands at once. A woken helper that sees no run within
/// ``spinLimit`` gives up, so a frame that ends up compositing little wastes at most that much of
/// another CPU.
///
/// Thread safety: `wake` and the `run` that uses it are called from one thread (the compositor's model
/// thread); the helpers synchronize through ``WorkLanes``' state.
package final class WorkCrew: @unchecked Sendable {
    /// How long a woken helper waits for its run.
    package static let spinLimit = Duration.milliseconds(2)

    private var woken: (state: WorkLanes.State, helpers: Int)?

    package init() {}

    /// Wakes `helpers` Dispatch helpers for the next run (replacing helpers woken before and not used:
    /// they give up after ``spinLimit``).
    package func wake(helpers: Int) {
        guard helpers > 0 else {
            woken = nil
            return
        }
        let state = WorkLanes.State()
        let deadline = ContinuousClock.now + Self.spinLimit
        for _ in 0..<helpers {
            DispatchQueue.global(qos: .userInteractive).async { state.waitAndWork(until: deadline) }
        }
        woken = (state, helpers)
    }

    /// The woken helpers' state and their number, once.
    func takeWoken() -> (WorkLanes.State, Int)? {
        defer { woken = nil }
        return woken
    }
}
