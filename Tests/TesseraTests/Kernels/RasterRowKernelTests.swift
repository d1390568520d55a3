import Testing
@testable import Tessera

/// The kernels as the raster's paints call them — one colour row (a gradient's or an image's span) and
/// one coverage row read by every row of the rect (source and mask strides 0), single rows, destinations
/// at odd addresses — equal `ScalarReference` on every tier: the reference runs on buffers holding the
/// row repeated. Random premultiplied content, coverages and alphas of 0 and 255 among them.
@Suite struct RasterRowKernelTests {
    enum Kernel: CaseIterable { case fill, fillOver, sourceOver, maskedFillOver, maskedSourceOver }

    static let widths = [1, 2, 3, 15, 16, 17, 31, 33, 63, 64, 65, 130, 203]

    func check(_ kernel: Kernel, _ table: KernelTable, width: Int, height: Int, opacity: UInt8, color: UInt32,
               rng: inout SplitMix64, sourceLocation: SourceLocation = #_sourceLocation) throws {
        // One source row and one coverage row, each at an odd address.
        let span = try TestMemory(width: width, height: 1, offset: 1 + Int(rng.next() % 3), rng: &rng)
        PixelContent.fill(span.buffer) { _ in PixelContent.mixed(&rng) }
        let coverageRow = try CoverageBuffer(width: width, height: 1, offset: 1 + Int(rng.next() % 5))
        let kind = rng.next() % 4
        for x in 0..<width {
            coverageRow[x, 0] = switch kind {
            case 0: x % 3 == 0 ? 0 : 255
            case 1: UInt8(truncatingIfNeeded: rng.next())
            case 2: x % 16 < 8 ? 0 : UInt8(truncatingIfNeeded: rng.next())
            default: 255
            }
        }
        // The same rows repeated, for the reference.
        let source = try PixelBuffer(width: width, height: height)
        let coverage = try CoverageBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                source[x: x, y: y] = span.buffer[x: x, y: 0]
                coverage[x, y] = coverageRow[x, 0]
            }
        }
        let dst = try TestMemory(width: width, height: height, bytesPerRow: width * 4 + 12, offset: 3, slack: 7, rng: &rng)
        PixelContent.fill(dst.buffer) { _ in PixelContent.mixed(&rng) }
        let expected = try dst.clone()
        let routines = table.routines, masks = table.maskRoutines
        let d = dst.buffer.baseAddress, stride = dst.buffer.bytesPerRow
        let s = UnsafeRawPointer(span.buffer.baseAddress), c = UnsafeRawPointer(coverageRow.baseAddress)
        switch kernel {
        case .fill:
            ScalarReference.fill(expected.buffer, with: Pixel(word: color))
            routines.fill(d, stride, width, height, color)
        case .fillOver:
            ScalarReference.fillOver(expected.buffer, with: Pixel(word: color))
            routines.fillOver(d, stride, width, height, color)
        case .sourceOver:
            ScalarReference.sourceOver(source, onto: expected.buffer, opacity: opacity)
            routines.sourceOver(s, 0, d, stride, width, height, opacity)
        case .maskedFillOver:
            ScalarReference.maskedFillOver(expected.buffer, with: Pixel(word: color), coverage: coverage)
            masks.maskedFillOver(d, stride, c, 0, width, height, color)
        case .maskedSourceOver:
            ScalarReference.maskedSourceOver(source, onto: expected.buffer, coverage: coverage, opacity: opacity)
            masks.maskedSourceOver(s, 0, d, stride, c, 0, width, height, opacity)
        }
        #expect(firstDifference(dst.allBytes, expected.allBytes) == nil,
                "\(kernel) tier \(table.tier) \(width)×\(height) opacity \(opacity) color \(String(color, radix: 16))",
                sourceLocation: sourceLocation)
    }

    @Test(arguments: Kernel.allCases)
    func repeatedRowsAndSingleRowsMatchTheReferenceOnEveryTier(_ kernel: Kernel) throws {
        var rng = SplitMix64(seed: 0x5A1D_0000 &+ UInt64(Kernel.allCases.firstIndex(of: kernel)!))
        for table in try availableTables() {
            for width in Self.widths {
                for height in [1, 3] {
                    for color: UInt32 in [0, 0xFF00_0000, 0xFFFF_FFFF, 0x8040_2010, PixelContent.mixed(&rng)] {
                        let opacity: UInt8 = [255, 0, 1, 128, UInt8(truncatingIfNeeded: rng.next())][Int(rng.next() % 5)]
                        try check(kernel, table, width: width, height: height, opacity: opacity, color: color, rng: &rng)
                    }
                }
            }
        }
    }

    @Test func anEmptyRowWritesNothing() throws {
        var rng = SplitMix64(seed: 9)
        for table in try availableTables() {
            let dst = try TestMemory(width: 4, height: 2, rng: &rng)
            let untouched = try dst.clone()
            let full = [UInt8](repeating: 255, count: 4)
            full.withUnsafeBytes { c in
                table.routines.fill(dst.buffer.baseAddress, 16, 0, 2, 0xFFFF_FFFF)
                table.routines.fillOver(dst.buffer.baseAddress, 16, 0, 2, 0x8080_8080)
                table.routines.sourceOver(UnsafeRawPointer(dst.buffer.baseAddress), 0, dst.buffer.baseAddress, 16, 4, 0, 255)
                table.maskRoutines.maskedFillOver(dst.buffer.baseAddress, 16, c.baseAddress!, 0, 0, 2, 0xFFFF_FFFF)
                table.maskRoutines.maskedSourceOver(UnsafeRawPointer(dst.buffer.baseAddress), 0, dst.buffer.baseAddress, 16,
                                                    c.baseAddress!, 0, 4, 0, 255)
            }
            #expect(firstDifference(dst.allBytes, untouched.allBytes) == nil, "tier \(table.tier)")
        }
    }
}
