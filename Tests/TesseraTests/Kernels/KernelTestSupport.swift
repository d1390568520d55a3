@testable import Tessera

/// Raw test memory (freed on deinit) holding a buffer at an arbitrary byte offset and stride.
final class TestMemory {
    let bytes: UnsafeMutableRawBufferPointer
    let buffer: PixelBuffer

    /// `width × height` pixels starting `offset` bytes into the memory, rows `bytesPerRow` apart, with
    /// `slack` spare bytes after the last row; every byte random.
    init(width: Int, height: Int, bytesPerRow: Int? = nil, offset: Int = 0, slack: Int = 0,
         rng: inout SplitMix64) throws {
        let stride = bytesPerRow ?? width * 4
        let count = offset + max(0, height - 1) * stride + width * 4 + slack
        bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 64)
        for i in 0..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: rng.next()) }
        buffer = try PixelBuffer(wrapping: bytes.baseAddress! + offset, width: width, height: height,
                                 bytesPerRow: stride)
    }

    /// A byte-for-byte clone (same offset and stride).
    func clone() throws -> TestMemory { try TestMemory(copying: self) }

    private init(copying other: TestMemory) throws {
        bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: other.bytes.count, alignment: 64)
        bytes.copyMemory(from: UnsafeRawBufferPointer(other.bytes))
        let offset = other.buffer.baseAddress - other.bytes.baseAddress!
        buffer = try PixelBuffer(wrapping: bytes.baseAddress! + offset, width: other.buffer.width,
                                 height: other.buffer.height, bytesPerRow: other.buffer.bytesPerRow)
    }

    /// Every byte, padding included.
    var allBytes: [UInt8] { Array(bytes) }

    deinit { bytes.deallocate() }
}

enum PixelContent {
    /// Premultiplied pixels: half opaque, a quarter transparent (all zero), a quarter random alpha.
    static func mixed(_ rng: inout SplitMix64) -> UInt32 {
        let r = rng.next()
        let kind = r & 3
        let a: UInt32 = kind <= 1 ? 255 : kind == 2 ? 0 : UInt32(truncatingIfNeeded: r >> 8) & 0xFF
        if a == 0 { return 0 }
        let c = { (shift: UInt64) in UInt32(truncatingIfNeeded: r >> shift) % (a + 1) }
        return c(16) | c(24) << 8 | c(32) << 16 | a << 24
    }

    /// Writes pixels into `buffer`, by `generator`, which sees the pixel index.
    static func fill(_ buffer: PixelBuffer, _ generator: (Int) -> UInt32) {
        var index = 0
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                buffer.row(y).storeBytes(of: generator(index), toByteOffset: x * 4, as: UInt32.self)
                index += 1
            }
        }
    }
}

/// The tables of every tier this machine can run.
func availableTables() throws -> [KernelTable] {
    try KernelTier.available.map { try KernelTable(tier: $0) }
}

/// The index of the first differing byte (or the shorter length), nil when equal. Tests compare with this
/// instead of `#expect(a == b)` so that a failure reports one index, not two multi-megabyte arrays.
func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
    if a == b { return nil }
    return a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? b.count
}

/// Runs `body` with every kernel call and frame of this thread sharing its bands among its workers whatever
/// the area: test images and frames are small, and below `BandScheduler.minimumAreaForHelpers` pixels they
/// would run on the calling thread alone, leaving the bands of several workers untested.
func withHelpersAtAnyArea<Result>(_ body: () throws -> Result) rethrows -> Result {
    try BandScheduler.$areaForHelpers.withValue(0, operation: body)
}

