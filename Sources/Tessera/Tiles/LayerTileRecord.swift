/// What the tile manager remembers about one layer between frames: its motion history, how much of its
/// invalidation log it has applied, and which of its tiles exist.
///
/// Kept while the layer is alive and either has tiles or was planned in the last frame; a freed layer's
/// record (``lifetime`` ended) takes its tiles with it at the next frame.
///
/// Thread safety: the model thread only (owned by ``TileManager``).
final class LayerTileRecord {
    /// The layer's token, not the layer: the manager never keeps layers alive.
    let lifetime: LayerLifetime
    /// The ``DisplayLog/serial`` the manager has applied.
    var seenSerial: UInt64
    /// The plane-to-framebuffer translation (device pixels) in the frame ``lastFrame``.
    var lastTranslation: (x: Int, y: Int) = (0, 0)
    /// The bounds origin in plane device pixels in that frame.
    var lastBoundsOrigin: (x: Int, y: Int) = (0, 0)
    /// The last frame that planned the layer (0: never).
    var lastFrame: UInt64 = 0
    /// The layer's plane scale in that frame (``PlannedLayer/scale``; 0: never planned).
    var lastScale = 0.0
    /// The level of detail the layer was last drawn from while its scale changed (``LevelsOfDetail``), or
    /// `nil` once a frame showed its exact-scale tiles.
    var shownLevel: Int?
    /// The level the layer moves to once its visible tiles have pixels (``TileManager/deferredLevel``), and
    /// the frame it was first wanted in.
    var pendingLevel: Int?
    var pendingSince: UInt64 = 0
    /// The keys of the layer's tile entries.
    var keys: Set<TileKey> = []
    /// For a shadow's tiles: the shadow they were drawn for (``PlannedLayer/shadow``).
    var shadow: ShadowContent?

    init(lifetime: LayerLifetime, seenSerial: UInt64) {
        self.lifetime = lifetime
        self.seenSerial = seenSerial
    }

    /// The motion of the layer's window over its plane and of its bounds origin since the previous frame
    /// (device pixels), or `nil` when the previous frame did not plan it.
    func motion(at planned: PlannedLayer, frame: UInt64) -> (window: (x: Int, y: Int), bounds: (x: Int, y: Int))? {
        guard lastFrame == frame - 1, lastFrame > 0 else { return nil }
        return ((lastTranslation.x - planned.translation.x, lastTranslation.y - planned.translation.y),
                (planned.boundsOrigin.x - lastBoundsOrigin.x, planned.boundsOrigin.y - lastBoundsOrigin.y))
    }
}
