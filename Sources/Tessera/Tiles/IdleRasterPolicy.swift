import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs a raster draw under Linux's `SCHED_IDLE` scheduling policy, where this process may return a
/// thread from it.
///
/// Background quality of service alone (nice 10 on Linux) is not enough on a 2-CPU machine: the
/// scheduler lets a running raster thread finish its slice (milliseconds) before a woken frame thread or
/// band helper takes the CPU, so composites that overlap raster took 8–12 ms instead of 4
/// (`tessera bench feed --script fastfling --raster-cost 20`: p95 7.9–12.3 ms in five runs, 5.5–6.3 under
/// this policy; README.md, "Tile priorities"). A `SCHED_IDLE` thread runs only on a CPU nothing else
/// wants and is preempted at once.
///
/// The draw, not the whole raster lane, runs idle: the lane takes the raster queue's lock between draws,
/// and an idle thread preempted inside it would hold up the frame thread (tried: the whole lane idle made
/// `tessera bench feed`'s p95 frame 9.3–10.2 ms against 5.7–6.6 with idle draws, two runs each). The
/// Dispatch thread gets its policy back after every draw; an unprivileged thread may leave `SCHED_IDLE`
/// only when `RLIMIT_NICE` allows its nice value (`ulimit -e` ≥ 10 for background threads) or with
/// `CAP_SYS_NICE`, so ``isAvailable`` probes that once, on a thread of its own at nice 10, and without
/// it draws keep the quality of service's priority alone. Should a thread still fail to get its policy
/// back (niced beyond 10), it stays idle and no later draw enters the policy.
///
/// Thread safety: any thread; ``isAvailable`` is computed once. Cost: two system calls per draw.
enum IdleRasterPolicy {
    /// Linux's `SCHED_IDLE` (`<sched.h>`; not exported by Swift's Glibc module).
    private static let schedIdle: Int32 = 5

    /// The nice value of Dispatch's `.background` threads on Linux, which the probe takes first: leaving
    /// `SCHED_IDLE` needs `RLIMIT_NICE ≥ 20 − nice`.
    private static let backgroundNice: Int32 = 10

    /// True when a thread at the background nice value can enter `SCHED_IDLE` and return to its policy,
    /// and no return has failed since.
    static var isAvailable: Bool { probed && !refused.load(ordering: .relaxed) }

    private static let probed: Bool = {
        #if os(Linux)
        final class Outcome: @unchecked Sendable { var value = false }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let probe = Thread {
            // The probe thread is its own; raising its nice value needs no privilege.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, backgroundNice)
            if let saved = enter() { outcome.value = leave(saved) }
            done.signal()
        }
        probe.start()
        done.wait()
        return outcome.value
        #else
        return false
        #endif
    }()

    /// Set when a thread could not get its policy back (a raster thread niced further than the probe):
    /// no draw runs idle after that.
    private static let refused = Atomic<Bool>(false)

    /// Runs `body` idle when ``isAvailable`` and `enabled`, else as the thread runs now.
    static func run<T>(enabled: Bool, _ body: () -> T) -> T {
        guard enabled, isAvailable, let saved = enter() else { return body() }
        defer { if !leave(saved) { refused.store(true, ordering: .relaxed) } }
        return body()
    }

    /// The calling thread's policy and parameters, after switching it to `SCHED_IDLE`; `nil` when it
    /// could not be switched.
    private static func enter() -> (policy: Int32, parameters: sched_param)? {
        #if os(Linux)
        var parameters = sched_param()
        var policy: Int32 = 0
        guard pthread_getschedparam(pthread_self(), &policy, &parameters) == 0 else { return nil }
        var idle = sched_param()
        guard pthread_setschedparam(pthread_self(), schedIdle, &idle) == 0 else { return nil }
        return (policy, parameters)
        #else
        return nil
        #endif
    }

    /// Gives the calling thread back the policy `enter` saved; false when the system refused.
    private static func leave(_ saved: (policy: Int32, parameters: sched_param)) -> Bool {
        #if os(Linux)
        var parameters = saved.parameters
        return pthread_setschedparam(pthread_self(), saved.policy, &parameters) == 0
        #else
        return true
        #endif
    }
}
