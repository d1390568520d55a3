import Dispatch
import Foundation
import Tessera

/// The composition kernel benchmarks (targets in `Benchmarks/results/2026-11-21-kernels.md`).
///
/// For each size (a 256×256 cache-resident tile, a 3840×2160 frame), content case and kernel: every
/// available ISA tier with 1 worker and with all workers, next to two references measured in the same
/// run: `memcpy` of the same image (8 bytes moved per pixel, with the same worker count, sampled alternately
/// with the kernel so that both see the same machine load) and the scalar
/// reference kernel (1 worker). Throughput counts the bytes a kernel must move per pixel: copy 8
/// (read src, write dst), sourceOver 12 (read src and dst, write dst), fill 4, fillOver 8.
struct KernelBenchmarks: BenchmarkGroup {
    let name = "kernels"
    let summary = "copy, copyStreaming, sourceOver, sourceOver+opacity, fill, fillStreaming, fillOver per ISA tier, 1 and all workers"

    struct Size {
        let label: String
        let width: Int
        let height: Int
        var pixels: Int { width * height }
    }

    enum Kernel: String, CaseIterable {
        case copy, copyStreaming, sourceOver, sourceOverOpacity, fill, fillStreaming, fillOver

        var bytesPerPixel: Int {
            switch self {
            case .copy, .copyStreaming, .fillOver: return 8
            case .sourceOver, .sourceOverOpacity: return 12
            case .fill, .fillStreaming: return 4
            }
        }

        /// The fills do not read a source: they run once, on case "solid".
        var usesSource: Bool { self != .fill && self != .fillStreaming && self != .fillOver }
    }

    static let opacity: UInt8 = 200
    static let fillColor = Pixel(r: 40, g: 80, b: 120, a: 160)

    func run(options: BenchmarkOptions) -> [BenchmarkResult] {
        let sizes = [Size(label: "256x256", width: 256, height: 256), Size(label: "3840x2160", width: 3840, height: 2160)]
        let allWorkers = ProcessInfo.processInfo.activeProcessorCount
        let workerCounts = allWorkers > 1 ? [1, allWorkers] : [1]
        let tables = KernelTier.available.compactMap { try? KernelTable(tier: $0) }
        let contentCases = ["mixed", "runs", "solid"]
        func ids(_ size: Size, _ contentCase: String) -> [String] {
            Kernel.allCases.filter { $0.usesSource == (contentCase != "solid") }.flatMap { kernel in
                tables.flatMap { table in
                    workerCounts.map { "kernels/\(kernel.rawValue)/\(contentCase)/\(size.label)/\(table.tier.rawValue)/w\($0)" }
                }
            }
        }
        func selects(_ size: Size) -> Bool { contentCases.contains { ids(size, $0).contains(where: options.selects) } }
        // A filter that selects no measurement of a size allocates none of its images (four of a 4K frame),
        // and one that selects no kernel measurement prints nothing.
        guard sizes.contains(where: selects) else { return [] }
        options.log("# kernels: tiers \(KernelTier.available.map(\.rawValue).joined(separator: ", ")) "
                    + "(active: \(Kernels.activeTier.rawValue)), workers \(workerCounts), \(allWorkers) CPUs")
        var results: [BenchmarkResult] = []
        for size in sizes where selects(size) {
            let large = size.pixels > 1 << 20
            let samples = options.quick ? 3 : (large ? 15 : 31)
            let sampleSeconds = options.quick ? 0.002 : (large ? 0.02 : 0.003)
            let src = try! PixelBuffer(width: size.width, height: size.height)
            let dst = try! PixelBuffer(width: size.width, height: size.height)
            let initialDst = try! PixelBuffer(width: size.width, height: size.height)
            let memcpyDst = try! PixelBuffer(width: size.width, height: size.height)
            BenchmarkContent.fillMixed(initialDst, seed: 2)
            for contentCase in contentCases {
                let kernels = Kernel.allCases.filter { $0.usesSource == (contentCase != "solid") }
                let ids = ids(size, contentCase)
                guard ids.contains(where: options.selects) else { continue }
                switch contentCase {
                case "mixed": BenchmarkContent.fillMixed(src, seed: 1)
                case "runs": BenchmarkContent.fillRuns(src, seed: 1)
                default: break
                }
                for kernel in kernels where ids.contains(where: { $0.hasPrefix("kernels/\(kernel.rawValue)/") && options.selects($0) }) {
                    let scalarSeconds = Timing.median(samples: large ? 3 : samples, sampleSeconds: large ? 0 : sampleSeconds) {
                        Self.runScalar(kernel, src: src, dst: dst)
                    }
                    let scalarMpix = Double(size.pixels) / scalarSeconds / 1e6
                    for table in tables {
                        for workers in workerCounts {
                            let id = "kernels/\(kernel.rawValue)/\(contentCase)/\(size.label)/\(table.tier.rawValue)/w\(workers)"
                            guard options.selects(id) else { continue }
                            try! table.copy(initialDst, onto: dst)
                            // memcpy of the same image with the same workers, sampled alternately with the kernel.
                            let (memcpySeconds, seconds, bestSeconds) = Timing.pairedMedians(
                                samples: samples, sampleSeconds: sampleSeconds,
                                reference: { BenchmarkContent.memcpy(src, onto: memcpyDst, workers: workers) },
                                { Self.run(kernel, table, src: src, dst: dst, workers: workers) })
                            let mpix = Double(size.pixels) / seconds / 1e6
                            let gbs = Double(size.pixels * kernel.bytesPerPixel) / seconds / 1e9
                            let memcpy = Double(size.pixels * 8) / memcpySeconds / 1e9
                            let result = BenchmarkResult(
                                group: name,
                                labels: [("kernel", kernel.rawValue), ("case", contentCase), ("size", size.label),
                                         ("tier", table.tier.rawValue)],
                                workers: workers,
                                values: [("mpix_s", mpix), ("gb_s", gbs),
                                         ("best_mpix_s", Double(size.pixels) / bestSeconds / 1e6), ("memcpy_gb_s", memcpy),
                                         ("memcpy_mpix_s", memcpy * 1e3 / 8), ("scalar_mpix_s", scalarMpix),
                                         ("ratio_to_memcpy_gb_s", gbs / memcpy), ("ratio_to_scalar", mpix / scalarMpix)])
                            results.append(result)
                            options.log(BenchmarkReport.line(result))
                        }
                    }
                }
            }
        }
        return results
    }

    static func run(_ kernel: Kernel, _ table: KernelTable, src: PixelBuffer, dst: PixelBuffer, workers: Int) {
        switch kernel {
        case .copy: try! table.copy(src, onto: dst, workers: workers)
        case .copyStreaming: try! table.copyStreaming(src, onto: dst, workers: workers)
        case .sourceOver: try! table.sourceOver(src, onto: dst, workers: workers)
        case .sourceOverOpacity: try! table.sourceOver(src, onto: dst, opacity: opacity, workers: workers)
        case .fill: try! table.fill(dst, with: fillColor, workers: workers)
        case .fillStreaming: try! table.fillStreaming(dst, with: fillColor, workers: workers)
        case .fillOver: try! table.fillOver(dst, with: fillColor, workers: workers)
        }
    }

    static func runScalar(_ kernel: Kernel, src: PixelBuffer, dst: PixelBuffer) {
        switch kernel {
        case .copy, .copyStreaming: ScalarReference.copy(src, onto: dst)
        case .sourceOver: ScalarReference.sourceOver(src, onto: dst)
        case .sourceOverOpacity: ScalarReference.sourceOver(src, onto: dst, opacity: opacity)
        case .fill, .fillStreaming: ScalarReference.fill(dst, with: fillColor)
        case .fillOver: ScalarReference.fillOver(dst, with: fillColor)
        }
    }
}
