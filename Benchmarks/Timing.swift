import Dispatch

/// Wall-clock timing with medians over repetitions.
enum Timing {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Medians of one call of `reference` and of `body`, in seconds, measured in alternating samples so that
    /// both see the same machine load (the machine is shared: paired figures give stable ratios).
    static func pairedMedians(samples: Int, sampleSeconds: Double, reference: () -> Void,
                              _ body: () -> Void) -> (reference: Double, body: Double, bodyBest: Double) {
        func calibrate(_ f: () -> Void) -> Int {
            let t0 = now()
            f()
            return max(1, Int(sampleSeconds / max(Double(now() - t0) / 1e9, 1e-9)))
        }
        let referenceCount = calibrate(reference), bodyCount = calibrate(body)
        var referenceTimes: [Double] = [], bodyTimes: [Double] = []
        for _ in 0..<samples {
            referenceTimes.append(time(referenceCount, reference))
            bodyTimes.append(time(bodyCount, body))
        }
        return (median(referenceTimes), median(bodyTimes), bodyTimes.min()!)
    }

    static func time(_ count: Int, _ f: () -> Void) -> Double {
        let start = now()
        for _ in 0..<count { f() }
        return Double(now() - start) / 1e9 / Double(count)
    }

    /// The arithmetic mean of `values` (not empty).
    static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

    /// The value at `fraction` (0…1) of `sorted` (ascending, not empty), nearest rank: `p99` is
    /// `percentile(sorted, 0.99)`.
    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        sorted[Swift.min(sorted.count - 1, Swift.max(0, Int((Double(sorted.count) * fraction).rounded(.up)) - 1))]
    }

    static func median(_ values: [Double]) -> Double {
        let v = values.sorted()
        return v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
    }

    /// The median time of one call of `body`, in seconds. Each of `samples` samples runs `body` enough
    /// times back to back to last about `sampleSeconds` (calibrated on a first, discarded call).
    static func median(samples: Int, sampleSeconds: Double, _ body: () -> Void) -> Double {
        let t0 = now()
        body()  // warm-up (page faults, caches) and calibration
        let once = max(Double(now() - t0) / 1e9, 1e-9)
        let inner = max(1, Int(sampleSeconds / once))
        var times: [Double] = []
        for _ in 0..<samples {
            let start = now()
            for _ in 0..<inner { body() }
            times.append(Double(now() - start) / 1e9 / Double(inner))
        }
        times.sort()
        return times.count % 2 == 1 ? times[times.count / 2]
            : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
    }
}
