import Foundation

/// The `tessera` executable built next to the test bundle, run as a process by the CLI tests.
enum TesseraExecutable {
    /// Its location, or `nil` when it was not built next to the tests (the tests then skip).
    static let url: URL? = {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidate = dir.appendingPathComponent("tessera")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()

    /// Runs `tessera arguments…`; returns the exit status and what it wrote on standard error.
    static func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
