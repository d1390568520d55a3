/// How urgently a frame needs a tile: Chromium's tile-manager bins.
///
/// - ``now``: visible in this frame.
/// - ``soon``: expected visible within ``TilePolicy/soonFrames`` frames at the layer's current velocity,
///   or within ``TilePolicy/soonBorderTiles`` tiles of the window whatever the velocity.
/// - ``eventually``: further ahead in the direction of motion, within ``TilePolicy/eventuallyFrames``
///   frames and one viewport.
///
/// Raster runs in this order; eviction never takes a tile the current frame needs at any priority
/// (tiles behind the scroll, which no bin holds, go first, least recently needed first).
enum TilePriority: Int, Comparable, Sendable, CustomStringConvertible {
    case eventually = 0
    case soon = 1
    case now = 2

    static func < (a: TilePriority, b: TilePriority) -> Bool { a.rawValue < b.rawValue }

    var description: String {
        switch self {
        case .now: "now"
        case .soon: "soon"
        case .eventually: "eventually"
        }
    }
}

/// The numbers of the tile manager's look-ahead, and its geometry: pure arithmetic on plane device
/// pixels. Thread safety: any thread.
///
/// A layer's velocity is the change of its plane-to-framebuffer translation between two consecutive
/// frames (device pixels per frame; a bounds-origin change anywhere above it moves it). From the window
/// through which the layer's plane is seen (``PlannedLayer/windowPlaneRect``), the look-ahead extends
/// each axis against the content's motion:
///
/// ```
///          window        soon: |v| × 8 frames, ≤ 4 tiles      eventually: |v| × 32 frames, ≤ 1 window
///   ┌──────────────────┬───────────────────────────────────┬─────────────────────────────────────┐
///   │ visible: NOW     │ SOON                              │ EVENTUALLY                          │ ──► motion
///   └──────────────────┴───────────────────────────────────┴─────────────────────────────────────┘
/// ```
///
/// and keeps only what the layer can show: its bounds, themselves extended the same way only as far as
/// its own bounds origin moves (a layer carried by an ancestor's scroll never shows what lies outside
/// its bounds; a scroll layer's window slides over its plane). At 120 Hz, 8 frames are 67 ms and 32
/// frames 267 ms.
///
/// Whatever the velocity, SOON also holds the tiles within ``soonBorderTiles`` tiles of the window on
/// every side (Chromium's "soon border"), cut by the bounds — grown by the same border for a scroll
/// layer, whose bounds origin can move (``ring(window:bounds:scrolls:tileSize:)``): a scroll that starts
/// from rest, or turns, finds its first row ready. It is rasterized once, after the visible tiles, and
/// stays needed while the window stays put.
enum TilePolicy {
    /// Tiles around the window that ``TilePriority/soon`` holds at any velocity (1 tile: 256 device
    /// pixels at the default tile size, about Chromium's 312-pixel soon border).
    static let soonBorderTiles = 1

    /// The distance margin of ``TilePriority/soon``: `window` grown by ``soonBorderTiles`` tiles on every
    /// side, cut by `bounds` (grown the same way when the layer `scrolls`).
    static func ring(window: PixelRect, bounds: PixelRect, scrolls: Bool, tileSize: Int) -> PixelRect {
        let border = soonBorderTiles * tileSize
        let grow = { (r: PixelRect) in
            PixelRect(x: r.x - border, y: r.y - border, width: r.width + 2 * border, height: r.height + 2 * border)
        }
        return grow(window).intersection(scrolls ? grow(bounds) : bounds)
    }

    /// Frames of the current motion that ``TilePriority/soon`` covers.
    static let soonFrames = 8
    /// The most tiles ``TilePriority/soon`` reaches ahead on an axis.
    static let soonMaximumTiles = 4
    /// Frames of the current motion that ``TilePriority/eventually`` covers (beyond soon).
    static let eventuallyFrames = 32

    /// The reach of `priority` for a motion of `delta` device pixels per frame on an axis whose window
    /// spans `extent` device pixels.
    static func reach(_ priority: TilePriority, delta: Int, extent: Int, tileSize: Int) -> Int {
        let speed = abs(delta)
        switch priority {
        case .now: return 0
        case .soon: return Swift.min(speed.multipliedReportingOverflow(by: soonFrames).partialValue,
                                     soonMaximumTiles * tileSize)
        case .eventually:
            let far = Swift.min(speed.multipliedReportingOverflow(by: eventuallyFrames).partialValue, extent)
            return Swift.max(far, reach(.soon, delta: delta, extent: extent, tileSize: tileSize))
        }
    }

    /// `rect` grown in the direction of `motion` by `priority`'s reach (never shrunk).
    static func extend(_ rect: PixelRect, by motion: (x: Int, y: Int), _ priority: TilePriority,
                       extent: (width: Int, height: Int), tileSize: Int) -> PixelRect {
        let rx = reach(priority, delta: motion.x, extent: extent.width, tileSize: tileSize)
        let ry = reach(priority, delta: motion.y, extent: extent.height, tileSize: tileSize)
        var ahead = rect
        if motion.x > 0 { ahead.width += rx }
        if motion.x < 0 { ahead.x -= rx; ahead.width += rx }
        if motion.y > 0 { ahead.height += ry }
        if motion.y < 0 { ahead.y -= ry; ahead.height += ry }
        return ahead
    }

    /// The plane device pixels `priority` covers for a layer whose window moves by `motion` and whose
    /// bounds origin moves by `boundsMotion` (device pixels per frame): the window extended ahead, cut by
    /// the bounds extended as far as the bounds origin moves.
    static func region(_ priority: TilePriority, window: PixelRect, bounds: PixelRect, motion: (x: Int, y: Int),
                       boundsMotion: (x: Int, y: Int), extent: (width: Int, height: Int), tileSize: Int) -> PixelRect {
        extend(window, by: motion, priority, extent: extent, tileSize: tileSize)
            .intersection(extend(bounds, by: boundsMotion, priority, extent: extent, tileSize: tileSize))
    }

    /// Manhattan distance in device pixels between `tile` and `window` (0 when they meet).
    static func distance(_ tile: PixelRect, from window: PixelRect) -> Int {
        Swift.max(0, window.minX - tile.maxX, tile.minX - window.maxX)
            + Swift.max(0, window.minY - tile.maxY, tile.minY - window.maxY)
    }
}
