import TesseraKernelBodies

extension ScalarReference {
    /// The definition of a scroll move over known cells (``KernelRoutines/moveCells``, `CellMoveKernels.swift`
    /// in TesseraKernelBodies), for sources and destinations whose cells' entries are true: every row of
    /// `cells` whole ``FramebufferCell`` cells of `src` is copied to `dst` as raw words (whatever the format),
    /// and each moved cell's entry is ``FramebufferCell/entry(_:)`` of its word when all its words are
    /// equal, ``FramebufferCell/mixed`` otherwise; row `y`'s entries start at `y · cellStride` of the
    /// returned array. `src` and `dst` have the same height and at least `cells · FramebufferCell.width`
    /// pixels a row. The kernels may skip a copy (a known colour is filled, or kept where the destination
    /// already holds it, and a known entry is carried, not scanned again); the bytes they leave and the entries
    /// they write are these.
    public static func moveCells(_ src: PixelBuffer, onto dst: PixelBuffer, cells: Int, cellStride: Int) -> [UInt64] {
        precondition(src.height == dst.height && src.width >= cells * FramebufferCell.width
                     && dst.width >= cells * FramebufferCell.width && cellStride >= cells)
        var moved = [UInt64](repeating: FramebufferCell.unknown, count: src.height * cellStride)
        for y in 0..<src.height {
            let source = src.baseAddress + y * src.bytesPerRow, destination = dst.baseAddress + y * dst.bytesPerRow
            for k in 0..<cells {
                let words = (0..<FramebufferCell.width).map {
                    source.loadUnaligned(fromByteOffset: (k * FramebufferCell.width + $0) * 4, as: UInt32.self)
                }
                for (i, word) in words.enumerated() {
                    destination.storeBytes(of: word, toByteOffset: (k * FramebufferCell.width + i) * 4, as: UInt32.self)
                }
                moved[y * cellStride + k] = words.allSatisfy { $0 == words[0] } ? FramebufferCell.entry(words[0])
                    : FramebufferCell.mixed
            }
        }
        return moved
    }
}
