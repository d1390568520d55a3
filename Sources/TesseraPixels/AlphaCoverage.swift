/// What a buffer's alpha channel says about all of its pixels at once.
///
/// The tile cache records it per tile after rasterizing: composition copies ``opaque`` tiles (at full
/// opacity) instead of blending them, and skips ``transparent`` ones.
public enum AlphaCoverage: Sendable, Hashable {
    /// Every pixel has alpha 0 (and, premultiplied, no colour): drawing it changes nothing.
    case transparent
    /// Every pixel has alpha 255.
    case opaque
    /// Anything else (including an empty buffer).
    case mixed
}

extension PixelBuffer {
    /// Scans every pixel's alpha once (stopping early once the answer is ``AlphaCoverage/mixed``).
    ///
    /// ``AlphaCoverage/transparent`` needs every whole pixel to be zero, not only alpha, so that skipping
    /// the pixel is exact even for non-premultiplied bytes. Thread safety: as ``PixelBuffer`` (reads only).
    public func alphaCoverage() -> AlphaCoverage {
        guard width > 0, height > 0 else { return .mixed }
        var allOpaque = true
        var allZero = true
        for y in 0..<height {
            let row = row(y)
            var orWords: UInt32 = 0
            var andAlpha: UInt32 = 0xFF00_0000
            for x in 0..<width {
                let word = UInt32(littleEndian: row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self))
                orWords |= word
                andAlpha &= word
            }
            if orWords != 0 { allZero = false }
            if andAlpha != 0xFF00_0000 { allOpaque = false }
            if !allZero && !allOpaque { return .mixed }
        }
        return allZero ? .transparent : (allOpaque ? .opaque : .mixed)
    }
}

/// Which rows of a buffer are entirely zero (every pixel 0: transparent, no colour). Drawing such a row
/// src-over changes nothing, and over an opaque colour leaves the colour, so composition writes or skips
/// it without reading it. The tile manager records it per tile after rasterizing (a card's tile is
/// largely empty rows between its text lines).
///
/// Thread safety: an immutable value. Cost: one bit per row.
public struct ZeroRows: Sendable, Hashable {
    /// No row known to be zero.
    public static let none = ZeroRows(bits: [])

    /// Bit `y & 63` of `bits[y >> 6]` is set when row `y` is zero.
    private let bits: [UInt64]

    init(bits: [UInt64]) { self.bits = bits }

    /// True when row `row` is known to be zero.
    @inlinable @inline(__always)
    public func contains(_ row: Int) -> Bool {
        let word = row &>> 6
        return row >= 0 && word < bitCount && wordAt(word) & (1 &<< UInt64(row & 63)) != 0
    }

    @usableFromInline var bitCount: Int { bits.count }
    @usableFromInline func wordAt(_ index: Int) -> UInt64 { bits[index] }

    /// True when no row is known to be zero.
    public var isEmpty: Bool { bits.allSatisfy { $0 == 0 } }

    /// Calls `body(rows, isZero)` for the maximal runs of `rows` (buffer rows) that are all zero or all
    /// not, in order.
    @inlinable
    public func forEachRun(in rows: Range<Int>, _ body: (Range<Int>, Bool) -> Void) {
        var start = rows.lowerBound
        while start < rows.upperBound {
            let zero = contains(start)
            var end = start + 1
            while end < rows.upperBound, contains(end) == zero { end += 1 }
            body(start..<end, zero)
            start = end
        }
    }
}

extension PixelBuffer {
    /// ``alphaCoverage()`` and the ``ZeroRows`` of the buffer, in one scan of every pixel.
    public func alphaCoverageAndZeroRows() -> (coverage: AlphaCoverage, zeroRows: ZeroRows) {
        guard width > 0, height > 0 else { return (.mixed, .none) }
        var bits = [UInt64](repeating: 0, count: (height + 63) / 64)
        var allOpaque = true
        var allZero = true
        for y in 0..<height {
            let row = row(y)
            var orWords: UInt32 = 0
            var andAlpha: UInt32 = 0xFF00_0000
            for x in 0..<width {
                let word = UInt32(littleEndian: row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self))
                orWords |= word
                andAlpha &= word
            }
            if orWords == 0 { bits[y >> 6] |= 1 << UInt64(y & 63) } else { allZero = false }
            if andAlpha != 0xFF00_0000 { allOpaque = false }
        }
        return (allZero ? .transparent : (allOpaque ? .opaque : .mixed), ZeroRows(bits: bits))
    }
}
