import Dispatch
import Synchronization

/// Cuts `height` rows into horizontal bands and runs them on Dispatch workers.
///
/// Band `i` covers rows `i · bandHeight ..< min((i + 1) · bandHeight, height)`. `workers` concurrent
/// iterations take the next band from one shared atomic counter until none is left (a worker slowed by the
/// machine takes fewer bands). Bands never overlap, so the result of a kernel run this way is independent
/// of `workers`, `bandHeight` and which worker ran which band. With one worker (or one band) the body runs
/// once over all rows on the calling thread.
///
/// Thread safety: `body` runs concurrently with itself on disjoint row ranges.
enum BandScheduler {
    static func run(height: Int, workers: Int, bandHeight: Int, _ body: @escaping @Sendable (Int, Int) -> Void) {
        guard height > 0 else { return }
        let bands = height / bandHeight + (height % bandHeight == 0 ? 0 : 1)  // no overflow for huge bandHeight
        let participants = min(workers, bands)
        if participants <= 1 {
            body(0, height)
            return
        }
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: participants) { _ in
            while true {
                let band = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard band < bands else { return }
                let y = band * bandHeight
                body(y, min(bandHeight, height - y))
            }
        }
    }
}
