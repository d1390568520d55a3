import Testing
@testable import Tessera

/// The streaming (non-temporal) copy and fill of every available tier equal `ScalarReference` bit for bit,
/// padding untouched: every head/tail split against the 64-byte lines, contiguous and strided rects,
/// rows below and above the streaming threshold, sub-rects, 1-pixel images, several workers. `copy`
/// taking the streaming path (on a CPU whose cache it outgrows) is checked on the same cases.
@Suite struct StreamingKernelTests {
    enum Kernel: CaseIterable { case copy, fill, copyOutgrowingTheCache }

    /// A last-level cache that every destination outgrows (``CPUCaches/prefersStreaming(byteCount:)``).
    static let tinyCache = CPUCaches(lastLevelBytes: 1)

    /// Runs the streaming `kernel` with `table` and the reference on clones of `dst`; compares every byte.
    func expectSameAsReference(_ kernel: Kernel, _ table: KernelTable, src: PixelBuffer, dst: TestMemory,
                               color: Pixel, workers: Int = 1, bandHeight: Int = 64, _ what: String,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try dst.clone()
        try Self.apply(kernel, table, src: src, dst: dst.buffer, expected: expected.buffer, color: color,
                       workers: workers, bandHeight: bandHeight, sourceLocation: sourceLocation)
        #expect(firstDifference(dst.allBytes, expected.allBytes) == nil,
                "streaming \(kernel) on tier \(table.tier): \(what)", sourceLocation: sourceLocation)
    }

    /// Runs `kernel` with `table` into `dst` and the reference into `expected`.
    static func apply(_ kernel: Kernel, _ table: KernelTable, src: PixelBuffer, dst: PixelBuffer, expected: PixelBuffer,
                      color: Pixel, workers: Int, bandHeight: Int, sourceLocation: SourceLocation) throws {
        switch kernel {
        case .copy:
            ScalarReference.copy(src, onto: expected)
            try withHelpersAtAnyArea {
                try table.copyStreaming(src, onto: dst, workers: workers, bandHeight: bandHeight)
            }
        case .fill:
            ScalarReference.fill(expected, with: color)
            try withHelpersAtAnyArea {
                try table.fillStreaming(dst, with: color, workers: workers, bandHeight: bandHeight)
            }
        case .copyOutgrowingTheCache:
            ScalarReference.copy(src, onto: expected)
            let streamed = try withHelpersAtAnyArea {
                try table.copy(src, onto: dst, workers: workers, bandHeight: bandHeight, caches: tinyCache)
            }
            #expect(streamed == table.hasStreamingStores, "copy on tier \(table.tier) streamed: \(streamed)",
                    sourceLocation: sourceLocation)
        }
    }

    static let colors = [Pixel.transparent, Pixel(r: 255, g: 255, b: 255, a: 255), Pixel(r: 9, g: 8, b: 7, a: 0),
                         Pixel(r: 10, g: 20, b: 30, a: 40)]

    /// Widths 1…67 at every dst offset 0…63 (every 64-byte line phase, byte-unaligned ones included), in
    /// packed rects (contiguous: one long streamed run once 256 bytes are reached) and strided rects (rows
    /// below and just above the threshold).
    @Test(arguments: Kernel.allCases)
    func narrowWidthsAtEveryOffset(_ kernel: Kernel) throws {
        var rng = SplitMix64(seed: 0x5EED_0067)
        for table in try availableTables() {
            for width in 1...67 {
                for offset in stride(from: 0, to: 64, by: width % 2 == 0 ? 4 : 3) {
                    for (height, stride) in [(1, width * 4), (9, width * 4), (5, width * 4 + 4 * (width % 5) + 3)] {
                        let src = try TestMemory(width: width, height: height, bytesPerRow: stride + 8,
                                                 offset: (offset * 7) % 64, slack: 5, rng: &rng)
                        let dst = try TestMemory(width: width, height: height, bytesPerRow: stride, offset: offset,
                                                 slack: 70, rng: &rng)
                        try expectSameAsReference(kernel, table, src: src.buffer, dst: dst,
                                                  color: Self.colors[width % Self.colors.count],
                                                  "\(width)×\(height), stride \(stride), offset \(offset)")
                    }
                }
            }
        }
    }

    /// Rows around and above the threshold (64 pixels = 256 bytes) with odd widths, every line phase of the
    /// destination, padded strides: the streamed middle with its head and tail, row by row.
    @Test(arguments: Kernel.allCases)
    func wideRowsAroundTheThreshold(_ kernel: Kernel) throws {
        var rng = SplitMix64(seed: 0x7417)
        for table in try availableTables() {
            for width in [63, 64, 65, 79, 127, 128, 255, 257, 333, 1001] {
                for offset in [0, 4, 8, 28, 32, 60, 61, 62] {
                    let stride = width * 4 + [0, 4, 12, 68][width % 4] + offset % 3
                    let src = try TestMemory(width: width, height: 7, bytesPerRow: width * 4 + 20, offset: offset % 17,
                                             slack: 3, rng: &rng)
                    let dst = try TestMemory(width: width, height: 7, bytesPerRow: stride, offset: offset,
                                             slack: 70, rng: &rng)
                    try expectSameAsReference(kernel, table, src: src.buffer, dst: dst,
                                              color: Self.colors[(width + offset) % Self.colors.count],
                                              "\(width)×7, stride \(stride), offset \(offset)")
                }
            }
        }
    }

    /// Sub-rects of a framebuffer-like buffer (as the compositor streams pieces), 1 and 3 workers with
    /// odd band heights; random and premultiplied sources, alpha 0 and 255 colours.
    @Test(arguments: Kernel.allCases)
    func subRectsAndWorkers(_ kernel: Kernel) throws {
        var rng = SplitMix64(seed: 0x5AB)
        for table in try availableTables() {
            let frame = try TestMemory(width: 700, height: 90, bytesPerRow: 700 * 4 + 36, offset: 20, rng: &rng)
            let source = try TestMemory(width: 700, height: 90, rng: &rng)
            PixelContent.fill(source.buffer) { _ in PixelContent.mixed(&rng) }
            for trial in 0..<24 {
                let x = Int(rng.next() % 400), y = Int(rng.next() % 60)
                let rect = PixelRect(x: x, y: y, width: 1 + Int(rng.next() % UInt64(700 - x)),
                                     height: 1 + Int(rng.next() % UInt64(90 - y)))
                let dst = try frame.clone()
                let expected = try frame.clone()
                let src = source.buffer.uncheckedSubBuffer(rect)
                let workers = trial % 2 == 0 ? 1 : 3, bandHeight = [1, 7, 64][trial % 3]
                let color = Self.colors[trial % Self.colors.count]
                try Self.apply(kernel, table, src: src, dst: dst.buffer.uncheckedSubBuffer(rect),
                               expected: expected.buffer.uncheckedSubBuffer(rect), color: color, workers: workers,
                               bandHeight: bandHeight, sourceLocation: #_sourceLocation)
                #expect(firstDifference(dst.allBytes, expected.allBytes) == nil,
                        "streaming \(kernel) on tier \(table.tier): rect \(rect), w\(workers), band \(bandHeight)")
            }
        }
    }

    /// A 1-pixel image at every offset of a line, and empty images.
    @Test func onePixelAndEmptyImages() throws {
        var rng = SplitMix64(seed: 11)
        for table in try availableTables() {
            for offset in 0..<64 {
                let src = try TestMemory(width: 1, height: 1, offset: offset % 5, slack: 4, rng: &rng)
                let dst = try TestMemory(width: 1, height: 1, offset: offset, slack: 8, rng: &rng)
                for kernel in Kernel.allCases {
                    try expectSameAsReference(kernel, table, src: src.buffer, dst: dst.clone(), color: Self.colors[offset % 4],
                                              "1×1 at offset \(offset)")
                }
            }
            for (w, h) in [(0, 0), (0, 5), (5, 0)] {
                let src = try TestMemory(width: w, height: h, slack: 8, rng: &rng)
                let dst = try TestMemory(width: w, height: h, slack: 8, rng: &rng)
                for kernel in Kernel.allCases {
                    try expectSameAsReference(kernel, table, src: src.buffer, dst: dst.clone(), color: Self.colors[3],
                                              "\(w)×\(h)")
                }
            }
        }
    }

    /// A full-HD frame of random bytes: long contiguous runs on every tier, 1 and 2 workers.
    @Test func largeFrame() throws {
        var rng = SplitMix64(seed: 0xF4A3E)
        for table in try availableTables() {
            let src = try TestMemory(width: 1920, height: 1080, rng: &rng)
            for workers in [1, 2] {
                let dst = try TestMemory(width: 1920, height: 1080, rng: &rng)
                try expectSameAsReference(.copy, table, src: src.buffer, dst: dst, color: .transparent,
                                          workers: workers, "1920×1080")
                let filled = try TestMemory(width: 1920, height: 1080, bytesPerRow: 1920 * 4 + 64, offset: 4,
                                            rng: &rng)
                try expectSameAsReference(.fill, table, src: src.buffer, dst: filled, color: Self.colors[1],
                                          workers: workers, "1920×1080 strided")
            }
        }
    }

    /// `copy` streams exactly when the destination holds at least half the last-level cache (and the tier
    /// has streaming stores); an unknown cache size keeps it temporal. The bytes are the same either way.
    @Test func copyStreamsWhenTheDestinationOutgrowsTheCache() throws {
        #expect(CPUCaches(lastLevelBytes: 1000).prefersStreaming(byteCount: 499) == false)
        #expect(CPUCaches(lastLevelBytes: 1000).prefersStreaming(byteCount: 500))
        #expect(CPUCaches(lastLevelBytes: nil).prefersStreaming(byteCount: .max) == false)
        var rng = SplitMix64(seed: 0xC0_9E5)
        for table in try availableTables() {
            let src = try TestMemory(width: 100, height: 7, bytesPerRow: 412, offset: 4, slack: 3, rng: &rng)
            let bytes = 7 * 400  // the destination below: 7 rows of 400 bytes
            for (lastLevel, streams) in [(2 * bytes, true), (2 * bytes + 2, false), (nil, false)] as [(Int?, Bool)] {
                let dst = try TestMemory(width: 100, height: 7, bytesPerRow: 400, offset: 0, slack: 9, rng: &rng)
                let expected = try dst.clone()
                ScalarReference.copy(src.buffer, onto: expected.buffer)
                let streamed = try table.copy(src.buffer, onto: dst.buffer, workers: 1, bandHeight: 64,
                                              caches: CPUCaches(lastLevelBytes: lastLevel))
                #expect(streamed == (streams && table.hasStreamingStores),
                        "tier \(table.tier), last level \(String(describing: lastLevel))")
                #expect(firstDifference(dst.allBytes, expected.allBytes) == nil, "tier \(table.tier)")
            }
        }
    }
}
