// tessera-benchmarks: `swift run -c release tessera-benchmarks [--json] [--filter TEXT] [--list] [--quick]`.
import Foundation

let options: BenchmarkOptions
do {
    options = try BenchmarkOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("tessera-benchmarks: \(error)\n\n\(BenchmarkOptions.usage)\n".utf8))
    exit(2)
}
if options.showHelp {
    print(BenchmarkOptions.usage)
    exit(0)
}
let registry = BenchmarkRegistry.standard
if options.listOnly {
    for group in registry.groups { print("\(group.name): \(group.summary)") }
    exit(0)
}
let results = registry.run(options: options)
if options.json {
    print(BenchmarkReport.json(results, options: options))
}
