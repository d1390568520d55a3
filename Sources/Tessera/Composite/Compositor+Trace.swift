/// One finished tile raster, as a frame trace records it: which tile (layer identity, column, row of
/// its grid), at which priority (`NOW`, `SOON`, `EVENTUALLY`), on which raster lane (0-based), from when
/// to when.
package struct TileRasterRecord: Sendable {
    package let layer: UInt64
    package let column: Int
    package let row: Int
    package let priority: String
    package let lane: Int
    package let started: ContinuousClock.Instant
    package let finished: ContinuousClock.Instant
}

extension Compositor {
    /// Calls `observer` on the raster worker after each tile raster ends, or stops calling it (`nil`).
    /// Used by the benchmark's frame trace (`TesseraBench`).
    ///
    /// Set it before the first ``render(_:into:)`` (or after ``drainRaster()``): the workers read it
    /// without a lock. The observer runs on the worker, after drawing, so it must be cheap and must not
    /// call back into the compositor.
    package func setRasterObserver(_ observer: (@Sendable (TileRasterRecord) -> Void)?) {
        guard let observer else {
            tiles.queue.onFinish = nil
            return
        }
        tiles.queue.onFinish = { job in
            guard let started = job.started else { return }
            observer(TileRasterRecord(layer: job.key.layer, column: job.key.column, row: job.key.row,
                                      priority: job.priority.description, lane: job.lane,
                                      started: started, finished: job.finished ?? started))
        }
    }
}
