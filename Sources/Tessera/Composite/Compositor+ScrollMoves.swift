/// The moves a frame may start with (``DamageTracker``, ``ScrollMove``): how far the visible layers moved
/// since the last frame — a scroll moves every layer inside the scroll layer by the same offset — and the
/// window they are seen through.
///
/// Thread safety: the model thread, as ``Compositor/render(_:into:previousFrame:)``.
extension Compositor {
    /// The most moves tried per frame (each costs an O(ops) comparison).
    static let maximumMoveCandidates = 2

    /// The distinct device translation changes of the visible layers with content since the last frame,
    /// vertical or horizontal only, the offset that moved the most visible area first, each with the
    /// bounding box of the clip rects (framebuffer pixels) of the layers that moved by it; records this
    /// frame's translations. Cost: O(visible layers).
    func scrollMoves(_ plan: FramePlan) -> [Damage.Move] {
        var moves: [(offset: (x: Int, y: Int), window: PixelRect, area: Int)] = []
        var translations: [UInt64: (x: Int, y: Int)] = [:]
        translations.reserveCapacity(plan.layers.count)
        for index in plan.layers.indices where plan.layers[index].isVisible {  // in place (``PlannedLayer``, "Cost")
            let identity = plan.layers[index].identity, translation = plan.layers[index].translation
            translations[identity] = translation
            guard let last = layerTranslations[identity] else { continue }
            let offset = (x: translation.x - last.x, y: translation.y - last.y)
            guard (offset.x == 0) != (offset.y == 0) else { continue }
            let clip = plan.layers[index].windowPlaneRect.offsetBy(dx: translation.x, dy: translation.y)
            let area = plan.layers[index].visiblePlaneRect.area
            if let found = moves.firstIndex(where: { $0.offset == offset }) {
                moves[found].area += area
                moves[found].window = moves[found].window.union(clip)
            } else {
                moves.append((offset, clip, area))
            }
        }
        layerTranslations = translations
        return moves.sorted { $0.area > $1.area }.prefix(Self.maximumMoveCandidates)
            .map { Damage.Move(offset: $0.offset, window: $0.window) }
    }
}
