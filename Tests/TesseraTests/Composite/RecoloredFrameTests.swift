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
        ]
        for (name, edit) in edits {
            let (compositor, framebuffer, token) = try UnchangedFrameTests.settled(root, mode: .synchronous)
            try edit()
            let frame = try compositor.render(root, into: framebuffer, previousFrame: token)
            #expect(!frame.isRecoloredFrame, "\(name)")
            #expect(framebuffer.packedBytes() == (try Self.fullRender(root)), "\(name)")
        }
    }
}
