import Dispatch

/// One tile to draw: where its pixels go and what draws them.
struct TileJob: Sendable {
    /// The tile's buffer (`tileSize × tileSize`), dirty until the job clears it.
    let buffer: PixelBuffer
    /// The plane device pixels the buffer stands for.
    let deviceRect: PixelRect
    let content: any LayerContent
}

/// Rasterizes tiles in parallel on Dispatch workers.
///
/// Each job clears its buffer to transparent, lets the content draw into it through a ``RasterContext``
/// and then finds its ``AlphaCoverage`` (from ``LayerContent/isOpaque(in:scale:)`` when that says yes,
/// otherwise with a scan). Jobs are dealt to `workers` concurrent iterations of
/// `DispatchQueue.concurrentPerform`, iteration `i` taking jobs `i, i + workers, …`: no two workers
/// touch the same buffer.
///
/// Thread safety: call from one thread; the call returns when every job is done.
enum TileRasterizer {
    /// Draws every job and returns their coverages, in job order.
    static func rasterize(_ jobs: [TileJob], scale: Double, workers: Int) -> [AlphaCoverage] {
        guard !jobs.isEmpty else { return [] }
        var coverages = [AlphaCoverage](repeating: .mixed, count: jobs.count)
        let lanes = Swift.min(workers, jobs.count)
        coverages.withUnsafeMutableBufferPointer { results in
            let results = UnsafeSendable(results)
            DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                var index = lane
                while index < jobs.count {
                    results.value[index] = draw(jobs[index], scale: scale)
                    index += lanes
                }
            }
        }
        return coverages
    }

    private static func draw(_ job: TileJob, scale: Double) -> AlphaCoverage {
        job.buffer.clear()
        job.content.draw(in: RasterContext(buffer: job.buffer, deviceRect: job.deviceRect, scale: scale))
        if job.content.isOpaque(in: job.deviceRect, scale: scale) { return .opaque }
        return job.buffer.alphaCoverage()
    }
}

/// Carries a value into `concurrentPerform` workers when the caller guarantees that they use disjoint
/// parts of it (here: distinct indices of a buffer that outlives the call).
struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
