import Dispatch

/// Wall-clock timing with medians over repetitions.
enum Timing {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

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
