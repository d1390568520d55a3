import Testing
@testable import Tessera

/// Coverage fractions become bytes by rounding, clamped to 0…255, NaN as 0.
@Suite struct CoverageQuantizationTests {
    @Test func coverageRoundsAndClamps() {
        #expect(coverageByte(.nan) == 0)
        #expect(coverageByte(-1) == 0)
        #expect(coverageByte(0) == 0)
        #expect(coverageByte(0.5) == 128)  // 127.5 + 0.5
        #expect(coverageByte(1.0 / 255 - 1e-9) == 1)
        #expect(coverageByte(0.5 / 255 - 1e-9) == 0)
        #expect(coverageByte(254.5 / 255) == 255)
        #expect(coverageByte(1) == 255)
        #expect(coverageByte(1.5) == 255)
        #expect(coverageByte(.infinity) == 255)
    }
}
