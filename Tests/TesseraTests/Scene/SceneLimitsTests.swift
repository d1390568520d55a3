import Foundation
import Testing
@testable import Tessera
@testable import TesseraScene
@testable import TesseraProfiling

/// The limits README.md promises for scene files ("Scene files", "Limits"): at most 100,000 layers, files
/// over 16 MiB refused before they are read, and syntax errors located by line and column.
@Suite struct SceneLimitsTests {
    /// A scene whose root has `sublayers` empty sublayers: `sublayers + 1` layers in all.
    static func flatScene(sublayers: Int) -> [UInt8] {
        let list = Array(repeating: "{}", count: sublayers).joined(separator: ",")
        return Array(#"{"viewport": {"width": 10, "height": 10}, "root": {"sublayers": ["# .utf8) + Array(list.utf8)
            + Array("]}}".utf8)
    }

    /// One document of 100,001 layers (about 1.5 s in a debug build, so only one): the refusal names the
    /// 100,001st layer, the root's 100,000th sublayer (index 99,999), so the first 100,000 were read.
    @Test func aHundredThousandLayersAreReadAndOneMoreIsRefused() throws {
        #expect(throws: TesseraError.invalidArgument(argument: "root.sublayers[99999]", reason: "more than 100000 layers")) {
            try SceneReader.decode(Self.flatScene(sublayers: 100_000))
        }
        // A small document of the same shape is read whole, one layer per "{}".
        #expect(try SceneReader.decode(Self.flatScene(sublayers: 3)).root.sublayers.count == 3)
    }

    /// A new directory for files, removed by the caller.
    static func makeDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A file of `size` bytes that takes no disk space (a hole of zero bytes), at `url`.
    static func makeSparseFile(_ url: URL, size: UInt64) throws {
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.truncate(atOffset: size)
    }

    /// A 64 GiB file cannot be read into memory within the test's time, so a refusal naming its size
    /// shows that the size was checked first. 16 MiB + 1 byte is refused the same way; exactly 16 MiB is
    /// read, and its zero bytes are refused by the parser instead (at line 1, column 1).
    @Test(.timeLimit(.minutes(1))) func filesOver16MiBAreRefusedBeforeTheyAreRead() throws {
        let dir = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let huge = dir.appendingPathComponent("huge.json"), over = dir.appendingPathComponent("over.json")
        let limit = dir.appendingPathComponent("limit.json")
        try Self.makeSparseFile(huge, size: 64 << 30)
        try Self.makeSparseFile(over, size: 16_777_217)
        try Self.makeSparseFile(limit, size: 16_777_216)
        #expect(throws: TesseraError.invalidArgument(
            argument: huge.path, reason: "scene file is 68719476736 bytes; the limit is 16777216")) {
            try SceneReader.read(contentsOfFile: huge.path)
        }
        #expect(throws: TesseraError.invalidArgument(
            argument: over.path, reason: "scene file is 16777217 bytes; the limit is 16777216")) {
            try SceneReader.read(contentsOfFile: over.path)
        }
        do {
            _ = try SceneReader.read(contentsOfFile: limit.path)
            Issue.record("a file of zero bytes was accepted as a scene")
        } catch let TesseraError.invalidArgument(argument, reason) {
            #expect(argument == "limit.json")
            #expect(reason.hasSuffix("(limit.json line 1, column 1)"), "\(reason)")
        }
    }

    /// An endless input has no size to check: it is refused, not read until memory runs out.
    @Test(.timeLimit(.minutes(1))) func anEndlessInputIsRefused() {
        #expect(argumentName { _ = try SceneReader.read(contentsOfFile: "/dev/zero") } == "/dev/zero")
    }

    /// The column counts characters, not bytes: "é€😀" is 3 characters in 9 bytes.
    @Test func syntaxErrorsNameTheLineAndColumn() throws {
        let text = """
            {
              "viewport": {"width": 100, "height": 100},
              "root": {"name": "é€😀", "frame": [0, 0, 10 10]}
            }
            """
        let dir = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scene.json")
        try Data(text.utf8).write(to: file)
        // The second "10" on line 3 has 45 characters before it.
        do {
            _ = try SceneReader.read(contentsOfFile: file.path)
            Issue.record("a missing comma was accepted")
        } catch let TesseraError.invalidArgument(argument, reason) {
            #expect(argument.hasPrefix("root.frame"), "\(argument)")
            #expect(reason.hasSuffix("(scene.json line 3, column 46)"), "\(reason)")
        }
        // The same bytes decoded directly are named by their source.
        do {
            _ = try SceneReader.decode(Array(text.utf8), source: "inline")
            Issue.record("a missing comma was accepted")
        } catch let TesseraError.invalidArgument(_, reason) {
            #expect(reason.hasSuffix("(inline line 3, column 46)"), "\(reason)")
        }
    }
}
