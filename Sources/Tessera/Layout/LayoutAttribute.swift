/// The edges, centres and sizes a constraint can relate (UIKit's `NSLayoutConstraint.Attribute`).
///
/// Positions are in points along one axis; `leading` / `trailing` are `left` / `right` (Tessera lays out
/// left to right only). Value type, `Sendable`.
public enum LayoutAttribute: String, CaseIterable, Sendable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY

    /// The axis the attribute measures along.
    public var axis: LayoutAxis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX: return .horizontal
        case .top, .bottom, .height, .centerY: return .vertical
        }
    }

    /// True for `width` and `height`.
    public var isDimension: Bool { self == .width || self == .height }

    /// Where along the item's extent the attribute sits: 0 for the minimum edge, 1 for the maximum
    /// edge, ½ for the centre (`nil` for sizes).
    var edgeFraction: Double? {
        switch self {
        case .left, .leading, .top: return 0
        case .right, .trailing, .bottom: return 1
        case .centerX, .centerY: return 0.5
        case .width, .height: return nil
        }
    }
}

/// Horizontal (x, widths) or vertical (y, heights).
public enum LayoutAxis: String, CaseIterable, Sendable {
    case horizontal, vertical
}

/// What a constraint's item is: a layer, or one of a scroll layer's layout guides (`.layer(card)`,
/// `.guide(feed.contentLayoutGuide)`).
///
/// The layer is held weakly, as UIKit's constraints hold their items: constraints live in their first
/// item's layer, and a strong reference to the other item would keep a dropped tree alive. A guide
/// holds its scroll layer weakly too. Value type.
public struct LayoutItem: CustomStringConvertible {
    private weak var layerObject: Layer?
    /// The guide, when the item is one.
    public let guide: LayoutGuide?

    private init(layer: Layer?, guide: LayoutGuide?) {
        layerObject = layer
        self.guide = guide
    }

    public static func layer(_ layer: Layer) -> LayoutItem { LayoutItem(layer: layer, guide: nil) }
    /// A layer item whose layer may already be gone (`nil`).
    static func layer(_ layer: Layer?) -> LayoutItem { LayoutItem(layer: layer, guide: nil) }
    public static func guide(_ guide: LayoutGuide) -> LayoutItem { LayoutItem(layer: nil, guide: guide) }

    /// The layer whose plane the item is in (a guide's scroll layer), or `nil` when that layer no
    /// longer exists.
    public var layer: Layer? { guide.map { $0.owningLayer } ?? layerObject }

    public var description: String {
        if let guide { return guide.description }
        return layerObject?.layoutName ?? "(freed layer)"
    }
}

/// A scroll layer's content area or frame as a constraint item (UIKit's `contentLayoutGuide` and
/// `frameLayoutGuide`).
///
/// The **content guide** is the content area: its edges are `0 … contentSize` in the scroll layer's own
/// plane and its width and height are the content size, which layout writes. The **frame guide** is the
/// scroll layer's frame seen from inside: edges `0 … bounds size` of its plane, width and height its
/// frame's. Layout never reads bounds origins, so a sublayer pinned to the frame guide is placed where
/// the frame shows the plane at content offset zero; when the bounds origin then changes it scrolls
/// with the rest of the content like any sublayer (a header that stays put belongs outside the scroll
/// layer, pinned to the scroll layer's frame from its superlayer). Thread safety: as ``Layer``.
public final class LayoutGuide: CustomStringConvertible {
    public enum Kind: String, Sendable { case content = "contentGuide", frame = "frameGuide" }

    /// The scroll layer (weak: the scroll layer owns its guides).
    public private(set) weak var owningLayer: ScrollLayer?
    public let kind: Kind

    init(owningLayer: ScrollLayer, kind: Kind) {
        self.owningLayer = owningLayer
        self.kind = kind
    }

    public var description: String { "\(owningLayer?.layoutName ?? "(freed scroll layer)").\(kind.rawValue)" }
}
