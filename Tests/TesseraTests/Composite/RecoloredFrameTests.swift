import Foundation
import Testing
@testable import Tessera

/// Frames where only colours changed (`Compositor+RecoloredFrame.swift`): the last frame's draw list is
/// recoloured instead of built, and the frame is exactly a full render of the same tree; any other change
/// takes the full path.
@Suite struct RecoloredFrameTests {
    /// A root with content over its opaque background (tiles drawn in one pass over it), a rounded card
    /// with an opaque background under content, a rounded opaque spinner, a translucent square and a
    /// translucent rounded one.
    static func makeScene() throws -> (root: Layer, card: Layer, spinner: Layer, glass: Layer) {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 140, height: 120))
        root.backgroundColor = try Color(hex: "#F0E8D0")
        root.content = PatternContent(seed: 21)
        let card = try Layer(frame: Rect(x: 6, y: 8, width: 70, height: 50))
        card.backgroundColor = try Color(hex: "#FFFFFF")
        card.content = PatternContent(seed: 22)
        try card.setCornerRadius(9)
        card.clipsToBounds = true
        try root.addSublayer(card)
        let spinner = try Layer(frame: Rect(x: 90, y: 70, width: 24, height: 24))
        spinner.backgroundColor = try Color(hex: "#3366CC")
        try spinner.setCornerRadius(12)
        try root.addSublayer(spinner)
        let glass = try Layer(frame: Rect(x: 60, y: 40, width: 50, height: 30))
        glass.backgroundColor = try Color(hex: "#10204080")
        try root.addSublayer(glass)
        return (root, card, spinner, glass)
    }

    static func fullRender(_ root: Layer) throws -> [UInt8] {
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 2, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 140, height: 120)
        _ = try compositor.render(root, into: framebuffer)
        return framebuffer.packedBytes()
    }

    @Test(arguments: [Compositor.RasterMode.synchronous, .asynchronous])
    func aColourOnlyChangeRecolorsTheLastListAndEqualsAFullRender(mode: Compositor.RasterMode) throws {
        let (root, card, spinner, glass) = try Self.makeScene()
        let (compositor, framebuffer, token) = try UnchangedFrameTests.settled(root, mode: mode)
        var last = token
        // (what, whether the damage is less than the framebuffer: the root's colour is under every pixel)
        let edits: [(String, Bool, () throws -> Void)] = [
            ("spinner", true, { spinner.backgroundColor = try Color(hex: "#CC6633") }),
            ("root, under its tiles", false, { root.backgroundColor = try Color(hex: "#D0E8F0") }),
            ("rounded card, under its tiles", true, { card.backgroundColor = try Color(hex: "#FAFAF0") }),
            ("translucent", true, { glass.backgroundColor = try Color(hex: "#40102060") }),
            ("two at once", true, {
                spinner.backgroundColor = try Color(hex: "#00AA55")
                glass.backgroundColor = try Color(hex: "#10204080")
            }),
        ]
        var number: UInt64 = 0
        for (name, local, edit) in edits {
            try edit()
            let frame = try compositor.render(root, into: framebuffer, previousFrame: last)
            last = frame.frameToken
            #expect(frame.isRecoloredFrame, "\(name)")
            #expect(frame.frameNumber > number, "\(name): frame numbers go on")
            number = frame.frameNumber
            #expect(frame.tilesRasterized == 0 && frame.tilesVisible > 0, "\(name)")
            #expect(!frame.damage.isEmpty && (frame.damage != [framebuffer.bounds]) == local, "\(name): damage \(frame.damage)")
            #expect(framebuffer.packedBytes() == (try Self.fullRender(root)), "\(name)")
        }
    }

    @Test func anyOtherChangeTakesTheFullPath() throws {
        let (root, card, spinner, glass) = try Self.makeScene()
        let edits: [(String, () throws -> Void)] = [
            ("opaque to translucent", { spinner.backgroundColor = try Color(hex: "#3366CC80") }),
            ("translucent to opaque", { glass.backgroundColor = try Color(hex: "#102040") }),
            ("colour and frame", {
                spinner.backgroundColor = try Color(hex: "#CC6633")
                try glass.setFrame(Rect(x: 61, y: 40, width: 50, height: 30))
            }),
            ("colour and display", {
                spinner.backgroundColor = try Color(hex: "#CC6634")
                try card.setNeedsDisplay(in: Rect(x: 0, y: 0, width: 10, height: 10))
            }),
            ("colour and opacity", {
                spinner.backgroundColor = try Color(hex: "#CC6635")
                try card.setOpacity(0.5)
            }),
            ("corner radius", { try spinner.setCornerRadius(4) }),
            ("background removed", { glass.backgroundColor = nil }),
        ]
        for (name, edit) in edits {
            let (compositor, framebuffer, token) = try UnchangedFrameTests.settled(root, mode: .synchronous)
            try edit()
            let frame = try compositor.render(root, into: framebuffer, previousFrame: token)
            #expect(!frame.isRecoloredFrame, "\(name)")
            #expect(compositor.patchedPlans == 0, "\(name): planned, not patched")
            #expect(framebuffer.packedBytes() == (try Self.fullRender(root)), "\(name)")
        }
    }

    /// When only background colours changed, the last plan is patched, not made again (the tree's
    /// ``TreeChanges`` log the recolorings); a change to another tree does not stand in the way.
    @Test func aFrameAfterBackgroundColoursAloneChangedPatchesTheLastPlan() throws {
        let (root, _, spinner, _) = try Self.makeScene()
        let (compositor, framebuffer, token) = try UnchangedFrameTests.settled(root, mode: .synchronous)
        let other = try Layer(frame: Rect(x: 0, y: 0, width: 8, height: 8))
        spinner.backgroundColor = Color(red: 20, green: 90, blue: 200)
        try other.setFrame(Rect(x: 1, y: 1, width: 8, height: 8))
        let frame = try compositor.render(root, into: framebuffer, previousFrame: token)
        #expect(frame.isRecoloredFrame)
        #expect(compositor.patchedPlans == 1)
        #expect(framebuffer.packedBytes() == (try Self.fullRender(root)))
    }

    /// A scene with an opacity group drawn through the peephole (two layers that do not overlap: their
    /// colours carry the group's opacity), besides ``makeScene()``'s layers.
    static func makeSceneWithPeephole() throws -> (root: Layer, layers: [Layer]) {
        let (root, card, spinner, glass) = try makeScene()
        let fader = try Layer(frame: Rect(x: 8, y: 70, width: 60, height: 40))
        fader.backgroundColor = try Color(hex: "#206040")
        try fader.setOpacity(0.6)
        let chip = try Layer(frame: Rect(x: 70, y: 10, width: 20, height: 12))  // beside the fader's own area
        chip.backgroundColor = try Color(hex: "#E0A020")
        try fader.addSublayer(chip)
        try root.addSublayer(fader)
        return (root, [root, card, spinner, glass, fader, chip])
    }

    /// Patching the last plan with background colours (`Compositor.patchedPlan`) gives exactly the plan
    /// planning the tree again gives, or nothing: random colour edits of one to three layers, some
    /// flipping opaqueness, some of the peephole group's layers (never patched).
    @Test(arguments: [1, 2, 3])
    func aPatchedPlanIsThePlanOfTheTreeOrNone(seed: UInt64) throws {
        let (root, layers) = try Self.makeSceneWithPeephole()
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: 1, rasterMode: .synchronous))
        let viewport = PixelRect(x: 0, y: 0, width: 140, height: 120)
        func plan() throws -> FramePlan {
            var planner = FramePlanner(scale: 1, grid: TileGrid(size: 32), viewport: viewport)
            return try planner.plan(root)
        }
        var random = SplitMix64(seed: seed)
        var patched = 0, refused = 0
        for step in 0..<60 {
            let edited = (0..<Int.random(in: 1...3, using: &random)).map { _ in layers[Int.random(in: 0..<layers.count, using: &random)] }
            let colors = edited.map { layer in
                // layers[3], the glass, stays translucent but now and then; the others turn translucent now and then.
                let opaque = layer === layers[3] ? Int.random(in: 0..<8, using: &random) == 0 : Int.random(in: 0..<3, using: &random) > 0
                return Color(red: UInt8.random(in: 0...255, using: &random), green: 0, blue: 128,
                             alpha: opaque ? 255 : UInt8.random(in: 1...254, using: &random))
            }
            let before = try plan()
            let subject = PlannedSubject(root: root, viewport: viewport)
            for (layer, color) in zip(edited, colors) { layer.backgroundColor = color }
            var last: Compositor.LastPlan? = Compositor.LastPlan(plan: before, subject: subject)
            if let result = compositor.patchedPlan(&last, root: root, viewport: viewport) {
                patched += 1
                #expect(result.ops == (try plan()).ops, "seed \(seed), step \(step)")
                #expect(!edited.contains { $0 === layers[4] || $0 === layers[5] }, "a peephole layer is never patched")
            } else {
                refused += 1
            }
        }
        #expect(patched > 0 && refused > 0, "\(patched) patched, \(refused) refused")
    }

    /// A tree's log holds its own recolorings alone, and only while they are all its changes: another
    /// kind of change, or more recolorings than it keeps, makes it refuse. Trees on different threads
    /// share nothing, not even when they were sublayers of one layer, freed since (ThreadSanitizer runs
    /// this in CI).
    @Test func aTreeLogsItsOwnRecoloringsAlone() throws {
        var trees: [(root: Layer, leaf: Layer)] = []
        do {
            let parent = try Layer(frame: Rect(x: 0, y: 0, width: 40, height: 40))
            for _ in 0..<4 {
                let root = try Layer(frame: Rect(x: 0, y: 0, width: 8, height: 8))
                let leaf = try Layer(frame: Rect(x: 1, y: 1, width: 4, height: 4))
                try root.addSublayer(leaf)
                try parent.addSublayer(root)
                trees.append((root, leaf))
            }
        }  // `parent` is freed: its sublayers are four trees
        nonisolated(unsafe) let layers = trees  // each thread touches its own tree alone
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            let (root, leaf) = layers[worker]
            #expect(root.superlayer == nil)
            let tree = root.treeChanges
            for step in 0..<300 {
                let start = tree.count
                root.backgroundColor = Color(red: UInt8(step % 256), green: UInt8(worker), blue: 9)
                leaf.backgroundColor = Color(red: 1, green: UInt8(step % 256), blue: UInt8(worker))
                let logged = tree.recolorings(after: start)
                #expect(logged?.map(\.layer) == [root.identity, leaf.identity])
                #expect(logged?.last?.color == Color(red: 1, green: UInt8(step % 256), blue: UInt8(worker)))
                if step % 3 == 0 {
                    leaf.isHidden.toggle()
                    #expect(tree.recolorings(after: start) == nil, "a change that is not a colour")
                }
            }
            let start = tree.count
            for step in 0...TreeChanges.recoloringCapacity { leaf.backgroundColor = Color(red: UInt8(step), green: 0, blue: 0) }
            #expect(tree.recolorings(after: start) == nil, "more recolorings than the log keeps")
            #expect(tree.recolorings(after: start + 1)?.count == TreeChanges.recoloringCapacity)
        }
    }

    /// Frames after random colour edits (and now and then a move or a new layer) equal full renders,
    /// whether they patched the last plan or planned.
    @Test func framesAfterRandomColourEditsEqualFullRenders() throws {
        let (root, layers) = try Self.makeSceneWithPeephole()
        let (compositor, framebuffer, token) = try UnchangedFrameTests.settled(root, mode: .synchronous)
        var last = token
        var random = SplitMix64(seed: 7)
        for frame in 0..<30 {
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let layer = layers[Int.random(in: 0..<layers.count, using: &random)]
                layer.backgroundColor = Color(red: UInt8.random(in: 0...255, using: &random), green: UInt8(frame * 6), blue: 128)
            }
            if frame % 9 == 4 { try layers[2].setFrame(Rect(x: 90 - Double(frame / 9), y: 70, width: 24, height: 24)) }
            if frame == 20 { try root.addSublayer(try Layer(frame: Rect(x: 120, y: 5, width: 10, height: 10))) }
            let statistics = try compositor.render(root, into: framebuffer, previousFrame: last)
            last = statistics.frameToken
            #expect(framebuffer.packedBytes() == (try Self.fullRender(root)), "frame \(frame)")
        }
    }
}
