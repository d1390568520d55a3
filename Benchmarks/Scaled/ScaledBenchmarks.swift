import Dispatch
import Foundation
import Tessera

/// Scaled composition (resampling src-over) at 4K: every available ISA tier with 1 worker and with all
/// workers, next to the scalar reference (1 worker) and pixman's scaled OVER (`pixman_image_composite32`
/// with a scale transform, the same filter and pad repeat, the same worker count in equal bands) measured
/// in the same run; pixman is sampled alternately with the tier so that both see the same load, and is
/// "not measured" when `libpixman-1.so` (libpixman-1-dev) is absent. Ids:
/// `scaled/<filter>/<case>/<tier>/w<workers>`.
///
/// Throughput counts destination pixels. Content: random premultiplied source ("mixed": half opaque, a
/// quarter transparent, a quarter random alpha) over a mixed destination. The output of the active tier is
/// also compared with pixman's once per case (`max_difference_vs_pixman`: the largest channel difference;
/// the two round differently, see README.md, "Scaled composition").
struct ScaledBenchmarks: BenchmarkGroup {
    let name = "scaled"
    let summary = "scaled src-over at 4K (bilinear ×1.5, ×0.75, ×1 sub-pixel; nearest ×2) per ISA tier vs scalar and pixman"

    struct Case {
        let filter: ResampleFilter
        let label: String
        let sourceWidth: Int, sourceHeight: Int
        let scale: Double
        let offset: (x: Double, y: Double)
        let width = 3840, height = 2160
        var size: String { "\(sourceWidth)x\(sourceHeight)->\(width)x\(height)" }
        var pixels: Int { width * height }
        var pixmanFilter: Int32 { filter == .nearest ? PixmanLibrary.filterNearest : PixmanLibrary.filterBilinear }
    }

    static let cases = [
        Case(filter: .bilinear, label: "up1.5", sourceWidth: 2560, sourceHeight: 1440, scale: 1.5, offset: (0, 0)),
        Case(filter: .bilinear, label: "down0.75", sourceWidth: 5120, sourceHeight: 2880, scale: 0.75, offset: (0, 0)),
        Case(filter: .bilinear, label: "unit-subpixel", sourceWidth: 3840, sourceHeight: 2160, scale: 1,
             offset: (0.5, 0.25)),
        Case(filter: .nearest, label: "up2", sourceWidth: 1920, sourceHeight: 1080, scale: 2, offset: (0, 0)),
    ]

    func run(options: BenchmarkOptions) -> [BenchmarkResult] {
        let allWorkers = ProcessInfo.processInfo.activeProcessorCount
        let workerCounts = allWorkers > 1 ? [1, allWorkers] : [1]
        let tables = KernelTier.available.compactMap { try? KernelTable(tier: $0) }
        let (pixman, pixmanReason) = PixmanLibrary.shared
        var results: [BenchmarkResult] = []
        var announced = false
        for c in Self.cases {
            let ids = tables.flatMap { t in workerCounts.map { "scaled/\(c.filter)/\(c.label)/\(t.tier.rawValue)/w\($0)" } }
            guard ids.contains(where: options.selects) else { continue }
            if !announced {
                options.log("# scaled: tiers \(KernelTier.available.map(\.rawValue).joined(separator: ", ")), workers "
                            + "\(workerCounts), pixman \(pixman.map { $0.version } ?? "not measured: \(pixmanReason)")")
                announced = true
            }
            let src = try! PixelBuffer(width: c.sourceWidth, height: c.sourceHeight)
            BenchmarkContent.fillMixed(src, seed: 11)
            let initial = try! PixelBuffer(width: c.width, height: c.height)
            BenchmarkContent.fillMixed(initial, seed: 12)
            let dst = try! PixelBuffer(width: c.width, height: c.height)
            let pixmanDst = try! PixelBuffer(width: c.width, height: c.height)
            let mapping = try! ResampleMapping(scale: c.scale, sourceOffset: c.offset)
            let pixmanImages = pixman.flatMap { p -> PixmanLibrary.Pair? in
                guard let s = p.image(src), let d = p.image(pixmanDst) else { return nil }
                p.configureScaledSource(s, scale: c.scale, offset: c.offset, filter: c.pixmanFilter)
                return PixmanLibrary.Pair(src: s, dst: d)
            }
            defer { if let p = pixman, let images = pixmanImages { p.release(images.src); p.release(images.dst) } }
            func runPixman(_ workers: Int) {
                guard let p = pixman, let images = pixmanImages else { return }
                let rows = c.height
                DispatchQueue.concurrentPerform(iterations: workers) { k in
                    let y0 = rows * k / workers, y1 = rows * (k + 1) / workers
                    p.over(images.src, images.dst, y: y0, width: c.width, height: y1 - y0)
                }
            }
            // The scalar reference: a few calls (seconds each at 4K).
            try! Kernels.copy(initial, onto: dst)
            let scalarSeconds = Timing.median(samples: options.quick ? 1 : 3, sampleSeconds: 0) {
                ScalarReference.scaledSourceOver(src, onto: dst, mapping: mapping, filter: c.filter)
            }
            let scalarMpix = Double(c.pixels) / scalarSeconds / 1e6
            // Agreement with pixman, once: both from the same destination.
            var maxDifference = Double.nan
            if pixmanImages != nil {
                try! Kernels.copy(initial, onto: dst)
                try! Kernels.copy(initial, onto: pixmanDst)
                try! Kernels.scaledSourceOver(src, onto: dst, mapping: mapping, filter: c.filter)
                runPixman(1)
                maxDifference = Double(Self.maximumChannelDifference(dst, pixmanDst))
            }
            let samples = options.quick ? 3 : 11, sampleSeconds = options.quick ? 0.005 : 0.05
            for table in tables {
                for workers in workerCounts {
                    let id = "scaled/\(c.filter)/\(c.label)/\(table.tier.rawValue)/w\(workers)"
                    guard options.selects(id) else { continue }
                    try! Kernels.copy(initial, onto: dst)
                    try! Kernels.copy(initial, onto: pixmanDst)
                    let body = {
                        try! table.scaledSourceOver(src, onto: dst, mapping: mapping, filter: c.filter, workers: workers)
                    }
                    var values: [(String, Double)]
                    if pixmanImages != nil {
                        let (pixmanSeconds, seconds, best) = Timing.pairedMedians(
                            samples: samples, sampleSeconds: sampleSeconds, reference: { runPixman(workers) }, body)
                        let mpix = Double(c.pixels) / seconds / 1e6, pixmanMpix = Double(c.pixels) / pixmanSeconds / 1e6
                        values = [("mpix_s", mpix), ("best_mpix_s", Double(c.pixels) / best / 1e6),
                                  ("scalar_mpix_s", scalarMpix), ("ratio_to_scalar", mpix / scalarMpix),
                                  ("pixman_mpix_s", pixmanMpix), ("ratio_to_pixman", mpix / pixmanMpix),
                                  ("max_difference_vs_pixman", maxDifference)]
                    } else {
                        let seconds = Timing.median(samples: samples, sampleSeconds: sampleSeconds, body)
                        let mpix = Double(c.pixels) / seconds / 1e6
                        values = [("mpix_s", mpix), ("scalar_mpix_s", scalarMpix), ("ratio_to_scalar", mpix / scalarMpix)]
                    }
                    let result = BenchmarkResult(
                        group: name,
                        labels: [("kernel", "scaledSourceOver"), ("filter", "\(c.filter)"), ("case", c.label),
                                 ("size", c.size), ("tier", table.tier.rawValue),
                                 ("pixman", pixman.map { "pixman \($0.version)" } ?? "not measured")],
                        workers: workers, values: values)
                    results.append(result)
                    options.log(Self.line(result, id: id))
                }
            }
        }
        return results
    }

    static func line(_ r: BenchmarkResult, id: String) -> String {
        func f(_ key: String, _ digits: Int) -> String {
            r.value(key).map { String(format: "%.\(digits)f", $0) } ?? "–"
        }
        let pixman = r.value("pixman_mpix_s") == nil ? "pixman not measured"
            : "pixman \(f("pixman_mpix_s", 0).leftPadded(5)) Mpix/s (×\(f("ratio_to_pixman", 2)), max diff \(f("max_difference_vs_pixman", 0)))"
        return id.padding(toLength: 46, withPad: " ", startingAt: 0)
            + " \(f("mpix_s", 0).leftPadded(6)) Mpix/s (best \(f("best_mpix_s", 0).leftPadded(5)))"
            + "  scalar \(f("scalar_mpix_s", 1).leftPadded(5)) Mpix/s (×\(f("ratio_to_scalar", 1)))  " + pixman
    }

    /// The largest difference of any channel of two same-sized buffers.
    static func maximumChannelDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        var worst = 0
        for y in 0..<a.height {
            let ra = a.row(y), rb = b.row(y)
            for i in 0..<(a.width * 4) {
                let d = abs(Int(ra.load(fromByteOffset: i, as: UInt8.self)) - Int(rb.load(fromByteOffset: i, as: UInt8.self)))
                if d > worst { worst = d }
            }
        }
        return worst
    }
}
