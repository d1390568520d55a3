import Foundation
import Testing
@testable import Tessera

/// README.md, "The tessera command", for every command: exit status 0 on success, 1 when the input or the
/// work fails (the message names the field or file), 2 when the command line is wrong. `scenes`,
/// `version` and `help` read no input and do no work that can fail, so they have no status-1 case.
@Suite struct ExitStatusTests {
    /// One run: the arguments (`DIR/` stands for the fixture directory), the expected status and a text
    /// standard output or standard error must contain.
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        var stdout = ""
        var stderr = ""

        var testDescription: String { "tessera \(arguments.joined(separator: " ")) → \(status)" }
    }

    /// A 40 × 30 point scene at scale 2 (80 × 60 device pixels) with a scroll layer to bench.
    static let scene = """
        {"viewport": {"width": 40, "height": 30, "scale": 2},
         "root": {"frame": [0, 0, 40, 30], "background": "#102030",
           "sublayers": [{"name": "list", "kind": "scroll", "frame": [0, 0, 40, 30], "contentSize": [40, 300],
                          "content": [{"rect": [2, 2, 36, 20], "color": "#FFFFFF"}]}]}}
        """

    static let cases: [String: [Case]] = [
        "bench": [
            Case(arguments: ["bench", "DIR/scene.json", "--frames", "2", "--workers", "1", "--tile-size", "16", "--json"],
                 status: 0, stdout: "\"tiles_exposed\""),
            Case(arguments: ["bench", "DIR/broken.json", "--frames", "2"], status: 1, stderr: "root.opacity"),
            Case(arguments: ["bench", "DIR/missing.json"], status: 1, stderr: "missing.json"),
            Case(arguments: ["bench", "--frames", "0"], status: 2, stderr: "--frames"),
            Case(arguments: ["bench", "DIR/scene.json", "--bogus"], status: 2, stderr: "--bogus"),
            Case(arguments: ["bench", "nosuchscene"], status: 2, stderr: "nosuchscene"),
        ],
        "render": [
            Case(arguments: ["render", "DIR/scene.json", "--out", "DIR/out.rgba", "--workers", "1"], status: 0),
            Case(arguments: ["render", "DIR/broken.json", "--out", "DIR/never.rgba"], status: 1, stderr: "root.opacity"),
            Case(arguments: ["render", "DIR/missing.json", "--out", "DIR/never.rgba"], status: 1, stderr: "missing.json"),
            Case(arguments: ["render", "DIR/scene.json"], status: 2, stderr: "--out"),
            Case(arguments: ["render", "DIR/scene.json", "--out", "DIR/never.gif"], status: 2, stderr: ".png"),
        ],
        "scenes": [
            Case(arguments: ["scenes"], status: 0, stdout: "feed"),
            Case(arguments: ["scenes", "feed"], status: 2, stderr: "unexpected argument 'feed'"),
        ],
        "blend": [
            Case(arguments: ["blend", "--size", "2x1", "--src", "DIR/a.rgba", "--dst", "DIR/b.rgba", "--out", "DIR/c.rgba"],
                 status: 0),
            Case(arguments: ["blend", "--size", "2x1", "--src", "DIR/missing.rgba", "--dst", "DIR/b.rgba",
                             "--out", "DIR/never.rgba"], status: 1, stderr: "missing.rgba"),
            Case(arguments: ["blend", "--size", "2x2", "--src", "DIR/a.rgba", "--dst", "DIR/b.rgba",
                             "--out", "DIR/never.rgba"], status: 1, stderr: "a.rgba"),
            Case(arguments: ["blend", "--size", "2by1", "--src", "DIR/a.rgba", "--dst", "DIR/b.rgba",
                             "--out", "DIR/never.rgba"], status: 2, stderr: "--size"),
        ],
        "profile": [
            Case(arguments: ["profile", "phases", "--in", "DIR/folded.txt"], status: 0, stdout: "phase"),
            Case(arguments: ["profile", "viewport", "DIR/scene.json"], status: 0, stdout: "80 60"),
            Case(arguments: ["profile", "svg", "--in", "DIR/folded.txt", "--out", "DIR/graph.svg"], status: 0),
            Case(arguments: ["profile", "svg", "--in", "DIR/empty.txt"], status: 1, stderr: "no folded stacks"),
            Case(arguments: ["profile", "fold", "--in", "DIR/missing.txt"], status: 1, stderr: "missing.txt"),
            Case(arguments: ["profile", "viewport", "DIR/broken.json"], status: 1, stderr: "root.opacity"),
            Case(arguments: ["profile"], status: 2, stderr: "missing subcommand"),
            Case(arguments: ["profile", "fold", "--in", "DIR/folded.txt", "extra"], status: 2, stderr: "'extra'"),
            Case(arguments: ["profile", "flame"], status: 2, stderr: "'flame'"),
        ],
        "version": [
            Case(arguments: ["version"], status: 0, stdout: Tessera.version),
            Case(arguments: ["version", "--short"], status: 2, stderr: "'--short'"),
        ],
        "help": [
            Case(arguments: ["help"], status: 0, stdout: "commands:"),
            Case(arguments: ["help", "bench"], status: 0, stdout: "usage: tessera bench"),
            Case(arguments: ["bench", "--help"], status: 0, stdout: "usage: tessera bench"),
            Case(arguments: ["help", "nope"], status: 2, stderr: "'nope'"),
        ],
        "no or unknown command": [
            Case(arguments: [], status: 0, stdout: "commands:"),
            Case(arguments: ["frobnicate"], status: 2, stderr: "'frobnicate'"),
        ],
    ]

    /// Writes the fixtures the cases name into a new directory.
    static func makeFixtures() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let files: [String: Data] = [
            "scene.json": Data(scene.utf8),
            "broken.json": Data(#"{"viewport": {"width": 10, "height": 10}, "root": {"opacity": 2}}"#.utf8),
            "a.rgba": Data([10, 20, 30, 40, 0, 0, 0, 0]),
            "b.rgba": Data([1, 2, 3, 255, 5, 6, 7, 8]),
            "folded.txt": Data("main;Compositor.render 3\nmain;other 2\n".utf8),
            "empty.txt": Data(),
        ]
        for (name, data) in files { try data.write(to: dir.appendingPathComponent(name)) }
        return dir
    }

    @Test(.enabled(if: TesseraExecutable.url != nil, "the tessera executable is not built next to the tests"),
          arguments: ["bench", "render", "scenes", "blend", "profile", "version", "help", "no or unknown command"])
    func everyCommandExitsWithTheDocumentedStatus(command: String) throws {
        let dir = try Self.makeFixtures()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases = try #require(Self.cases[command])
        for testCase in cases {
            let arguments = testCase.arguments.map { $0.replacingOccurrences(of: "DIR/", with: dir.path + "/") }
            let outcome = try TesseraExecutable.runCapturingOutput(arguments)
            #expect(outcome.status == testCase.status, "\(testCase.testDescription): \(outcome.stderr)")
            // ("x".contains("") is false: an empty text means "anything".)
            #expect(testCase.stdout.isEmpty || outcome.stdout.contains(testCase.stdout),
                    "\(testCase.testDescription): stdout \(outcome.stdout)")
            #expect(testCase.stderr.isEmpty || outcome.stderr.contains(testCase.stderr),
                    "\(testCase.testDescription): stderr \(outcome.stderr)")
        }
        // Failed runs leave no output file behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(!left.contains { $0.hasPrefix("never") }, "\(left)")
        if command == "render" {
            #expect(try Data(contentsOf: dir.appendingPathComponent("out.rgba")).count == 80 * 60 * 4)
        }
        if command == "blend" {
            // src (10, 20, 30, 40) over dst (1, 2, 3, 255): dst · (255 − 40) / 255 + src, rounded: 1·215/255 ≈ 0.84 → 1,
            // 2·215/255 ≈ 1.69 → 2, 3·215/255 ≈ 2.53 → 3, 255; a transparent src pixel leaves dst as it is.
            #expect(try Data(contentsOf: dir.appendingPathComponent("c.rgba")) == Data([11, 22, 33, 255, 5, 6, 7, 8]))
        }
    }
}
