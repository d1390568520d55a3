import Testing
@testable import Tessera

/// Prepaint looks ahead only where a layer can show content: a layer carried up the screen by its
/// superlayer's scroll never shows what lies below its own bounds, but a layer about to enter the
/// viewport is prepainted before it does.
@Suite struct PrepaintReachTests {
    static let tile = 32

    /// A 128 × 128 viewport scrolling a column of 48 × 40 "cards" 100 points apart (the nested scene's
    /// shape in small): each card is its own layer with its own counted content.
    static func scene() throws -> (root: ScrollLayer, cards: [Layer], recorder: DrawRecorder) {
        let root = try ScrollLayer(frame: Rect(x: 0, y: 0, width: 128, height: 128))
        try root.setContentSize(Size(width: 128, height: 2000))
        let recorder = DrawRecorder()
        var cards: [Layer] = []
        for index in 0..<20 {
            let card = try Layer(frame: Rect(x: 10, y: Double(index) * 100, width: 48, height: 40))
            card.content = CountingContent(recorder: recorder, seed: UInt32(index))
            try root.addSublayer(card)
            cards.append(card)
        }
        return (root, cards, recorder)
    }

    @Test func carriedLayersPrepaintNothingOutsideTheirBoundsAndEnteringOnesAhead() throws {
        let (root, cards, recorder) = try Self.scene()
        let compositor = try Compositor(configuration: .init(tileSize: Self.tile, workers: 2, maximumPrepaintTiles: 64, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 128, height: 128)
        _ = try compositor.render(root, into: framebuffer)
        _ = recorder.take()
        var prepainted = 0, shownAfterPrepaint = 0
        for _ in 0..<30 {
            try root.pan(by: Point(x: 0, y: -10))
            let statistics = try compositor.render(root, into: framebuffer)
            prepainted += statistics.tilesRasterizedPrepaint
            shownAfterPrepaint += statistics.prepaintedTilesShown
            // Every card is 48 × 40 at x = 10: its plane tiles are columns 0…1, rows 0…1. Nothing else
            // of a card's plane can ever show, so nothing else may be drawn.
            for rect in recorder.take() {
                let tile = TilePosition(drawn: rect, tileSize: Self.tile)
                #expect((0...1).contains(tile.column) && (0...1).contains(tile.row), "drew \(tile)")
            }
        }
        #expect(prepainted > 0)
        // Cards entered the viewport during the scroll: their tiles were prepainted before they showed,
        // so visible raster misses are rare and every prepainted tile but the last look-ahead was shown.
        #expect(prepainted - shownAfterPrepaint <= 8)
        #expect(cards.count == 20)
    }
}
