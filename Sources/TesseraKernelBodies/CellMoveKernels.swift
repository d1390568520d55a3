/// What a scroll frame's move knows of a framebuffer's cells: runs of ``width`` pixels of a row, cell `k`
/// holding pixels `k · width ..< (k + 1) · width` from the framebuffer's left edge (whole cells only). A
/// cell's **entry** is ``unknown`` (not scanned since it was last written), ``mixed`` (it holds more than
/// one word), or ``entry(_:)`` of the one pixel word every pixel of the cell holds. The compositor keeps
/// an entry per cell between frames (`Composite/FramebufferCells.swift` in Tessera);
/// ``KernelBodies/moveCells(_:_:_:_:_:_:_:_:_:_:_:)`` reads and writes them.
public enum FramebufferCell {
    /// Pixels per cell: 256 bytes, four 64-byte lines.
    public static let width = 64
    /// The entry of a cell of which nothing is known.
    public static let unknown: UInt64 = 0
    /// The entry of a cell known to hold more than one pixel word.
    public static let mixed: UInt64 = 1 << 33

    /// The entry of a cell whose every pixel is the word `color` (distinct from ``unknown`` and ``mixed``
    /// for every word, 0 included).
    @inlinable @inline(__always)
    public static func entry(_ color: UInt32) -> UInt64 { 1 << 32 | UInt64(color) }

    /// True when `entry` names one colour.
    @inlinable @inline(__always)
    public static func isColor(_ entry: UInt64) -> Bool { entry >> 32 == 1 }
}

/// A vertical scroll move over known cells (`Composite/MoveLanes.swift` in Tessera): where the moved
/// pixels are one colour, the move writes the colour instead of copying it (no read of the source), and
/// where the destination already holds that colour it writes nothing.
///
/// Per destination row and cell, given the source cell's entry `s` and the destination cell's `d` (both
/// true of the pixels before the call: the caller's promise):
/// - `s` a colour, `d == s`: nothing is written (the destination is already right);
/// - `s` a colour, `d` another entry: the cell is filled with the colour;
/// - `s` mixed: the cell is copied (a run of such cells in one copy);
/// - `s` unknown: the cell is copied and scanned (its words' OR equals their AND exactly when all are
///   equal: ``alphaSummary(_:_:)``).
/// The moved cell's entry is written to `moved`: `s`, or what the scan found. The destination's bytes are
/// those of ``copy(_:_:_:_:_:_:)`` whichever case applies, and `moved` holds the entries
/// `ScalarReference.moveCells` (TesseraPixels, the definition) gives, but where `s` is mixed or a colour,
/// whose entry it keeps.
///
/// Stores: streamed (the aligned middle of each cell or run, as ``copyRowStreaming(_:_:_:)`` and
/// ``fillRowStreaming(_:_:_:)``) when `streams` and the tier streams; the caller fences them. Cost: per
/// cell a compare of one or two entries, and a fill, nothing, a copy, or a copy with an OR and an AND per
/// vector; memory: a copy reads and writes a cell, a fill writes it, a kept cell is not touched.
extension KernelBodies {
    /// Moves `height` rows of `cells` whole cells from `src` to `dst` (rows `srcStride` / `dstStride`
    /// bytes apart; any alignment; the two rects must not overlap) with the entries of the source's cells
    /// at `sourceCells`, of the destination's at `destinationCells`, writing the moved cells' entries to
    /// `moved` (each row's entries `cellStride` apart; `moved` overlaps neither other). Returns the cells
    /// filled and the cells kept as they were.
    @inlinable @inline(__always)
    public static func moveCells(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                                 _ dstStride: Int, _ cells: Int, _ height: Int,
                                 _ sourceCells: UnsafePointer<UInt64>, _ destinationCells: UnsafePointer<UInt64>,
                                 _ moved: UnsafeMutablePointer<UInt64>, _ cellStride: Int,
                                 _ streams: Bool) -> (filled: Int, kept: Int) {
        let width = FramebufferCell.width, bytes = FramebufferCell.width &* 4
        let stream = streams && Tier.hasStreamingStores
        var filled = 0, kept = 0
        for y in 0..<height {
            let source = src + y &* srcStride, destination = dst + y &* dstStride
            let known = sourceCells + y &* cellStride, held = destinationCells + y &* cellStride
            let out = moved + y &* cellStride
            var k = 0
            while k < cells {
                let p = source + k &* bytes, d = destination + k &* bytes
                let entry = known[k]
                if entry == FramebufferCell.mixed {
                    var end = k &+ 1
                    while end < cells && known[end] == FramebufferCell.mixed { end &+= 1 }
                    let count = (end &- k) &* width
                    if stream { copyRowStreaming(p, d, count) } else { d.copyMemory(from: p, byteCount: count &* 4) }
                    (out + k).update(repeating: FramebufferCell.mixed, count: end &- k)
                    k = end
                    continue
                }
                if entry == FramebufferCell.unknown {
                    let summary = alphaSummary(p, width)
                    if stream { copyRowStreaming(p, d, width) } else { d.copyMemory(from: p, byteCount: bytes) }
                    out[k] = summary.orWords == summary.andWords ? FramebufferCell.entry(summary.orWords)
                        : FramebufferCell.mixed
                } else {
                    if held[k] == entry {
                        kept &+= 1
                    } else {
                        let color = UInt32(truncatingIfNeeded: entry)
                        if stream { fillRowStreaming(d, width, color) } else { fillRow(d, width, color) }
                        filled &+= 1
                    }
                    out[k] = entry
                }
                k &+= 1
            }
        }
        return (filled, kept)
    }
}
