import Foundation
import Tessera
import TesseraBench

// tessera-scene-fuzz: mutates valid scene files and runs each case through parsing, planning and a small
// render (SceneCaseRunner). Deterministic from --seed: case N of a seed is always the same input.
// A failure is a crash or a hang (printed with the case by CrashReport), an error without a message, or
// a scene README.md says is refused that was accepted. Exit status: 0 when every case passed, 1 when a
// check failed, 2 on a bad command line; a crash ends the process with its signal, a hang with 3.

let usage = """
    usage: tessera-scene-fuzz [--seed N] [--cases N] [--first N] [--timeout SECONDS] [--verbose]
      --seed     the run's seed (default 1); case N of a seed is always the same input
      --cases    how many cases to run (default 1000)
      --first    the index of the first case (default 0): --first N --cases 1 reruns case N
      --timeout  a case running longer is reported as a hang (default 10)
      --verbose  print every case's mutations and outcome
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("tessera-scene-fuzz: \(message)\n\(usage)\n".utf8))
    exit(2)
}

func integer(_ option: String, _ value: String) -> UInt64 {
    guard let number = UInt64(value) else { fail("\(option) must be a non-negative integer, got '\(value)'") }
    return number
}

var seed: UInt64 = 1, cases: UInt64 = 1000, first: UInt64 = 0, timeout = 10.0, verbose = false
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
    if option == "--verbose" { verbose = true; continue }
    if option == "--help" || option == "-h" { print(usage); exit(0) }
    guard let value = arguments.popFirst() else { fail("\(option) needs a value") }
    switch option {
    case "--seed": seed = integer(option, value)
    case "--cases": cases = integer(option, value)
    case "--first": first = integer(option, value)
    case "--timeout":
        guard let seconds = Double(value), seconds > 0, seconds.isFinite else {
            fail("--timeout must be a positive number of seconds, got '\(value)'")
        }
        timeout = seconds
    default: fail("unknown option '\(option)'")
    }
}

// The seeds themselves must be accepted and render: otherwise every mutation tests the wrong thing.
for (index, document) in SceneSeeds.all.enumerated() {
    let outcome = SceneCaseRunner(tileSize: 64, workers: 2)
        .run(FuzzInput(bytes: document.serialized(), expectation: .either, mutations: []))
    guard case .rendered = outcome else {
        FileHandle.standardError.write(Data("tessera-scene-fuzz: seed scene \(index) is not valid: \(outcome)\n".utf8))
        exit(1)
    }
}

CrashReport.install(seed: seed, timeoutSeconds: timeout)
var rendered = 0, refusedAsExpected = 0, refusedOther = 0, failures = 0
var slowest = (seconds: 0.0, index: UInt64(0))
let started = Date()
let startResident = MemorySoak.residentBytes()
for index in first..<(first + cases) {
    CrashReport.begin(case: index)
    var random = FuzzRandom(seed: seed, case: index)
    var mutator = SceneMutator(random: random)
    let input = mutator.makeInput()
    random = mutator.random
    let runner = SceneCaseRunner(tileSize: [16, 64, 256].randomElement(using: &random)!,
                                 workers: Int.random(in: 1...2, using: &random))
    let caseStart = Date()
    let outcome = runner.run(input)
    let seconds = Date().timeIntervalSince(caseStart)
    CrashReport.end()
    if seconds > slowest.seconds { slowest = (seconds, index) }
    switch outcome {
    case .rendered: rendered += 1
    case .refused: if case .refused = input.expectation { refusedAsExpected += 1 } else { refusedOther += 1 }
    case .failed(let why):
        failures += 1
        if failures <= 20 {
            let preview = String(decoding: input.bytes.prefix(300), as: UTF8.self)
            print("tessera-scene-fuzz: FAIL case \(index): \(why); mutations: \(input.mutations.joined(separator: ", ")); "
                  + "input (\(input.bytes.count) bytes) starts \(preview.debugDescription); "
                  + "rerun: tessera-scene-fuzz --seed \(seed) --first \(index) --cases 1")
        }
    }
    if verbose { print("case \(index) [\(input.mutations.joined(separator: ", "))]: \(outcome) (\(String(format: "%.3f", seconds)) s)") }
}
func mebibytes(_ bytes: Int?) -> String { bytes.map { String(format: "%.1f MiB", Double($0) / 1_048_576) } ?? "unknown" }
let elapsed = Date().timeIntervalSince(started)
print("tessera-scene-fuzz: \(cases) cases (seed \(seed), first \(first)) in \(String(format: "%.1f", elapsed)) s: "
      + "\(rendered) rendered, \(refusedAsExpected) refused as README.md requires, \(refusedOther) refused (either was fine), "
      + "\(failures) failed; slowest case \(slowest.index) took \(String(format: "%.3f", slowest.seconds)) s; "
      + "RSS \(mebibytes(startResident)) at the first case, \(mebibytes(MemorySoak.residentBytes())) at the end")
exit(failures == 0 ? 0 : 1)
