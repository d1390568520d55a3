/// One tile to rasterize: a content snapshot, the plane rect it stands for and the buffer it draws into.
///
/// Created and settled by the ``TileManager`` on the model thread; drawn once by a raster worker
/// (``RasterQueue``). The worker writes only ``target``'s pixels and the result fields, under the
/// queue's lock for the latter; the model thread reads them after the queue reported the job finished.
final class RasterJob: @unchecked Sendable {
    /// The tile this job draws.
    let key: TileKey
    /// The ``TileEntry/version`` the job draws; a finished job of another version is dropped.
    let version: UInt64
    /// What to draw (a snapshot taken when the job was created).
    let content: any LayerContent
    /// The plane device pixels the buffer stands for.
    let deviceRect: PixelRect
    let scale: Double
    /// The kernel tier the content blends with (the compositor's).
    let kernels: KernelTable
    /// Where a shadow tile looks for an identical tile already drawn, and keeps its own (the tile
    /// manager's); `nil`: draw, keep nothing.
    let shadowTiles: ShadowTileMemo?
    /// The tile memory in circulation when the job was made (``TileCache/circulatingBytes``), which
    /// says whether ``target`` is likely cached (``ScratchTile/pays(byteCount:kernels:circulatingBytes:caches:)``);
    /// `nil`: unknown, taken as cold.
    let circulatingBytes: Int?
    /// The buffer the worker draws into (dirty until it clears it): a spare buffer, or `nil` until the
    /// worker allocates one (`deviceRect`'s size); in use until the manager settles the job. Written by
    /// the worker before the job is finished, read by the manager after.
    private(set) var target: PixelBuffer?
    /// The priority of the frame that queued it last (for the trace and the queue order).
    var priority: TilePriority

    /// Model thread only: the frame that last asked for the job, whether the manager holds it (created
    /// or taken back, not queued yet), and whether its target was given back or taken in.
    var queuedFrame: UInt64 = 0
    var isHeldByManager = true
    var isSettled = false

    /// Guarded by the queue's lock.
    var state: State = .withdrawn
    /// Set by the worker when done: the drawn buffer's coverage and when drawing started and ended.
    var coverage: AlphaCoverage = .mixed
    /// Set with ``coverage``: the drawn buffer's all-zero rows.
    var zeroRows = ZeroRows.none
    var started: ContinuousClock.Instant?
    var finished: ContinuousClock.Instant?
    /// The worker lane (0 ..< workers) that drew it.
    var lane = -1
    /// Set with ``coverage``: the pixels were copied from ``shadowTiles``, not drawn.
    var reused = false

    enum State {
        /// In the queue, not started: the manager may take it back.
        case queued
        /// Being drawn by a worker.
        case running
        /// Drawn; waiting for the manager to take the result.
        case finished
        /// Not in the queue: created and not queued yet, or taken back by the manager before it started.
        case withdrawn
    }

    init(key: TileKey, version: UInt64, content: any LayerContent, deviceRect: PixelRect, scale: Double,
         target: PixelBuffer?, priority: TilePriority, kernels: KernelTable = Kernels.active,
         shadowTiles: ShadowTileMemo? = nil, circulatingBytes: Int? = nil) {
        self.kernels = kernels
        self.circulatingBytes = circulatingBytes
        self.shadowTiles = shadowTiles
        self.key = key
        self.version = version
        self.content = content
        self.deviceRect = deviceRect
        self.scale = scale
        self.target = target
        self.priority = priority
    }

    /// Lets the content clear the target where it needs it and draw into it
    /// (``LayerContent/drawReplacing(in:)``, through the thread's ``ScratchTile`` when that pays for a
    /// buffer from ``circulatingBytes`` of tile memory), and finds its coverage (from
    /// ``LayerContent/isOpaque(in:scale:)`` when that says yes, otherwise with a scan of the drawn pixels
    /// that also finds their zero rows, band by band as the scratch's copy out reads them). A shadow tile
    /// that blurs a plane (``ShadowContent/blursPlane(in:scale:)``) is copied from ``shadowTiles`` when an
    /// identical one was drawn before, and kept there when not. Worker thread.
    func draw() {
        if target == nil { target = try? PixelBuffer(width: deviceRect.width, height: deviceRect.height) }
        guard let target else { return }  // no memory: the result (`target == nil`) is dropped
        let memoKey = shadowTiles.flatMap { _ in content as? ShadowContent }
            .flatMap { $0.blursPlane(in: deviceRect, scale: scale) ? $0 : nil }
            .map { ShadowTileMemo.Key(shadow: $0, scaleBits: scale.bitPattern, deviceRect: deviceRect) }
        if let memoKey, let kept = shadowTiles?.lookUp(memoKey, into: target, kernels: kernels) {
            (coverage, zeroRows) = kept
            reused = true
            return
        }
        let opaque = content.isOpaque(in: deviceRect, scale: scale)
        let context = RasterContext(buffer: target, deviceRect: deviceRect, scale: scale, kernels: kernels)
        var scan = opaque ? nil : AlphaCoverageScan(width: deviceRect.width, height: deviceRect.height, kernels: kernels)
        (coverage, zeroRows) = ScratchTile.draw(content, in: context, circulatingBytes: circulatingBytes,
                                                eachBand: { scan?.scan($0, rows: $1) }) { drawn in
            let found = scan?.result ?? (.opaque, .none)
            if let memoKey { shadowTiles?.keep(memoKey, drawn, coverage: found.0, zeroRows: found.1, kernels: kernels) }
            return found
        }
    }
}
