/// Cuts `height` rows into horizontal bands and runs them on Dispatch workers.
///
/// Band `i` covers rows `i · bandHeight ..< min((i + 1) · bandHeight, height)`. The calling thread and up
/// to `workers − 1` Dispatch workers take the next band from one shared atomic counter until none is left
/// (``WorkLanes``: a worker slowed or started late by the machine takes fewer bands, none at all if it
/// starts after the last). Bands never overlap, so the result of a kernel run this way is independent
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
        WorkLanes.run(count: bands, lanes: participants) { band in
            let y = band * bandHeight
            body(y, min(bandHeight, height - y))
        }
    }
}
