/// One measured figure: a kernel (or other workload) on one content case, size, tier and worker count.
///
/// `values` holds the numeric fields (`mpix_s`, `gb_s`, reference figures, ratios); `labels` the textual
/// ones (`kernel`, `case`, `size`, `tier`). Both go into the JSON entry as they are.
struct BenchmarkResult {
    var group: String
    var labels: [(String, String)]
    var workers: Int
    var values: [(String, Double)]

    func value(_ key: String) -> Double? { values.first { $0.0 == key }?.1 }
    func label(_ key: String) -> String? { labels.first { $0.0 == key }?.1 }
}

/// A named set of related measurements (the kernel benchmarks now, raster benchmarks later).
///
/// To add a group: write a type conforming to this protocol in its own file and list it in
/// ``BenchmarkRegistry/standard``.
protocol BenchmarkGroup: Sendable {
    /// Short name, the first component of every measurement id (`kernels`, `raster`, …).
    var name: String { get }
    /// One line for `--list`.
    var summary: String { get }
    /// Runs the measurements the options select and returns their results.
    func run(options: BenchmarkOptions) -> [BenchmarkResult]
}

/// The benchmark groups of this executable, run in order.
struct BenchmarkRegistry: Sendable {
    var groups: [any BenchmarkGroup]

    static let standard = BenchmarkRegistry(groups: [KernelBenchmarks(), ScaledBenchmarks(), RasterBenchmarks(), FrameBenchmarks(), MoveBenchmarks(), FormatBenchmarks(),
                                                     LayoutBenchmarks(), BlurBenchmarks()])

    func run(options: BenchmarkOptions) -> [BenchmarkResult] {
        groups.flatMap { $0.run(options: options) }
    }
}
