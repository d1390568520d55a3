import Foundation
import Testing
@testable import Tessera

/// Invariants 3 and 6 (`ARCHITECTURE.md`) across time: one long-lived compositor, whose cache carries
/// tiles from frame to frame while the model changes between frames, renders every frame exactly like
/// the untiled ``ReferenceRenderer`` on the same tree. Whatever a warm path keeps (cached tiles, motion
/// history, prepaint) must never show in the pixels.
///
/// Each case is a seeded random tree and a seeded random sequence of edits: frames, bounds origins
/// (scrolling), transforms, opacity, hidden, background colour, `clipsToBounds`, sublayer order, adding and removing
/// layers, `setNeedsDisplay(in:)` after the content's drawing changed there, `setNeedsDisplay()` and
/// content replaced. Failures print the seed, the configuration, the frame and the edits that led to it.
///
/// `TESSERA_WARM_CACHE_SEEDS=N` runs N seeds per configuration instead of the quick default (a longer
/// run by hand: `TESSERA_WARM_CACHE_SEEDS=200 swift test --filter WarmCacheEquivalence`).
@Suite struct WarmCacheEquivalenceTests {
    static let width = 96
    static let height = 80
    static let framesPerCase = 24

    static var seeds: Range<UInt64> {
        let count = ProcessInfo.processInfo.environment["TESSERA_WARM_CACHE_SEEDS"].flatMap { Int($0) } ?? 8
        return 1..<UInt64(1 + max(1, count))
    }

    struct Setup: CustomStringConvertible, Sendable {
        var tileSize: Int
        var workers: Int
        var budgetBytes: Int
        var scale: Double
        var mode: Compositor.RasterMode
        /// Keep the framebuffer between frames and composite only the damage (`previousFrame:`).
        var damageOnly = false
        var description: String {
            "tileSize \(tileSize), workers \(workers), budget \(budgetBytes) bytes, scale \(scale), \(mode)"
                + (damageOnly ? ", damage only" : "")
        }
    }

    /// In asynchronous mode each frame is rendered, the raster drained, and rendered again: the second
    /// frame is the one compared (the first may show checkerboard or stale tiles).
    static let setups: [Setup] = [
        Setup(tileSize: 16, workers: 1, budgetBytes: 256 << 20, scale: 1, mode: .synchronous),
        Setup(tileSize: 64, workers: 3, budgetBytes: 256 << 20, scale: 1, mode: .synchronous),
        Setup(tileSize: 32, workers: 2, budgetBytes: 24 << 10, scale: 2, mode: .synchronous),  // 6 tiles: evictions
        Setup(tileSize: 128, workers: 2, budgetBytes: 0, scale: 1, mode: .synchronous),  // only the frame's tiles
        Setup(tileSize: 16, workers: 2, budgetBytes: 256 << 20, scale: 1, mode: .asynchronous),
        Setup(tileSize: 32, workers: 3, budgetBytes: 24 << 10, scale: 2, mode: .asynchronous),
        Setup(tileSize: 16, workers: 2, budgetBytes: 256 << 20, scale: 1, mode: .synchronous, damageOnly: true),
        Setup(tileSize: 32, workers: 2, budgetBytes: 24 << 10, scale: 2, mode: .asynchronous, damageOnly: true),
    ]

    @Test(arguments: setups)
    func warmFramesEqualTheUntiledReferenceAfterRandomEdits(setup: Setup) throws {
        for seed in Self.seeds {
            if let failure = try Self.run(seed: seed, setup: setup) {
                Issue.record(Comment(rawValue: failure))
                return
            }
        }
    }

    /// Runs one case; returns a description of the first frame that differs, or `nil`.
    static func run(seed: UInt64, setup: Setup) throws -> String? {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ UInt64(setup.tileSize))
        var scene = try RandomScene(random: &random)
        let compositor = try Compositor(configuration: .init(
            tileSize: setup.tileSize, workers: setup.workers, cacheBudgetBytes: setup.budgetBytes,
            scale: setup.scale, bandHeight: 16, rasterMode: setup.mode))
        let framebuffer = try PixelBuffer(width: width, height: height)
        var log: [String] = []
        var token: FrameToken?
        /// Renders a frame: damage only over the last frame, or everything over garbage.
        func render() throws {
            if !setup.damageOnly { framebuffer.clear(to: Pixel(r: 9, g: 8, b: 7, a: 6)) }
            // Damage-only frames are small here: composite them on every worker too.
            token = try withHelpersAtAnyArea {
                try compositor.render(scene.root, into: framebuffer, previousFrame: setup.damageOnly ? token : nil)
            }.frameToken
        }
        for frame in 0..<framesPerCase {
            var transformed = false
            if frame > 0 {
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let edit = try scene.edit(&random)
                    transformed = transformed || edit.contains(".transform")
                    log.append("frame \(frame): " + edit)
                }
            }
            try render()
            if transformed {  // a changed scale is drawn from a level of detail; the next frame settles
                if setup.mode == .asynchronous { compositor.drainRaster() }
                try render()
            }
            if setup.mode == .asynchronous {
                compositor.drainRaster()
                try render()
            }
            let expected = try ReferenceRenderer.render(scene.root, width: width, height: height, scale: setup.scale)
            if let difference = firstDifference(framebuffer.packedBytes(), expected, width: width) {
                return "seed \(seed), \(setup), frame \(frame): warm compositor vs reference at \(difference)\n"
                    + "edits:\n" + log.suffix(12).joined(separator: "\n")
            }
        }
        return nil
    }
}

/// A random layer tree of a few layers (nested scroll layers among them) and the random edits applied
/// to it. Coordinates are multiples of ¼ point, so every sum is exact in `Double`.
struct RandomScene {
    let root: Layer
    private(set) var layers: [Layer]
    /// The content of each layer that has a patchable one (drawing changed by ``edit(_:)``).
    private var patchables: [ObjectIdentifier: PatchedContent] = [:]

    init(random: inout SplitMix64) throws {
        root = try Layer(frame: Rect(x: 2, y: 1, width: 90, height: 76))
        root.backgroundColor = Color(red: 240, green: 230, blue: 200)
        let rootContent = PatchedContent(seed: 1)
        root.content = rootContent
        layers = [root]
        patchables[ObjectIdentifier(root)] = rootContent
        for _ in 0..<Int.random(in: 5...8, using: &random) {
            let layer = try makeLayer(&random)
            let parent = layers.randomElement(using: &random)!
            if parent.depth < 4 { try parent.addSublayer(layer) } else { try root.addSublayer(layer) }
            layers.append(layer)
        }
    }

    /// Applies one random edit; returns what it did.
    mutating func edit(_ random: inout SplitMix64) throws -> String {
        var layer = layers.randomElement(using: &random)!
        let kind = Int.random(in: 0..<16, using: &random)
        if (11...13).contains(kind) {  // a quarter of the edits change some layer's drawing where it is shown
            layer = layers.filter { patchables[ObjectIdentifier($0)] != nil }.randomElement(using: &random) ?? root
        }
        switch kind {
        case 0:
            let frame = Self.randomFrame(&random)
            try layer.setFrame(frame)
            return "\(layer.label).frame = \(frame)"
        case 1, 2:
            let origin = Point(x: Self.quarter(-40...40, &random), y: Self.quarter(-40...60, &random))
            try layer.setBoundsOrigin(origin)
            return "\(layer.label).boundsOrigin = \(origin)"
        case 3:
            let opacity = [1, 0.75, 0.5, 0.3, 0.0].randomElement(using: &random)!
            try layer.setOpacity(opacity)
            return "\(layer.label).opacity = \(opacity)"
        case 4:
            layer.isHidden.toggle()
            return "\(layer.label).isHidden = \(layer.isHidden)"
        case 5:
            layer.backgroundColor = Self.randomColor(&random)
            return "\(layer.label).backgroundColor = \(layer.backgroundColor.map(\.description) ?? "nil")"
        case 6:
            layer.clipsToBounds.toggle()
            return "\(layer.label).clipsToBounds = \(layer.clipsToBounds)"
        case 7:
            guard let parent = layer.superlayer else { return "no reorder (root)" }
            let index = Int.random(in: 0..<parent.sublayers.count, using: &random)
            try parent.insertSublayer(layer, at: index)
            return "\(layer.label) moved to index \(index) of \(parent.label)"
        case 8:
            if layer !== root, Bool.random(using: &random) {
                layer.removeFromSuperlayer()
                layers.removeAll { $0.isDescendant(of: layer) }
                return "\(layer.label) removed with its sublayers"
            }
            let added = try makeLayer(&random)
            if layer.depth < 4 { try layer.addSublayer(added) } else { try root.addSublayer(added) }
            layers.append(added)
            return "\(added.label) added"
        case 9, 11, 12, 13:
            guard let content = patchables[ObjectIdentifier(layer)] else {
                layer.content = PatchedContent(seed: UInt32.random(in: 0...999, using: &random))
                patchables[ObjectIdentifier(layer)] = layer.content as? PatchedContent
                return "\(layer.label).content replaced"
            }
            let rect = Rect(x: layer.boundsOrigin.x + Self.quarter(-10...60, &random),
                            y: layer.boundsOrigin.y + Self.quarter(-10...60, &random),
                            width: Self.quarter(1...30, &random), height: Self.quarter(1...30, &random))
            content.addPatch(rect, Self.randomColor(&random)?.premultiplied ?? .transparent)
            try layer.setNeedsDisplay(in: rect)
            return "\(layer.label) patched and invalidated in \(rect)"
        case 14:
            let transform = LayerTransform(scale: [1, 0.5, 2, 1.5, 0.75].randomElement(using: &random)!,
                                           translation: Point(x: Self.quarter(-8...8, &random), y: Self.quarter(-8...8, &random)))
            try layer.setTransform(transform)
            return "\(layer.label).transform = \(transform)"
        case 15:
            try layer.setShadowOpacity([0, 0.4, 1].randomElement(using: &random)!)
            try layer.setShadowRadius([0, 1.5, 3.25].randomElement(using: &random)!)
            try layer.setShadowOffset(Size(width: Self.quarter(-4...4, &random), height: Self.quarter(-4...4, &random)))
            try layer.setShadowPath(Bool.random(using: &random) ? nil
                : ShadowPath(rect: Self.randomFrame(&random), cornerRadius: Self.quarter(0...12, &random)))
            try layer.setCornerRadius(Self.quarter(0...10, &random))
            return "\(layer.label).shadow = \(layer.shadowOpacity), σ \(layer.shadowRadius), \(layer.shadowOffset), "
                + "\(layer.shadowPath.map(\.description) ?? "bounds"), corner \(layer.cornerRadius)"
        default:
            if let content = patchables[ObjectIdentifier(layer)] {
                content.addPatch(Rect(x: -1000, y: -1000, width: 3000, height: 3000), Pixel(r: 0, g: 0, b: 40, a: 60))
                layer.setNeedsDisplay()
                return "\(layer.label) tinted everywhere and setNeedsDisplay()"
            }
            layer.content = PatternContent(seed: UInt32.random(in: 0...999, using: &random))
            return "\(layer.label).content = PatternContent"
        }
    }

    private mutating func makeLayer(_ random: inout SplitMix64) throws -> Layer {
        let layer: Layer = Bool.random(using: &random)
            ? try ScrollLayer(frame: Self.randomFrame(&random)) : try Layer(frame: Self.randomFrame(&random))
        layer.name = "L\(layers.count + patchables.count)"
        layer.backgroundColor = Self.randomColor(&random)
        layer.clipsToBounds = Int.random(in: 0..<3, using: &random) == 0
        try layer.setOpacity([1, 1, 0.75, 0.5].randomElement(using: &random)!)
        try layer.setBoundsOrigin(Point(x: Self.quarter(-20...20, &random), y: Self.quarter(-20...40, &random)))
        switch Int.random(in: 0..<4, using: &random) {
        case 0: break
        case 1: layer.content = SolidContent(pixel: Pixel(r: 30, g: 140, b: 90, a: 255))
        case 2: layer.content = PatternContent(seed: UInt32.random(in: 0...999, using: &random))
        default:
            let content = PatchedContent(seed: UInt32.random(in: 0...999, using: &random))
            layer.content = content
            patchables[ObjectIdentifier(layer)] = content
        }
        return layer
    }

    static func quarter(_ range: ClosedRange<Int>, _ random: inout SplitMix64) -> Double {
        Double(Int.random(in: range.lowerBound * 4...range.upperBound * 4, using: &random)) / 4
    }

    static func randomFrame(_ random: inout SplitMix64) -> Rect {
        Rect(x: quarter(-20...70, &random), y: quarter(-20...60, &random),
             width: quarter(0...70, &random), height: quarter(0...60, &random))
    }

    static func randomColor(_ random: inout SplitMix64) -> Color? {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return nil
        case 1: return Color(red: UInt8.random(in: 0...255, using: &random), green: 90, blue: 200)
        default:
            return Color(red: UInt8.random(in: 0...255, using: &random), green: UInt8.random(in: 0...255, using: &random),
                         blue: 40, alpha: UInt8.random(in: 1...254, using: &random))
        }
    }
}

private extension Layer {
    var depth: Int {
        var depth = 1
        var layer = superlayer
        while let current = layer { depth += 1; layer = current.superlayer }
        return depth
    }

    var label: String { name ?? "root" }
}

/// A ``PatternContent`` with rectangles painted over it after creation: the test changes the drawing
/// (``addPatch(_:_:)``), then tells the layer with `setNeedsDisplay(in:)`. Any tile the compositor keeps
/// from before the change shows the old pixels. Each pixel depends only on its plane coordinates and the
/// patches (a pixel is patched when its centre lies in the patch's rect).
///
/// Thread safety: any thread (the patches are locked); drawn by raster workers while the test thread
/// may add patches between frames.
final class PatchedContent: LayerContent, @unchecked Sendable {
    let seed: UInt32
    private let lock = NSLock()
    private var patches: [(rect: Rect, pixel: Pixel)] = []

    init(seed: UInt32) { self.seed = seed }

    func addPatch(_ rect: Rect, _ pixel: Pixel) {
        lock.lock()
        // A new array, never an append: a draw still reading the old one (taken under the lock) must not
        // see it change. An append finds the old buffer unique once that draw's copy is released, and
        // ThreadSanitizer sees no ordering between the draw's last read and the append's write.
        patches = patches + [(rect, pixel)]
        lock.unlock()
    }

    func draw(in context: RasterContext) {
        lock.lock()
        let patches = self.patches
        lock.unlock()
        let d = context.deviceRect
        for y in 0..<d.height {
            for x in 0..<d.width {
                var pixel = PatternContent.pixel(x: d.x + x, y: d.y + y, seed: seed)
                let centre = Point(x: (Double(d.x + x) + 0.5) / context.scale, y: (Double(d.y + y) + 0.5) / context.scale)
                for patch in patches where patch.rect.contains(centre) {
                    pixel = ScalarReference.over(patch.pixel, pixel)
                }
                context.buffer[x: x, y: y] = pixel
            }
        }
    }
}
