import Testing
@testable import Tessera

/// Every available tier's coverage-masked kernels equal `ScalarReference+Masks.swift` bit for bit:
/// random bytes, premultiplied content, coverage and alpha at 0 and 255, 1-pixel and odd widths, rows
/// starting at odd addresses with padded strides (padding compared too), empty rects.
@Suite struct MaskKernelEquivalenceTests {
    enum Kernel: CaseIterable { case maskedSourceOver, maskedFillOver }

    /// Coverage of one of four kinds per 16-pixel run: all 0, all 255, random, or 0/255 alternating.
    static func coverage(width: Int, height: Int, stride: Int, offset: Int, rng: inout SplitMix64) throws -> CoverageBuffer {
        let coverage = try CoverageBuffer(width: width, height: height, bytesPerRow: stride, offset: offset)
        var kind: UInt64 = 0
        for y in 0..<height {
            for x in 0..<width {
                if x % 16 == 0 { kind = rng.next() % 4 }
                let value: UInt8 = switch kind {
                case 0: 0
                case 1: 255
                case 2: UInt8(truncatingIfNeeded: rng.next())
                default: x % 2 == 0 ? 0 : 255
                }
                coverage[x, y] = value
            }
        }
        return coverage
    }

    func expectSameAsReference(_ kernel: Kernel, _ table: KernelTable, width: Int, height: Int,
                               mixed: Bool, opacity: UInt8, color: Pixel, rng: inout SplitMix64,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let src = try TestMemory(width: width, height: height, bytesPerRow: width * 4 + 8, offset: 3, rng: &rng)
        let dst = try TestMemory(width: width, height: height, bytesPerRow: width * 4 + 4, offset: 1, slack: 5, rng: &rng)
        if mixed {
            PixelContent.fill(src.buffer) { _ in PixelContent.mixed(&rng) }
            PixelContent.fill(dst.buffer) { _ in PixelContent.mixed(&rng) }
        }
        let coverage = try Self.coverage(width: width, height: height, stride: width + 3, offset: 1, rng: &rng)
        let expected = try dst.clone()
        switch kernel {
        case .maskedSourceOver:
            ScalarReference.maskedSourceOver(src.buffer, onto: expected.buffer, coverage: coverage, opacity: opacity)
            try table.maskedSourceOver(src.buffer, onto: dst.buffer, coverage: coverage, opacity: opacity)
        case .maskedFillOver:
            ScalarReference.maskedFillOver(expected.buffer, with: color, coverage: coverage)
            try table.maskedFillOver(dst.buffer, with: color, coverage: coverage)
        }
        #expect(firstDifference(dst.allBytes, expected.allBytes) == nil,
                "\(kernel) tier \(table.tier) \(width)×\(height) opacity \(opacity) color \(color)",
                sourceLocation: sourceLocation)
    }

    @Test(arguments: Kernel.allCases)
    func randomPixelsAndCoveragesMatchTheReferenceOnEveryTier(_ kernel: Kernel) throws {
        var rng = SplitMix64(seed: 0x3A5C_0001 &+ UInt64(Kernel.allCases.firstIndex(of: kernel)!))
        for table in try availableTables() {
            for opacity: UInt8 in [255, 0, 1, 128, UInt8(truncatingIfNeeded: rng.next())] {
                for mixed in [false, true] {
                    let color = mixed ? Pixel(word: PixelContent.mixed(&rng)) : Pixel(word: UInt32(truncatingIfNeeded: rng.next()))
                    try expectSameAsReference(kernel, table, width: 203, height: 61, mixed: mixed, opacity: opacity,
                                              color: color, rng: &rng)
                }
            }
        }
    }

    @Test(arguments: Kernel.allCases)
    func edgeSizesAndColoursMatchTheReference(_ kernel: Kernel) throws {
        var rng = SplitMix64(seed: 0x3A5C_0100 &+ UInt64(Kernel.allCases.firstIndex(of: kernel)!))
        let colors = [Pixel(word: 0), Pixel(word: 0xFF00_0000), Pixel(word: 0xFFFF_FFFF), Pixel(word: 0x8040_2010)]
        for table in try availableTables() {
            for (width, height) in [(1, 1), (15, 3), (16, 1), (17, 2), (33, 5), (0, 4), (4, 0)] {
                for color in colors {
                    for opacity: UInt8 in [255, 77] {
                        try expectSameAsReference(kernel, table, width: width, height: height, mixed: true,
                                                  opacity: opacity, color: color, rng: &rng)
                    }
                }
            }
        }
    }

    /// Every row tail length (0–15 pixels after 0, 1 or 2 whole vectors): the tails at or above the
    /// partial-vector threshold run as one vector, shorter ones pixel by pixel; both equal the reference,
    /// and the destination's slack after each row is never written (`TestMemory` checks it).
    @Test(arguments: Kernel.allCases)
    func everyRowTailLengthMatchesTheReference(_ kernel: Kernel) throws {
        var rng = SplitMix64(seed: 0x7A11_0200 &+ UInt64(Kernel.allCases.firstIndex(of: kernel)!))
        for table in try availableTables() {
            for width in 1...47 {
                try expectSameAsReference(kernel, table, width: width, height: 2, mixed: width % 2 == 0,
                                          opacity: width % 3 == 0 ? 255 : 141,
                                          color: Pixel(word: width % 5 == 0 ? 0xFF30_60A0 : 0x8040_2010), rng: &rng)
            }
        }
    }

    @Test func fullCoverageEqualsThePlainKernelsAndZeroCoverageWritesNothing() throws {
        var rng = SplitMix64(seed: 5)
        let full = try CoverageBuffer(width: 37, height: 4)
        for y in 0..<4 { for x in 0..<37 { full[x, y] = 255 } }
        let none = try CoverageBuffer(width: 37, height: 4)
        for table in try availableTables() {
            let src = try TestMemory(width: 37, height: 4, rng: &rng)
            PixelContent.fill(src.buffer) { _ in PixelContent.mixed(&rng) }
            let dst = try TestMemory(width: 37, height: 4, rng: &rng)
            let plain = try dst.clone(), untouched = try dst.clone()
            try table.maskedSourceOver(src.buffer, onto: dst.buffer, coverage: full, opacity: 99)
            ScalarReference.sourceOver(src.buffer, onto: plain.buffer, opacity: 99)
            #expect(firstDifference(dst.allBytes, plain.allBytes) == nil)
            let other = try untouched.clone()
            try table.maskedSourceOver(src.buffer, onto: other.buffer, coverage: none, opacity: 255)
            try table.maskedFillOver(other.buffer, with: Pixel(word: 0xFF11_2233), coverage: none)
            #expect(firstDifference(other.allBytes, untouched.allBytes) == nil)
        }
    }

    @Test func aCoveragePlaneOfAnotherSizeIsRejectedByName() throws {
        let table = try KernelTable(tier: .baseline)
        let dst = try PixelBuffer(width: 4, height: 4)
        let coverage = try CoverageBuffer(width: 3, height: 4)
        #expect(throws: TesseraError.invalidArgument(argument: "coverage", reason: "is 3×4 but dst is 4×4")) {
            try table.maskedFillOver(dst, with: .transparent, coverage: coverage)
        }
        #expect(throws: TesseraError.self) { try CoverageBuffer(width: -1, height: 2) }
        #expect(throws: TesseraError.self) { try CoverageBuffer(width: 8, height: 2, bytesPerRow: 4) }
    }
}
