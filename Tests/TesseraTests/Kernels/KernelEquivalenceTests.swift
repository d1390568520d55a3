import Testing
@testable import Tessera

/// Every available ISA tier equals `ScalarReference` bit for bit.
@Suite struct KernelEquivalenceTests {
    enum Kernel: CaseIterable { case copy, sourceOver, sourceOverOpacity, fill, fillOver }

    /// Runs `kernel` with `table` and with the reference on clones of the same memory, compares every byte
    /// (padding between rows and around the buffer included, so out-of-rect writes are caught).
    func expectSameAsReference(_ kernel: Kernel, _ table: KernelTable, src: TestMemory, dst: TestMemory,
                               opacity: UInt8 = 128, color: Pixel = Pixel(r: 10, g: 20, b: 30, a: 40),
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try dst.clone()
        switch kernel {
        case .copy:
            ScalarReference.copy(src.buffer, onto: expected.buffer)
            try table.copy(src.buffer, onto: dst.buffer)
        case .sourceOver:
            ScalarReference.sourceOver(src.buffer, onto: expected.buffer)
            try table.sourceOver(src.buffer, onto: dst.buffer)
        case .sourceOverOpacity:
            ScalarReference.sourceOver(src.buffer, onto: expected.buffer, opacity: opacity)
            try table.sourceOver(src.buffer, onto: dst.buffer, opacity: opacity)
        case .fill:
            ScalarReference.fill(expected.buffer, with: color)
            try table.fill(dst.buffer, with: color)
        case .fillOver:
            ScalarReference.fillOver(expected.buffer, with: color)
            try table.fillOver(dst.buffer, with: color)
        }
        #expect(firstDifference(dst.allBytes, expected.allBytes) == nil, "\(kernel) on tier \(table.tier)", sourceLocation: sourceLocation)
    }

    @Test func tiersIncludeBaselineAndMatchTheCPU() {
        #expect(KernelTier.available.first == .baseline)
        #expect(KernelTier.available.contains(Kernels.activeTier))
        #if arch(x86_64)
        if CPUFeatures.current.supportsX86_64_v4 && KernelTier.compiled.contains(.avx512) {
            #expect(KernelTier.available.contains(.avx512))
        }
        #endif
    }

    /// ≥ 1M random pixels per kernel and tier: arbitrary bytes (non-premultiplied garbage included) and
    /// premultiplied "mixed" content, several opacities and colours.
    @Test(arguments: Kernel.allCases)
    func millionRandomPixels(_ kernel: Kernel) throws {
        var rng = SplitMix64(seed: 0x7E55_E8A0 &+ UInt64(Kernel.allCases.firstIndex(of: kernel)!))
        for table in try availableTables() {
            // 1,000 × 1,050 pixels of random bytes, rows padded by 12 bytes, starting at byte 3.
            let garbageSrc = try TestMemory(width: 1000, height: 525, bytesPerRow: 4012, offset: 3, rng: &rng)
            let garbageDst = try TestMemory(width: 1000, height: 525, bytesPerRow: 4012, offset: 1, rng: &rng)
            try expectSameAsReference(kernel, table, src: garbageSrc, dst: garbageDst,
                                      opacity: UInt8(truncatingIfNeeded: rng.next()),
                                      color: Pixel(word: UInt32(truncatingIfNeeded: rng.next())))
            let mixedSrc = try TestMemory(width: 1024, height: 512, rng: &rng)
            PixelContent.fill(mixedSrc.buffer) { _ in PixelContent.mixed(&rng) }
            let mixedDst = try TestMemory(width: 1024, height: 512, rng: &rng)
            PixelContent.fill(mixedDst.buffer) { _ in PixelContent.mixed(&rng) }
            try expectSameAsReference(kernel, table, src: mixedSrc, dst: mixedDst, opacity: 77,
                                      color: Pixel(word: PixelContent.mixed(&rng) | 0x0100_0000))
        }
    }

    /// Alpha constant over 64-pixel runs: exercises the all-zero skip and the all-opaque copy per vector.
    @Test(arguments: [Kernel.sourceOver, .sourceOverOpacity])
    func runsOfTransparentAndOpaquePixels(_ kernel: Kernel) throws {
        var rng = SplitMix64(seed: 99)
        for table in try availableTables() {
            let src = try TestMemory(width: 509, height: 67, bytesPerRow: 509 * 4 + 4, offset: 2, rng: &rng)
            var runAlpha: UInt32 = 0
            PixelContent.fill(src.buffer) { index in
                if index % 64 == 0 { runAlpha = [0, 255, 255, 0, 128][Int(rng.next() % 5)] }
                if runAlpha == 0 { return 0 }
                let c = UInt32(truncatingIfNeeded: rng.next()) % (runAlpha + 1)
                return c | c << 8 | (255 - c) % (runAlpha + 1) << 16 | runAlpha << 24
            }
            let dst = try TestMemory(width: 509, height: 67, rng: &rng)
            try expectSameAsReference(kernel, table, src: src, dst: dst, opacity: 200)
        }
    }

    /// Widths 1…67 (every tail length, with and without whole vectors), odd strides, unaligned starts.
    @Test func widthsStridesAndOffsets() throws {
        var rng = SplitMix64(seed: 67)
        for table in try availableTables() {
            for width in 1...67 {
                let offsets = (src: width % 4, dst: (width * 7) % 5)
                let src = try TestMemory(width: width, height: 3, bytesPerRow: width * 4 + (width % 2 == 0 ? 1 : 6),
                                         offset: offsets.src, slack: 3, rng: &rng)
                let dst = try TestMemory(width: width, height: 3, bytesPerRow: width * 4 + 3,
                                         offset: offsets.dst, slack: 5, rng: &rng)
                for kernel in Kernel.allCases {
                    try expectSameAsReference(kernel, table, src: src, dst: try dst.clone(),
                                              opacity: UInt8(width * 3), color: Pixel(word: UInt32(width) &* 0x0304_0501))
                }
            }
        }
    }

    /// Alpha 0 and 255 sources, opacity 0 and 255, a colour with alpha 0 but colour bits set.
    @Test func extremeAlphasAndOpacities() throws {
        var rng = SplitMix64(seed: 255)
        for table in try availableTables() {
            for alpha: UInt32 in [0, 255] {
                let src = try TestMemory(width: 40, height: 2, rng: &rng)
                PixelContent.fill(src.buffer) { i in alpha << 24 | (i % 3 == 0 ? 0 : UInt32(i) &* 0x010203 & 0xFFFFFF) }
                for opacity: UInt8 in [0, 1, 254, 255] {
                    let dst = try TestMemory(width: 40, height: 2, rng: &rng)
                    try expectSameAsReference(.sourceOverOpacity, table, src: src, dst: dst, opacity: opacity)
                }
            }
            for color in [Pixel.transparent, Pixel(r: 255, g: 1, b: 2, a: 255), Pixel(r: 9, g: 8, b: 7, a: 0)] {
                let dst = try TestMemory(width: 35, height: 2, rng: &rng)
                try expectSameAsReference(.fillOver, table, src: dst, dst: dst.clone(), color: color)
            }
        }
    }

    /// 1-pixel and empty images.
    @Test func onePixelAndEmptyImages() throws {
        var rng = SplitMix64(seed: 1)
        for table in try availableTables() {
            for (w, h) in [(1, 1), (0, 0), (0, 5), (5, 0)] {
                let src = try TestMemory(width: w, height: h, slack: 8, rng: &rng)
                let dst = try TestMemory(width: w, height: h, slack: 8, rng: &rng)
                for kernel in Kernel.allCases {
                    try expectSameAsReference(kernel, table, src: src, dst: dst.clone())
                }
            }
        }
    }

    /// The exhaustive sourceOver grid: every srcA, every srcC ≤ srcA, every dstC (≈ 8.4 M combinations),
    /// as packed rows of 256 destination values, checked against `round(x / 255)` written independently.
    @Test func exhaustiveSourceOverGrid() throws {
        var pairs: [(a: UInt32, c: UInt32)] = []
        for a: UInt32 in 0...255 { for c: UInt32 in 0...a { pairs.append((a, c)) } }
        let width = 256, height = pairs.count
        let src = try PixelBuffer(width: width, height: height)
        let initial = try PixelBuffer(width: width, height: height)
        for (y, pair) in pairs.enumerated() {
            let s = pair.c | (pair.c ^ 0) << 8 | pair.c << 16 | pair.a << 24
            let srow = src.row(y), drow = initial.row(y)
            for d in 0..<256 {
                srow.storeBytes(of: s, toByteOffset: d * 4, as: UInt32.self)
                // Colour channels differ per channel so that a swap of R/G/B would show.
                let dw = UInt32(d) | UInt32(255 - d) << 8 | UInt32(d) << 16 | UInt32(d) << 24
                drow.storeBytes(of: dw, toByteOffset: d * 4, as: UInt32.self)
            }
        }
        func roundedDiv255(_ x: UInt32) -> UInt32 { (2 * x + 255) / 510 }  // round half up of x / 255
        var expected = [UInt32](repeating: 0, count: width * height)
        for (y, pair) in pairs.enumerated() {
            let ia = 255 - pair.a
            for d: UInt32 in 0...255 {
                let over = { (sc: UInt32, dc: UInt32) in (sc + roundedDiv255(dc * ia)) & 0xFF }
                expected[y * width + Int(d)] = over(pair.c, d) | over(pair.c, 255 - d) << 8
                    | over(pair.c, d) << 16 | over(pair.a, d) << 24
            }
        }
        let expectedBytes = expected.withUnsafeBytes { Array($0) }
        for table in try availableTables() {
            let dst = try PixelBuffer(width: width, height: height)
            try table.copy(initial, onto: dst)
            try table.sourceOver(src, onto: dst)
            #expect(firstDifference(dst.packedBytes(), expectedBytes) == nil, "tier \(table.tier)")
        }
        let reference = try PixelBuffer(width: width, height: height)
        try Kernels.copy(initial, onto: reference)
        ScalarReference.sourceOver(src, onto: reference)
        #expect(firstDifference(reference.packedBytes(), expectedBytes) == nil, "scalar reference")
    }

    /// Every opacity 0…255 over a grid of (srcA, srcC ≤ srcA) pairs sampled every 5 steps × 32 dst values.
    @Test func everyOpacity() throws {
        var rng = SplitMix64(seed: 0x0BAC1)
        var words: [UInt32] = []
        for a: UInt32 in stride(from: 0, through: 255, by: 5) {
            for c: UInt32 in stride(from: 0, through: a, by: 5) { words.append(c | (a - c) << 8 | c / 2 << 16 | a << 24) }
        }
        let src = try PixelBuffer(width: 32, height: words.count)
        PixelContent.fill(src) { words[$0 / 32] }
        let dst = try TestMemory(width: 32, height: words.count, rng: &rng)
        for table in try availableTables() {
            for opacity in 0...255 {
                let expected = try dst.clone(), actual = try dst.clone()
                ScalarReference.sourceOver(src, onto: expected.buffer, opacity: UInt8(opacity))
                try table.sourceOver(src, onto: actual.buffer, opacity: UInt8(opacity))
                if actual.allBytes != expected.allBytes {
                    Issue.record("opacity \(opacity) differs on tier \(table.tier)")
                    return
                }
            }
        }
    }
}
