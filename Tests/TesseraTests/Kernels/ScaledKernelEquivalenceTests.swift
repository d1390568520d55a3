import Testing
@testable import Tessera

/// Every available ISA tier's scaled src-over equals `ScalarReference.scaledSourceOver` bit for bit:
/// both filters, scale factors near 1, tiny and huge, mirrored and constant mappings, positions off every
/// edge of the source, 1-pixel sources, translucent / transparent / opaque pixels, every opacity class,
/// odd widths, unaligned strides and empty rects.
@Suite struct ScaledKernelEquivalenceTests {
    /// The scale factors (destination pixels per source pixel) the random cases draw from.
    static let scales: [Double] = [1, 1, 0.999, 1.001, 1.0 / 64, 64, 1.5, 0.75, 2, 0.5, 3, 1.0 / 3, 4, 0.25, 7.3, 0.13]

    /// Runs `table` and the reference on clones of `dst`, compares every byte (row padding and the
    /// memory around the rect included, so a write outside the rect is caught).
    func expectSameAsReference(_ table: KernelTable, src: PixelBuffer, dst: TestMemory, mapping: ResampleMapping,
                               filter: ResampleFilter, opacity: UInt8, workers: Int = 1, bandHeight: Int = 64,
                               _ what: @autoclosure () -> String = "",
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try dst.clone()
        ScalarReference.scaledSourceOver(src, onto: expected.buffer, mapping: mapping, filter: filter, opacity: opacity)
        try withHelpersAtAnyArea {
            try table.scaledSourceOver(src, onto: dst.buffer, mapping: mapping, filter: filter, opacity: opacity,
                                       workers: workers, bandHeight: bandHeight)
        }
        let difference = firstDifference(dst.allBytes, expected.allBytes)
        #expect(difference == nil,
                "\(filter) on tier \(table.tier), \(src.width)×\(src.height) → \(dst.buffer.width)×\(dst.buffer.height), \(mapping), opacity \(opacity) \(what()): first difference at byte \(difference ?? -1)",
                sourceLocation: sourceLocation)
    }

    /// A mapping of `scale` (each axis drawn independently when `anisotropic`) whose first sample lies
    /// anywhere from 3 source pixels before the source to 3 after it, at a random sub-pixel position.
    static func randomMapping(_ rng: inout SplitMix64, srcWidth: Int, srcHeight: Int) -> ResampleMapping {
        func axis(_ size: Int) -> (Int32, Int32) {
            let scale = scales[Int(rng.next() % UInt64(scales.count))]
            let step = Int32((65536 / scale).rounded())
            let span = Int64(size + 6) * 65536
            var origin = Int32(Int64(rng.next() % UInt64(span)) - 3 * 65536)
            switch rng.next() % 4 {
            case 0: origin &= ~0xFFFF  // on a pixel centre
            case 1: origin = (origin & ~0xFFFF) | 0x8000  // halfway: the nearest filter's tie
            default: break
            }
            return (origin, step)
        }
        let (x0, dx) = axis(srcWidth), (y0, dy) = axis(srcHeight)
        return ResampleMapping(x0: x0, dx: dx, y0: y0, dy: dy)
    }

    static func randomOpacity(_ rng: inout SplitMix64) -> UInt8 {
        [0, 255, 255, 1, 128, 77, UInt8(truncatingIfNeeded: rng.next())][Int(rng.next() % 7)]
    }

    /// Random sizes (1-pixel and odd included), mappings, opacities and contents, both filters, every tier.
    @Test(arguments: ResampleFilter.allCases)
    func randomMappingsAndContents(_ filter: ResampleFilter) throws {
        var rng = SplitMix64(seed: 0x5CA1_ED00 &+ UInt64(filter.rawValue))
        let sizes = [1, 1, 2, 3, 5, 16, 17, 31, 64, 67, 100]
        for table in try availableTables() {
            for round in 0..<160 {
                let sw = sizes[Int(rng.next() % UInt64(sizes.count))], sh = sizes[Int(rng.next() % UInt64(sizes.count))]
                let dw = sizes[Int(rng.next() % UInt64(sizes.count))] + Int(rng.next() % 40)
                let dh = 1 + Int(rng.next() % 9)
                let src = try TestMemory(width: sw, height: sh, bytesPerRow: sw * 4 + Int(rng.next() % 9),
                                         offset: Int(rng.next() % 4), slack: 4, rng: &rng)
                if round % 3 != 0 {  // else random bytes: non-premultiplied garbage, kernels must still agree
                    PixelContent.fill(src.buffer) { _ in PixelContent.mixed(&rng) }
                }
                let dst = try TestMemory(width: dw, height: dh, bytesPerRow: dw * 4 + Int(rng.next() % 7),
                                         offset: Int(rng.next() % 4), slack: 4, rng: &rng)
                if round % 2 == 0 { PixelContent.fill(dst.buffer) { _ in PixelContent.mixed(&rng) } }
                let mapping = Self.randomMapping(&rng, srcWidth: sw, srcHeight: sh)
                try expectSameAsReference(table, src: src.buffer, dst: dst, mapping: mapping, filter: filter,
                                          opacity: Self.randomOpacity(&rng), "round \(round)")
            }
        }
    }

    /// Each scale factor of the list on both axes (near 1, 1/64, 64, …), from the helper that callers use,
    /// at a sub-pixel offset and at a whole-pixel one, with a 4K-wide-ish row of odd width.
    @Test(arguments: ResampleFilter.allCases)
    func everyScaleFactorFromTheHelper(_ filter: ResampleFilter) throws {
        var rng = SplitMix64(seed: 0xFAC7)
        let src = try TestMemory(width: 93, height: 41, bytesPerRow: 93 * 4 + 5, offset: 1, rng: &rng)
        PixelContent.fill(src.buffer) { _ in PixelContent.mixed(&rng) }
        for table in try availableTables() {
            for scale in Self.scales {
                for offset in [(x: 0.0, y: 0.0), (x: 2.37, y: -0.61), (x: -5.0, y: 11.0)] {
                    let mapping = try ResampleMapping(scale: scale, sourceOffset: offset)
                    let dst = try TestMemory(width: 301, height: 5, bytesPerRow: 301 * 4 + 3, offset: 2, rng: &rng)
                    try expectSameAsReference(table, src: src.buffer, dst: dst, mapping: mapping, filter: filter,
                                              opacity: 255, "scale \(scale) offset \(offset)")
                    try expectSameAsReference(table, src: src.buffer, dst: dst, mapping: mapping, filter: filter,
                                              opacity: 201, "scale \(scale) offset \(offset)")
                }
            }
        }
    }

    /// Mirrored (negative steps), constant (zero steps) and huge steps, and first samples far outside the
    /// source on every side: every index clamps to the edge pixels.
    @Test(arguments: ResampleFilter.allCases)
    func edgeClampingAndDegenerateSteps(_ filter: ResampleFilter) throws {
        var rng = SplitMix64(seed: 0xED6E)
        let src = try TestMemory(width: 13, height: 7, rng: &rng)
        PixelContent.fill(src.buffer) { _ in PixelContent.mixed(&rng) }
        let mappings = [
            ResampleMapping(x0: -40 << 16, dx: 1 << 16, y0: -9 << 16, dy: 1 << 16),            // above-left
            ResampleMapping(x0: 30 << 16 | 0x1234, dx: 3000, y0: 20 << 16, dy: 65536),         // below-right
            ResampleMapping(x0: 12 << 16, dx: -1 << 16, y0: 6 << 16 | 0x8000, dy: -40000),     // mirrored
            ResampleMapping(x0: 5 << 16 | 0x7FFF, dx: 0, y0: 3 << 16 | 0x4321, dy: 0),         // constant
            ResampleMapping(x0: Int32.min, dx: Int32.max, y0: Int32.max, dy: -1 << 16),        // extremes
            ResampleMapping(x0: Int32.max, dx: Int32.min, y0: Int32.min, dy: 1 << 20),
            ResampleMapping(x0: -0x8000, dx: 1 << 16, y0: -0x8000, dy: 1 << 16),               // half off
            ResampleMapping(x0: 0x1FF, dx: 1 << 16, y0: 0x1FF, dy: 1 << 16),                   // weight 0
            ResampleMapping(x0: 0x200, dx: 1 << 16, y0: 0x200, dy: 1 << 16),                   // weight 1
        ]
        for table in try availableTables() {
            for mapping in mappings {
                for opacity: UInt8 in [255, 90] {
                    let dst = try TestMemory(width: 45, height: 11, bytesPerRow: 45 * 4 + 1, offset: 3, rng: &rng)
                    try expectSameAsReference(table, src: src.buffer, dst: dst, mapping: mapping, filter: filter,
                                              opacity: opacity)
                }
            }
        }
    }

    /// The raw routine with steps whose band origins leave 32 bits (the checked entry refuses them): the
    /// positions are computed in 64 bits and clamp, as the reference does.
    @Test(arguments: ResampleFilter.allCases)
    func rawRoutineWithExtremeSteps(_ filter: ResampleFilter) throws {
        var rng = SplitMix64(seed: 0xE8)
        let src = try TestMemory(width: 9, height: 4, rng: &rng)
        PixelContent.fill(src.buffer) { _ in PixelContent.mixed(&rng) }
        let mapping = ResampleMapping(x0: Int32.max, dx: Int32.min, y0: Int32.min, dy: Int32.max)
        for table in try availableTables() {
            let dst = try TestMemory(width: 33, height: 5, rng: &rng)
            let expected = try dst.clone()
            ScalarReference.scaledSourceOver(src.buffer, onto: expected.buffer, mapping: mapping, filter: filter,
                                             opacity: 255)
            table.routines.scaledSourceOver(src.buffer.baseAddress, src.buffer.bytesPerRow, 9, 4, dst.buffer.baseAddress,
                                            dst.buffer.bytesPerRow, 33, 5, mapping, filter, 255)
            #expect(firstDifference(dst.allBytes, expected.allBytes) == nil, "tier \(table.tier)")
        }
    }

    /// Identity and whole-pixel translations (the plain src-over path) and sub-pixel translations at scale 1
    /// (the constant-weight path), with rows fully inside the source and rows running off its edges.
    @Test(arguments: ResampleFilter.allCases)
    func unitScaleTranslations(_ filter: ResampleFilter) throws {
        var rng = SplitMix64(seed: 0x1DE7)
        let src = try TestMemory(width: 150, height: 20, bytesPerRow: 150 * 4 + 2, offset: 1, rng: &rng)
        PixelContent.fill(src.buffer) { _ in PixelContent.mixed(&rng) }
        for table in try availableTables() {
            for (x, y) in [(0, 0), (3, 2), (-2, 0), (100, 5), (0x2_8000, 0x1_4000), (0x1FF, 0), (0x7_0201, 0x3_FE00),
                           (-0x1_8000, 0x8000), (140 << 16 | 0x100, 0)] {
                let mapping = ResampleMapping(x0: Int32(x), dx: 1 << 16, y0: Int32(y), dy: 1 << 16)
                for width in [1, 15, 16, 17, 64, 65, 131] {
                    let dst = try TestMemory(width: width, height: 4, bytesPerRow: width * 4 + 3, offset: 1, rng: &rng)
                    try expectSameAsReference(table, src: src.buffer, dst: dst, mapping: mapping, filter: filter,
                                              opacity: width % 2 == 0 ? 255 : 140, "width \(width)")
                }
            }
            // Rows whose last sample lies in the last source column, with and without a sub-pixel weight
            // (the right neighbour is then off the source and clamps), and rows one column further.
            for width in [1, 16, 17, 33, 149, 150] {
                for (end, fraction) in [(149, 0x4000), (149, 0x1FF), (149, 0), (150, 0x4000), (148, 0xFE00)] {
                    let mapping = ResampleMapping(x0: Int32((end - width + 1) << 16 | fraction), dx: 1 << 16, y0: 0x8000, dy: 1 << 16)
                    let dst = try TestMemory(width: width, height: 3, bytesPerRow: width * 4 + 1, offset: 2, rng: &rng)
                    try expectSameAsReference(table, src: src.buffer, dst: dst, mapping: mapping, filter: filter,
                                              opacity: 255, "width \(width) ending at \(end) + \(fraction)")
                }
            }
        }
    }

    /// Integer ratios (the nearest filter's pixel-replication and decimation paths): ×2, ×3, ×4, ×8, ÷2, ÷3.
    @Test(arguments: ResampleFilter.allCases)
    func integerRatios(_ filter: ResampleFilter) throws {
        var rng = SplitMix64(seed: 0x1A7E)
        let src = try TestMemory(width: 57, height: 9, rng: &rng)
        PixelContent.fill(src.buffer) { _ in PixelContent.mixed(&rng) }
        for table in try availableTables() {
            for scale in [2.0, 3, 4, 8, 0.5, 1.0 / 3] {
                for offset in [(x: 0.0, y: 0.0), (x: 1.0, y: 2.0), (x: -1.0, y: 0.5), (x: 50.0, y: 1.0)] {
                    let mapping = try ResampleMapping(scale: scale, sourceOffset: offset)
                    let dst = try TestMemory(width: 133, height: 6, bytesPerRow: 133 * 4 + 1, offset: 3, rng: &rng)
                    try expectSameAsReference(table, src: src.buffer, dst: dst, mapping: mapping, filter: filter,
                                              opacity: 255, "scale \(scale) offset \(offset)")
                }
            }
        }
    }

    /// Sources whose pixels all have alpha 0 or all alpha 255, at opacity 0, 1, 254, 255, and 1-pixel
    /// sources (every sample is that pixel).
    @Test(arguments: ResampleFilter.allCases)
    func extremeAlphasOpacitiesAndOnePixelSources(_ filter: ResampleFilter) throws {
        var rng = SplitMix64(seed: 0xA1FA)
        for table in try availableTables() {
            for (sw, sh) in [(1, 1), (1, 6), (6, 1), (9, 9)] {
                for alpha: UInt32 in [0, 255] {
                    let src = try TestMemory(width: sw, height: sh, rng: &rng)
                    PixelContent.fill(src.buffer) { i in
                        alpha == 0 ? 0 : alpha << 24 | UInt32(truncatingIfNeeded: rng.next()) & 0xFFFFFF
                    }
                    for opacity: UInt8 in [0, 1, 254, 255] {
                        let mapping = try ResampleMapping(scale: [0.3, 1, 2.5][Int(opacity) % 3],
                                                          sourceOffset: (x: -0.7, y: 0.2))
                        let dst = try TestMemory(width: 37, height: 5, bytesPerRow: 37 * 4 + 2, offset: 1, rng: &rng)
                        try expectSameAsReference(table, src: src.buffer, dst: dst, mapping: mapping, filter: filter,
                                                  opacity: opacity)
                    }
                }
            }
        }
    }

    /// Strong downscales, where a row spans many more source columns than it has pixels (¼ to 1/64), and
    /// moderate ones, with first samples inside and outside the source.
    @Test(arguments: ResampleFilter.allCases)
    func strongDownscales(_ filter: ResampleFilter) throws {
        var rng = SplitMix64(seed: 0xD0_3)
        let src = try TestMemory(width: 700, height: 70, bytesPerRow: 700 * 4 + 8, offset: 3, rng: &rng)
        PixelContent.fill(src.buffer) { _ in PixelContent.mixed(&rng) }
        for table in try availableTables() {
            for scale in [0.3, 0.25, 0.125, 1.0 / 64, 0.01] {
                for offset in [(x: 0.0, y: 0.0), (x: 3.3, y: 1.7), (x: -40.0, y: -2.0)] {
                    let width = max(1, Int(700 * scale) + 3), height = max(1, Int(70 * scale) + 2)
                    let dst = try TestMemory(width: width, height: height, bytesPerRow: width * 4 + 1, offset: 1, rng: &rng)
                    try expectSameAsReference(table, src: src.buffer, dst: dst,
                                              mapping: try ResampleMapping(scale: scale, sourceOffset: offset),
                                              filter: filter, opacity: 230, "scale \(scale) offset \(offset)")
                }
            }
        }
    }

    /// Destinations in every host pixel format: the RGBA samples are composed in the destination's layout,
    /// as the reference (which reads and writes through the buffer's format) does; opacity 0 included
    /// (the opaque `X` formats still get their X byte written).
    @Test(arguments: ResampleFilter.allCases)
    func everyDestinationFormat(_ filter: ResampleFilter) throws {
        var rng = SplitMix64(seed: 0xF0F0)
        let src = try TestMemory(width: 37, height: 21, bytesPerRow: 37 * 4 + 3, offset: 1, rng: &rng)
        PixelContent.fill(src.buffer) { _ in PixelContent.mixed(&rng) }
        for table in try availableTables() {
            for format in PixelFormat.allCases {
                for (scale, offset, opacity) in [(1.0, 1.0, UInt8(255)), (1.7, 1.0, 255), (0.6, -2.0, 99), (2.0, 0.0, 0),
                                                 (1.0, 0.5, 140), (0.25, 3.0, 255)] {
                    let dst = try TestMemory(width: 53, height: 9, bytesPerRow: 53 * 4 + 1, offset: 2, rng: &rng)
                    let expected = try dst.clone()
                    let mapping = try ResampleMapping(scale: scale, sourceOffset: (x: offset, y: 0.25))
                    ScalarReference.scaledSourceOver(src.buffer, onto: expected.buffer.reinterpreted(as: format),
                                                     mapping: mapping, filter: filter, opacity: opacity)
                    try table.scaledSourceOver(src.buffer, onto: dst.buffer.reinterpreted(as: format), mapping: mapping,
                                               filter: filter, opacity: opacity)
                    #expect(firstDifference(dst.allBytes, expected.allBytes) == nil,
                            "\(format) on tier \(table.tier), scale \(scale), opacity \(opacity)")
                }
            }
        }
    }

    /// The two-vector permute path (AVX-512) of bilinear rows through the column table, and its edges:
    /// steps around 2 columns per sample (the 32-column window of a 16-sample vector just holds or just
    /// misses its neighbours: vectors of both kinds in one row), rows of fewer than 32 source columns (the
    /// stack copy), windows at the end of the row (moved back), level-of-detail geometry (a 257-pixel tile
    /// at ratios 1/√2…√2), opaque sources composed at once into RGBA at opacity 255 (the fused store,
    /// including the all-opaque and all-zero shortcuts) and the same into BGRA or at other opacities (the
    /// samples row), every tier.
    @Test func permutedColumnStepsAndTheirEdges() throws {
        var rng = SplitMix64(seed: 0x9E2D)
        let steps: [Int32] = [0x1_FFFF, 0x2_0000, 0x2_0001, 0x1_F000, 0x2_2000, 0x1_6A0A, 0xB505, 0x1_0001, 0xFFFF, 0x3_0000]
        for table in try availableTables() {
            for (round, step) in steps.enumerated() {
                for sourceWidth in [1, 5, 17, 31, 32, 33, 257] {
                    let src = try TestMemory(width: sourceWidth, height: 9, bytesPerRow: sourceWidth * 4 + 4 * (round % 3),
                                             offset: round % 4, rng: &rng)
                    let opaque = round % 2 == 0
                    PixelContent.fill(src.buffer) { _ in
                        let p = PixelContent.mixed(&rng)
                        return opaque ? p | 0xFF00_0000 : (rng.next() % 5 == 0 ? 0 : p)
                    }
                    // Every eighth of a pixel as the first position's fraction: with a step of 2 + 1/8, the
                    // vectors of a row all span 32 or all 33 columns, depending on it.
                    for fraction in stride(from: Int32(0), to: 65536, by: 8192) {
                    let width = [1, 15, 16, 17, 47, 181, 256, 362][Int(rng.next() % 8)]
                    let x0 = Int32(Int(rng.next() % 4) - 1) << 16 | fraction
                    let mapping = ResampleMapping(x0: x0, dx: step, y0: Int32(rng.next() % 0x4_0000), dy: step)
                    for (format, opacity) in [(PixelFormat.rgba, UInt8(255)), (.bgra, 180), (rng.next() % 2 == 0 ? .rgba : .bgra, 77)] {
                        do {
                            let dst = try TestMemory(width: width, height: 4, bytesPerRow: width * 4 + 4 * Int(rng.next() % 3),
                                                     offset: Int(rng.next() % 4), rng: &rng)
                            PixelContent.fill(dst.buffer) { _ in PixelContent.mixed(&rng) }
                            let expected = try dst.clone()
                            ScalarReference.scaledSourceOver(src.buffer, onto: expected.buffer.reinterpreted(as: format),
                                                             mapping: mapping, filter: .bilinear, opacity: opacity)
                            try table.scaledSourceOver(src.buffer, onto: dst.buffer.reinterpreted(as: format),
                                                       mapping: mapping, filter: .bilinear, opacity: opacity)
                            #expect(firstDifference(dst.allBytes, expected.allBytes) == nil,
                                    "tier \(table.tier), step \(step), source \(sourceWidth), width \(width), \(format), opacity \(opacity), opaque \(opaque), x0 \(x0)")
                        }
                    }
                    }
                }
            }
        }
    }

    /// Empty destination rects leave every byte alone, whatever the source (empty included).
    @Test func emptyDestinationRectsWriteNothing() throws {
        var rng = SplitMix64(seed: 0xE0)
        for table in try availableTables() {
            for (w, h) in [(0, 0), (0, 5), (5, 0)] {
                for (sw, sh) in [(3, 3), (0, 0)] {
                    let src = try TestMemory(width: sw, height: sh, slack: 8, rng: &rng)
                    let dst = try TestMemory(width: w, height: h, slack: 16, rng: &rng)
                    let before = dst.allBytes
                    for filter in ResampleFilter.allCases {
                        try table.scaledSourceOver(src.buffer, onto: dst.buffer, mapping: .identity, filter: filter)
                    }
                    #expect(dst.allBytes == before)
                }
            }
        }
    }

    /// Bands on several workers give the same bytes as one call (each band's mapping starts at its row).
    @Test(arguments: ResampleFilter.allCases)
    func bandsAndWorkersDoNotChangeTheResult(_ filter: ResampleFilter) throws {
        var rng = SplitMix64(seed: 0xBA4D)
        let src = try TestMemory(width: 40, height: 30, rng: &rng)
        PixelContent.fill(src.buffer) { _ in PixelContent.mixed(&rng) }
        let mapping = try ResampleMapping(scale: 1.37, sourceOffset: (x: -1.25, y: 3.5))
        for table in try availableTables() {
            for (workers, bandHeight) in [(2, 1), (2, 7), (3, 64)] {
                let dst = try TestMemory(width: 70, height: 45, rng: &rng)
                try expectSameAsReference(table, src: src.buffer, dst: dst, mapping: mapping, filter: filter,
                                          opacity: 180, workers: workers, bandHeight: bandHeight,
                                          "workers \(workers) band \(bandHeight)")
            }
        }
    }

    /// A large case per tier: 640×360 → 960×540 (×1.5) and → 480×270 (×0.75) of mixed content, and a
    /// 620-pixel-wide sub-pixel translation at scale 1 (rows of several chunks on every path).
    @Test(arguments: ResampleFilter.allCases)
    func largeUpAndDownScales(_ filter: ResampleFilter) throws {
        var rng = SplitMix64(seed: 0x4_000)
        let src = try TestMemory(width: 640, height: 360, rng: &rng)
        PixelContent.fill(src.buffer) { _ in PixelContent.mixed(&rng) }
        for table in try availableTables() {
            for (scale, offset, w, h) in [(1.5, (x: 0.0, y: 0.0), 960, 540), (0.75, (x: 0.0, y: 0.0), 480, 270),
                                          (1, (x: 3.5, y: 2.25), 620, 40), (1, (x: 7.0, y: 1.0), 620, 10)] {
                let dst = try TestMemory(width: w, height: h, rng: &rng)
                PixelContent.fill(dst.buffer) { _ in PixelContent.mixed(&rng) }
                try expectSameAsReference(table, src: src.buffer, dst: dst,
                                          mapping: try ResampleMapping(scale: scale, sourceOffset: offset),
                                          filter: filter, opacity: 255, "scale \(scale) offset \(offset)")
            }
        }
    }
}
