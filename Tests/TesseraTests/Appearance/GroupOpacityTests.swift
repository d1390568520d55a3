import Testing
@testable import Tessera

/// Group opacity (README.md, "Group opacity"): a translucent layer's subtree fades as one image; the
/// offscreen pass is skipped exactly when it cannot change a pixel; every tiling, worker count and band
/// height gives the untiled reference's pixels.
@Suite struct GroupOpacityTests {
    /// A white root; a parent at opacity 0.5 with an opaque red child at x 0–30 and an opaque blue child
    /// at x 20–50 (overlapping on 20–30), all 10 points high.
    static func overlapping(allowsGroupOpacity: Bool) throws -> Layer {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 60, height: 10))
        root.backgroundColor = .white
        let parent = try Layer(frame: Rect(x: 0, y: 0, width: 60, height: 10))
        try parent.setOpacity(0.5)
        parent.allowsGroupOpacity = allowsGroupOpacity
        let red = try Layer(frame: Rect(x: 0, y: 0, width: 30, height: 10))
        red.backgroundColor = Color(red: 255, green: 0, blue: 0)
        let blue = try Layer(frame: Rect(x: 20, y: 0, width: 30, height: 10))
        blue.backgroundColor = Color(red: 0, green: 0, blue: 255)
        try parent.addSublayer(red)
        try parent.addSublayer(blue)
        try root.addSublayer(parent)
        return root
    }

    @Test func theOverlapOfTwoChildrenOfAHalfTransparentParentIsNotDarkerThanOneChild() throws {
        let framebuffer = try PixelBuffer(width: 60, height: 10)
        let compositor = try Compositor(configuration: .init(tileSize: 16, workers: 2, bandHeight: 3, rasterMode: .synchronous))
        let statistics = try compositor.render(try Self.overlapping(allowsGroupOpacity: true), into: framebuffer)
        #expect(statistics.offscreenPasses == 1)
        #expect(statistics.opacityPeepholes == 0)
        // o = round(0.5 · 255) = 128. Red over white: (div255(255·128), 0, 0, 128) = (128, 0, 0, 128), then
        // + div255(255 · 127) = 127 per channel: (255, 127, 127, 255). The offscreen holds pure blue over
        // the overlap, so it gets blue's result: (127, 127, 255, 255), the same as blue alone.
        #expect(framebuffer[x: 5, y: 5] == Pixel(r: 255, g: 127, b: 127, a: 255))
        #expect(framebuffer[x: 25, y: 5] == Pixel(r: 127, g: 127, b: 255, a: 255))
        #expect(framebuffer[x: 45, y: 5] == Pixel(r: 127, g: 127, b: 255, a: 255))
        #expect(framebuffer[x: 55, y: 5] == Pixel(r: 255, g: 255, b: 255, a: 255))

        // Without group opacity, blue at 128 blends over the red result: r = div255(255·127) = 127,
        // g = div255(127·127) = 63, b = 128 + 63 = 191 — darker than either child alone.
        let ungrouped = try Compositor(configuration: .init(tileSize: 16, rasterMode: .synchronous))
        let flat = try ungrouped.render(try Self.overlapping(allowsGroupOpacity: false), into: framebuffer)
        #expect(flat.offscreenPasses == 0)
        #expect(framebuffer[x: 25, y: 5] == Pixel(r: 127, g: 63, b: 191, a: 255))
        #expect(framebuffer[x: 45, y: 5] == Pixel(r: 127, g: 127, b: 255, a: 255))
    }

    @Test func nonOverlappingOpaqueChildrenTakeThePeepholeWithTheSamePixels() throws {
        let root = try Self.overlapping(allowsGroupOpacity: true)
        let blue = root.sublayers[0].sublayers[1]
        try blue.setFrame(Rect(x: 30, y: 0, width: 30, height: 10))  // now beside red
        let framebuffer = try PixelBuffer(width: 60, height: 10)
        let compositor = try Compositor(configuration: .init(tileSize: 16, workers: 2, bandHeight: 3, rasterMode: .synchronous))
        let statistics = try compositor.render(root, into: framebuffer)
        #expect(statistics.offscreenPasses == 0)
        #expect(statistics.opacityPeepholes == 1)
        let reference = try ReferenceRenderer.render(root, width: 60, height: 10, scale: 1)  // always offscreen
        #expect(firstDifference(framebuffer.packedBytes(), reference, width: 60) == nil)
        // A translucent child breaks the peephole (its own opacity would multiply differently).
        try blue.setOpacity(0.5)
        let translucent = try compositor.render(root, into: framebuffer)
        #expect(translucent.offscreenPasses >= 1)
        #expect(firstDifference(framebuffer.packedBytes(), try ReferenceRenderer.render(root, width: 60, height: 10, scale: 1),
                                width: 60) == nil)
    }

    /// Nested groups, a group inside a masked scroll layer, masked and bordered cards inside a group,
    /// content over an opaque background in a fading card, a group with allowsGroupOpacity off.
    static func makeScene() throws -> (root: Layer, scroll: ScrollLayer, fading: Layer) {
        let (root, scroll, cards) = try RoundedCornerTests.makeScene()
        try cards[0].setOpacity(0.6)                 // a masked card with content and a sublayer: a group
        try cards[1].setOpacity(0.8)
        cards[1].allowsGroupOpacity = false
        try cards[2].sublayers[0].setOpacity(0.5)    // a nested translucent image in a clipped card
        try cards[2].setOpacity(0.9)
        let fading = try Layer(frame: Rect(x: 20, y: 30, width: 100, height: 80))
        try fading.setOpacity(0.45)
        fading.backgroundColor = try Color(hex: "#204060C0")
        fading.content = PatternContent(seed: 60)
        let inner = try Layer(frame: Rect(x: 30, y: 20, width: 60, height: 50))
        try inner.setOpacity(0.7)                    // a group inside a group
        inner.backgroundColor = try Color(hex: "#F0C020")
        let innermost = try Layer(frame: Rect(x: -10, y: 10, width: 40, height: 20))
        innermost.backgroundColor = try Color(hex: "#10A0F0")
        try inner.addSublayer(innermost)
        try fading.addSublayer(inner)
        try fading.setBorderWidth(2.5)
        try fading.setCornerRadius(12)
        try scroll.addSublayer(fading)
        return (root, scroll, fading)
    }

    @Test(arguments: [16, 64, 256])
    func groupsMatchTheUntiledReferenceForEveryTiling(tileSize: Int) throws {
        let scene = try Self.makeScene()
        let w = RoundedCornerTests.width, h = RoundedCornerTests.height
        let reference = try ReferenceRenderer.render(scene.root, width: w, height: h, scale: 1)
        for (workers, bandHeight) in [(1, 64), (2, 7), (5, 1), (2, 1000)] {
            let compositor = try Compositor(configuration: .init(
                tileSize: tileSize, workers: workers, scale: 1, bandHeight: bandHeight, rasterMode: .synchronous))
            let statistics = try compositor.render(scene.root, into: try PixelBuffer(width: w, height: h))
            #expect(statistics.offscreenPasses >= 3)
            #expect(firstDifference(try RoundedCornerTests.render(scene.root, with: compositor), reference, width: w) == nil,
                    "tile \(tileSize), workers \(workers), band \(bandHeight)")
        }
    }

    @Test(arguments: [1.5, 2.0])
    func groupsAtOtherScalesMatchTheReference(scale: Double) throws {
        let scene = try Self.makeScene()
        let w = RoundedCornerTests.width, h = RoundedCornerTests.height
        let reference = try ReferenceRenderer.render(scene.root, width: w, height: h, scale: scale)
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, scale: scale, bandHeight: 9,
                                                             rasterMode: .synchronous))
        #expect(firstDifference(try RoundedCornerTests.render(scene.root, with: compositor), reference, width: w) == nil)
    }

    @Test func damageOnlyFramesWithGroupsEqualTheReference() throws {
        let scene = try Self.makeScene()
        let w = RoundedCornerTests.width, h = RoundedCornerTests.height
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, bandHeight: 5, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: w, height: h)
        var token = try compositor.render(scene.root, into: framebuffer).frameToken
        let changes: [(String, () throws -> Void)] = [
            ("fade", { try scene.fading.setOpacity(0.3) }),
            ("inner colour", { scene.fading.sublayers[0].backgroundColor = .black }),
            ("no group", { scene.fading.allowsGroupOpacity = false }),
            ("group again", { scene.fading.allowsGroupOpacity = true }),
            ("scroll", { try scene.scroll.setContentOffset(Point(x: 0, y: 21)) }),
            ("nothing", {}),
        ]
        for (name, change) in changes {
            try change()
            let statistics = try compositor.render(scene.root, into: framebuffer, previousFrame: token)
            token = statistics.frameToken
            let reference = try ReferenceRenderer.render(scene.root, width: w, height: h, scale: 1)
            #expect(firstDifference(framebuffer.packedBytes(), reference, width: w) == nil, "\(name)")
        }
    }
}
