import Testing
@testable import Tessera

/// The two-channels-at-a-time pixel arithmetic equals the scalar reference bit for bit.
@Suite struct PixelWordTests {
    @Test func overAndScaleMatchTheScalarReference() {
        var random = SplitMix64(seed: 1)
        for _ in 0..<20_000 {
            let r = random.next()
            let sa = UInt8(truncatingIfNeeded: r)
            func channel(_ shift: UInt64) -> UInt8 { UInt8(UInt32(truncatingIfNeeded: r >> shift & 0xFF) % (UInt32(sa) + 1)) }
            let s = Pixel(r: channel(8), g: channel(16), b: channel(24), a: sa)
            let d = Pixel(word: UInt32(truncatingIfNeeded: r >> 32))
            #expect(PixelWord.over(s.word, d.word) == ScalarReference.over(s, d).word)
            let k = UInt32(truncatingIfNeeded: r >> 40) & 255
            #expect(PixelWord.scale(d.word, by: k) == ScalarReference.scale(d, by: k).word)
        }
    }

    @Test func coverageRoundsAndClamps() {
        #expect(PixelWord.coverage(.nan) == 0)
        #expect(PixelWord.coverage(-1) == 0)
        #expect(PixelWord.coverage(0.5) == 128)
        #expect(PixelWord.coverage(1.5) == 255)
    }
}
