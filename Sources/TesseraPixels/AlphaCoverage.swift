import TesseraKernelBodies

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
            let (orWords, andAlpha) = summary(ofRow: y)
            if orWords != 0 { allZero = false }
            if andAlpha != 0xFF00_0000 { allOpaque = false }
            if !allZero && !allOpaque { return .mixed }
        }
        return allZero ? .transparent : (allOpaque ? .opaque : .mixed)
    }

    /// Row `y`'s pixel words ORed together (0 when the row is all zero) and its alphas ANDed
    /// (`0xFF000000` when all are 255). The definition the tiers' `alphaSummary` kernels are tested against.
    func summary(ofRow y: Int) -> (orWords: UInt32, andAlpha: UInt32) {
        let row = row(y)
        var orWords: UInt32 = 0
        var andAlpha: UInt32 = 0xFF00_0000
        for x in 0..<width {
            let word = UInt32(littleEndian: row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self))
            orWords |= word
            andAlpha &= word
        }
        return (orWords, andAlpha & 0xFF00_0000)
    }
}

/// Which rows of a buffer are entirely zero (every pixel 0: transparent, no colour). Drawing such a row
/// src-over changes nothing, and over an opaque colour leaves the colour, so composition writes or skips
/// it without reading it. The tile manager records it per tile after rasterizing (a card's tile is
/// largely empty rows between its text lines).
///
/// Thread safety: an immutable value. Cost: one bit per row; ``view`` is a plain pointer for hot loops.
public struct ZeroRows: Sendable {
    /// No row known to be zero.
    public static let none = ZeroRows(storage: nil)

    /// The bits, owned: bit `y & 63` of word `y >> 6` is set when row `y` is zero.
    private final class Storage: @unchecked Sendable {
        let words: UnsafeMutablePointer<UInt64>
        let count: Int

        init(count: Int) {
            self.count = count
            words = .allocate(capacity: count)
            words.initialize(repeating: 0, count: count)
        }

        deinit { words.deallocate() }
    }

    private let storage: Storage?

    private init(storage: Storage?) { self.storage = storage }

    /// The bits without ownership (no reference counting when copied): valid while this value, or a copy
    /// of it, is alive.
    public var view: View { View(words: storage.map { UnsafePointer($0.words) }, count: storage?.count ?? 0) }

    /// True when row `row` is known to be zero.
    public func contains(_ row: Int) -> Bool { view.contains(row) }

    /// True when no row is known to be zero.
    public var isEmpty: Bool { (0..<view.count).allSatisfy { view.words![$0] == 0 } }

    /// Calls `body(rows, isZero)` for the maximal runs of `rows` (buffer rows) that are all zero or all
    /// not, in order.
    public func forEachRun(in rows: Range<Int>, _ body: (Range<Int>, Bool) -> Void) { view.forEachRun(in: rows, body) }

    /// ``ZeroRows``' bits as a pointer and a word count.
    public struct View: @unchecked Sendable {
        @usableFromInline let words: UnsafePointer<UInt64>?
        @usableFromInline let count: Int

        /// No row known to be zero (``ZeroRows/none``'s view).
        public static let none = View(words: nil, count: 0)

        @inlinable init(words: UnsafePointer<UInt64>?, count: Int) {
            self.words = words
            self.count = count
        }

        /// True when row `row` is known to be zero.
        @inlinable @inline(__always)
        public func contains(_ row: Int) -> Bool {
            let word = row &>> 6
            guard let words, row >= 0, word < count else { return false }
            return words[word] & (1 &<< UInt64(row & 63)) != 0
        }

        /// Calls `body(rows, isZero)` for the maximal runs of `rows` that are all zero or all not, in order.
        @inlinable @inline(__always)
        public func forEachRun(in rows: Range<Int>, _ body: (Range<Int>, Bool) -> Void) {
            guard words != nil else {
                if !rows.isEmpty { body(rows, false) }
                return
            }
            var start = rows.lowerBound
            while start < rows.upperBound {
                let zero = contains(start)
                var end = start &+ 1
                while end < rows.upperBound, contains(end) == zero { end &+= 1 }
                body(start..<end, zero)
                start = end
            }
        }
    }
}

extension PixelBuffer {
    /// ``alphaCoverage()`` and the ``ZeroRows`` of the buffer, in one scan of every pixel.
    public func alphaCoverageAndZeroRows() -> (coverage: AlphaCoverage, zeroRows: ZeroRows) {
        var scan = AlphaCoverageScan(width: width, height: height)
        scan.scan(self, rows: 0..<height)
        return scan.result
    }
}

/// ``PixelBuffer/alphaCoverageAndZeroRows()`` taken a band of rows at a time, so that each band can be
/// scanned while it is in the cache for another reason (the tile stage scans a tile's rows just after
/// copying them out of its scratch, `Tessera/Tiles/ScratchTile.swift`).
///
/// Scan every row of a `width × height` buffer exactly once, in any bands and order; ``result`` then
/// equals the whole buffer's ``PixelBuffer/alphaCoverageAndZeroRows()``. With `kernels`, each row is
/// summarized by the tier's `alphaSummary` (`AlphaSummary.swift` in TesseraKernelBodies: the same bits,
/// in the tier's registers), else by ``PixelBuffer``'s loop, compiled for baseline x86-64. Thread safety:
/// a value for one thread.
public struct AlphaCoverageScan {
    private let bits: ZeroRows.Builder?
    private let summary: RasterKernelRoutines.AlphaSummary?
    private var allOpaque = true
    private var allZero = true

    public init(width: Int, height: Int, kernels: KernelTable? = nil) {
        bits = width > 0 && height > 0 ? ZeroRows.Builder(rows: height) : nil
        summary = kernels?.rasterRoutines.alphaSummary
    }

    /// Scans `rows` of `buffer` (a buffer of the size given at `init`).
    public mutating func scan(_ buffer: PixelBuffer, rows: Range<Int>) {
        guard let bits else { return }
        for y in rows {
            let (orWords, andAlpha) = summary.map { summary in
                let words = summary(buffer.row(y), buffer.width)
                return (words.orWords, words.andWords & 0xFF00_0000)
            } ?? buffer.summary(ofRow: y)
            if orWords == 0 { bits.setZero(y) } else { allZero = false }
            if andAlpha != 0xFF00_0000 { allOpaque = false }
        }
    }

    /// The coverage and zero rows of the rows scanned (an empty buffer is ``AlphaCoverage/mixed``).
    public var result: (coverage: AlphaCoverage, zeroRows: ZeroRows) {
        guard let bits else { return (.mixed, .none) }
        return (allZero ? .transparent : (allOpaque ? .opaque : .mixed), bits.rows)
    }
}

extension ZeroRows {
    /// Fills the bits of a new value (one scan's scratch).
    final class Builder {
        let rows: ZeroRows
        private let words: UnsafeMutablePointer<UInt64>

        init(rows count: Int) {
            let storage = Storage(count: (count + 63) / 64)
            rows = ZeroRows(storage: storage)
            words = storage.words
        }

        func setZero(_ row: Int) { words[row >> 6] |= 1 << UInt64(row & 63) }
    }
}
