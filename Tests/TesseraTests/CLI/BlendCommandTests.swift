import Foundation
import Testing
@testable import Tessera

/// `tessera blend`, run as a process (the executable built next to the test bundle).
@Suite struct BlendCommandTests {
    static let binary = TesseraExecutable.url

    func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        try TesseraExecutable.run(["blend"] + arguments)
    }

    @Test(.enabled(if: binary != nil, "the tessera executable is not built next to the tests"))
    func blendsFilesAndRejectsBadInput() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-blend-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var rng = SplitMix64(seed: 3)
        let src = try TestMemory(width: 21, height: 5, rng: &rng), dst = try TestMemory(width: 21, height: 5, rng: &rng)
        let a = dir.appendingPathComponent("a.rgba"), b = dir.appendingPathComponent("b.rgba")
        let out = dir.appendingPathComponent("c.rgba")
        try Data(src.buffer.packedBytes()).write(to: a)
        try Data(dst.buffer.packedBytes()).write(to: b)

        let ok = try run(["--size", "21x5", "--src", a.path, "--dst", b.path, "--out", out.path, "--opacity", "99"])
        #expect(ok.status == 0, "\(ok.stderr)")
        ScalarReference.sourceOver(src.buffer, onto: dst.buffer, opacity: 99)
        #expect(try Data(contentsOf: out) == Data(dst.buffer.packedBytes()))

        let missing = dir.appendingPathComponent("never.rgba")
        let wrongSize = try run(["--size", "21x6", "--src", a.path, "--dst", b.path, "--out", missing.path])
        #expect(wrongSize.status == 1 && wrongSize.stderr.contains("needs 504"))
        let unreadable = try run(["--size", "21x5", "--src", dir.appendingPathComponent("nope").path, "--dst", b.path,
                                  "--out", missing.path])
        #expect(unreadable.status == 1 && unreadable.stderr.contains("cannot be read"))
        let badSize = try run(["--size", "21by5", "--src", a.path, "--dst", b.path, "--out", missing.path])
        #expect(badSize.status == 2 && badSize.stderr.contains("--size"))
        #expect(!FileManager.default.fileExists(atPath: missing.path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains("tmp") }
        #expect(leftovers.isEmpty)
    }
}
