extension Compositor {
    /// Calls `observer` on the raster worker after each tile raster ends (the job's key, priority, lane
    /// and start / end instants are set), or stops calling it (`nil`). Used by ``FrameTrace``.
    ///
    /// Set it before the first ``render(_:into:)`` (or after ``drainRaster()``): the workers read it
    /// without a lock. The observer runs on the worker, after drawing, so it must be cheap and must not
    /// call back into the compositor.
    func setRasterObserver(_ observer: (@Sendable (RasterJob) -> Void)?) {
        tiles.queue.onFinish = observer
    }
}
