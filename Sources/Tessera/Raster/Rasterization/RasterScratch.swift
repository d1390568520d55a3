/// Scratch memory of one draw call: the rows a paint produces its colours into and the rows of coverage
/// the shape rasterizer computes, sized for the target's clip once per call (``DisplayList/draw(in:)``).
///
/// Memory: `(2 · 4 + 2) · clip.width` bytes for the rows, allocated with the scratch; the coverage mask
/// of a text line (``mask(byteCount:)``) only when one is drawn, at most `clip.width · clip.height`
/// bytes, kept for the rest of the call.
///
/// Thread safety: belongs to one draw call on one thread (like the ``RasterTarget`` holding it).
final class RasterScratch {
    /// Capacity of every row, in pixels: the clip's width.
    let width: Int
    /// Two colour rows of ``width`` pixel words: a paint's colours (`span`), and what it derives from
    /// them (`scaledSpan`, the opacity-scaled colours of a translucent image).
    let span: UnsafeMutablePointer<UInt32>
    let scaledSpan: UnsafeMutablePointer<UInt32>
    /// Two coverage rows of ``width`` bytes (`ShapeRasterizer`: the coverages shared by many rows, and
    /// one row's own).
    let sharedCoverage: UnsafeMutablePointer<UInt8>
    let rowCoverage: UnsafeMutablePointer<UInt8>
    private let rows: UnsafeMutableRawPointer
    private var maskStorage: UnsafeMutableRawPointer?
    private var maskCapacity = 0

    init(width: Int) {
        self.width = Swift.max(width, 1)
        let words = self.width &* 2
        rows = UnsafeMutableRawPointer.allocate(byteCount: words &* 4 &+ self.width &* 2, alignment: 64)
        span = rows.bindMemory(to: UInt32.self, capacity: words)
        scaledSpan = span + self.width
        sharedCoverage = (rows + words &* 4).bindMemory(to: UInt8.self, capacity: self.width &* 2)
        rowCoverage = sharedCoverage + self.width
    }

    deinit {
        rows.deallocate()
        maskStorage?.deallocate()
    }

    /// At least `byteCount` bytes for a coverage mask, contents undefined (the caller clears what it
    /// uses); the same memory for every call that fits.
    func mask(byteCount: Int) -> UnsafeMutablePointer<UInt8> {
        if byteCount > maskCapacity {
            maskStorage?.deallocate()
            maskCapacity = Swift.max(byteCount, 1)
            maskStorage = UnsafeMutableRawPointer.allocate(byteCount: maskCapacity, alignment: 64)
        }
        return maskStorage!.bindMemory(to: UInt8.self, capacity: maskCapacity)
    }
}
