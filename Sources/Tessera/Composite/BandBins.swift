/// The draw ops of a frame sorted into its composition bands once, so that a band looks only at the ops
/// that reach it instead of testing every op of the frame.
///
/// Band `b` covers framebuffer rows `b · bandHeight ..< min((b + 1) · bandHeight, height)`; ``ops(inBand:)``
/// lists the indices of the ops whose destination meets those rows, ascending (paint order).
///
/// ```
///   starts:   [0, 2, 5, 5, 7]            band b's ops are indices[starts[b] ..< starts[b + 1]]
///   indices:  [0, 3 | 0, 1, 3 | | 0, 2]  (band 2 has none)
/// ```
///
/// The bins are two flat arrays, not an array per band: a frame that composites a few rects (a spinner's
/// 64 × 64 pixels) bins a handful of ops, one of them (the background) in every band, and an array per band
/// was an allocation per band and op.
///
/// Units: device pixels. Cost: two passes over the ops, O(ops + Σ bands per op + bands) time and memory,
/// three allocations, on the calling thread. Thread safety: immutable after `init`; band workers read it
/// concurrently.
struct BandBins: Sendable {
    /// Per band, where its op indices start in ``indices``; one more entry, the end of the last band's.
    private let starts: [Int]
    /// The op indices of every band, band after band, each band's ascending.
    private let indices: [Int]

    /// The number of bands.
    var count: Int { starts.count - 1 }

    /// - Parameters:
    ///   - ops: the frame's ops in paint order; the rows of a destination outside the framebuffer's are
    ///     in no band.
    ///   - bandHeight: rows per band, ≥ 1.
    ///   - height: framebuffer rows, ≥ 0.
    init(_ ops: [DrawOp], bandHeight: Int, height: Int) {
        let count = height / bandHeight + (height % bandHeight == 0 ? 0 : 1)
        /// The bands op `op` meets, or nil (an op outside the rows meets none).
        func bands(_ op: DrawOp) -> ClosedRange<Int>? {
            let d = op.destination
            guard !d.isEmpty, d.maxY > 0, d.minY < height else { return nil }
            return Swift.max(0, d.minY / bandHeight)...Swift.min(count - 1, (d.maxY - 1) / bandHeight)
        }
        var starts = [Int](repeating: 0, count: count + 1)
        for op in ops {  // the ops per band, at the entry after the band's
            guard let span = bands(op) else { continue }
            for band in span { starts[band + 1] += 1 }
        }
        for band in 0..<count { starts[band + 1] += starts[band] }
        var next = starts  // per band, where its next index goes
        var indices = [Int](repeating: 0, count: starts[count])
        for (index, op) in ops.enumerated() {
            guard let span = bands(op) else { continue }
            for band in span {
                indices[next[band]] = index
                next[band] += 1
            }
        }
        self.starts = starts
        self.indices = indices
    }

    /// The indices of the ops that meet band `band`, ascending.
    func ops(inBand band: Int) -> ArraySlice<Int> { indices[starts[band]..<starts[band + 1]] }
}
