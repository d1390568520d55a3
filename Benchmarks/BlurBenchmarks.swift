import Foundation
import Tessera

/// The shadow blur (README.md, "Shadow blur"): three box passes along the rows and three along the
/// columns of an 8-bit coverage plane, per ISA tier (1 worker), next to the scalar reference
/// (`ScalarReference.shadowBlur`) measured in the same run. Mpix/s counts plane pixels per whole blur.
/// The reference is the definition written plainly (each output sums its `2k + 1` inputs, checked
/// subscripts), not a tuned scalar blur: the ratio shows the gap to the definition, not to good scalar code.
struct BlurBenchmarks: BenchmarkGroup {
    let name = "blur"
    let summary = "shadow blur (3 + 3 box passes) on 256×256 and 1024×1024 coverage planes, per ISA tier vs the scalar reference"

    func run(options: BenchmarkOptions) -> [BenchmarkResult] {
        let tables = KernelTier.available.compactMap { try? KernelTable(tier: $0) }
        var results: [BenchmarkResult] = []
        for (width, height) in [(256, 256), (1024, 1024)] {
            for radius in [4, 24] {
                let size = "\(width)x\(height)"
                let ids = tables.map { "blur/shadowBlur/r\(radius)/\(size)/\($0.tier.rawValue)/w1" }
                guard ids.contains(where: options.selects) else { continue }
                let plane = try! CoverageBuffer(width: width, height: height)
                func reset() {
                    for y in 0..<height {
                        for x in 0..<width {
                            plane[x, y] = (x / 37 + y / 29) % 3 == 0 ? 255 : UInt8(truncatingIfNeeded: x &* 7 &+ y)
                        }
                    }
                }
                reset()
                let scalarSeconds = Timing.median(samples: options.quick ? 1 : 3, sampleSeconds: 0) {
                    try! ScalarReference.shadowBlur(plane, radius: radius)
                }
                let pixels = Double(width * height)
                let scalarMpix = pixels / scalarSeconds / 1e6
                for (table, id) in zip(tables, ids) where options.selects(id) {
                    reset()
                    let seconds = Timing.median(samples: options.quick ? 3 : 15, sampleSeconds: options.quick ? 0.002 : 0.02) {
                        try! table.shadowBlur(plane, radius: radius)
                    }
                    let mpix = pixels / seconds / 1e6
                    let result = BenchmarkResult(
                        group: name,
                        labels: [("kernel", "shadowBlur"), ("radius", "\(radius)"), ("size", size), ("tier", table.tier.rawValue)],
                        workers: 1,
                        values: [("mpix_s", mpix), ("scalar_mpix_s", scalarMpix), ("ratio_to_scalar", mpix / scalarMpix)])
                    results.append(result)
                    options.log("blur/shadowBlur r\(radius) \(size) \(table.tier.rawValue) w1: "
                                + String(format: "%.0f Mpix/s, scalar reference %.1f Mpix/s (×%.1f)", mpix, scalarMpix, mpix / scalarMpix))
                }
            }
        }
        return results
    }
}
