import Testing
@testable import Tessera

/// `sourceOver(_:ontoSolid:into:)` (`UnderlayKernels.swift`) of every tier, into every host format,
/// temporal and streamed, equals the reference's two passes bit for bit: `ScalarReference.fill` with the
/// colour, then `ScalarReference.sourceOver` of the source — padding and slack untouched.
@Suite struct UnderlayKernelTests {
    static let formats: [PixelFormat] = [.rgba, .bgra, .xrgb, .xbgr]
    static let colors = [Pixel(r: 255, g: 255, b: 255, a: 255), Pixel(r: 0, g: 0, b: 0, a: 255),
                         Pixel(r: 0xF2, g: 0x17, b: 0x80, a: 255)]

    /// The kernel and the reference on clones of `dst` read as `format`; every byte compared.
    func expectSameAsReference(_ table: KernelTable, _ format: PixelFormat, src: PixelBuffer, dst: TestMemory,
                               color: Pixel, streams: Bool, workers: Int = 1, bandHeight: Int = 64, _ what: String,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try dst.clone(), actual = try dst.clone()
        let e = expected.buffer.reinterpreted(as: format), a = actual.buffer.reinterpreted(as: format)
        ScalarReference.fill(e, with: color)
        ScalarReference.sourceOver(src, onto: e)
        try withHelpersAtAnyArea {
            try table.sourceOver(src, ontoSolid: color, into: a, streams: streams, workers: workers,
                                 bandHeight: bandHeight)
        }
        #expect(firstDifference(actual.allBytes, expected.allBytes) == nil,
                "onto solid \(color) into \(format), streams \(streams), tier \(table.tier): \(what)",
                sourceLocation: sourceLocation)
    }

    /// Runs of 1…80 pixels that are all zero, all opaque, or varied premultiplied pixels (so that both
    /// shortcuts of a 16-pixel vector and the general path meet at every phase).
    static func runs(_ buffer: PixelBuffer, _ rng: inout SplitMix64) {
        var kind = 0, left = 0
        PixelContent.fill(buffer) { _ in
            if left == 0 {
                kind = Int(rng.next() % 3)
                left = 1 + Int(rng.next() % 80)
            }
            left -= 1
            switch kind {
            case 0: return 0
            case 1: return UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000
            default: return PixelContent.mixed(&rng)
            }
        }
    }

    /// Widths 1…67 at many destination offsets (every 64-byte line phase, unaligned ones included), packed
    /// and padded strides, heights 1 and 5; random bytes (colour above alpha included) and runs.
    @Test(arguments: [false, true])
    func narrowWidthsAtEveryOffset(_ streams: Bool) throws {
        var rng = SplitMix64(seed: streams ? 0x0DE7 : 0x0DE8)
        for table in try availableTables() {
            for format in Self.formats {
                for width in 1...67 {
                    let offset = (width * 13) % 64
                    for (height, stride) in [(1, width * 4), (5, width * 4 + 4 * (width % 3) + 1)] {
                        let src = try TestMemory(width: width, height: height, bytesPerRow: width * 4 + 12,
                                                 offset: offset % 7, slack: 3, rng: &rng)
                        if width % 2 == 0 { Self.runs(src.buffer, &rng) }
                        let dst = try TestMemory(width: width, height: height, bytesPerRow: stride, offset: offset,
                                                 slack: 70, rng: &rng)
                        try expectSameAsReference(table, format, src: src.buffer, dst: dst,
                                                  color: Self.colors[width % Self.colors.count], streams: streams,
                                                  "\(width)×\(height), stride \(stride), offset \(offset)")
                    }
                }
            }
        }
    }

    /// Rows around and far above the streaming threshold, odd widths and every kind of line phase.
    @Test(arguments: [false, true])
    func wideRows(_ streams: Bool) throws {
        var rng = SplitMix64(seed: streams ? 0x71DE : 0x71DF)
        for table in try availableTables() {
            for format in Self.formats {
                for width in [63, 64, 65, 127, 257, 1001] {
                    for offset in [0, 4, 28, 60, 61] {
                        let stride = width * 4 + [0, 4, 12, 68][width % 4] + offset % 3
                        let src = try TestMemory(width: width, height: 4, bytesPerRow: width * 4 + 20,
                                                 offset: offset % 17, slack: 3, rng: &rng)
                        Self.runs(src.buffer, &rng)
                        let dst = try TestMemory(width: width, height: 4, bytesPerRow: stride, offset: offset,
                                                 slack: 70, rng: &rng)
                        try expectSameAsReference(table, format, src: src.buffer, dst: dst,
                                                  color: Self.colors[(width + offset) % Self.colors.count],
                                                  streams: streams, "\(width)×4, offset \(offset)")
                    }
                }
            }
        }
    }

    /// Several workers with an odd band height write the same bytes; an empty rect writes nothing.
    @Test func workersAndEmptyRects() throws {
        var rng = SplitMix64(seed: 0x5011D)
        for table in try availableTables() {
            let src = try TestMemory(width: 300, height: 23, rng: &rng)
            Self.runs(src.buffer, &rng)
            let dst = try TestMemory(width: 300, height: 23, bytesPerRow: 1220, offset: 8, rng: &rng)
            try expectSameAsReference(table, .rgba, src: src.buffer, dst: dst, color: Self.colors[2], streams: true,
                                      workers: 3, bandHeight: 5, "300×23, 3 workers")
            let empty = try TestMemory(width: 0, height: 4, bytesPerRow: 16, slack: 16, rng: &rng)
            let untouched = empty.allBytes
            try table.sourceOver(try PixelBuffer(width: 0, height: 4), ontoSolid: Self.colors[0], into: empty.buffer)
            #expect(empty.allBytes == untouched)
        }
    }

    /// A translucent colour is refused by name: the one-pass result would depend on the destination.
    @Test func aTranslucentColourIsRefused() throws {
        let table = try KernelTable(tier: .baseline)
        let buffer = try PixelBuffer(width: 2, height: 2)
        #expect(throws: TesseraError.self) {
            try table.sourceOver(buffer, ontoSolid: Pixel(r: 1, g: 2, b: 3, a: 254), into: buffer)
        }
        do {
            try table.sourceOver(buffer, ontoSolid: Pixel(r: 1, g: 2, b: 3, a: 254), into: buffer)
        } catch TesseraError.invalidArgument(let argument, _) {
            #expect(argument == "color")
        }
    }
}
