import Foundation

/// The `tessera` executable built next to the test bundle, run as a process by the CLI tests.
enum TesseraExecutable {
    /// Its location, or `nil` when it was not built next to the tests (the tests then skip).
    static let url: URL? = {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidate = dir.appendingPathComponent("tessera")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()

    /// What one run of the executable left behind.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `tessera arguments…`; returns the exit status and what it wrote on standard error.
    static func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let outcome = try runCapturingOutput(arguments)
        return (outcome.status, outcome.stderr)
    }

    /// Runs `tessera arguments…` with an empty standard input (nothing can wait for a terminal); standard
    /// output goes to a temporary file, standard error to a pipe, so neither can fill up and block.
    static func runCapturingOutput(_ arguments: [String]) throws -> Outcome {
        let outFile = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-stdout-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: outFile.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: outFile.path])
        }
        defer { try? FileManager.default.removeItem(at: outFile) }
        let output = try FileHandle(forWritingTo: outFile)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus,
                       stdout: String(decoding: try Data(contentsOf: outFile), as: UTF8.self),
                       stderr: String(decoding: data, as: UTF8.self))
    }
}
