import Testing
import Tessera

/// Invariant 5 for the frame pipeline: bad configuration, framebuffers and invalidation rects are
/// rejected with an error naming the argument; nothing traps.
@Suite struct CompositorArgumentTests {
    static func argument(of error: any Error) -> String? {
        if case let .invalidArgument(argument, _)? = error as? TesseraError { return argument }
        return nil
    }

    static func rejected(_ configuration: Compositor.Configuration) -> String? {
        do {
            _ = try Compositor(configuration: configuration)
            return nil
        } catch {
            return argument(of: error)
        }
    }

    @Test func badConfigurationsNameTheField() {
        #expect(Self.rejected(.init(tileSize: 15)) == "tileSize")
        #expect(Self.rejected(.init(tileSize: 2049)) == "tileSize")
        #expect(Self.rejected(.init(tileSize: -256)) == "tileSize")
        #expect(Self.rejected(.init(workers: 0)) == "workers")
        #expect(Self.rejected(.init(workers: -3)) == "workers")
        #expect(Self.rejected(.init(cacheBudgetBytes: -1)) == "cacheBudgetBytes")
        #expect(Self.rejected(.init(scale: 0)) == "scale")
        #expect(Self.rejected(.init(scale: .nan)) == "scale")
        #expect(Self.rejected(.init(scale: .infinity)) == "scale")
        #expect(Self.rejected(.init(bandHeight: 0)) == "bandHeight")
        #expect(Self.rejected(.init(maximumPrepaintTiles: -1)) == "maximumPrepaintTiles")
        #expect(Self.rejected(.init(rasterDeadline: .milliseconds(-1))) == "rasterDeadline")
        #expect(Self.rejected(.init(rasterDeadline: .milliseconds(1001))) == "rasterDeadline")
        #expect(Self.rejected(.init(rasterDeadline: .seconds(1))) == nil)
        #expect(Self.rejected(.init(tileSize: 16, workers: 1, cacheBudgetBytes: 0, scale: 16, bandHeight: 1)) == nil)
        #expect(Self.rejected(.init(tileSize: 2048)) == nil)
    }

    @Test func anEmptyFramebufferIsRejected() throws {
        let compositor = try Compositor()
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        for (width, height) in [(0, 0), (0, 10), (10, 0)] {
            let framebuffer = try PixelBuffer(width: width, height: height)
            #expect(throws: TesseraError.self) { try compositor.render(root, into: framebuffer) }
            do {
                _ = try compositor.render(root, into: framebuffer)
            } catch {
                #expect(Self.argument(of: error) == "framebuffer")
            }
        }
    }

    @Test func badInvalidationRectsNameTheField() throws {
        let layer = try Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        for (rect, name) in [(Rect(x: .nan, y: 0, width: 1, height: 1), "rect.origin.x"),
                             (Rect(x: 0, y: .infinity, width: 1, height: 1), "rect.origin.y"),
                             (Rect(x: 0, y: 0, width: -1, height: 1), "rect.size.width"),
                             (Rect(x: 0, y: 0, width: 1, height: 1e300), "rect.size.height")] {
            do {
                try layer.setNeedsDisplay(in: rect)
                Issue.record("\(rect) was accepted")
            } catch {
                #expect(Self.argument(of: error) == name)
            }
        }
        try layer.setNeedsDisplay(in: .zero)  // empty: accepted, does nothing
    }

    @Test func positionsTooFarOutAreRejectedNotTrapped() throws {
        // Each level is valid on its own (≤ 1e12 points) but the sum at scale 16 leaves exact Doubles:
        // 200 levels (within Layer.maximumTreeDepth) each 2e12 points further (frame.origin.x 1e12 minus
        // the superlayer's bounds origin -1e12).
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try root.setBoundsOrigin(Point(x: -1e12, y: 0))
        var parent = root
        for _ in 0..<200 {
            let layer = try Layer(frame: Rect(x: 1e12, y: 0, width: 10, height: 10))
            try layer.setBoundsOrigin(Point(x: -1e12, y: 0))
            try parent.addSublayer(layer)
            parent = layer
        }
        let compositor = try Compositor(configuration: .init(scale: 16))
        let framebuffer = try PixelBuffer(width: 10, height: 10)
        #expect(throws: TesseraError.self) { try compositor.render(root, into: framebuffer) }
    }

    @Test func farButRepresentableOffsetsStillComposite() throws {
        // ±1e9 points (well within the 1e12 coordinate limit, README.md "Scene files"): a canvas placed
        // far away and scrolled back into view.
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 32, height: 32))
        let scroll = try ScrollLayer(frame: Rect(x: 0, y: 0, width: 32, height: 32))
        try scroll.setContentOffset(Point(x: 1e9, y: -1e9))
        let far = try Layer(frame: Rect(x: 1e9, y: -1e9, width: 32, height: 32))
        far.content = PatternContent(seed: 8)
        try scroll.addSublayer(far)
        try root.addSublayer(scroll)
        let framebuffer = try PixelBuffer(width: 32, height: 32)
        _ = try Compositor(configuration: .init(tileSize: 16, scale: 2, rasterMode: .synchronous)).render(root, into: framebuffer)
        let reference = try ReferenceRenderer.render(root, width: 32, height: 32, scale: 2)
        #expect(firstDifference(framebuffer.packedBytes(), reference, width: 32) == nil)
    }
}

/// A compositor may run the composition kernels of any available tier; the frames are identical.
@Suite struct CompositorKernelTierTests {
    @Test func everyAvailableTierRendersTheSameFrame() throws {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 70, height: 50))
        root.backgroundColor = Color(red: 10, green: 20, blue: 30)
        let glass = try Layer(frame: Rect(x: 5, y: 3, width: 50, height: 30))
        glass.content = DisplayList([.roundedRect(try RoundedRect(rect: Rect(x: 0, y: 0, width: 50, height: 30), cornerRadius: 9,
                                                                  color: Color(red: 250, green: 120, blue: 7, alpha: 170)))])
        try glass.setOpacity(0.6)
        try root.addSublayer(glass)
        var frames: [[UInt8]] = []
        for tier in KernelTier.available {
            let compositor = try Compositor(configuration: .init(tileSize: 16, workers: 2, kernelTier: tier, rasterMode: .synchronous))
            #expect(compositor.kernelTier == tier)
            let framebuffer = try PixelBuffer(width: 70, height: 50)
            _ = try compositor.render(root, into: framebuffer)
            frames.append(framebuffer.packedBytes())
        }
        #expect(Set(frames).count == 1)
        for tier in KernelTier.allCases where !KernelTier.available.contains(tier) {
            #expect(throws: TesseraError.self) { try Compositor(configuration: .init(kernelTier: tier)) }
        }
    }
}
