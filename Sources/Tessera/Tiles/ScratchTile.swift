#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A raster thread's own tile-sized scratch, through which the tile stage draws a tile when that is
/// cheaper than drawing into the tile's buffer in place.
///
/// ```
///   content.drawReplacing ──▶ thread's scratch (stays in L2) ──copyStreaming, 16 KiB at a time──▶ tile buffer
///                                                                  └──▶ band: each 16 KiB, read from L1 (coverage scan)
/// ```
///
/// Why: a buffer handed to raster is usually cold — a recycled tile last touched frames ago, or a new
/// one — and every first store to one of its cache lines reads the line from memory for ownership. A
/// display list touches a tile out of order (the gaps around cards column by column, then each item's
/// rect), so those reads come one latency at a time. Drawn into a scratch that the thread reused for its last tile, the
/// items work in the core's L2 cache; the finished tile then goes out in one sequential pass of
/// streaming stores, which read nothing. Figures (one worker gains, two do not):
/// `Benchmarks/Raster/README.md`, "Drawing through a scratch tile". When all the tile memory in
/// circulation fits in half the last-level cache, the buffer is likely still cached, and the tile is
/// drawn in place (``pays(byteCount:kernels:circulatingBytes:caches:)``).
///
/// Cost: one more read (from the L2 cache) and write of the whole tile (a scan of the drawn pixels for
/// their coverage rides on that read: it takes each band right after the copy, from L1); the tile is not
/// in the cache afterwards, so a composite that reads it in the same frame (synchronous raster, a
/// deadline wait) reads it from memory.
///
/// The bytes are those of drawing in place: the scratch is the same size, the content draws over
/// whatever the scratch holds (``LayerContent/drawReplacing(in:)``'s contract) and the copy is exact.
///
/// Memory: one scratch per thread that drew a tile through it, as large as the largest such tile (at
/// most ``maximumBytes``), freed when the thread exits. Raster jobs run on Dispatch's pool threads,
/// which Dispatch retires when idle: up to ``maximumBytes`` per pool thread that drew a tile, until then.
///
/// Thread safety: each thread has its own scratch (a pthread key); nothing is shared. A draw nested in
/// another on the same thread (content drawing through the tile stage) draws in place. The streamed
/// stores are fenced (`storeFence`) before ``draw(_:in:throughScratch:inspecting:)`` returns, so the
/// tile can be handed to another thread like one drawn in place.
package enum ScratchTile {
    /// Tiles larger than this are drawn in place: 256 KiB, a 256² tile. A scratch should stay in the L2
    /// cache while a tile is drawn into it; this is half of the development machine's 512 KiB per core.
    package static let maximumBytes = 256 << 10

    /// Whether a tile of `byteCount` bytes is drawn through the scratch with `kernels`: when it fits
    /// ``maximumBytes``, the tier has streaming stores (otherwise the copy would read the tile's lines
    /// for ownership all the same), and its buffer is likely cold. A tile's rows are packed
    /// (``TileBufferPool``), so its copy is one streamed run.
    ///
    /// Cold: the buffer comes from `circulatingBytes` of tile buffers (in use and spare) that the
    /// last-level cache would not keep (``CPUCaches/prefersStreaming(byteCount:)``, the rule of the
    /// composite's stores), or their size or the cache's is unknown (`nil`). Buffers that all fit in half
    /// the cache were last written there: drawing in place finds their lines cached, and the copy out
    /// would only push a tile to memory that the cache was holding (`Benchmarks/Raster/README.md`,
    /// "Drawing in place when the tiles stay cached").
    package static func pays(byteCount: Int, kernels: KernelTable, circulatingBytes: Int? = nil,
                             caches: CPUCaches = .current) -> Bool {
        guard kernels.hasStreamingStores, byteCount <= maximumBytes else { return false }
        guard let circulatingBytes, caches.lastLevelBytes != nil else { return true }
        return caches.prefersStreaming(byteCount: circulatingBytes)
    }

    /// How many bytes of rows the copy out streams before handing them to `draw`'s `band`: 16 KiB (16
    /// rows of a 256-px tile), well inside a core's L1 data cache, so `band` reads rows the copy has just
    /// loaded instead of reading the tile a second time from the L2 cache or beyond.
    static let bandBytes = 16 << 10

    /// Draws `content` into `context.buffer` as ``LayerContent/drawReplacing(in:)`` does — through this
    /// thread's scratch when `throughScratch` (by default: when
    /// ``pays(byteCount:kernels:circulatingBytes:caches:)`` with the buffer's `circulatingBytes`), the buffer
    /// is RGBA and no draw of this thread is using the scratch — and returns `inspect` of the drawn
    /// pixels, read from the scratch. Before that, `band` sees every row of the drawn pixels once, top to
    /// bottom, in bands: through the scratch, each band of ``bandBytes`` just after it was copied out
    /// (in place, all rows at once). Neither closure's buffer may escape it (the next tile overwrites the
    /// scratch).
    package static func draw<Result>(_ content: some LayerContent, in context: RasterContext,
                                     throughScratch: Bool? = nil, circulatingBytes: Int? = nil,
                                     eachBand band: (PixelBuffer, Range<Int>) -> Void = { _, _ in },
                                     inspecting inspect: (PixelBuffer) -> Result) -> Result {
        let buffer = context.buffer
        let rowBytes = buffer.width &* 4, byteCount = rowBytes &* buffer.height
        guard buffer.format == .rgba, buffer.width > 0, buffer.height > 0,
              throughScratch ?? pays(byteCount: byteCount, kernels: context.kernels, circulatingBytes: circulatingBytes),
              let memory = idleScratch(byteCount: byteCount),
              // Cannot throw: the sizes are those of a valid buffer, with packed rows.
              let scratch = try? PixelBuffer(wrapping: memory.base, width: buffer.width, height: buffer.height,
                                             bytesPerRow: rowBytes) else {
            content.drawReplacing(in: context)
            band(buffer, 0..<buffer.height)
            return inspect(buffer)
        }
        memory.inUse = true
        defer { memory.inUse = false }
        return withExtendedLifetime(memory) {
            content.drawReplacing(in: RasterContext(buffer: scratch, deviceRect: context.deviceRect,
                                                    scale: context.scale, kernels: context.kernels))
            let routines = context.kernels.routines
            let rowsPerBand = Swift.max(1, bandBytes / rowBytes)
            var y = 0
            while y < buffer.height {
                let rows = y..<Swift.min(buffer.height, y &+ rowsPerBand)
                routines.copyStreaming(UnsafeRawPointer(scratch.baseAddress + y &* rowBytes), rowBytes,
                                       buffer.baseAddress + y &* buffer.bytesPerRow, buffer.bytesPerRow,
                                       buffer.width, rows.count)
                band(scratch, rows)
                y = rows.upperBound
            }
            routines.storeFence()
            return inspect(scratch)
        }
    }

    /// This thread's scratch, at least `byteCount` bytes (contents: the last tile drawn through it), or
    /// `nil` when a draw of this thread is using it or the key cannot hold a new one.
    private static func idleScratch(byteCount: Int) -> Memory? {
        if let stored = pthread_getspecific(key) {
            let memory = Unmanaged<Memory>.fromOpaque(stored).takeUnretainedValue()
            if memory.inUse { return nil }
            if memory.byteCount >= byteCount { return memory }
            pthread_setspecific(key, nil)
            Unmanaged.passUnretained(memory).release()
        }
        let memory = Memory(byteCount: byteCount)
        let stored = Unmanaged.passRetained(memory)
        guard pthread_setspecific(key, stored.toOpaque()) == 0 else {
            stored.release()
            return nil
        }
        return memory
    }

    /// The key of every thread's scratch; its destructor frees a thread's scratch when the thread exits.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { stored in
            #if canImport(Glibc)
            guard let stored else { return }
            #endif
            Unmanaged<Memory>.fromOpaque(stored).release()
        }
        precondition(status == 0, "pthread_key_create failed (\(status)): the process is out of thread keys")
        return key
    }()

    /// One thread's scratch memory (64-byte aligned, like tile buffers, so the streamed rows line up).
    /// Only its thread touches it.
    private final class Memory {
        let base: UnsafeMutableRawPointer
        let byteCount: Int
        /// Set while a draw uses it (a nested draw then draws in place).
        var inUse = false

        init(byteCount: Int) {
            self.byteCount = byteCount
            base = .allocate(byteCount: byteCount, alignment: 64)
        }

        deinit { base.deallocate() }
    }
}
