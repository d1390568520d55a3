import Testing
@testable import Tessera

/// The scaled composition's definition (`ScalarReference.scaledSourceOver`) against values worked out by
/// hand, the premultiplied invariant of the bilinear filter, the mapping helper and the argument checks.
@Suite struct ScaledKernelReferenceTests {
    static let a = Pixel(r: 100, g: 10, b: 0, a: 200)
    static let b = Pixel(r: 201, g: 0, b: 50, a: 255)

    /// A 1-row buffer of `pixels`.
    static func row(_ pixels: [Pixel]) throws -> PixelBuffer {
        let buffer = try PixelBuffer(width: pixels.count, height: 1)
        for (x, p) in pixels.enumerated() { buffer[x: x, y: 0] = p }
        return buffer
    }

    static func composite(_ src: PixelBuffer, width: Int, height: Int = 1, _ mapping: ResampleMapping,
                          _ filter: ResampleFilter) throws -> [Pixel] {
        let dst = try PixelBuffer(width: width, height: height)  // transparent: the result is the sample
        ScalarReference.scaledSourceOver(src, onto: dst, mapping: mapping, filter: filter)
        return (0..<height).flatMap { y in (0..<width).map { dst[x: $0, y: y] } }
    }

    @Test func nearestAtScaleTwoRepeatsEachPixelTwice() throws {
        let mapping = try ResampleMapping(scale: 2)
        #expect(try Self.composite(Self.row([Self.a, Self.b]), width: 4, mapping, .nearest) == [Self.a, Self.a, Self.b, Self.b])
    }

    @Test func nearestTiesTakeTheHigherIndexAndPositionsOffTheSourceClamp() throws {
        let src = try Self.row([Self.a, Self.b])
        // 0x8000 is halfway between the centres of pixels 0 and 1; 0x7FFF is just before.
        let tie = ResampleMapping(x0: 0x8000, dx: 0, y0: 0, dy: 0)
        #expect(try Self.composite(src, width: 1, tie, .nearest) == [Self.b])
        let before = ResampleMapping(x0: 0x7FFF, dx: 0, y0: 0, dy: 0)
        #expect(try Self.composite(src, width: 1, before, .nearest) == [Self.a])
        let off = ResampleMapping(x0: -5 << 16, dx: 4 << 16, y0: 9 << 16, dy: 0)  // x: −5, −1, 3, 7
        #expect(try Self.composite(src, width: 4, off, .nearest) == [Self.a, Self.a, Self.b, Self.b])
    }

    /// Halfway between a and b: weight 64 of 128, `(x + y + 1) / 2` rounded half up per channel.
    @Test func bilinearHalfwayRoundsHalvesUp() throws {
        let mid = ResampleMapping(x0: 0x8000, dx: 0, y0: 0, dy: 0)
        let expected = Pixel(r: 151, g: 5, b: 25, a: 228)  // (100+201)/2 = 150.5 → 151, 5, 25, 227.5 → 228
        #expect(try Self.composite(Self.row([Self.a, Self.b]), width: 1, mid, .bilinear) == [expected])
    }

    /// A quarter of the way: weight 32 (fraction 0x4000 >> 9), `(3a + b) / 4` rounded half up.
    @Test func bilinearQuarterAndTheSevenBitWeight() throws {
        let src = try Self.row([Self.a, Self.b])
        let quarter = ResampleMapping(x0: 0x4000, dx: 0, y0: 0, dy: 0)
        // r: (300 + 201) / 4 = 125.25 → 125; g: 30 / 4 = 7.5 → 8; b: 50 / 4 = 12.5 → 13; a: 855 / 4 = 213.75 → 214
        #expect(try Self.composite(src, width: 1, quarter, .bilinear) == [Pixel(r: 125, g: 8, b: 13, a: 214)])
        // Fractions below 1/128 (0x1FF) truncate to weight 0: pixel a exactly; 0x200 is weight 1.
        #expect(try Self.composite(src, width: 1, ResampleMapping(x0: 0x1FF, dx: 0, y0: 0, dy: 0), .bilinear) == [Self.a])
        // Weight 1: r (100·127 + 201 + 64) >> 7 = 12,965 >> 7 = 101; g (1,270 + 64) >> 7 = 10;
        // b (50 + 64) >> 7 = 0; a (25,400 + 255 + 64) >> 7 = 200.
        let one = try Self.composite(src, width: 1, ResampleMapping(x0: 0x200, dx: 0, y0: 0, dy: 0), .bilinear)
        #expect(one == [Pixel(r: 101, g: 10, b: 0, a: 200)])
    }

    /// Vertical then horizontal: a 2×2 source sampled at its centre point.
    @Test func bilinearCentreOfFourPixels() throws {
        let src = try PixelBuffer(width: 2, height: 2)
        src[x: 0, y: 0] = Pixel(r: 0, g: 0, b: 0, a: 0)
        src[x: 1, y: 0] = Pixel(r: 255, g: 255, b: 255, a: 255)
        src[x: 0, y: 1] = Pixel(r: 1, g: 1, b: 1, a: 1)
        src[x: 1, y: 1] = Pixel(r: 0, g: 0, b: 0, a: 255)
        let centre = ResampleMapping(x0: 0x8000, dx: 0, y0: 0x8000, dy: 0)
        // left column: (0 + 1 + 1) / 2 → 1 (0.5 → 1); right column: colour (255 + 0) / 2 = 127.5 → 128, alpha 255;
        // then colour (1 + 128) / 2 = 64.5 → 65, alpha (1 + 255) / 2 = 128.
        #expect(try Self.composite(src, width: 1, centre, .bilinear) == [Pixel(r: 65, g: 65, b: 65, a: 128)])
    }

    /// Identity mapping: the result is plain src-over (both filters), on translucent content.
    @Test(arguments: ResampleFilter.allCases)
    func identityMappingIsPlainSourceOver(_ filter: ResampleFilter) throws {
        var rng = SplitMix64(seed: 12)
        let src = try TestMemory(width: 23, height: 7, rng: &rng)
        PixelContent.fill(src.buffer) { _ in PixelContent.mixed(&rng) }
        let dst = try TestMemory(width: 23, height: 7, rng: &rng)
        let expected = try dst.clone()
        ScalarReference.sourceOver(src.buffer, onto: expected.buffer, opacity: 99)
        ScalarReference.scaledSourceOver(src.buffer, onto: dst.buffer, mapping: .identity, filter: filter, opacity: 99)
        #expect(dst.allBytes == expected.allBytes)
    }

    /// Bilinear samples of premultiplied pixels are premultiplied (each colour ≤ alpha), for random
    /// pixel quadruples and positions, including the extremes of alpha.
    @Test func bilinearKeepsPremultipliedPixelsValid() throws {
        var rng = SplitMix64(seed: 0x9E3)
        let src = try PixelBuffer(width: 64, height: 64)
        PixelContent.fill(src) { i in
            i % 5 == 0 ? 0xFF00_0000 | UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF
                : i % 7 == 0 ? 0x0101_0101 : PixelContent.mixed(&rng)
        }
        for _ in 0..<200_000 {
            let x = Int64(rng.next() % (66 << 16)) - (1 << 16), y = Int64(rng.next() % (66 << 16)) - (1 << 16)
            let p = ScalarReference.sample(src, x: x, y: y, filter: .bilinear)
            if p.r > p.a || p.g > p.a || p.b > p.a {
                Issue.record("sample at (\(x), \(y)) is \(p)")
                return
            }
        }
        // Exhaustive over the one-step interpolation: every alpha pair, colour = alpha (the tightest case), all weights.
        for a0 in 0...255 {
            for a1 in stride(from: 0, through: 255, by: 3) {
                for w: UInt32 in 0..<128 {
                    let l = ScalarReference.lerp(Pixel(r: UInt8(a0), g: 0, b: UInt8(a0 / 2), a: UInt8(a0)),
                                                 Pixel(r: UInt8(a1), g: UInt8(a1), b: 0, a: UInt8(a1)), w)
                    if l.r > l.a || l.g > l.a || l.b > l.a {
                        Issue.record("lerp(\(a0), \(a1), \(w)) = \(l)")
                        return
                    }
                }
            }
        }
    }

    @Test func mappingHelperPlacesPixelCentres() throws {
        #expect(try ResampleMapping(scale: 1) == .identity)
        // ×2: dst centre 0.5 → source point 0.25 → position −0.25 px; step ½ px.
        #expect(try ResampleMapping(scale: 2) == ResampleMapping(x0: -16384, dx: 32768, y0: -16384, dy: 32768))
        // ×½: dst centre 0.5 → source point 1.0 → position +0.5 px; step 2 px.
        #expect(try ResampleMapping(scale: 0.5) == ResampleMapping(x0: 32768, dx: 131072, y0: 32768, dy: 131072))
        // Whole-pixel offsets at scale 1 stay integer positions.
        #expect(try ResampleMapping(scale: 1, sourceOffset: (x: 3, y: -2))
                == ResampleMapping(x0: 3 << 16, dx: 1 << 16, y0: -2 << 16, dy: 1 << 16))
        #expect(try ResampleMapping(scaleX: 4, scaleY: 1, sourceOffset: (x: 0.5, y: 0))
                == ResampleMapping(x0: 8192, dx: 16384, y0: 0, dy: 65536))  // 0.5 + 0.125 − 0.5 = 0.125 px
    }

    @Test func mappingHelperRejectsBadScalesAndOffsets() {
        for bad in [0, -1, .nan, .infinity, 1e-9, 1e9] {
            #expect(argumentName { _ = try ResampleMapping(scale: bad) } == "scale", "scale \(bad)")
        }
        #expect(argumentName { _ = try ResampleMapping(scaleX: 1, scaleY: .nan) } == "scaleY")
        #expect(argumentName { _ = try ResampleMapping(scaleX: -2, scaleY: 1) } == "scaleX")
        #expect(argumentName { _ = try ResampleMapping(scale: 1, sourceOffset: (x: .nan, y: 0)) } == "sourceOffset.x")
        #expect(argumentName { _ = try ResampleMapping(scale: 1, sourceOffset: (x: 0, y: 40_000)) } == "sourceOffset.y")
        #expect(argumentName { _ = try ResampleMapping(scale: ResampleMapping.minimumScale) } == nil)
        #expect(argumentName { _ = try ResampleMapping(scale: ResampleMapping.maximumScale) } == nil)
    }

    @Test func checkedEntryNamesItsArguments() throws {
        let src = try PixelBuffer(width: 4, height: 4), dst = try PixelBuffer(width: 8, height: 8)
        let empty = try PixelBuffer(width: 0, height: 3)
        #expect(argumentName { try Kernels.scaledSourceOver(empty, onto: dst, mapping: .identity) } == "src")
        #expect(argumentName {
            try Kernels.scaledSourceOver(src.reinterpreted(as: .bgra), onto: dst, mapping: .identity)
        } == "src")
        #expect(argumentName { try Kernels.scaledSourceOver(src, onto: empty, mapping: .identity) } == nil)
        let runaway = ResampleMapping(x0: 0, dx: 1 << 16, y0: Int32.max - 3 << 16, dy: 1 << 16)
        #expect(argumentName { try Kernels.scaledSourceOver(src, onto: dst, mapping: runaway) } == "mapping")
        #expect(argumentName {
            try Kernels.active.scaledSourceOver(src, onto: dst, mapping: .identity, workers: 0)
        } == "workers")
        #expect(argumentName {
            try Kernels.active.scaledSourceOver(src, onto: dst, mapping: .identity, workers: 2, bandHeight: 0)
        } == "bandHeight")
    }
}
