import Testing
@testable import Tessera

/// The planner finds the sublayers of a layer with many of them through its ``SublayerIndex`` (only those
/// that can meet the look-ahead region): frames must be exactly those of testing every sublayer, whatever
/// moves, clips, nests, scales or is added and removed, and the index must follow every such change.
@Suite struct SublayerIndexTests {
    static let width = 96, height = 80

    /// A scroll layer with 120 sublayers in a column, every 7th one unclipped with a sublayer that
    /// reaches far outside its frame, every 5th translucent.
    static func makeScene() throws -> (root: Layer, scroll: ScrollLayer) {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        root.backgroundColor = try Color(hex: "#F4F0E8")
        let scroll = try ScrollLayer(frame: Rect(x: 4, y: 3, width: 88, height: 74))
        try scroll.setContentSize(Size(width: 88, height: 2000))
        for index in 0..<120 {
            let card = try Layer(frame: Rect(x: Double(index % 3) * 9, y: Double(index) * 16.5, width: 60, height: 14))
            card.content = PatternContent(seed: UInt32(index))
            if index % 5 == 0 { try card.setOpacity(0.6) }
            if index % 7 == 0 {
                let reach = try Layer(frame: Rect(x: 50, y: -90, width: 20, height: 120))  // far above its card
                reach.backgroundColor = try Color(hex: "#2060C080")
                try card.addSublayer(reach)
            } else {
                card.clipsToBounds = index % 2 == 0
            }
            try scroll.addSublayer(card)
        }
        try root.addSublayer(scroll)
        return (root, scroll)
    }

    static func render(_ root: Layer, _ compositor: Compositor) throws -> [UInt8] {
        let framebuffer = try PixelBuffer(width: width, height: height)
        _ = try compositor.render(root, into: framebuffer)
        return framebuffer.packedBytes()
    }

    @Test func indexedPlanningMatchesTheReferenceThroughScrollsAndEdits() throws {
        let (root, scroll) = try Self.makeScene()
        #expect(scroll.sublayers.count >= FramePlanner.indexedSublayerCount)
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, rasterMode: .synchronous))
        var random = SplitMix(seed: 7)
        for step in 0..<40 {
            let card = scroll.sublayers[Int(random.next() % UInt64(scroll.sublayers.count))]
            switch step % 8 {
            case 0: try scroll.setContentOffset(Point(x: 0, y: Double(random.next() % 1900)))
            case 1: try card.setFrame(Rect(x: card.frame.minX, y: Double(random.next() % 1900), width: 60, height: 14))
            case 2: card.clipsToBounds.toggle()
            case 3: try card.setTransform(LayerTransform(scale: [0.5, 1, 2][Int(random.next() % 3)]))
            case 4: card.removeFromSuperlayer()
            case 5:
                let added = try Layer(frame: Rect(x: 10, y: scroll.contentOffset.y + Double(random.next() % 60),
                                                  width: 30, height: 20))
                added.backgroundColor = try Color(hex: "#D02030")
                try scroll.insertSublayer(added, at: Int(random.next() % UInt64(scroll.sublayers.count)))
            case 6:  // a leaf gains a sublayer reaching outside its frame: it must stop being bounded
                let reach = try Layer(frame: Rect(x: -30, y: 40, width: 80, height: 30))
                reach.backgroundColor = try Color(hex: "#10A03080")
                card.clipsToBounds = false
                try card.addSublayer(reach)
            default: try scroll.setContentOffset(Point(x: 0, y: card.frame.minY - 20))
            }
            let expected = try ReferenceRenderer.render(root, width: Self.width, height: Self.height, scale: 1)
            #expect(firstDifference(try Self.render(root, compositor), expected, width: Self.width) == nil, "step \(step)")
        }
    }

    /// Shadows drawn far from their cards (offsets beyond the look-ahead region, paths): the index files a
    /// shadowed card under its frame and its shadow, and refiles it when the shadow or a path's plane moves.
    @Test func farShadowsAreFoundThroughTheIndex() throws {
        let (root, scroll) = try Self.makeScene()
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, rasterMode: .synchronous))
        var random = SplitMix(seed: 11)
        var pathed: Layer?
        for (index, card) in scroll.sublayers.enumerated() where index % 4 == 1 {
            try card.setShadowOpacity(0.8)
            try card.setShadowRadius(1.5)
            try card.setShadowOffset(Size(width: 0, height: index % 8 == 1 ? 300 : -260))
        }
        for step in 0..<24 {
            let card = scroll.sublayers[Int(random.next() % UInt64(scroll.sublayers.count))]
            switch step % 5 {
            case 0: try scroll.setContentOffset(Point(x: 0, y: Double(random.next() % 1900)))
            case 1:
                try card.setShadowOpacity(1)
                try card.setShadowOffset(Size(width: 5, height: Double(random.next() % 600) - 300))
            case 2:
                try card.setShadowOpacity(0.5)
                try card.setShadowPath(ShadowPath(rect: Rect(x: 0, y: Double(random.next() % 500) - 250, width: 30, height: 10)))
                pathed = card
            case 3:  // only the bounds origin of a card with a path moves: its shadow moves in the feed's plane
                guard let pathed, let path = pathed.shadowPath else { break }
                try pathed.setBoundsOrigin(Point(x: 0, y: Double(random.next() % 400) - 200))
                try scroll.setContentOffset(Point(x: 0, y: max(0, pathed.frame.minY + path.rect.minY - pathed.boundsOrigin.y
                                                                  + pathed.shadowOffset.height - 30)))
            default: try scroll.setContentOffset(Point(x: 0, y: card.frame.minY + card.shadowOffset.height - 30))
            }
            let expected = try ReferenceRenderer.render(root, width: Self.width, height: Self.height, scale: 1)
            #expect(firstDifference(try Self.render(root, compositor), expected, width: Self.width) == nil, "step \(step)")
        }
    }

    @Test func aQueryReturnsTheUnboundedAndTheMeetingSublayersInPaintOrder() throws {
        let (_, scroll) = try Self.makeScene()
        let index = SublayerIndex(scroll.sublayers)
        let window = Rect(x: 0, y: 330, width: 88, height: 40)  // cards 20…22 (y 330, 346.5, 363)
        let found = index.sublayers(meeting: window, of: scroll.sublayers)
        let expected = scroll.sublayers.indices.filter { position in
            let layer = scroll.sublayers[position]
            let bounded = layer.sublayers.isEmpty || layer.clipsToBounds
            let frame = layer.frame
            return !bounded || (frame.maxY >= window.minY && frame.minY <= window.maxY
                                && frame.maxX >= window.minX && frame.minX <= window.maxX)
        }
        #expect(found == expected)
        #expect(found.contains(20) && found.contains(22) && !found.contains(30))
        #expect(found == found.sorted())
    }

    /// Moving sublayers (a scroll indicator during a fling) keeps the index: a moved sublayer is found by
    /// its current frame, never twice, and frames equal the reference; past `maximumMoved` moves the index
    /// is rebuilt.
    @Test func movedSublayersAreFoundWhereTheyAreWithoutARebuild() throws {
        let (root, scroll) = try Self.makeScene()
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, rasterMode: .synchronous))
        _ = try Self.render(root, compositor)
        let index = scroll.sublayerIndex
        var random = SplitMix(seed: 11)
        let movable = scroll.sublayers.indices.filter { $0 % 7 != 0 }  // indexed (bounded) cards; 102 of them
        for step in 0..<SublayerIndex.maximumMoved {
            // Move a distinct card into (or out of) the window at offset 0, then check against testing every card.
            let card = scroll.sublayers[movable[(step * 5) % movable.count]]
            try card.setFrame(Rect(x: card.frame.minX, y: Double(random.next() % 120), width: 60, height: 14))
            #expect(scroll.sublayerIndex === index, "step \(step): a move must not rebuild the index")
            let window = Rect(x: 0, y: 0, width: 88, height: 74)
            let expected = scroll.sublayers.indices.filter { p in
                let layer = scroll.sublayers[p], frame = layer.frame
                return !(layer.sublayers.isEmpty || layer.clipsToBounds)
                    || (frame.maxY >= 0 && frame.minY <= window.maxY && frame.maxX >= 0 && frame.minX <= window.maxX)
            }
            #expect(index.sublayers(meeting: window, of: scroll.sublayers) == expected, "step \(step)")
            let reference = try ReferenceRenderer.render(root, width: Self.width, height: Self.height, scale: 1)
            #expect(firstDifference(try Self.render(root, compositor), reference, width: Self.width) == nil, "step \(step)")
        }
        let last = scroll.sublayers[movable[(SublayerIndex.maximumMoved * 5) % movable.count]]
        try last.setFrame(Rect(x: 0, y: 5, width: 60, height: 14))  // one move too many: rebuilt
        #expect(scroll.sublayerIndex !== index)
    }
}

/// A small deterministic generator for test edits.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
