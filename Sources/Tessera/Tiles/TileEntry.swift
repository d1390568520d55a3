/// One cached tile: its pixels, what its alpha says, and its place in the cache's LRU order.
///
/// The buffer is `tileSize × tileSize` device pixels of the layer's plane (see ``TileKey``).
///
/// Thread safety: owned by ``TileCache`` on the compositor's calling thread. Raster workers write only
/// the pixels of the buffers of the tiles they were given, between planning and composition; composite
/// workers only read the pixels.
final class TileEntry {
    let key: TileKey
    let buffer: PixelBuffer
    /// Set after rasterization (``AlphaCoverage/mixed`` until then).
    var coverage: AlphaCoverage = .mixed
    /// True from a prepaint until the first frame that shows the tile.
    var awaitsFirstUse = false
    /// The number of the last frame that needed (or prepainted) the tile.
    var lastUsedFrame: UInt64

    /// Towards the least recently used end of the LRU list.
    var older: TileEntry?
    /// Towards the most recently used end of the LRU list.
    weak var newer: TileEntry?

    init(key: TileKey, buffer: PixelBuffer, frame: UInt64) {
        self.key = key
        self.buffer = buffer
        self.lastUsedFrame = frame
    }
}
