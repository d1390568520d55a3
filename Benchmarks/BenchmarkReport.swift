import Foundation
import Tessera
import TesseraScene

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

    /// One JSON object: the machine, then `results`, an array of flat entries (values rounded to 3
    /// decimals), written with the library's ``JSONOutput``.
    static func json(_ results: [BenchmarkResult], options: BenchmarkOptions) -> String {
        let entries: [JSONOutput] = results.map { r in
            .object([("group", .string(r.group)), ("workers", .int(r.workers))]
                    + r.labels.map { ($0.0, .string($0.1)) }
                    + r.values.map { ($0.0, .number(($0.1 * 1000).rounded() / 1000)) })
        }
        return JSONOutput.object([
            ("tessera_version", .string(Tessera.version)),
            ("cpus", .int(ProcessInfo.processInfo.activeProcessorCount)),
            ("tiers_available", .array(KernelTier.available.map { .string($0.rawValue) })),
            ("active_tier", .string(Kernels.activeTier.rawValue)),
            ("filters", .array(options.filters.map { .string($0) })),
            ("results", .array(entries)),
        ]).text
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
