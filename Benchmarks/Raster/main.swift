// tessera-raster-bench: the raster benchmarks of issue 8, runnable on their own until they are folded
// into the shared `tessera-benchmarks` executable.
//
//   tessera-raster-bench [--json] [--repetitions N] [--scale S] [--quick] [--only NAME] [--fixed-passes N] [--workers 1,2] [--runs N]
import Foundation

var options = RasterBenchmarkOptions()
var json = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--json": json = true
    case "--fixed-passes":
        options.fixedPasses = arguments.popFirst().flatMap(Int.init).map { max(1, $0) }
    case "--workers":
        let counts = (arguments.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
        guard !counts.isEmpty else {
            FileHandle.standardError.write(Data("--workers needs a comma-separated list of positive integers\n".utf8))
            exit(2)
        }
        options.workerCounts = counts
    case "--runs":
        guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else {
            FileHandle.standardError.write(Data("--runs needs a positive integer\n".utf8))
            exit(2)
        }
        options.runs = value
    case "--only":
        options.only = arguments.popFirst()
    case "--quick":
        options.repetitions = 3
        options.minimumSampleSeconds = 0.005
    case "--repetitions":
        guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else {
            FileHandle.standardError.write(Data("--repetitions needs a positive integer\n".utf8))
            exit(2)
        }
        options.repetitions = value
    case "--scale":
        guard let value = arguments.popFirst().flatMap(Double.init), value > 0, value <= 16 else {
            FileHandle.standardError.write(Data("--scale needs a number in (0, 16]\n".utf8))
            exit(2)
        }
        options.scale = value
    default:
        FileHandle.standardError.write(Data("usage: tessera-raster-bench [--json] [--repetitions N] [--scale S] [--quick] [--only NAME] [--fixed-passes N] [--workers 1,2] [--runs N]\n".utf8))
        exit(2)
    }
}

do {
    let results = try runRasterBenchmarks(options: options)
    print(json ? try rasterBenchmarkJSON(results, options: options) : rasterBenchmarkTable(results, options: options))
} catch {
    FileHandle.standardError.write(Data("raster benchmarks failed: \(error)\n".utf8))
    exit(1)
}
