import Foundation
import Testing
@testable import Tessera

/// Idle frames for free (`Compositor+UnchangedFrame.swift`): with no layer changed, a settled tile stage
/// and the caller's framebuffer holding the last frame, a frame is the last one, not planned; any change,
/// any raster still to arrive, another root or an unknown framebuffer makes it a planned frame again.
/// Pixel equality of damage-only frames over random edits is `WarmCacheEquivalenceTests`' business.
@Suite struct UnchangedFrameTests {
    /// A compositor that has rendered `root` until its tile stage settled; the framebuffer and the token
    /// of the last (planned) frame.
    static func settled(_ root: Layer, mode: Compositor.RasterMode = .asynchronous)
        throws -> (Compositor, PixelBuffer, FrameToken) {
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, rasterMode: mode))
        let framebuffer = try PixelBuffer(width: 140, height: 120)
        var statistics = try compositor.render(root, into: framebuffer)
        for _ in 0..<4 {
            compositor.drainRaster()
            statistics = try compositor.render(root, into: framebuffer, previousFrame: statistics.frameToken)
            #expect(!statistics.isUnchangedFrame, "a frame that took rasters in is planned")
            if statistics.rasterJobsQueued == 0 && statistics.tilesCheckerboarded == 0 { break }
        }
        return (compositor, framebuffer, statistics.frameToken)
    }

    @Test func anIdleFrameIsTheLastFrameNotPlannedAndWritesNoPixel() throws {
        let (root, _, _) = try TilingIndependenceTests.makeScene()
        let (compositor, framebuffer, token) = try Self.settled(root)
        let before = framebuffer.packedBytes()
        var last = token
        for _ in 0..<3 {
            let tileFrame = compositor.tiles.frame
            let idle = try compositor.render(root, into: framebuffer, previousFrame: last)
            #expect(idle.isUnchangedFrame)
            #expect(idle.damage.isEmpty && idle.drawOps == 0 && idle.tilesRasterized == 0)
            #expect(compositor.tiles.frame == tileFrame, "the tile stage saw no frame")
            #expect(idle.frameToken != last)
            last = idle.frameToken
        }
        #expect(framebuffer.packedBytes() == before)
        // The token of an unchanged frame is as good as the planned frame's: a change damages only itself.
        let card = root.sublayers[0]
        try card.setOpacity(0.3)
        let changed = try compositor.render(root, into: framebuffer, previousFrame: last)
        #expect(!changed.isUnchangedFrame)
        #expect(!changed.damage.isEmpty && changed.damage != [framebuffer.bounds])
    }

    @Test func everyKindOfChangeMakesThePlannedFrameComeBack() throws {
        let edits: [(String, (Layer) throws -> Void)] = [
            ("opacity", { try $0.sublayers[0].setOpacity(0.25) }),
            ("hidden", { $0.sublayers[0].isHidden = true }),
            ("colour", { $0.sublayers[0].backgroundColor = try Color(hex: "#112233") }),
            ("scroll", { try ($0.sublayers[1] as! ScrollLayer).setContentOffset(Point(x: 0, y: 9)) }),
            ("frame", { try $0.sublayers[0].setFrame(Rect(x: 6, y: 5, width: 80, height: 60)) }),
            ("display", { try $0.sublayers[0].setNeedsDisplay(in: Rect(x: 0, y: 0, width: 4, height: 4)) }),
            ("removal", { $0.sublayers[0].removeFromSuperlayer() }),
            ("insertion", { try $0.addSublayer(Layer(frame: Rect(x: 1, y: 1, width: 5, height: 5))) }),
            ("deep change", { try ($0.sublayers[1].sublayers[1] as! ScrollLayer).setContentOffset(Point(x: 1, y: 1)) }),
        ]
        for (name, edit) in edits {
            let (root, _, _) = try TilingIndependenceTests.makeScene()
            let (compositor, framebuffer, token) = try Self.settled(root)
            try edit(root)
            let frame = try compositor.render(root, into: framebuffer, previousFrame: token)
            #expect(!frame.isUnchangedFrame, "\(name)")
        }
    }

    @Test func aRasterStillToArriveAnotherRootOrAnUnknownFramebufferArePlanned() throws {
        // Async: the first frame checkerboards and queues raster; once it has run, the next frame must
        // take it in (and show it), not repeat the checkerboard.
        let gated = AsynchronousRasterTests.GatedContent(AsynchronousRasterTests.green)
        let (root, _) = try AsynchronousRasterTests.scene(gated)
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2))
        let framebuffer = try PixelBuffer(width: 32, height: 32)
        let first = try compositor.render(root, into: framebuffer)
        #expect(first.tilesCheckerboarded == 1)
        gated.open()
        compositor.drainRaster()
        let second = try compositor.render(root, into: framebuffer, previousFrame: first.frameToken)
        #expect(!second.isUnchangedFrame && second.tilesCheckerboarded == 0)
        #expect(framebuffer[x: 5, y: 5] == AsynchronousRasterTests.green)

        let (settledRoot, _, _) = try TilingIndependenceTests.makeScene()
        let (other, buffer, token) = try Self.settled(settledRoot)
        #expect(!(try other.render(settledRoot, into: buffer, previousFrame: nil)).isUnchangedFrame,
                "no token: every pixel is composited")
        #expect(!(try other.render(settledRoot, into: buffer, previousFrame: .next())).isUnchangedFrame,
                "a token that is not the last frame's")
        let (anotherRoot, _, _) = try TilingIndependenceTests.makeScene()
        let last = try other.render(settledRoot, into: buffer, previousFrame: token).frameToken
        #expect(!(try other.render(anotherRoot, into: buffer, previousFrame: last)).isUnchangedFrame,
                "another root")
        _ = token
    }

    /// Unchanged is per tree (``TreeChanges``): changes to another tree, and to a subtree once it left
    /// this one, leave this compositor's idle frame free; a subtree that joins the tree is a change.
    @Test func changesToOtherTreesLeaveTheIdleFrameFree() throws {
        let (root, _, _) = try TilingIndependenceTests.makeScene()
        let (compositor, framebuffer, token) = try Self.settled(root)
        let other = try Layer(frame: Rect(x: 0, y: 0, width: 30, height: 30))
        let leaf = try Layer(frame: Rect(x: 1, y: 1, width: 5, height: 5))
        let dot = try Layer(frame: Rect(x: 1, y: 1, width: 2, height: 2))  // moves with `leaf`
        try leaf.addSublayer(dot)
        try other.addSublayer(leaf)
        leaf.backgroundColor = try Color(hex: "#102030")
        try leaf.setFrame(Rect(x: 2, y: 2, width: 6, height: 6))
        var frame = try compositor.render(root, into: framebuffer, previousFrame: token)
        #expect(frame.isUnchangedFrame, "another tree changed")

        try root.addSublayer(leaf)  // leaves `other`, joins this tree
        frame = try compositor.render(root, into: framebuffer, previousFrame: frame.frameToken)
        #expect(!frame.isUnchangedFrame, "a layer joined the tree")
        frame = try compositor.render(root, into: framebuffer, previousFrame: frame.frameToken)
        #expect(frame.isUnchangedFrame)
        dot.backgroundColor = try Color(hex: "#405060")
        frame = try compositor.render(root, into: framebuffer, previousFrame: frame.frameToken)
        #expect(!frame.isUnchangedFrame, "a layer of the tree changed")

        leaf.removeFromSuperlayer()
        frame = try compositor.render(root, into: framebuffer, previousFrame: frame.frameToken)
        #expect(!frame.isUnchangedFrame, "a layer left the tree")
        dot.backgroundColor = try Color(hex: "#708090")  // now in a tree of its own
        try other.setFrame(Rect(x: 0, y: 0, width: 40, height: 40))
        frame = try compositor.render(root, into: framebuffer, previousFrame: frame.frameToken)
        #expect(frame.isUnchangedFrame, "the layer that left changed, and another tree")
    }

    /// A layer that outlives its freed superlayer is a tree of its own: its former siblings' changes do
    /// not count for it (another thread may own them).
    @Test func sublayersThatOutliveTheirSuperlayerAreTreesOfTheirOwn() throws {
        let (root, _, _) = try TilingIndependenceTests.makeScene()
        let sibling = try Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        do {
            let parent = try Layer(frame: Rect(x: 0, y: 0, width: 300, height: 300))
            try parent.addSublayer(root)
            try parent.addSublayer(sibling)
        }  // `parent` is freed here
        #expect(root.superlayer == nil && sibling.superlayer == nil)
        let (compositor, framebuffer, token) = try Self.settled(root)
        sibling.backgroundColor = try Color(hex: "#204060")
        #expect(try compositor.render(root, into: framebuffer, previousFrame: token).isUnchangedFrame)
    }

    /// A root that joins another tree and leaves it again never looks unchanged to a compositor that
    /// rendered it before, even when its new tree has counted as many changes as its old one had: what
    /// the compositor keeps is the tree's object, not only its count.
    @Test func aRootThatVisitedAnotherTreeIsPlannedAgain() throws {
        let (root, _, _) = try TilingIndependenceTests.makeScene()
        let (compositor, framebuffer, token) = try Self.settled(root)
        let seen = root.treeChanges.count
        let host = try Layer(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        try host.addSublayer(root)
        try root.sublayers[0].setOpacity(0.4)  // counted in `host`'s tree
        root.removeFromSuperlayer()
        #expect(root.treeChanges.count < seen)
        while root.treeChanges.count < seen { root.sublayers[1].isHidden.toggle() }  // one change a toggle
        #expect(root.treeChanges.count == seen)
        let frame = try compositor.render(root, into: framebuffer, previousFrame: token)
        #expect(!frame.isUnchangedFrame)
        #expect(framebuffer.packedBytes() == (try RecoloredFrameTests.fullRender(root)))
    }
}
