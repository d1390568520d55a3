import Tessera
import TesseraScene

/// Order statistics of a series of frame times, in milliseconds.
///
/// Percentiles use the nearest-rank method: `p99` is the smallest time that at least 99 % of the frames
/// do not exceed, always one of the measured values. Pure value; any thread.
public struct FrameTimeSummary: Hashable, Sendable {
    public let count: Int
    public let mean: Double
    public let p50: Double
    public let p95: Double
    public let p99: Double
    public let max: Double

    /// Summarizes `milliseconds`; all zeros for an empty series.
    public init(milliseconds: [Double]) {
        let sorted = milliseconds.sorted()
        count = sorted.count
        func rank(_ percent: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let index = Int((percent / 100 * Double(sorted.count)).rounded(.up)) - 1
            return sorted[Swift.min(Swift.max(index, 0), sorted.count - 1)]
        }
        mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
        p50 = rank(50)
        p95 = rank(95)
        p99 = rank(99)
        max = sorted.last ?? 0
    }
}
