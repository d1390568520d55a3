import Dispatch
import Foundation
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
/// for the items a helper has claimed and not finished (one band: well under a millisecond), polling.
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
/// returns once all `count` have finished; a started run's body, never after its `join` returns).
/// Helpers run at `.userInteractive` quality of service, off the caller's CPU where they can
/// (``HelperPlacement``).
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
        state.work(asCaller: true)
        state.waitUntilFinished(count)
    }

    /// Starts `body(0 ..< count)` on the helpers `crew` woke ahead, without the calling thread, and
    /// returns at once; `nil` when no helper is woken (nothing started). The caller takes part later, in
    /// ``StartedRun/join()``, and must join before anything else touches what the items write.
    package static func start(count: Int, crew: WorkCrew, _ body: @escaping @Sendable (Int) -> Void) -> StartedRun? {
        guard count > 0, let (state, _) = crew.takeWoken() else { return nil }
        state.publish(count: count, body: body)
        return StartedRun(state: state, count: count)
    }

    /// A run the helpers started ahead of the calling thread (``start(count:crew:_:)``).
    package struct StartedRun: Sendable {
        let state: State
        let count: Int

        /// Takes the items no helper has claimed, then waits for the claimed ones; returns when every item
        /// is done (at once, after the first join). The thread that started the run, or a worker of a run
        /// that thread leads (a band run's join or overlay step): joins may repeat and overlap.
        package func join() {
            state.work(asCaller: true)
            state.waitUntilFinished(count)
        }
    }

    /// Busy polls before a wait yields: `sched_yield` hands the CPU to any runnable thread, and the
    /// scheduler lets a background raster thread finish its slice (milliseconds) before the yielder runs
    /// again, while a band a helper is finishing takes microseconds. (Measured: sleeping
    /// ``WorkCrew/wokenPollInterval`` between polls instead made `tessera bench feed`'s p99 no shorter.)
    package static let pollsBeforeYield = 20_000

    /// Waits until `ready` is true: ``pollsBeforeYield`` busy polls, then polls yielding. For waits of
    /// microseconds on another worker (a claimed item, a move's halo).
    package static func wait(until ready: () -> Bool) {
        var polls = 0
        while !ready() {
            polls += 1
            if polls > pollsBeforeYield { sched_yield() }
        }
    }

    /// The counters and the body one `run` shares with its helpers (kept alive by a late helper).
    ///
    /// `count` and `body` are written once, before the releasing store of `published`; a helper reads them
    /// only after an acquiring load sees it (or, dispatched after it, through Dispatch's own ordering).
    final class State: @unchecked Sendable {
        let next = Atomic<Int>(0)
        let finished = Atomic<Int>(0)
        let published = Atomic<Bool>(false)
        /// The CPU the calling thread published the run on (−1: not known).
        let callerCPU = Atomic<Int>(-1)
        /// Set when the woken run will not come (``WorkCrew/dismiss()``): waiting helpers return.
        let calledOff = Atomic<Bool>(false)
        /// Until when a woken helper waits for ``published`` (set before the crew shares the state).
        var waitLimit = ContinuousClock.Instant.now
        private var count = 0
        private var body: @Sendable (Int) -> Void = { _ in }

        func publish(count: Int, body: @escaping @Sendable (Int) -> Void) {
            self.count = count
            self.body = body
            callerCPU.store(HelperPlacement.currentCPU(), ordering: .relaxed)
            published.store(true, ordering: .releasing)
        }

        /// Takes items until none is left (call only once ``published`` is seen). A helper
        /// (`asCaller` false) first leaves the caller's CPU (``HelperPlacement``).
        func work(asCaller: Bool = false) {
            let placed = asCaller || next.load(ordering: .relaxed) >= count ? nil
                : HelperPlacement.leave(callerCPU.load(ordering: .relaxed))
            defer { if let placed { HelperPlacement.restore(placed) } }
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                body(index)
                finished.wrappingAdd(1, ordering: .releasing)
            }
        }

        /// The caller's wait for the items helpers claimed: busy polls, then polls yielding.
        func waitUntilFinished(_ count: Int) {
            WorkLanes.wait { finished.load(ordering: .acquiring) >= count }
        }

        /// A woken helper: waits for the run, polling every ``WorkCrew/wokenPollInterval`` (sleeping
        /// between polls leaves its CPU to whatever the frame thread may be waiting for, such as a raster
        /// thread holding a lock, and a timer wake-up preempts an idle-policy raster draw at once), until
        /// `deadline` or until the run is called off; then works.
        func waitAndWork(until deadline: ContinuousClock.Instant) {
            let clock = ContinuousClock()
            while !published.load(ordering: .acquiring) {
                if calledOff.load(ordering: .relaxed) || clock.now > deadline { return }
                usleep(WorkCrew.microseconds(WorkCrew.wokenPollInterval))
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
/// likely composite many bands, so the helpers poll through planning and tile preparation and join the
/// bands at once. Between runs the helpers stay, sleeping ``pollInterval`` between polls, for
/// ``stayAwake`` after the last ``wake(helpers:)``: a helper that had left would be woken on the busy
/// CPU (the idle virtual CPU counts as preempted) and join late, which made every full frame between the
/// sub-pixel frames at the end of a fling run on one thread. A woken helper that sees no run within
/// ``waitLimit``, or is dismissed (``dismiss()``: the frame composited nothing), goes back to polling.
///
/// ```
///   model thread:  wake ─ plan ─ prepare ─ [bands] ─ dismiss     wake ─ plan ─ ...
///   helper:             poll ······ poll ─ [bands] ─ sleep·poll·sleep·poll ─ poll ─ ...
/// ```
///
/// Thread safety: `wake`, `dismiss` and the `run` that uses the crew are called from one thread (the
/// compositor's model thread); helpers find the run through a lock-guarded slot and a generation counter
/// and synchronize with it through ``WorkLanes``' state. Each staying helper holds a Dispatch
/// `.userInteractive` worker thread until ``stayAwake`` after the last wake.
package final class WorkCrew: @unchecked Sendable {
    /// How long a woken helper waits for its run at most: a safety net, since the compositor ends every
    /// woken run it did not use (``dismiss()``) and a helper that gave up does not rejoin its run.
    package static let waitLimit = Duration.milliseconds(250)
    /// How often a woken helper looks for its run while the frame plans.
    package static let wokenPollInterval = Duration.microseconds(20)
    /// How long helpers stay after the last wake before they give their Dispatch threads back.
    package static let stayAwake = Duration.milliseconds(500)
    /// The sleep between two polls of a staying helper (a new run is seen within about this long).
    package static let pollInterval = Duration.microseconds(200)

    private let lock = NSLock()
    /// The run of the latest wake (guarded by `lock`).
    private var slot: WorkLanes.State?
    /// Bumped by every wake, after `slot` is set.
    private let generation = Atomic<Int>(0)
    /// Helpers in their loop now.
    private let staying = Atomic<Int>(0)
    /// `DispatchTime` uptime, in nanoseconds, after which staying helpers leave.
    private let leaveAfter = Atomic<UInt64>(0)
    /// The run handed to the next ``WorkLanes/run(count:lanes:crew:_:)`` (model thread only).
    private var woken: (state: WorkLanes.State, helpers: Int)?

    package init() {}

    /// Wakes `helpers` helpers for the next run (dismissing a run woken before and not used).
    package func wake(helpers: Int) {
        dismiss()
        guard helpers > 0 else { return }
        let state = WorkLanes.State()
        state.waitLimit = ContinuousClock.now + Self.waitLimit
        lock.withLock { slot = state }
        leaveAfter.store(DispatchTime.now().uptimeNanoseconds + UInt64(Self.microseconds(Self.stayAwake)) * 1000,
                         ordering: .relaxed)
        // Sequentially consistent, with the leave in `stay`: either a leaving helper sees this generation
        // and stays, or this wake sees it gone and dispatches another.
        let seen = generation.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
        while staying.load(ordering: .sequentiallyConsistent) < helpers {
            staying.wrappingAdd(1, ordering: .sequentiallyConsistent)
            DispatchQueue.global(qos: .userInteractive).async { self.stay(seen: seen - 1) }
        }
        woken = (state, helpers)
    }

    /// Ends the woken run: helpers of a run not used go back to polling at once, and the run's state (its
    /// body holds the frame's draw list) is let go. Call after the run, or instead of it.
    package func dismiss() {
        woken?.state.calledOff.store(true, ordering: .relaxed)
        woken = nil
        lock.withLock { slot = nil }
    }

    /// The helpers in their loop now (joining runs or polling between them).
    package var stayingHelpers: Int { staying.load(ordering: .relaxed) }

    /// The woken run's state and its number of helpers, once.
    func takeWoken() -> (WorkLanes.State, Int)? {
        defer { woken = nil }
        return woken
    }

    /// A helper's loop: joins each new run, sleeps between polls, leaves ``stayAwake`` after the last wake.
    private func stay(seen: Int) {
        var seen = seen
        let sleep = Self.microseconds(Self.pollInterval)
        while true {
            let current = generation.load(ordering: .acquiring)
            if current != seen {
                seen = current
                if let state = lock.withLock({ slot }) { state.waitAndWork(until: state.waitLimit) }
                continue
            }
            if DispatchTime.now().uptimeNanoseconds > leaveAfter.load(ordering: .relaxed) {
                staying.wrappingSubtract(1, ordering: .sequentiallyConsistent)
                // A wake between the last poll and the leave counted this helper: stay for it.
                guard generation.load(ordering: .sequentiallyConsistent) != seen else { return }
                staying.wrappingAdd(1, ordering: .sequentiallyConsistent)
                continue
            }
            usleep(sleep)
        }
    }

    /// `duration` in whole microseconds (the crew's durations are positive and short).
    static func microseconds(_ duration: Duration) -> useconds_t {
        useconds_t(duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000)
    }
}
