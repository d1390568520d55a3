/// Per-pixel arithmetic on premultiplied RGBA8 pixels held as little-endian words (R in the low byte,
/// A in the high byte): the formulas of ``ScalarReference`` computed two channels at a time.
///
/// Every function equals the scalar reference bit for bit when the source word is premultiplied
/// (each colour channel ≤ alpha), which the display-list primitives guarantee for every word they make.
///
/// Thread safety: pure functions.
enum PixelWord {
    /// `div255(p · k)` per channel, alpha included, for `k ≤ 255`.
    ///
    /// Two channels share a word in 16-bit lanes: each lane holds `c · k ≤ 65,025`; adding 128 and the
    /// lane's own high byte stays below 65,536, so no lane carries into the next and wrapping arithmetic
    /// is exact.
    @inline(__always)
    static func scale(_ p: UInt32, by k: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* k &+ 0x0080_0080
        var ag = ((p >> 8) & 0x00FF_00FF) &* k &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Src-over: `s + div255(d · (255 − s.a))` per channel. With `s` premultiplied, every channel sum is
    /// ≤ `s.c + 255 − s.a ≤ 255`, so the word addition never carries between channels.
    @inline(__always)
    static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        s &+ scale(d, by: 255 &- (s >> 24))
    }

    /// Reads the pixel at byte offset `offset` of `row`.
    @inline(__always)
    static func load(_ row: UnsafeMutableRawPointer, _ offset: Int) -> UInt32 {
        UInt32(littleEndian: row.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// Writes the pixel at byte offset `offset` of `row`.
    @inline(__always)
    static func store(_ word: UInt32, _ row: UnsafeMutableRawPointer, _ offset: Int) {
        row.storeBytes(of: word.littleEndian, toByteOffset: offset, as: UInt32.self)
    }

    /// `row[i] = word` for the pixels `i` in `range` (tile-relative columns): plain stores.
    @inline(__always)
    static func fill(_ row: UnsafeMutableRawPointer, _ range: Range<Int>, with word: UInt32) {
        let le = word.littleEndian
        for i in range { row.storeBytes(of: le, toByteOffset: i &* 4, as: UInt32.self) }
    }

    /// `row[i] = word OVER row[i]` for the pixels `i` in `range`; plain stores when `word` is opaque,
    /// nothing when it is fully transparent (both give the src-over result exactly).
    @inline(__always)
    static func fillOver(_ row: UnsafeMutableRawPointer, _ range: Range<Int>, with word: UInt32) {
        let alpha = word >> 24
        if alpha == 255 { fill(row, range, with: word); return }
        if word == 0 { return }
        let inverse = 255 &- alpha
        for i in range {
            let d = load(row, i &* 4)
            store(word &+ scale(d, by: inverse), row, i &* 4)
        }
    }

    /// Blends `word` scaled by `coverage / 255` over the pixel at tile-relative column `i`.
    @inline(__always)
    static func blend(_ word: UInt32, coverage: UInt32, _ row: UnsafeMutableRawPointer, _ i: Int) {
        let s = coverage == 255 ? word : scale(word, by: coverage)
        if s >> 24 == 255 { store(s, row, i &* 4); return }
        if s == 0 { return }
        let d = load(row, i &* 4)
        // Over a transparent pixel src-over is the source itself (div255(0) = 0): common for text on
        // its own layer, which arrives cleared.
        store(d == 0 ? s : over(s, d), row, i &* 4)
    }

    /// `round(clamp(value, 0, 1) · 255)`, the 8-bit coverage of a fraction; NaN gives 0.
    @inline(__always)
    static func coverage(_ value: Double) -> UInt32 {
        guard value > 0 else { return 0 }
        if value >= 1 { return 255 }
        return UInt32(value * 255 + 0.5)
    }
}
