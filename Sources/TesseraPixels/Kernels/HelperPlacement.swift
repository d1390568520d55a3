import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Keeps a band helper off the CPU its run's calling thread is on (Linux; elsewhere nothing happens).
///
/// On a 2-CPU machine whose other CPU runs a background raster draw (Linux `SCHED_IDLE`), the scheduler
/// left a woken helper on the frame thread's CPU: the two time-sliced one CPU while the raster draw kept
/// the other, and the frame took 1.5–3 ms longer (`perf sched timehist` of `tessera bench feed`: the
/// frame thread preempted by its helper 2 ms at a time; the first frames of a scroll, when prepaint
/// raster runs most, took 4.4–7 ms instead of 2.5–3). A helper that finds itself on the caller's CPU
/// takes that CPU out of its affinity mask for the run — the kernel moves it at once, preempting an
/// idle-policy draw if that is what the other CPU runs — and restores the mask when the run ends.
///
/// glibc's `sched_getcpu`, `sched_getaffinity` and `sched_setaffinity` are GNU extensions that Swift's
/// `Glibc` module leaves out; they are looked up once at run time. Cost: a vDSO call per run and thread,
/// two system calls when the helper moves and one when it restores.
///
/// Thread safety: each call acts on the calling thread only.
enum HelperPlacement {
    /// A CPU affinity mask (glibc's `cpu_set_t`: 1,024 bits).
    struct Mask: Equatable {
        var words = [UInt64](repeating: 0, count: 16)
    }

    /// The calling thread's affinity mask, or `nil` where it is not known.
    static func affinity() -> Mask? {
        guard let functions else { return nil }
        var mask = Mask()
        let size = mask.words.count * 8
        guard mask.words.withUnsafeMutableBytes({ functions.getAffinity(0, size, $0.baseAddress!) }) == 0 else { return nil }
        return mask
    }

    /// The CPU the calling thread runs on now, or −1 where that is not known.
    static func currentCPU() -> Int {
        guard let getCPU = functions?.getCPU else { return -1 }
        return Int(getCPU())
    }

    /// When the calling thread runs on `cpu` (≥ 0) and may run elsewhere, moves it off `cpu` and returns
    /// the mask to restore; otherwise `nil` (nothing changed).
    static func leave(_ cpu: Int) -> Mask? {
        guard cpu >= 0, cpu < 1024, let functions, Int(functions.getCPU()) == cpu, let saved = affinity() else { return nil }
        var others = saved
        let size = others.words.count * 8
        others.words[cpu / 64] &= ~(UInt64(1) << UInt64(cpu % 64))
        guard others.words.contains(where: { $0 != 0 }),
              others.words.withUnsafeMutableBytes({ functions.setAffinity(0, size, $0.baseAddress!) }) == 0 else { return nil }
        return saved
    }

    /// Restores the mask ``leave(_:)`` returned.
    static func restore(_ mask: Mask) {
        guard let functions else { return }
        var mask = mask
        _ = mask.words.withUnsafeMutableBytes { functions.setAffinity(0, $0.count, $0.baseAddress!) }
    }

    private typealias GetCPU = @convention(c) () -> Int32
    private typealias Affinity = @convention(c) (Int32, Int, UnsafeMutableRawPointer) -> Int32
    private struct Functions {
        let getCPU: GetCPU
        let getAffinity: Affinity
        let setAffinity: Affinity
    }

    private static let functions: Functions? = {
        #if os(Linux)
        guard let getCPU = dlsym(nil, "sched_getcpu"), let getAffinity = dlsym(nil, "sched_getaffinity"),
              let setAffinity = dlsym(nil, "sched_setaffinity") else { return nil }
        return Functions(getCPU: unsafeBitCast(getCPU, to: GetCPU.self),
                         getAffinity: unsafeBitCast(getAffinity, to: Affinity.self),
                         setAffinity: unsafeBitCast(setAffinity, to: Affinity.self))
        #else
        return nil
        #endif
    }()
}
