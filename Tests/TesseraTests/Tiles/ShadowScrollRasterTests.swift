import Testing
import Tessera

/// Invariant 2 of ARCHITECTURE.md with shadows: scrolling a feed of masked, shadowed cards rasterizes
/// exactly the newly exposed tiles that were not cached — content tiles and shadow tiles alike — and
/// scrolling back rasterizes nothing (README.md, "Shadows": a shadow's tiles are tiles of its layer's
/// plane, moved with it).
///
/// Expected tiles are computed here by hand (scale 1, whole-point offsets): card `i` sits at
/// `(20, 12 + 60i − offset)` with bounds `160 × 40` at origin 0, so its plane's translation is its
/// position. Its content shows the plane rect of its frame cut by the feed's `[0, 200) × [0, 150)`.
/// Its shadow (offset `(0, 3)`, σ = 4 points) covers the plane rect `[0, 160) × [3, 43)` grown by the
/// blur's reach `3k`, `k = ScalarReference.boxRadius(sigma: 4)` (README.md, "Shadow blur"), cut the same
/// way, less the tiles inside the card's opaque interior, which never show (README.md, "Shadows"): the
/// plane rect `[9, 151) × [0, 40)` (inset by the 8-point radius and a pixel) holds tiles columns 1…3 of
/// row 0 at 32 pixels.
@Suite struct ShadowScrollRasterTests {
    static let tileSize = 32

    @Test func scrollingAFeedOfMaskedShadowedCardsRasterizesExactlyTheNewlyExposedTiles() throws {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 200, height: 150))
        let feed = try ScrollLayer(frame: Rect(x: 0, y: 0, width: 200, height: 150))
        feed.clipsToBounds = true
        try feed.setContentSize(Size(width: 200, height: 12 * 60 + 24))
        try root.addSublayer(feed)
        var recorders: [DrawRecorder] = []
        for index in 0..<12 {
            let card = try Layer(frame: Rect(x: 20, y: 12 + Double(index) * 60, width: 160, height: 40))
            card.clipsToBounds = true
            try card.setCornerRadius(8)
            card.backgroundColor = .white
            let recorder = DrawRecorder()
            card.content = CountingContent(recorder: recorder, seed: UInt32(index + 1))
            try card.setShadowOpacity(0.3)
            try card.setShadowRadius(4)
            try card.setShadowOffset(Size(width: 0, height: 3))
            try feed.addSublayer(card)
            recorders.append(recorder)
        }
        let compositor = try Compositor(configuration: .init(
            tileSize: Self.tileSize, workers: 2, maximumPrepaintTiles: 0, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 200, height: 150)
        let reach = 3 * ScalarReference.boxRadius(sigma: 4)

        /// The plane tiles of card `index` that `rect` (plane) shows through the feed's window.
        func tiles(_ index: Int, plane rect: (x0: Int, y0: Int, x1: Int, y1: Int)) -> Set<TilePosition> {
            let tx = 20, ty = 12 + 60 * index - Int(feed.contentOffset.y)
            let x0 = max(rect.x0 + tx, 0), y0 = max(rect.y0 + ty, 0), x1 = min(rect.x1 + tx, 200), y1 = min(rect.y1 + ty, 150)
            return TilePosition.covering(x0: x0 - tx, y0: y0 - ty, x1: x1 - tx, y1: y1 - ty, tileSize: Self.tileSize)
        }
        var cachedContent = [Set<TilePosition>](repeating: [], count: 12)
        var cachedShadow = [Set<TilePosition>](repeating: [], count: 12)
        let hidden = Set((1...3).map { TilePosition(column: $0, row: 0) })
        let steps: [Double] = [0, 17, 40, 33, -25, 64, 90, -120, 5]
        for (step, delta) in steps.enumerated() {
            try feed.setContentOffset(Point(x: 0, y: feed.contentOffset.y + delta))
            let statistics = try compositor.render(root, into: framebuffer)
            var expectedShadowTiles = 0, expectedTiles = 0
            for index in 0..<12 {
                let content = tiles(index, plane: (0, 0, 160, 40))
                let shadow = tiles(index, plane: (-reach, 3 - reach, 160 + reach, 43 + reach)).subtracting(hidden)
                let drawn = recorders[index].take().map { TilePosition(drawn: $0, tileSize: Self.tileSize) }
                #expect(Set(drawn) == content.subtracting(cachedContent[index]), "step \(step), card \(index)")
                #expect(drawn.count == Set(drawn).count, "step \(step): a tile was drawn twice")
                expectedShadowTiles += shadow.subtracting(cachedShadow[index]).count
                expectedTiles += content.subtracting(cachedContent[index]).count
                cachedContent[index].formUnion(content)
                cachedShadow[index].formUnion(shadow)
            }
            #expect(statistics.shadowTilesRasterized == expectedShadowTiles, "step \(step)")
            #expect(statistics.tilesRasterized == expectedTiles + expectedShadowTiles, "step \(step)")
            #expect(statistics.tilesRasterizedPrepaint == 0)
        }
        for (step, delta) in steps.reversed().enumerated() {
            try feed.setContentOffset(Point(x: 0, y: feed.contentOffset.y - delta))
            let statistics = try compositor.render(root, into: framebuffer)
            #expect(statistics.tilesRasterized == 0 && statistics.evictions == 0, "back step \(step)")
        }
    }
}
