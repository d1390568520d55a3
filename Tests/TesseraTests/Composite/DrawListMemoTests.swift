import Testing
@testable import Tessera
import TesseraPixels

/// The draw list's memo (`DrawListMemo`): an op cut by shapes takes the last frame's pieces, moved with it
/// when a scroll moved it, and its draw ops are then those a fresh cut gives.
@Suite struct DrawListMemoTests {
    /// The draw ops' geometry and coverage, in order: what the cut decides (the sources are each
    /// compositor's own tiles).
    static func cuts(_ ops: [DrawOp]) -> [String] {
        ops.map { op in
            let mask = op.mask.map { patch -> String in
                let plane = PixelRect(x: patch.x, y: patch.y, width: patch.buffer.width, height: patch.buffer.height)
                guard plane.intersection(op.destination) == op.destination else { return "mask \(plane) short of the op" }
                let bytes = (0..<op.destination.height).flatMap { v in
                    (0..<op.destination.width).map { u in patch.buffer[op.destination.x + u - patch.x, op.destination.y + v - patch.y] }
                }
                return "mask \(bytes)"
            } ?? "no mask"
            return "\(op.destination) opaque \(op.isOpaque) underlay \(String(describing: op.underlay)) \(mask)"
        }
    }

    /// A compositor that reuses cuts and one that cuts every op afresh (its memo emptied before each frame),
    /// each with its framebuffer (``ScrollMoveTests/renderers()``).
    final class Renderers {
        let reusing: Compositor, fresh: Compositor
        let framebuffer: PixelBuffer, expected: PixelBuffer
        var token: FrameToken?, freshToken: FrameToken?

        init() throws { (reusing, fresh, framebuffer, expected) = try ScrollMoveTests.renderers() }

        /// Renders `root` with both: the same draw ops (``cuts(_:)``) and the same pixels.
        func frame(_ root: Layer, _ label: String) throws {
            token = try reusing.render(root, into: framebuffer, previousFrame: token).frameToken
            fresh.drawListMemo = DrawListMemo()  // nothing to take: every op cut afresh
            freshToken = try fresh.render(root, into: expected, previousFrame: freshToken).frameToken
            #expect(DrawListMemoTests.cuts(reusing.drawListMemo.ops) == DrawListMemoTests.cuts(fresh.drawListMemo.ops), "\(label)")
            #expect(firstDifference(framebuffer.packedBytes(), expected.packedBytes(), width: 90) == nil, "\(label)")
        }
    }

    /// Rounded cards scrolled by steps that bring cards in and take them out (their ops' plan indices
    /// shift), vertically and horizontally: every frame's draw ops equal those of a compositor that cuts
    /// every op afresh, and most shaped ops reuse the last frame's cut.
    @Test func aScrolledOpTakesTheLastFramesCutMovedAndGivesTheOpsOfAFreshCut() throws {
        let (root, scroll, _) = try ScrollMoveTests.scene()
        let renderers = try Renderers(), reusing = renderers.reusing
        var shapedOps = 0
        let offsets = [(0, 0), (0, 3), (0, 10), (0, 22), (0, 40), (0, 41), (0, 75), (0, 60), (5, 60), (17, 60), (17, 0)]
        for (frame, offset) in offsets.enumerated() {
            try scroll.setContentOffset(Point(x: Double(offset.0), y: Double(offset.1)))
            try renderers.frame(root, "frame \(frame), offset \(offset)")
            if frame > 0 { shapedOps += reusing.drawListMemo.entries.count { $0?.op.shapes.isEmpty == false } }
        }
        #expect(renderers.fresh.reusedCuts == 0)
        #expect(reusing.reusedCuts * 2 > shapedOps, "\(reusing.reusedCuts) of \(shapedOps) shaped ops")
    }

    /// Small rounded cards, each inside one tile, so that a card's background and its tile have the same
    /// geometry: a background takes its cut from right before its tile's last entry, or by the last
    /// match's shift. One card's content is fully transparent (its tile is left out, its entry holds no
    /// pieces) and it gains a background, which changes colour, then goes, while the list scrolls: the
    /// background never takes the transparent tile's empty cut, and every frame equals a fresh build.
    @Test func aBackgroundNeverTakesTheEmptyCutOfATransparentTile() throws {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 90, height: 70))
        root.backgroundColor = Color(red: 230, green: 232, blue: 236)
        let scroll = try ScrollLayer(frame: Rect(x: 0, y: 0, width: 90, height: 70))
        try scroll.setContentSize(Size(width: 90, height: 400))
        try root.addSublayer(scroll)
        var cards: [Layer] = []
        for index in 0..<40 {
            // Neighbours of different widths: an op's cut is not its neighbour's.
            let card = try Layer(frame: Rect(x: 2 + Double(index % 5) * 17, y: 3 + Double(index / 5) * 17,
                                             width: index % 2 == 0 ? 12 : 11, height: 12))
            try card.setCornerRadius(4)
            card.clipsToBounds = true
            if index == 12 {
                card.content = SolidContent(pixel: .transparent)
            } else {
                card.content = PatternContent(seed: UInt32(40 + index))
                card.backgroundColor = Color(red: UInt8(index * 5), green: 90, blue: 140)
            }
            try scroll.addSublayer(card)
            cards.append(card)
        }
        let renderers = try Renderers()
        for frame in 0..<12 {
            // Every frame changes something (an unchanged frame builds no draw list to compare).
            try scroll.setContentOffset(Point(x: 0, y: Double([0, 2, 3, 3, 5, 9, 9, 14, 20, 20, 27, 30][frame])))
            if frame == 3 { cards[12].backgroundColor = Color(red: 200, green: 40, blue: 40) }
            if frame == 6 { cards[12].backgroundColor = Color(red: 40, green: 40, blue: 200) }
            if frame == 9 { cards[12].backgroundColor = nil }
            try renderers.frame(root, "frame \(frame)")
        }
        #expect(renderers.reusing.reusedCuts > 100, "\(renderers.reusing.reusedCuts) cuts reused")
    }
}
