import TesseraKernelBodies

/// The composition kernels of one ISA tier, over ``PixelBuffer``s, optionally spread over Dispatch workers.
///
/// ``Kernels`` forwards to the table of ``KernelTier/selected``; tests and benchmarks make a table per
/// available tier to run each one in the same process. Units are device pixels; `src` and `dst` must have
/// the same width and height. `src` must be RGBA; `dst` may be in any ``PixelFormat`` (the kernels write
/// its layout directly). Results equal ``ScalarReference`` bit for bit for every tier, worker count,
/// band height and destination format.
///
/// Parallelism: with `workers > 1` the rect is cut into horizontal bands of `bandHeight` rows, which the
/// calling thread and up to `workers − 1` Dispatch helpers take one at a time from a shared atomic counter
/// (`BandScheduler`). Bands are disjoint, so the output does not depend on either number. `workers: 1`, a
/// single band, or a rect of fewer than 65,536 pixels (`BandScheduler.minimumAreaForHelpers`: waking a
/// helper costs more than it saves there) runs one call over the whole rect on the calling thread.
///
/// Thread safety: an immutable `Sendable` value; calls on disjoint destination pixels may run
/// concurrently. `src` and `dst` must not partially overlap.
public struct KernelTable: Sendable {
    /// The tier whose code this table runs.
    public let tier: KernelTier
    /// The tier's raw routines, for callers in this package whose sizes are correct by construction (the
    /// compositor's bands): no validation, no `throws`, no closure per call.
    package let routines: KernelRoutines
    /// Whether ``routines``' streaming kernels stream (``KernelTier``'s answer), for callers that pick a
    /// path by it.
    package var hasStreamingStores: Bool { tier.hasStreamingStores }

    /// The table of `tier`.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `tier` when this build or CPU
    ///   lacks it (see ``KernelTier/available``).
    public init(tier: KernelTier) throws {
        try self.init(tier: tier, available: KernelTier.available)
    }

    /// The table of `tier`, checked against `available` instead of ``KernelTier/available`` (so that the
    /// refusal can be tested on any host). `available` must not list a tier this CPU cannot run.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `tier` when `available` lacks it.
    package init(tier: KernelTier, available: [KernelTier]) throws {
        try KernelTier.checkAvailable(tier, in: available, argument: "tier")
        self.tier = tier
        self.routines = tier.routines
    }

    /// The default band height of the parallel kernels, in rows.
    public static let defaultBandHeight = 64
    /// The largest accepted worker count.
    public static let maximumWorkers = 256

    /// `dst = src`. A destination of at least half the CPU's last-level cache
    /// (``CPUCaches/prefersStreaming(byteCount:)``, on a tier with streaming stores) is written as by
    /// ``copyStreaming(_:onto:workers:bandHeight:)``: the same bytes, without reading each line for
    /// ownership, as glibc's `memcpy` switches to non-temporal stores above a size (measured on a 2-vCPU
    /// AMD EPYC with a 32 MiB L3, a 4K copy: 2,884 Mpix/s streamed against 1,574 temporal, one worker;
    /// README.md, "Composition kernels and instruction-set tiers"). Smaller ones stay temporal, leaving
    /// `dst` in the cache for a reader.
    public func copy(_ src: PixelBuffer, onto dst: PixelBuffer, workers: Int = 1,
                     bandHeight: Int = defaultBandHeight) throws {
        try copy(src, onto: dst, workers: workers, bandHeight: bandHeight, caches: .current)
    }

    /// ``copy(_:onto:workers:bandHeight:)`` on a CPU with `caches`; returns whether it streamed.
    @discardableResult
    package func copy(_ src: PixelBuffer, onto dst: PixelBuffer, workers: Int, bandHeight: Int,
                      caches: CPUCaches) throws -> Bool {
        // A valid buffer's bytes fit an Int. `copyStreaming` checks the arguments as below.
        if hasStreamingStores, caches.prefersStreaming(byteCount: dst.bytesPerRow &* dst.height) {
            try copyStreaming(src, onto: dst, workers: workers, bandHeight: bandHeight)
            return true
        }
        try Kernels.checkSameSize(src, dst)
        let copy = routines(for: dst.format).copy
        try Self.forEachBand(width: dst.width, height: dst.height, workers: workers,
                             bandHeight: bandHeight) { y, rows in
            copy(src.row(y), src.bytesPerRow, dst.row(y), dst.bytesPerRow, dst.width, rows)
        }
        return false
    }

    /// `dst = src OVER dst`, with `src` scaled by `opacity / 255` first (`div255(src · opacity)` per
    /// channel, alpha included; 255 means unscaled).
    public func sourceOver(_ src: PixelBuffer, onto dst: PixelBuffer, opacity: UInt8 = 255, workers: Int = 1,
                           bandHeight: Int = defaultBandHeight) throws {
        try Kernels.checkSameSize(src, dst)
        let sourceOver = routines(for: dst.format).sourceOver
        try Self.forEachBand(width: dst.width, height: dst.height, workers: workers,
                             bandHeight: bandHeight) { y, rows in
            sourceOver(src.row(y), src.bytesPerRow, dst.row(y), dst.bytesPerRow, dst.width, rows, opacity)
        }
    }

    /// `dst = color` everywhere.
    public func fill(_ dst: PixelBuffer, with color: Pixel, workers: Int = 1,
                     bandHeight: Int = defaultBandHeight) throws {
        let fill = routines(for: dst.format).fill, word = color.word
        try Self.forEachBand(width: dst.width, height: dst.height, workers: workers,
                             bandHeight: bandHeight) { y, rows in
            fill(dst.row(y), dst.bytesPerRow, dst.width, rows, word)
        }
    }

    /// `dst = color OVER dst` everywhere.
    public func fillOver(_ dst: PixelBuffer, with color: Pixel, workers: Int = 1,
                         bandHeight: Int = defaultBandHeight) throws {
        let fillOver = routines(for: dst.format).fillOver, word = color.word
        try Self.forEachBand(width: dst.width, height: dst.height, workers: workers,
                             bandHeight: bandHeight) { y, rows in
            fillOver(dst.row(y), dst.bytesPerRow, dst.width, rows, word)
        }
    }

    /// `dst = src` with streaming (non-temporal) stores where rows reach the streaming threshold
    /// (`KernelBodies.streamingThresholdBytes`, 256 bytes): the same bytes as ``copy(_:onto:workers:bandHeight:)``,
    /// but the destination is not left in the cache. For large destinations nothing reads soon; each band
    /// ends with a store fence.
    public func copyStreaming(_ src: PixelBuffer, onto dst: PixelBuffer, workers: Int = 1,
                              bandHeight: Int = defaultBandHeight) throws {
        try Kernels.checkSameSize(src, dst)
        let copy = routines(for: dst.format).copyStreaming, fence = routines.storeFence
        try Self.forEachBand(width: dst.width, height: dst.height, workers: workers,
                             bandHeight: bandHeight) { y, rows in
            copy(src.row(y), src.bytesPerRow, dst.row(y), dst.bytesPerRow, dst.width, rows)
            fence()
        }
    }

    /// `dst = color` everywhere with streaming stores where rows reach the streaming threshold; as
    /// ``copyStreaming(_:onto:workers:bandHeight:)``.
    public func fillStreaming(_ dst: PixelBuffer, with color: Pixel, workers: Int = 1,
                              bandHeight: Int = defaultBandHeight) throws {
        let fill = routines(for: dst.format).fillStreaming, fence = routines.storeFence, word = color.word
        try Self.forEachBand(width: dst.width, height: dst.height, workers: workers,
                             bandHeight: bandHeight) { y, rows in
            fill(dst.row(y), dst.bytesPerRow, dst.width, rows, word)
            fence()
        }
    }

    /// `dst = src OVER color` everywhere, `color` opaque: the pixels of ``fill(_:with:workers:bandHeight:)``
    /// with `color` then ``sourceOver(_:onto:opacity:workers:bandHeight:)`` of `src`, in one pass that never
    /// reads `dst` (streamed where rows reach the streaming threshold when `streams`; each band then ends
    /// with a store fence).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `color` when its alpha is not
    ///   255, or the sizes and parallelism arguments as the other kernels.
    public func sourceOver(_ src: PixelBuffer, ontoSolid color: Pixel, into dst: PixelBuffer, streams: Bool = false,
                           workers: Int = 1, bandHeight: Int = defaultBandHeight) throws {
        try Kernels.checkSameSize(src, dst)
        guard color.a == 255 else {
            throw TesseraError.invalidArgument(argument: "color", reason: "must be opaque (alpha 255), not \(color.a)")
        }
        let kernel = routines(for: dst.format).sourceOverSolid, fence = routines.storeFence, word = color.word
        try Self.forEachBand(width: dst.width, height: dst.height, workers: workers,
                             bandHeight: bandHeight) { y, rows in
            kernel(src.row(y), src.bytesPerRow, dst.row(y), dst.bytesPerRow, dst.width, rows, word, streams)
            if streams { fence() }
        }
    }

    /// Validates the parallelism arguments, then runs `body(firstRow, rowCount)` over disjoint bands.
    static func forEachBand(width: Int, height: Int, workers: Int, bandHeight: Int,
                            _ body: @escaping @Sendable (Int, Int) -> Void) throws {
        guard workers >= 1, workers <= maximumWorkers else {
            throw TesseraError.invalidArgument(
                argument: "workers", reason: "must be in 1…\(maximumWorkers), got \(workers)")
        }
        guard bandHeight >= 1 else {
            throw TesseraError.invalidArgument(argument: "bandHeight", reason: "must be ≥ 1, got \(bandHeight)")
        }
        BandScheduler.run(width: width, height: height, workers: workers, bandHeight: bandHeight, body)
    }
}
