import Testing
@testable import Tessera
@testable import TesseraScene
@testable import TesseraBench
@testable import TesseraProfiling

@Suite struct MemorySoakTests {
    typealias Sample = MemorySoak.Sample

    @Test func theSlopeIsTheLeastSquaresLineInBytesPerThousandFrames() {
        // 3 bytes a frame exactly, with an offset: 3,000 bytes per 1,000 frames
        let line = stride(from: 0, through: 1_000, by: 100).map { Sample(frame: $0, residentBytes: 50_000 + 3 * $0) }
        #expect(abs(MemorySoak.slope(line) - 3_000) < 1e-6)
        // noise mirrored around the middle of the run: slope 0
        let flat = (0..<10).map { Sample(frame: $0 * 100, residentBytes: 1_000_000 + (min($0, 9 - $0) % 2 == 0 ? 4096 : -4096)) }
        #expect(abs(MemorySoak.slope(flat)) < 1e-6)
        // a leak of 8 bytes a frame under that noise still shows
        let leak = flat.map { Sample(frame: $0.frame, residentBytes: $0.residentBytes + 8 * $0.frame) }
        #expect(abs(MemorySoak.slope(leak) - 8_000) < 1e-6)
        #expect(MemorySoak.slope([Sample(frame: 5, residentBytes: 9)]) == 0)
        #expect(MemorySoak.slope([]) == 0)
    }

    @Test func theSlopeAfterWarmUpLeavesOutTheCacheFilling() throws {
        // memory grows during the first 20 % (the cache fills), then stays flat
        var soak = try MemorySoak(interval: 100)
        soak.frameDone(0)
        #expect(soak.samples.count == 1, "frame 0 is sampled")
        soak.frameDone(50)
        #expect(soak.samples.count == 1, "only multiples of the interval are sampled")
        let grown = (0...10).map { Sample(frame: $0 * 1_000, residentBytes: $0 < 2 ? 1_000 + $0 * 500_000 : 1_001_000) }
        let overall = MemorySoak.slope(grown)
        let settled = MemorySoak.slope(grown.filter { $0.frame >= 2_000 })
        #expect(overall > 10_000)
        #expect(settled == 0)
    }

    @Test func anIntervalBelowOneIsRefusedNamingIt() {
        #expect(throws: TesseraError.invalidArgument(argument: "interval", reason: "must be ≥ 1, got 0")) {
            try MemorySoak(interval: 0)
        }
    }

    @Test func theBenchmarkReportsRSSAtStartPeakAndEnd() throws {
        var options = ScrollBenchmark.Options()
        options.frames = 250
        options.speed = 2_000
        options.script = .backforth
        options.compositor.tileSize = 64
        options.compositor.workers = 2
        let report = try ScrollBenchmark.run(try ScrollBenchmarkTests.smallScene(), name: "small", options: options)
        let memory = try #require(report.memory, "Linux reports /proc/self/statm")
        #expect(memory.sampleCount == 3, "frames 0, 100 and 200")
        #expect(memory.startBytes > 1 << 20 && memory.endBytes > 1 << 20)
        #expect(memory.peakBytes >= max(memory.startBytes, memory.endBytes))
        #expect(memory.warmUpFrames == 50)
        #expect(memory.slopeBytesPerThousandFrames.isFinite)
    }
}
