// How much work this machine's workers can do side by side at the moment of a run: the reference the raster
// group's "speedup over one worker" figures are read against (`Raster/README.md`, "Workers").
import Dispatch

/// A compute-only loop (SIMD arithmetic in registers: no memory, no shared data) run by one worker, then by
/// `workers` workers at once, each doing the same work; the speedup is `workers × t₁ / t_N`.
///
/// On a machine whose cores are all available it is `workers`; when the host takes a virtual CPU away, in
/// part or for a while, it falls toward 1 (1.23–2.15 over twelve runs in one hour on the 2-vCPU
/// development VM: `Raster/README.md`, "Workers"). A workload whose own speedup stays below the probe's in
/// the same run loses to something the workers share (memory, the last-level cache), not to the machine.
///
/// Thread safety: call from one thread; it blocks for about `samples × 2 × 15` ms.
enum ParallelismProbe {
    /// Loop iterations per worker and sample: about 15 ms on the development machine.
    static let iterations = 1_000_000

    /// The median speedup of `workers` workers over one over `samples` interleaved pairs of timings.
    static func speedup(workers: Int, samples: Int = 5) -> Double {
        guard workers > 1 else { return 1 }
        var ratios: [Double] = []
        for _ in 0..<max(1, samples) {
            // Seeds the optimizer cannot know, so that no loop is computed outside its timing.
            let one = seconds { sink(loop(freshSeed())) }
            let all = seconds {
                DispatchQueue.concurrentPerform(iterations: workers) { w in sink(loop(freshSeed() &+ UInt32(w))) }
            }
            ratios.append(Double(workers) * one / all)
        }
        return ratios.sorted()[ratios.count / 2]
    }

    /// Eight independent multiply-add chains of eight lanes: bound by the vector units' throughput.
    private static func loop(_ seed: UInt32) -> UInt32 {
        let m = SIMD8<UInt32>(repeating: 0x9E37_79B1), c = SIMD8<UInt32>(repeating: seed)
        var a = SIMD8<UInt32>(0, 1, 2, 3, 4, 5, 6, 7) &+ c
        var b = a &+ 1, d = a &+ 2, e = a &+ 3, f = a &+ 4, g = a &+ 5, h = a &+ 6, k = a &+ 7
        for _ in 0..<iterations {
            a = a &* m &+ c; b = b &* m &+ c; d = d &* m &+ c; e = e &* m &+ c
            f = f &* m &+ c; g = g &* m &+ c; h = h &* m &+ c; k = k &* m &+ c
        }
        return (a ^ b ^ d ^ e ^ f ^ g ^ h ^ k).wrappedSum()
    }

    private static func freshSeed() -> UInt32 {
        UInt32(truncatingIfNeeded: DispatchTime.now().uptimeNanoseconds) | 1
    }

    /// Keeps a loop's result alive, so that the optimizer cannot drop the loop.
    private static func sink(_ value: UInt32) {
        if value == 0x5EED_F00D { print("", terminator: "") }
    }

    private static func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
