import TesseraKernelBodies

/// Scaled composition (resampling src-over) over ``PixelBuffer``s.
extension KernelTable {
    /// `dst = div255(sample(src) · opacity) OVER dst` over every pixel of `dst`: `src` resampled with
    /// `filter` at the positions of `mapping` (destination pixel (i, j) of `dst` samples at
    /// `(x0 + i · dx, y0 + j · dy)`, edges padded; see ``ResampleMapping`` and
    /// ``ScalarReference/scaledSourceOver(_:onto:mapping:filter:opacity:)``, the definition). Unlike
    /// ``sourceOver(_:onto:opacity:workers:bandHeight:)``, `src` and `dst` may have any sizes. `src` must be
    /// RGBA; `dst` may be in any ``PixelFormat`` (the samples are composed in its layout).
    ///
    /// Cost: per destination pixel, about a src-over plus the filter (nearest: one load; bilinear: a
    /// vertical interpolation per source column per row, when the source span of a row is at most about
    /// twice the destination width, else per destination pixel, and one horizontal interpolation). One
    /// temporary allocation of a few rows per call and band.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `src` when it is not RGBA, or empty
    ///   while `dst` is not; `mapping` when the sample y of `dst`'s last row leaves the 16.16 range (±32,768 source
    ///   px; bands start there); `workers` or `bandHeight` as ``copy(_:onto:workers:bandHeight:)``.
    public func scaledSourceOver(_ src: PixelBuffer, onto dst: PixelBuffer, mapping: ResampleMapping,
                                 filter: ResampleFilter = .bilinear, opacity: UInt8 = 255, workers: Int = 1,
                                 bandHeight: Int = defaultBandHeight) throws {
        try Self.checkScaled(src, dst, mapping)
        guard dst.width > 0, dst.height > 0 else {
            try Self.forEachBand(width: 0, height: 0, workers: workers, bandHeight: bandHeight) { _, _ in }  // checks
            return
        }
        let scaled = routines(for: dst.format).scaledSourceOver
        try Self.forEachBand(width: dst.width, height: dst.height, workers: workers,
                             bandHeight: bandHeight) { y, rows in
            // In range: checkScaled proved both the first and the last row's y fit 32 bits.
            let band = mapping.offset(columns: 0, rows: y)!
            scaled(src.baseAddress, src.bytesPerRow, src.width, src.height, dst.row(y), dst.bytesPerRow,
                   dst.width, rows, band, filter, opacity)
        }
    }

    static func checkScaled(_ src: PixelBuffer, _ dst: PixelBuffer, _ mapping: ResampleMapping) throws {
        guard src.format == .rgba else {
            throw TesseraError.invalidArgument(
                argument: "src", reason: "must be rgba (sources are RGBA; only dst may be another format), got \(src.format)")
        }
        guard dst.width > 0, dst.height > 0 else { return }
        guard src.width > 0, src.height > 0 else {
            throw TesseraError.invalidArgument(
                argument: "src", reason: "is \(src.width)×\(src.height): nothing to sample for a \(dst.width)×\(dst.height) dst")
        }
        guard mapping.offset(columns: 0, rows: dst.height - 1) != nil else {
            let last = (Double(mapping.y0) + Double(dst.height - 1) * Double(mapping.dy)) / Double(ResampleMapping.one)
            throw TesseraError.invalidArgument(
                argument: "mapping", reason: "the last row samples y = \(last) source px, outside the 16.16 range "
                    + "(±32768 px); cut the destination rect")
        }
    }
}

extension Kernels {
    /// `dst = div255(sample(src) · opacity) OVER dst`, `src` resampled through `mapping` with `filter`, on
    /// the active tier; see ``KernelTable/scaledSourceOver(_:onto:mapping:filter:opacity:workers:bandHeight:)``.
    /// - Throws: as that method.
    public static func scaledSourceOver(_ src: PixelBuffer, onto dst: PixelBuffer, mapping: ResampleMapping,
                                        filter: ResampleFilter = .bilinear, opacity: UInt8 = 255) throws {
        try active.scaledSourceOver(src, onto: dst, mapping: mapping, filter: filter, opacity: opacity)
    }
}
