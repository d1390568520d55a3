import Testing
import Tessera
import TesseraPixels

/// Layer trees are walked recursively (planning, change tracking, release): a tree deeper than
/// `Layer.maximumTreeDepth` is refused when it is built, so no API input can overflow the stack.
@Suite struct TreeDepthTests {
    /// A chain of `count` layers, each the only sublayer of the previous one; returns root and leaf.
    func chain(_ count: Int) throws -> (root: Layer, leaf: Layer) {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 4, height: 4))
        var leaf = root
        for _ in 1..<count {
            let next = try Layer(frame: Rect(x: 0, y: 0, width: 4, height: 4))
            try leaf.addSublayer(next)
            leaf = next
        }
        return (root, leaf)
    }

    @Test func aChainDeeperThanTheLimitIsRefused() throws {
        let (root, leaf) = try chain(Layer.maximumTreeDepth)
        leaf.backgroundColor = Color(red: 255, green: 0, blue: 0)
        do {
            try leaf.addSublayer(try Layer())
            Issue.record("a tree of \(Layer.maximumTreeDepth + 1) levels was accepted")
        } catch TesseraError.invalidHierarchy(let reason) {
            #expect(reason.contains("deeper than \(Layer.maximumTreeDepth) levels"))
        }
        #expect(leaf.sublayers.isEmpty)
        // The deepest tree accepted renders.
        let compositor = try Compositor(configuration: .init(rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 4, height: 4)
        _ = try compositor.render(root, into: framebuffer)
        #expect(framebuffer[x: 0, y: 0] == Pixel(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func aDeepSubtreeCannotBeHungBelowADeepLayer() throws {
        let upper = try chain(Layer.maximumTreeDepth / 2 + 1)
        let lower = try chain(Layer.maximumTreeDepth / 2)
        #expect(throws: TesseraError.self) { try upper.leaf.addSublayer(lower.root) }
        #expect(lower.root.superlayer == nil)
        try upper.leaf.superlayer!.addSublayer(lower.root)  // one level higher fits exactly
        #expect(lower.root.superlayer === upper.leaf.superlayer)
    }

    @Test func buildingAVeryDeepChainStopsWithAnError() throws {
        let root = try Layer()
        var leaf = root
        var levels = 1
        do {
            for _ in 0..<20_000 {
                let next = try Layer()
                try leaf.addSublayer(next)
                leaf = next
                levels += 1
            }
        } catch TesseraError.invalidHierarchy {}
        #expect(levels == Layer.maximumTreeDepth)
        _ = root.takeChanges()
    }
}
