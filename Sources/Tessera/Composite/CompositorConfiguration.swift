import Foundation

extension Compositor {
    /// Whether a frame waits for the raster of its visible tiles.
    public enum RasterMode: String, Sendable, Hashable, CaseIterable {
        /// Frames composite the tiles that are ready; a visible tile that is not is drawn from its older
        /// version (invalidated content) or as the checkerboard, and counted. Raster runs on the workers
        /// between and during frames. The default.
        case asynchronous
        /// Every frame waits for the raster it queues (visible tiles and prepaint), so every frame is
        /// complete: never a checkerboard or a stale tile. For hosts that need complete frames, and for
        /// comparison.
        case synchronous
    }

    /// How a frame that moves the last frame's pixels (a scroll, ``Configuration/scrollMoves``) stores them:
    /// the move and that frame's composite (README.md, "Damage: idle frames are free").
    public enum ScrollMoveStores: String, Sendable, Hashable, CaseIterable {
        /// Streaming when the framebuffer holds at least half the bytes of the CPU's last-level cache
        /// (``CPUCaches/lastLevelBytes``: it would not stay cached until the next frame reads it back),
        /// temporal otherwise and when the cache size is unknown. The default.
        case automatic
        /// Temporal stores: the next frame's move reads these pixels from the cache.
        case temporal
        /// Non-temporal (streaming) stores, as a full frame's: no read for ownership of lines the cache
        /// would lose before the next frame anyway.
        case streaming

        /// Whether a moving frame into a framebuffer of `framebufferBytes` streams, on a CPU with `caches`.
        package func streams(framebufferBytes: Int, caches: CPUCaches = .current) -> Bool {
            switch self {
            case .temporal: false
            case .streaming: true
            case .automatic: caches.prefersStreaming(byteCount: framebufferBytes)
            }
        }
    }

    /// The fixed settings of a ``Compositor``; checked when the compositor is created.
    ///
    /// Thread safety: a plain value.
    public struct Configuration: Sendable, Hashable {
        /// The side of a square tile, in device pixels: 16…2048 (default 256).
        public var tileSize: Int
        /// How many Dispatch workers rasterize tiles and composite bands: ≥ 1 (default: the number of
        /// active processors). Work is dealt to this many concurrent iterations.
        public var workers: Int
        /// The tile cache's memory budget in bytes (a tile holds `tileSize² × 4` bytes): ≥ 0
        /// (default 256 MiB). 0 keeps only the tiles of the current frame.
        public var cacheBudgetBytes: Int
        /// Device pixels per point: finite, in (0, 16] (default 1).
        public var scale: Double
        /// The height of a composition band, in device pixels: 1…65536 (default 64).
        public var bandHeight: Int
        /// The most look-ahead tiles (SOON and EVENTUALLY, see README.md "Tile priorities") a frame asks
        /// the raster workers for: 0…4096 (default 64; 0 turns prepainting off).
        public var maximumPrepaintTiles: Int
        /// Whether frames wait for raster (default ``RasterMode/asynchronous``).
        public var rasterMode: RasterMode
        /// In asynchronous mode, how long a frame may wait for its visible tiles' raster before it
        /// composites what is ready: 0…1 s (default 0: never wait). Ignored in synchronous mode.
        public var rasterDeadline: Duration
        /// Whether raster draws run at Dispatch's `.background` quality of service, below the frame's plan
        /// and composite (default true), so a composite takes the cores from raster instead of sharing
        /// them; false runs them at `.userInitiated` (README.md, "Tile priorities").
        public var backgroundRaster: Bool
        /// The instruction-set tier of the composition kernels, or `nil` (the default) for the process's
        /// ``KernelTier/selected`` tier (the widest the CPU has, or `TESSERA_ISA`). Must be one of
        /// ``KernelTier/available``. Content rasterization is not affected.
        public var kernelTier: KernelTier?
        /// How many levels of detail a layer whose scale changes (a pinch, a zoom) may be drawn from, as
        /// CATiledLayer's `levelsOfDetail`: 1…16 (default 6). Level `k` rasterizes at `scale · 2^k`,
        /// `k ∈ [levelsOfDetailBias − levelsOfDetail + 1, levelsOfDetailBias]` (README.md, "Levels of detail").
        public var levelsOfDetail: Int
        /// How many of those levels are magnified (above the compositor's scale), as CATiledLayer's
        /// `levelsOfDetailBias`: 0…16 (default 3: with 6 levels, ¼× … 8×).
        public var levelsOfDetailBias: Int
        /// Whether a frame rendered over the previous one (`previousFrame`) may move that frame's pixels by a
        /// scroll's offset and composite only the rest (default true; README.md, "Damage: idle frames are
        /// free"). A move reads the framebuffer: turn it off when reading the caller's memory is slow
        /// (write-combined or uncached mappings).
        public var scrollMoves: Bool
        /// How a frame that moves pixels stores them (default ``ScrollMoveStores/automatic``).
        public var scrollMoveStores: ScrollMoveStores
        /// Whether a vertical move uses what the compositor knows of the framebuffer's 64-pixel cells (default
        /// true; `Composite/FramebufferCells.swift`): a cell the last frames left one colour is written as that
        /// colour without reading it, or not written where its destination already holds it. The pixels are
        /// the same either way; off, every moved pixel is copied (for comparison).
        public var scrollMoveCells: Bool

        /// A configuration with the given settings (each documented on its property); nothing is checked
        /// until ``validated()`` or ``Compositor/init(configuration:)``.
        public init(tileSize: Int = 256, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                    cacheBudgetBytes: Int = 256 << 20, scale: Double = 1, bandHeight: Int = 64,
                    maximumPrepaintTiles: Int = 64, kernelTier: KernelTier? = nil,
                    rasterMode: RasterMode = .asynchronous, rasterDeadline: Duration = .zero,
                    backgroundRaster: Bool = true, levelsOfDetail: Int = 6, levelsOfDetailBias: Int = 3,
                    scrollMoves: Bool = true, scrollMoveStores: ScrollMoveStores = .automatic,
                    scrollMoveCells: Bool = true) {
            self.tileSize = tileSize
            self.workers = workers
            self.cacheBudgetBytes = cacheBudgetBytes
            self.scale = scale
            self.bandHeight = bandHeight
            self.maximumPrepaintTiles = maximumPrepaintTiles
            self.kernelTier = kernelTier
            self.rasterMode = rasterMode
            self.rasterDeadline = rasterDeadline
            self.backgroundRaster = backgroundRaster
            self.levelsOfDetail = levelsOfDetail
            self.levelsOfDetailBias = levelsOfDetailBias
            self.scrollMoves = scrollMoves
            self.scrollMoveStores = scrollMoveStores
            self.scrollMoveCells = scrollMoveCells
        }

        /// Returns `self` when every field is in range.
        /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming the first bad field
        ///   (`tileSize`, `workers`, `cacheBudgetBytes`, `scale`, `bandHeight`, `maximumPrepaintTiles`,
        ///   `rasterDeadline`, `kernelTier` when this CPU or build lacks it, `levelsOfDetail`,
        ///   `levelsOfDetailBias`).
        public func validated() throws -> Configuration {
            try validated(availableTiers: KernelTier.available)
        }

        /// ``validated()`` with `kernelTier` checked against `availableTiers` instead of
        /// ``KernelTier/available`` (so that the refusal can be tested on any host).
        package func validated(availableTiers: [KernelTier]) throws -> Configuration {
            guard (16...2048).contains(tileSize) else {
                throw TesseraError.invalidArgument(argument: "tileSize", reason: "must be in 16…2048, got \(tileSize)")
            }
            guard (1...1024).contains(workers) else {
                throw TesseraError.invalidArgument(argument: "workers", reason: "must be in 1…1024, got \(workers)")
            }
            guard cacheBudgetBytes >= 0 else {
                throw TesseraError.invalidArgument(
                    argument: "cacheBudgetBytes", reason: "must be ≥ 0, got \(cacheBudgetBytes)")
            }
            _ = try Geometry.validatedScale(scale, "scale")
            guard (1...PixelBuffer.maximumDimension).contains(bandHeight) else {
                throw TesseraError.invalidArgument(
                    argument: "bandHeight", reason: "must be in 1…\(PixelBuffer.maximumDimension), got \(bandHeight)")
            }
            guard (0...4096).contains(maximumPrepaintTiles) else {
                throw TesseraError.invalidArgument(
                    argument: "maximumPrepaintTiles", reason: "must be in 0…4096, got \(maximumPrepaintTiles)")
            }
            guard rasterDeadline >= .zero, rasterDeadline <= .seconds(1) else {
                throw TesseraError.invalidArgument(
                    argument: "rasterDeadline", reason: "must be in 0…1 s, got \(rasterDeadline)")
            }
            if let kernelTier {
                try KernelTier.checkAvailable(kernelTier, in: availableTiers, argument: "kernelTier")
            }
            guard (1...16).contains(levelsOfDetail) else {
                throw TesseraError.invalidArgument(argument: "levelsOfDetail", reason: "must be in 1…16, got \(levelsOfDetail)")
            }
            guard (0...16).contains(levelsOfDetailBias) else {
                throw TesseraError.invalidArgument(
                    argument: "levelsOfDetailBias", reason: "must be in 0…16, got \(levelsOfDetailBias)")
            }
            return self
        }
    }
}
