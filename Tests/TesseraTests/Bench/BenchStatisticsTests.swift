import Testing
import Tessera
import TesseraScene
import TesseraBench

@Suite struct FrameTimeSummaryTests {
    @Test func nearestRankPercentiles() {
        let summary = FrameTimeSummary(milliseconds: (1...200).map(Double.init).reversed())
        #expect(summary.count == 200)
        #expect(summary.mean == 100.5)
        #expect(summary.p50 == 100)  // ceil(0.50 · 200) = 100th value
        #expect(summary.p95 == 190)
        #expect(summary.p99 == 198)
        #expect(summary.max == 200)
    }

    @Test func smallAndEmptySeries() {
        let one = FrameTimeSummary(milliseconds: [4.5])
        #expect(one.p50 == 4.5 && one.p99 == 4.5 && one.max == 4.5 && one.mean == 4.5)
        let none = FrameTimeSummary(milliseconds: [])
        #expect(none.count == 0 && none.p99 == 0)
    }

    @Test func peakResidentMemoryIsReportedOnLinux() {
        #if os(Linux)
        // Read the current size first: the peak read afterwards can only be larger.
        let current = ProcessMemory.residentBytes()
        let peak = ProcessMemory.peakResidentBytes()
        #expect((current ?? 0) > 1_000_000)
        #expect((current ?? .max) <= peak ?? 0)
        #endif
    }
}
