import Synchronization
import Testing
@testable import Tessera
#if canImport(Glibc)
import Glibc
#endif

/// Band-parallel composition: identical output for any worker count and band height; bad arguments named.
@Suite struct KernelParallelismTests {
    @Test func outputIsIdenticalForEveryWorkerCountAndBandHeight() throws {
        var rng = SplitMix64(seed: 7)
        let src = try TestMemory(width: 333, height: 211, bytesPerRow: 333 * 4 + 5, offset: 1, rng: &rng)
        PixelContent.fill(src.buffer) { _ in PixelContent.mixed(&rng) }
        let dst = try TestMemory(width: 333, height: 211, rng: &rng)
        let expectedOver = try dst.clone(), expectedOpacity = try dst.clone(), expectedFillOver = try dst.clone()
        ScalarReference.sourceOver(src.buffer, onto: expectedOver.buffer)
        ScalarReference.sourceOver(src.buffer, onto: expectedOpacity.buffer, opacity: 99)
        let color = Pixel(r: 20, g: 40, b: 60, a: 90)
        ScalarReference.fillOver(expectedFillOver.buffer, with: color)
        for table in try availableTables() {
            for workers in [1, 2, 3, 7] {
                for bandHeight in [1, 5, 64] {
                    let over = try dst.clone(), opacity = try dst.clone(), fillOver = try dst.clone()
                    let copy = try dst.clone(), fill = try dst.clone()
                    try withHelpersAtAnyArea {
                        try table.sourceOver(src.buffer, onto: over.buffer, workers: workers, bandHeight: bandHeight)
                        try table.sourceOver(src.buffer, onto: opacity.buffer, opacity: 99, workers: workers,
                                             bandHeight: bandHeight)
                        try table.fillOver(fillOver.buffer, with: color, workers: workers, bandHeight: bandHeight)
                        try table.copy(src.buffer, onto: copy.buffer, workers: workers, bandHeight: bandHeight)
                        try table.fill(fill.buffer, with: color, workers: workers, bandHeight: bandHeight)
                    }
                    let label = "tier \(table.tier), workers \(workers), band \(bandHeight)"
                    #expect(firstDifference(over.allBytes, expectedOver.allBytes) == nil, "\(label)")
                    #expect(firstDifference(opacity.allBytes, expectedOpacity.allBytes) == nil, "\(label)")
                    #expect(firstDifference(fillOver.allBytes, expectedFillOver.allBytes) == nil, "\(label)")
                    #expect(firstDifference(copy.buffer.packedBytes(), src.buffer.packedBytes()) == nil, "\(label)")
                    #expect(Set(fill.buffer.packedBytes().chunks4) == [color.word], "\(label)")
                }
            }
        }
    }

    /// Below `BandScheduler.minimumAreaForHelpers` pixels a call runs on the calling thread alone, as one
    /// call over every row, whatever its worker count; from there on, one thread per band up to the workers.
    @Test func smallImagesRunOnTheCallingThreadAlone() throws {
        let side = 256, area = BandScheduler.minimumAreaForHelpers
        #expect(BandScheduler.participants(width: area / side - 1, height: side, workers: 4, bandHeight: 64) == 1)
        #expect(BandScheduler.participants(width: area / side, height: side, workers: 4, bandHeight: 64) == 4)
        #expect(BandScheduler.participants(width: area, height: 3, workers: 8, bandHeight: 1) == 3)
        #expect(BandScheduler.participants(width: .max, height: 2, workers: 4, bandHeight: 1) == 2)  // area overflows
        #expect(BandScheduler.participants(width: area, height: 9, workers: 4, bandHeight: .max) == 1)
        #expect(BandScheduler.participants(width: 70, height: 0, workers: 4, bandHeight: 1) == 0)
        #expect(withHelpersAtAnyArea {
            BandScheduler.participants(width: 70, height: 9, workers: 4, bandHeight: 2)
        } == 4)
        // A 64 × 64 run with 8 workers and 1-row bands: one call, on this thread, over all 64 rows.
        let caller = pthread_self()
        let calls = Mutex<[(rows: Range<Int>, onCaller: Bool)]>([])
        BandScheduler.run(width: 64, height: 64, workers: 8, bandHeight: 1) { y, rows in
            calls.withLock { $0.append((y..<(y + rows), pthread_equal(pthread_self(), caller) != 0)) }
        }
        let seen = calls.withLock { $0 }
        #expect(seen.count == 1 && seen[0].rows == 0..<64 && seen[0].onCaller)
    }

    @Test func facadeOverloadsRunTheActiveTier() throws {
        let src = try PixelBuffer(width: 70, height: 9), dst = try PixelBuffer(width: 70, height: 9)
        Kernels.fill(src, with: Pixel(r: 1, g: 2, b: 3, a: 128))
        try Kernels.fill(dst, with: Pixel(r: 50, g: 60, b: 70, a: 255), workers: 2, bandHeight: 2)
        let expected = try PixelBuffer(width: 70, height: 9)
        try Kernels.copy(dst, onto: expected, workers: 3)
        ScalarReference.sourceOver(src, onto: expected, opacity: 200)
        try Kernels.sourceOver(src, onto: dst, opacity: 200, workers: 2, bandHeight: 1)
        #expect(firstDifference(dst.packedBytes(), expected.packedBytes()) == nil)
        Kernels.fillOver(dst, with: Pixel(r: 1, g: 1, b: 1, a: 1))
        try Kernels.fillOver(expected, with: Pixel(r: 1, g: 1, b: 1, a: 1), workers: 7)
        #expect(firstDifference(dst.packedBytes(), expected.packedBytes()) == nil)
    }

    @Test func rejectsBadWorkersBandHeightsAndSizes() throws {
        let a = try PixelBuffer(width: 4, height: 4), b = try PixelBuffer(width: 4, height: 3)
        #expect(throws: TesseraError.invalidArgument(argument: "workers", reason: "must be in 1…256, got 0")) {
            try Kernels.sourceOver(a, onto: a, workers: 0)
        }
        #expect(throws: TesseraError.invalidArgument(argument: "bandHeight", reason: "must be ≥ 1, got 0")) {
            try Kernels.copy(a, onto: a, workers: 2, bandHeight: 0)
        }
        #expect(throws: TesseraError.invalidArgument(argument: "src", reason: "is 4×4 but dst is 4×3")) {
            try Kernels.sourceOver(a, onto: b)
        }
        #expect(throws: TesseraError.self) { try Kernels.fill(a, with: .transparent, workers: 1000) }
        try Kernels.fill(a, with: Pixel(r: 1, g: 2, b: 3, a: 4), workers: 3, bandHeight: .max)  // one band, no overflow
        #expect(a[x: 3, y: 3] == Pixel(r: 1, g: 2, b: 3, a: 4))
    }
}

extension Array where Element == UInt8 {
    /// The bytes as little-endian words.
    var chunks4: [UInt32] {
        stride(from: 0, to: count, by: 4).map {
            UInt32(self[$0]) | UInt32(self[$0 + 1]) << 8 | UInt32(self[$0 + 2]) << 16 | UInt32(self[$0 + 3]) << 24
        }
    }
}
