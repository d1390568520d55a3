import Tessera

/// The scenes Tessera ships for benchmarks: generated procedurally, their content drawn on demand per
/// tile and never held whole, so memory follows the viewport and the tile budget, not the content size.
///
/// Every scene is a 3840 × 2160 point viewport at scale 1 (a 4K frame) unless said otherwise.
public enum BuiltInScene: String, CaseIterable, Sendable {
    case feed, canvas, nested, inset, photos
    case feedFlat = "feed-flat"
    case feedLayout = "feed-layout"

    /// One line for `tessera scenes`.
    public var summary: String {
        switch self {
        case .feed:
            return "4K viewport scrolling 10,000 card layers (rounded-corner masks, borders, every 9th card a "
                + "fading group; gradients, greeked text, thumbnails) under a translucent fixed header"
        case .feedFlat:
            return "feed's previous look: 100,000 cards drawn into the scroll layer's content (rounded rects, "
                + "gradients, greeked text, thumbnails), no masks or groups"
        case .canvas:
            return "4K viewport over a 1,000,000 × 1,000,000 point map-like plane, scrolled diagonally"
        case .nested:
            return "4K viewport scrolling a vertical feed of 1,000 horizontal carousels (scroll layers in a scroll layer)"
        case .inset:
            return "4K feed of 2,000 cards with a pull-to-refresh top inset and a keyboard bottom inset"
        case .photos:
            return "4K photo grid, 6 × 20,000 large image and gradient tiles: expensive raster for checkerboard figures"
        case .feedLayout:
            return "4K feed of 10,000 card layers placed by constraints (Auto Layout): content size from the layout"
        }
    }

    /// Builds the scene: a fresh layer tree each call.
    public func make() throws -> BenchScene {
        switch self {
        case .feed: return try FeedScene.make()
        case .feedFlat: return try FeedScene.make(flat: true)
        case .canvas: return try CanvasScene.make()
        case .nested: return try NestedScene.make()
        case .inset: return try InsetScene.make()
        case .photos: return try PhotosScene.make()
        case .feedLayout: return try FeedLayoutScene.make()
        }
    }
}

/// A scene ready for a scroll benchmark: the scene, the scroll layer the script drives, and the unit
/// direction (in that layer's plane) in which its content offset grows while scrolling forward.
public struct BenchScene {
    public let scene: Scene
    public let scrollLayer: ScrollLayer
    public let direction: Point

    public init(scene: Scene, scrollLayer: ScrollLayer, direction: Point) {
        self.scene = scene
        self.scrollLayer = scrollLayer
        self.direction = direction
    }
}

/// A well-mixed 64-bit hash of two integers and a salt, for choosing variants and colours procedurally.
@inline(__always)
func proceduralHash(_ a: Int, _ b: Int, _ salt: UInt64 = 0) -> UInt64 {
    var z = UInt64(bitPattern: Int64(a)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(b)) &* 0xC2B2_AE3D_27D4_EB4F ^ salt
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}
