import Testing
@testable import Tessera
@testable import TesseraPixels

/// Every available tier's `alphaSummary` (`AlphaSummary.swift`, the coverage scan of drawn tiles) returns
/// the OR and the AND of a row's words, folded here word by word, and agrees with
/// `PixelBuffer.summary(ofRow:)` (`AlphaCoverage.swift`): rows at odd addresses, widths 0…257 around the
/// vector sizes, all zero but one byte and all opaque but one alpha at every position (each vector lane
/// and each tail word), and random rows.
@Suite struct AlphaSummaryKernelTests {
    static let widths = [0, 1, 2, 3, 15, 16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65, 100, 255, 256, 257]

    func expectFolds(_ table: KernelTable, _ memory: TestMemory, _ label: String,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        let row = memory.buffer.row(0), width = memory.buffer.width
        let words = (0..<width).map { row.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self) }
        let (orWords, andWords) = table.rasterRoutines.alphaSummary(UnsafeRawPointer(row), width)
        #expect(orWords == words.reduce(0, |) && andWords == words.reduce(~0, &),
                "tier \(table.tier) width \(width) \(label)", sourceLocation: sourceLocation)
        if width > 0 {
            let defined = memory.buffer.summary(ofRow: 0)
            #expect(orWords == defined.orWords && andWords & 0xFF00_0000 == defined.andAlpha,
                    "tier \(table.tier) width \(width) \(label)", sourceLocation: sourceLocation)
        }
    }

    @Test func oneOddPixelAtEveryPositionIsSeenOnEveryTier() throws {
        var rng = SplitMix64(seed: 0xA1FA_0001)
        for table in try availableTables() {
            for width in Self.widths where width > 0 {
                let memory = try TestMemory(width: width, height: 1, offset: 3, slack: 5, rng: &rng)
                for position in 0..<width {
                    // All zero but one byte.
                    for x in 0..<width { memory.buffer[x: x, y: 0] = .transparent }
                    let byte = Int(rng.next() % 4)
                    memory.buffer.row(0).storeBytes(of: UInt8(1 + rng.next() % 255), toByteOffset: position * 4 + byte,
                                                    as: UInt8.self)
                    expectFolds(table, memory, "zero but byte \(byte) of pixel \(position)")
                    // All opaque but one alpha.
                    for x in 0..<width {
                        memory.buffer[x: x, y: 0] = Pixel(r: UInt8(truncatingIfNeeded: rng.next()), g: 0, b: 0, a: 255)
                    }
                    memory.buffer[x: position, y: 0] = Pixel(r: 0, g: 0, b: 0, a: UInt8(rng.next() % 255))
                    expectFolds(table, memory, "opaque but pixel \(position)")
                }
            }
        }
    }

    @Test func randomRowsAndEmptyRowsMatchOnEveryTier() throws {
        var rng = SplitMix64(seed: 0xA1FA_0002)
        for table in try availableTables() {
            for width in Self.widths {
                for _ in 0..<4 {
                    let memory = try TestMemory(width: width, height: 1, offset: 1 + Int(rng.next() % 63), slack: 3, rng: &rng)
                    expectFolds(table, memory, "random")
                }
            }
        }
    }
}
