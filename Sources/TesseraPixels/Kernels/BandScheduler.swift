/// Cuts `height` rows into horizontal bands and runs them on Dispatch workers.
///
/// Band `i` covers rows `i · bandHeight ..< min((i + 1) · bandHeight, height)`. The calling thread and up
/// to `workers − 1` Dispatch workers take the next band from one shared atomic counter until none is left
/// (``WorkLanes``: a worker slowed or started late by the machine takes fewer bands, none at all if it
/// starts after the last). Bands never overlap, so the result of a kernel run this way is independent
/// of `workers`, `bandHeight` and which worker ran which band. With one worker, one band or fewer than
/// ``minimumAreaForHelpers`` pixels the body runs once over all rows on the calling thread.
///
/// Thread safety: `body` runs concurrently with itself on disjoint row ranges.
package enum BandScheduler {
    /// A run of fewer pixels than this takes no helper, whatever its worker count: about what one thread
    /// composites in the ~20 µs a Dispatch wake-up costs the calling thread (the futex system call; the
    /// helper itself starts later still). One 256 × 256 tile, where a helper is about even: measured with
    /// `tessera-benchmarks` (avx2, mixed pixels, helpers forced at every size, two runs, 2-vCPU EPYC), two
    /// workers against one copied a 256 × 256 image at 5,749–7,371 Mpix/s against 8,060–8,515 and
    /// src-over'd it at 2,794–3,821 against 3,265–3,483; at 512 × 512 they gained (copy 9,549–9,608
    /// against 7,553–7,602, src-over 5,721–5,974 against 3,595–3,885).
    package static let minimumAreaForHelpers = 256 * 256

    /// The threshold in effect, for the kernels and the compositor's frames alike: ``minimumAreaForHelpers``,
    /// unless the calling thread or task bound another (tests bind 0, so that small images and frames still
    /// exercise the bands of several workers).
    @TaskLocal package static var areaForHelpers = minimumAreaForHelpers

    /// The threads that run `height` rows of `width` pixels in bands of `bandHeight` rows with at most
    /// `workers`: one per band up to `workers`, but one below ``areaForHelpers`` pixels (read only when
    /// there would be helpers).
    package static func participants(width: Int, height: Int, workers: Int, bandHeight: Int) -> Int {
        guard height > 0 else { return 0 }
        let most = min(workers, bands(height: height, bandHeight: bandHeight))
        guard most > 1 else { return most }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && area < areaForHelpers ? 1 : most
    }

    package static func run(width: Int, height: Int, workers: Int, bandHeight: Int,
                            _ body: @escaping @Sendable (Int, Int) -> Void) {
        let participants = participants(width: width, height: height, workers: workers, bandHeight: bandHeight)
        if participants == 0 { return }
        if participants == 1 {
            body(0, height)
            return
        }
        WorkLanes.run(count: bands(height: height, bandHeight: bandHeight), lanes: participants) { band in
            let y = band * bandHeight
            body(y, min(bandHeight, height - y))
        }
    }

    /// The bands of `height` rows (no overflow for a huge `bandHeight`).
    private static func bands(height: Int, bandHeight: Int) -> Int {
        height / bandHeight + (height % bandHeight == 0 ? 0 : 1)
    }
}
