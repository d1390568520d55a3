import Testing
@testable import Tessera

/// Host pixel formats (README.md, "Host pixel formats"): every tier writes every destination format
/// exactly as `ScalarReference` defines it, and that definition is the RGBA result with red and blue
/// swapped and the X byte set to 255 (checked here with a swizzle written independently of the library).
@Suite struct FormatKernelTests {
    enum Kernel: CaseIterable { case copy, copyStreaming, sourceOver, sourceOverOpacity, fill, fillStreaming, fillOver }

    static let hostFormats: [PixelFormat] = [.bgra, .xrgb, .xbgr]

    /// `kernel` on `table` and on the reference, on clones of `dst` read as `format`; every byte compared
    /// (row padding and slack included).
    func expectSameAsReference(_ kernel: Kernel, _ table: KernelTable, _ format: PixelFormat, src: TestMemory,
                               dst: TestMemory, opacity: UInt8, color: Pixel,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try dst.clone(), actual = try dst.clone()
        let e = expected.buffer.reinterpreted(as: format), a = actual.buffer.reinterpreted(as: format)
        switch kernel {
        case .copy:
            ScalarReference.copy(src.buffer, onto: e)
            try table.copy(src.buffer, onto: a)
        case .copyStreaming:
            ScalarReference.copy(src.buffer, onto: e)
            try table.copyStreaming(src.buffer, onto: a)
        case .sourceOver:
            ScalarReference.sourceOver(src.buffer, onto: e)
            try table.sourceOver(src.buffer, onto: a)
        case .sourceOverOpacity:
            ScalarReference.sourceOver(src.buffer, onto: e, opacity: opacity)
            try table.sourceOver(src.buffer, onto: a, opacity: opacity)
        case .fill:
            ScalarReference.fill(e, with: color)
            try table.fill(a, with: color)
        case .fillStreaming:
            ScalarReference.fill(e, with: color)
            try table.fillStreaming(a, with: color)
        case .fillOver:
            ScalarReference.fillOver(e, with: color)
            try table.fillOver(a, with: color)
        }
        #expect(firstDifference(actual.allBytes, expected.allBytes) == nil,
                "\(kernel) into \(format) on tier \(table.tier)", sourceLocation: sourceLocation)
    }

    /// Random bytes (garbage alphas in the destination's X byte included) and premultiplied content,
    /// unaligned starts and odd strides, long enough rows for the streaming and 64-pixel block paths.
    @Test(arguments: Kernel.allCases)
    func everyTierWritesEveryFormatAsTheReferenceOnRandomPixels(_ kernel: Kernel) throws {
        var rng = SplitMix64(seed: 0xF0F0 &+ UInt64(Kernel.allCases.firstIndex(of: kernel)!))
        for table in try availableTables() {
            for format in Self.hostFormats {
                let garbageSrc = try TestMemory(width: 300, height: 9, bytesPerRow: 1213, offset: 3, rng: &rng)
                let garbageDst = try TestMemory(width: 300, height: 9, bytesPerRow: 1207, offset: 1, rng: &rng)
                try expectSameAsReference(kernel, table, format, src: garbageSrc, dst: garbageDst,
                                          opacity: UInt8(truncatingIfNeeded: rng.next() | 1),
                                          color: Pixel(word: UInt32(truncatingIfNeeded: rng.next())))
                let mixedSrc = try TestMemory(width: 512, height: 8, rng: &rng)
                PixelContent.fill(mixedSrc.buffer) { _ in PixelContent.mixed(&rng) }
                let mixedDst = try TestMemory(width: 512, height: 8, rng: &rng)
                try expectSameAsReference(kernel, table, format, src: mixedSrc, dst: mixedDst, opacity: 77,
                                          color: Pixel(word: PixelContent.mixed(&rng) | 0x0100_0000))
            }
        }
    }

    /// Widths 1…67 (every tail), odd strides, unaligned starts; 1-pixel and empty images.
    @Test func everyTierWritesEveryFormatAsTheReferenceAtEveryWidthAndOnEmptyImages() throws {
        var rng = SplitMix64(seed: 0x51DE)
        for table in try availableTables() {
            for format in Self.hostFormats {
                for (width, height) in (1...67).map({ ($0, 2) }) + [(1, 1), (0, 0), (0, 3), (3, 0)] {
                    let src = try TestMemory(width: width, height: height, bytesPerRow: width * 4 + width % 3,
                                             offset: width % 4, slack: 3, rng: &rng)
                    let dst = try TestMemory(width: width, height: height, bytesPerRow: width * 4 + 5,
                                             offset: width % 3, slack: 5, rng: &rng)
                    for kernel in Kernel.allCases {
                        try expectSameAsReference(kernel, table, format, src: src, dst: dst, opacity: UInt8(width * 3),
                                                  color: Pixel(word: UInt32(width) &* 0x0304_0501))
                    }
                }
            }
        }
    }

    /// Alpha 0 and 255 sources (all-zero and all-opaque vectors), opacity 0, 1, 254, 255, colours that are
    /// zero, opaque, or alpha 0 with colour bits.
    @Test func everyTierWritesEveryFormatAsTheReferenceAtExtremeAlphas() throws {
        var rng = SplitMix64(seed: 0xA1FA)
        for table in try availableTables() {
            for format in Self.hostFormats {
                for alpha: UInt32 in [0, 255] {
                    let src = try TestMemory(width: 140, height: 2, rng: &rng)
                    PixelContent.fill(src.buffer) { i in
                        alpha == 0 ? 0 : alpha << 24 | (UInt32(i) &* 0x010203 & 0xFFFFFF)
                    }
                    for opacity: UInt8 in [0, 1, 254, 255] {
                        let dst = try TestMemory(width: 140, height: 2, rng: &rng)
                        for kernel in [Kernel.sourceOver, .sourceOverOpacity, .copy] {
                            try expectSameAsReference(kernel, table, format, src: src, dst: dst, opacity: opacity,
                                                      color: .transparent)
                        }
                    }
                }
                for color in [Pixel.transparent, Pixel(r: 255, g: 1, b: 2, a: 255), Pixel(r: 9, g: 8, b: 7, a: 0)] {
                    let dst = try TestMemory(width: 35, height: 2, rng: &rng)
                    for kernel in [Kernel.fill, .fillOver, .fillStreaming] {
                        try expectSameAsReference(kernel, table, format, src: dst, dst: dst, opacity: 255, color: color)
                    }
                }
            }
        }
    }

    /// The reference's definition, against an independent one: the format's bytes are the RGBA result's
    /// with bytes 0 and 2 swapped (bgra, xrgb) and byte 3 = 255 (xrgb, xbgr), the X formats computed
    /// from a destination whose fourth byte reads as 255.
    @Test(arguments: [PixelFormat.bgra, .xrgb, .xbgr])
    func aFormatIsTheRGBAResultSwizzled(_ format: PixelFormat) throws {
        var rng = SplitMix64(seed: 0x5A1E)
        let width = 37, height = 5
        let src = try TestMemory(width: width, height: height, rng: &rng)
        let dst = try TestMemory(width: width, height: height, rng: &rng)
        let swaps = format != .xbgr, opaque = format != .bgra
        func swizzle(_ b: [UInt8], at i: Int) -> [UInt8] {
            [swaps ? b[i + 2] : b[i], b[i + 1], swaps ? b[i] : b[i + 2], opaque ? 255 : b[i + 3]]
        }
        // The destination as RGBA (what the format's bytes mean), the X byte read as 255.
        let rgbaDst = try dst.clone()
        let stored = dst.allBytes
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width * 4 + x * 4
                let p = swizzle(stored, at: i)
                rgbaDst.buffer.row(y).storeBytes(of: UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16
                                                 | UInt32(p[3]) << 24, toByteOffset: x * 4, as: UInt32.self)
            }
        }
        ScalarReference.sourceOver(src.buffer, onto: rgbaDst.buffer, opacity: 200)
        let formatDst = try dst.clone()
        ScalarReference.sourceOver(src.buffer, onto: formatDst.buffer.reinterpreted(as: format), opacity: 200)
        let rgba = rgbaDst.allBytes, result = formatDst.allBytes
        for i in stride(from: 0, to: rgba.count, by: 4) {
            #expect(Array(result[i..<i + 4]) == swizzle(rgba, at: i), "pixel \(i / 4)")
        }
    }

    @Test func aSourceInAnotherFormatThanRGBAIsRefusedNamingSrc() throws {
        let src = try PixelBuffer(width: 2, height: 2, format: .bgra)
        let dst = try PixelBuffer(width: 2, height: 2)
        #expect(throws: TesseraError.invalidArgument(
            argument: "src", reason: "must be rgba (sources are RGBA; only dst may be another format), got bgra")) {
            try Kernels.copy(src, onto: dst)
        }
        #expect(throws: TesseraError.self) { try PixelFormat(parsing: "argb") }
        #expect(try PixelFormat(parsing: "XRGB") == .xrgb)
    }
}
