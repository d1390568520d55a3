import Foundation
import Tessera

/// Text lines and the JSON document of the results.
enum BenchmarkReport {
    static func line(_ r: BenchmarkResult) -> String {
        func f(_ key: String, _ digits: Int) -> String { String(format: "%.\(digits)f", r.value(key) ?? .nan) }
        let labels = r.labels.map(\.1)
        let name = "\(labels[0])/\(labels[1])/\(labels[2])"
        return name.padding(toLength: 38, withPad: " ", startingAt: 0)
            + " \(labels[3].padding(toLength: 8, withPad: " ", startingAt: 0)) w\(r.workers)"
            + "  \(f("mpix_s", 0).leftPadded(7)) Mpix/s (best \(f("best_mpix_s", 0).leftPadded(6)))  \(f("gb_s", 1).leftPadded(6)) GB/s"
            + "  memcpy \(f("memcpy_gb_s", 1).leftPadded(6)) GB/s (×\(f("ratio_to_memcpy_gb_s", 2)))"
            + "  scalar \(f("scalar_mpix_s", 0).leftPadded(5)) Mpix/s (×\(f("ratio_to_scalar", 1)))"
    }

    /// One JSON object: the machine, then `results`, an array of flat entries.
    static func json(_ results: [BenchmarkResult], options: BenchmarkOptions) -> String {
        var entries: [[String: Any]] = []
        for r in results {
            var entry: [String: Any] = ["group": r.group, "workers": r.workers]
            for (k, v) in r.labels { entry[k] = v }
            for (k, v) in r.values { entry[k] = (v * 1000).rounded() / 1000 }
            entries.append(entry)
        }
        let document: [String: Any] = [
            "tessera_version": Tessera.version,
            "cpus": ProcessInfo.processInfo.activeProcessorCount,
            "tiers_available": KernelTier.available.map(\.rawValue),
            "active_tier": Kernels.activeTier.rawValue,
            "filters": options.filters,
            "results": entries,
        ]
        let data = try! JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .prettyPrinted])
        return String(decoding: data, as: UTF8.self)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
