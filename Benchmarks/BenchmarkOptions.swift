import Foundation

/// Command-line options of `tessera-benchmarks`.
struct BenchmarkOptions {
    static let usage = """
        usage: tessera-benchmarks [--json] [--filter TEXT]... [--quick] [--list]

          --json          print one JSON object with every result (progress goes to stderr)
          --filter TEXT   run only measurements whose id contains TEXT (case-insensitive; repeatable,
                          any match runs). Ids look like kernels/sourceOver/mixed/3840x2160/avx512/w1.
          --quick         fewer repetitions (a smoke test, not for quoting)
          --list          list the benchmark groups
        """

    var json = false
    var filters: [String] = []
    var quick = false
    var listOnly = false
    var showHelp = false

    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--json": json = true
            case "--quick": quick = true
            case "--list": listOnly = true
            case "--help", "-h": showHelp = true
            case "--filter":
                guard let value = rest.popFirst() else { throw BenchmarkError("--filter needs a value") }
                filters.append(value.lowercased())
            default: throw BenchmarkError("unknown argument '\(argument)'")
            }
        }
    }

    /// Whether the measurement with this id is selected by the filters.
    func selects(_ id: String) -> Bool {
        filters.isEmpty || filters.contains { id.lowercased().contains($0) }
    }

    /// Progress lines go to stderr when the JSON goes to stdout, else to stdout.
    func log(_ line: String) {
        if json {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        } else {
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
