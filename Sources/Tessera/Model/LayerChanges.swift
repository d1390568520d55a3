/// What changed on a layer since the pipeline last looked: the model's only message to later stages.
///
/// The model knows nothing of tiles or pixels; a frame reads these flags (through
/// ``Layer/takeChanges()``) to decide what it must re-plan or re-rasterize.
public struct LayerChanges: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `frame` moved or resized (the size also resizes `bounds`).
    public static let frame = LayerChanges(rawValue: 1 << 0)
    /// `bounds.origin` moved (scrolling): sublayers move, the layer's own tiles stay valid.
    public static let boundsOrigin = LayerChanges(rawValue: 1 << 1)
    /// `opacity`, `isHidden`, `clipsToBounds` or another compositing property changed.
    public static let compositing = LayerChanges(rawValue: 1 << 2)
    /// Sublayers were added, removed or reordered.
    public static let sublayers = LayerChanges(rawValue: 1 << 3)
    /// What the layer draws changed (`backgroundColor`, its content, or an explicit invalidation).
    public static let content = LayerChanges(rawValue: 1 << 4)
    /// A scroll layer's `contentSize` or `contentInset` changed (the scrollable range).
    public static let scrollRange = LayerChanges(rawValue: 1 << 5)

    public var description: String {
        let names: [(LayerChanges, String)] = [
            (.frame, "frame"), (.boundsOrigin, "boundsOrigin"), (.compositing, "compositing"),
            (.sublayers, "sublayers"), (.content, "content"), (.scrollRange, "scrollRange"),
        ]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}

/// One entry of ``Layer/takeChanges()``: a layer and what changed on it.
public struct LayerChange {
    public let layer: Layer
    public let changes: LayerChanges
}
