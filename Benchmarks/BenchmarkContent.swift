import Dispatch
import Foundation
import Tessera

/// Test images for the benchmarks, and the memcpy reference.
enum BenchmarkContent {
    /// SplitMix64, seeded: the same pixels every run.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// A premultiplied pixel with alpha `a` and random colour channels ≤ `a`.
    static func pixel(alpha a: UInt32, _ r: UInt64) -> UInt32 {
        if a == 0 { return 0 }
        let c = { (shift: UInt64) in UInt32(truncatingIfNeeded: r >> shift) % (a + 1) }
        return c(8) | c(24) << 8 | c(40) << 16 | a << 24
    }

    /// Per pixel: half opaque, a quarter transparent, a quarter random alpha (the worst case for the
    /// per-vector skip/copy fast paths: they almost never apply).
    static func fillMixed(_ buffer: PixelBuffer, seed: UInt64) {
        var g = Generator(state: seed)
        fill(buffer) { _ in
            let r = g.next()
            let kind = r & 3
            return pixel(alpha: kind <= 1 ? 255 : kind == 2 ? 0 : UInt32(truncatingIfNeeded: r >> 56), r)
        }
    }

    /// Alpha constant over runs of 64 pixels (opaque, transparent or random, as in "mixed").
    static func fillRuns(_ buffer: PixelBuffer, seed: UInt64) {
        var g = Generator(state: seed)
        var alpha: UInt32 = 0
        fill(buffer) { index in
            let r = g.next()
            if index % 64 == 0 {
                let kind = r & 3
                alpha = kind <= 1 ? 255 : kind == 2 ? 0 : UInt32(truncatingIfNeeded: r >> 56)
            }
            return pixel(alpha: alpha, r)
        }
    }

    static func fill(_ buffer: PixelBuffer, _ generator: (Int) -> UInt32) {
        var index = 0
        for y in 0..<buffer.height {
            let row = buffer.row(y)
            for x in 0..<buffer.width {
                row.storeBytes(of: generator(index), toByteOffset: x * 4, as: UInt32.self)
                index += 1
            }
        }
    }

    /// The reference: `memcpy` of the whole (packed) image, split in equal contiguous parts over `workers`.
    static func memcpy(_ src: PixelBuffer, onto dst: PixelBuffer, workers: Int) {
        let bytes = src.height * src.bytesPerRow
        if workers <= 1 {
            _ = Foundation.memcpy(dst.baseAddress, src.baseAddress, bytes)
            return
        }
        let part = (bytes / workers + 63) & ~63
        let srcBuffer = src, dstBuffer = dst  // Sendable views; the raw pointers are not
        DispatchQueue.concurrentPerform(iterations: workers) { i in
            let start = min(i * part, bytes), end = min(start + part, bytes)
            if end > start {
                _ = Foundation.memcpy(dstBuffer.baseAddress + start, UnsafeRawPointer(srcBuffer.baseAddress) + start,
                                      end - start)
            }
        }
    }
}
