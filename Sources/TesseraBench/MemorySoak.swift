import Foundation
import Tessera
import TesseraScene

/// Samples the process's resident set size (RSS) during a long run and summarizes it: RSS at the start,
/// the peak and the end, and the least-squares slope of RSS over frames, in bytes per 1,000 frames, over
/// the whole run and after a warm-up (the first ``warmUpFraction`` of the frames, while the tile cache
/// fills). Memory that stays flat once the cache is full has a slope after warm-up near 0; a leak of
/// B bytes a frame shows as 1,000·B.
///
/// Samples are taken every ``interval`` frames from `/proc/self/statm` (one small read, between frames:
/// callers keep it out of timed regions). Not thread-safe: one run's thread records. Memory: one sample
/// per interval (16 bytes).
public struct MemorySoak: Sendable {
    /// One sample: the frame after which it was taken, and RSS in bytes.
    public struct Sample: Sendable, Equatable {
        public var frame: Int
        public var residentBytes: Int
    }

    /// The summary of a run's samples. Bytes; slopes in bytes per 1,000 frames.
    public struct Summary: Sendable, Equatable {
        public var startBytes: Int
        public var peakBytes: Int
        public var endBytes: Int
        public var slopeBytesPerThousandFrames: Double
        /// The slope over the samples after ``warmUpFrames``; equals the overall slope when too few remain.
        public var slopeAfterWarmUpBytesPerThousandFrames: Double
        public var warmUpFrames: Int
        public var sampleCount: Int
    }

    /// The fraction of a run's frames left out of the slope after warm-up.
    public static let warmUpFraction = 0.2

    /// Frames between samples (≥ 1).
    public let interval: Int
    public private(set) var samples: [Sample] = []

    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `interval` when it is < 1.
    public init(interval: Int = 100) throws {
        guard interval >= 1 else {
            throw TesseraError.invalidArgument(argument: "interval", reason: "must be ≥ 1, got \(interval)")
        }
        self.interval = interval
    }

    /// Records a sample at `frame` when it is 0 or a multiple of ``interval``; call after each frame
    /// (and with 0 before the first). Does nothing where RSS cannot be read.
    public mutating func frameDone(_ frame: Int) {
        guard frame % interval == 0, let bytes = MemorySoak.residentBytes() else { return }
        samples.append(Sample(frame: frame, residentBytes: bytes))
    }

    /// The summary of the samples of a run of `frames` frames; nil without samples.
    public func summary(frames: Int) -> Summary? {
        guard let first = samples.first, let last = samples.last else { return nil }
        let warmUp = Int((Double(frames) * MemorySoak.warmUpFraction).rounded())
        let settled = samples.filter { $0.frame >= warmUp }
        let overall = MemorySoak.slope(samples)
        return Summary(startBytes: first.residentBytes, peakBytes: samples.map(\.residentBytes).max()!,
                       endBytes: last.residentBytes, slopeBytesPerThousandFrames: overall,
                       slopeAfterWarmUpBytesPerThousandFrames: settled.count >= 2 ? MemorySoak.slope(settled) : overall,
                       warmUpFrames: warmUp, sampleCount: samples.count)
    }

    /// The least-squares slope of bytes over frames, times 1,000 (0 for fewer than two distinct frames).
    public static func slope(_ samples: [Sample]) -> Double {
        let n = Double(samples.count)
        guard samples.count >= 2 else { return 0 }
        let meanX = samples.reduce(0.0) { $0 + Double($1.frame) } / n
        let meanY = samples.reduce(0.0) { $0 + Double($1.residentBytes) } / n
        var covariance = 0.0, variance = 0.0
        for sample in samples {
            let dx = Double(sample.frame) - meanX
            covariance += dx * (Double(sample.residentBytes) - meanY)
            variance += dx * dx
        }
        return variance > 0 ? 1000 * covariance / variance : 0
    }

    /// The current RSS in bytes from `/proc/self/statm` (resident pages × page size), nil elsewhere.
    public static func residentBytes() -> Int? {
        let descriptor = open("/proc/self/statm", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count >= 2, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
