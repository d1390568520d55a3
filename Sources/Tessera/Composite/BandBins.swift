/// The draw ops of a frame sorted into its composition bands once, so that a band looks only at the ops
/// that reach it instead of testing every op of the frame.
///
/// Band `b` covers framebuffer rows `b · bandHeight ..< min((b + 1) · bandHeight, height)`; ``ops(inBand:)``
/// lists the indices of the ops whose destination meets those rows, ascending (paint order).
///
/// Units: device pixels. Cost: one pass over the ops, O(ops + Σ bands per op) time and memory, on the
/// calling thread. Thread safety: immutable after `init`; band workers read it concurrently.
struct BandBins: Sendable {
    /// Per band, the op indices, ascending.
    private let bins: [[Int]]

    /// The number of bands.
    var count: Int { bins.count }

    /// - Parameters:
    ///   - ops: the frame's ops in paint order; destinations inside the framebuffer's rows (clipped).
    ///   - bandHeight: rows per band, ≥ 1.
    ///   - height: framebuffer rows, ≥ 0.
    init(_ ops: [DrawOp], bandHeight: Int, height: Int) {
        let count = height / bandHeight + (height % bandHeight == 0 ? 0 : 1)
        var bins = [[Int]](repeating: [], count: count)
        guard count > 0 else {
            self.bins = bins
            return
        }
        for (index, op) in ops.enumerated() {
            let d = op.destination
            guard !d.isEmpty else { continue }
            let first = Swift.max(0, d.minY / bandHeight)
            let last = Swift.min(count - 1, (d.maxY - 1) / bandHeight)
            guard first <= last else { continue }
            for band in first...last { bins[band].append(index) }
        }
        self.bins = bins
    }

    /// The indices of the ops that meet band `band`, ascending.
    func ops(inBand band: Int) -> [Int] { bins[band] }
}
