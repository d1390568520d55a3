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
