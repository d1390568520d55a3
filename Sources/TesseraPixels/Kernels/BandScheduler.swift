import Dispatch

/// Cuts `height` rows into horizontal bands and runs them on Dispatch workers.
///
/// Band `i` covers rows `i · bandHeight ..< min((i + 1) · bandHeight, height)` and goes to worker
/// `i % workers`; each worker takes its bands top to bottom. Bands never overlap, so the result of a
/// kernel run this way is independent of `workers` and `bandHeight`. With one worker (or one band) the
/// body runs once over all rows on the calling thread.
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
        DispatchQueue.concurrentPerform(iterations: participants) { worker in
            var band = worker
            while band < bands {
                let y = band * bandHeight
                body(y, min(bandHeight, height - y))
                band += participants
            }
        }
    }
}
