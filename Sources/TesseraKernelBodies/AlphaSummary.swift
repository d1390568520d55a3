/// A row's pixel words ORed and ANDed together, the coverage scan of every drawn tile (`AlphaCoverage.swift`
/// in TesseraPixels, whose `summary(ofRow:)` is the definition): the OR is 0 exactly when the row is all
/// zero, the AND has alpha 255 exactly when every pixel is opaque.
///
/// Two vectors of 16 pixels a step (independent OR and AND chains), one vector, then single words. Pure
/// integer bit operations, so every tier gives the same two words. Cost: a load, an OR and an AND per
/// vector; TesseraPixels' own loop compiles for baseline x86-64 (SSE2: 4 pixels a register), a tier's to
/// its registers (AVX2: 8, AVX-512: 16).
extension KernelBodies {
    /// The OR and the AND of the `count` words at `row` (unaligned allowed; `count` ≥ 0: 0 gives
    /// `(0, 0xFFFF_FFFF)`).
    @inlinable @inline(__always)
    public static func alphaSummary(_ row: UnsafeRawPointer, _ count: Int) -> (orWords: UInt32, andWords: UInt32) {
        var or0 = Vector(repeating: 0), or1 = Vector(repeating: 0)
        var and0 = Vector(repeating: ~0), and1 = Vector(repeating: ~0)
        var i = 0
        while i &+ 32 <= count {
            let a = load(row + i &* 4), b = load(row + (i &+ 16) &* 4)
            or0 |= a
            and0 &= a
            or1 |= b
            and1 &= b
            i &+= 32
        }
        if i &+ 16 <= count {
            let a = load(row + i &* 4)
            or0 |= a
            and0 &= a
            i &+= 16
        }
        var orWords = orOfLanes(or0 | or1), andWords = andOfLanes(and0 & and1)
        while i < count {
            let word = loadWord(row + i &* 4)
            orWords |= word
            andWords &= word
            i &+= 1
        }
        return (orWords, andWords)
    }
}
