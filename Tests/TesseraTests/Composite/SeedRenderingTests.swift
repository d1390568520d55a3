import Testing
import Tessera

/// The worked examples' scenes (`SeedExampleTests`) rendered to pixels: every view where the
/// composited-position formula puts it.
@Suite struct SeedRenderingTests {
    struct View {
        let frame: Rect
        let hex: String
    }

    /// The four coloured views of `SeedExampleTests`, inside a 320 × 480 root.
    static let views = [
        View(frame: Rect(x: 20, y: 20, width: 100, height: 100), hex: "#D0021B"),   // red
        View(frame: Rect(x: 150, y: 160, width: 150, height: 200), hex: "#7ED321"), // green
        View(frame: Rect(x: 40, y: 400, width: 200, height: 150), hex: "#4A90E2"),  // blue
        View(frame: Rect(x: 100, y: 600, width: 180, height: 150), hex: "#F8E71C"), // yellow
    ]

    static func render(boundsOrigin: Point) throws -> PixelBuffer {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        for view in views {
            let layer = try Layer(frame: view.frame)
            layer.backgroundColor = try Color(hex: view.hex)
            try root.addSublayer(layer)
        }
        try root.setBoundsOrigin(boundsOrigin)
        let framebuffer = try PixelBuffer(width: 320, height: 480)
        _ = try Compositor(configuration: .init(tileSize: 64, workers: 2, rasterMode: .synchronous)).render(root, into: framebuffer)
        return framebuffer
    }

    /// The pixel expected at (x, y): the last view covering it (paint order), else transparent.
    static func expected(x: Int, y: Int, boundsOrigin: Point) throws -> Pixel {
        var pixel = Pixel.transparent
        for view in views {
            // CompositedPosition = View.frame.origin − Superview.bounds.origin
            let origin = view.frame.origin - boundsOrigin
            if Double(x) >= origin.x, Double(x) < origin.x + view.frame.width,
               Double(y) >= origin.y, Double(y) < origin.y + view.frame.height {
                pixel = try Color(hex: view.hex).premultiplied
            }
        }
        return pixel
    }

    @Test(arguments: [Point(x: 0, y: 0), Point(x: 0, y: 100)])
    func fourColouredViewsLandWhereTheFormulaSays(boundsOrigin: Point) throws {
        let framebuffer = try Self.render(boundsOrigin: boundsOrigin)
        for view in Self.views {
            let x0 = Int(view.frame.minX - boundsOrigin.x), y0 = Int(view.frame.minY - boundsOrigin.y)
            let x1 = Int(view.frame.maxX - boundsOrigin.x), y1 = Int(view.frame.maxY - boundsOrigin.y)
            let color = try Color(hex: view.hex).premultiplied
            // Inside: the four corner pixels and the centre (those on screen).
            for (x, y) in [(x0, y0), (x1 - 1, y0), (x0, y1 - 1), (x1 - 1, y1 - 1), ((x0 + x1) / 2, (y0 + y1) / 2)]
            where (0..<320).contains(x) && (0..<480).contains(y) {
                #expect(framebuffer[x: x, y: y] == color, "\(view.hex) at (\(x), \(y))")
            }
            // One pixel outside each edge (on screen): whatever else is there, not this view.
            for (x, y) in [(x0 - 1, y0), (x1, y0), (x0, y0 - 1), (x0, y1)]
            where (0..<320).contains(x) && (0..<480).contains(y) {
                #expect(framebuffer[x: x, y: y] == (try Self.expected(x: x, y: y, boundsOrigin: boundsOrigin)))
                #expect(framebuffer[x: x, y: y] != color, "\(view.hex) leaks to (\(x), \(y))")
            }
        }
        // Every pixel, against the formula.
        var mismatches = 0
        for y in 0..<480 {
            for x in 0..<320 where framebuffer[x: x, y: y] != (try Self.expected(x: x, y: y, boundsOrigin: boundsOrigin)) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test func scrollingTheRootByAHundredPointsMovesEveryViewUp() throws {
        let still = try Self.render(boundsOrigin: .zero)
        let scrolled = try Self.render(boundsOrigin: Point(x: 0, y: 100))
        // Red's top-left (20, 20) is now at (20, −80): only its last 20 rows remain, at y 0…19.
        #expect(scrolled[x: 20, y: 19] == (try Color(hex: "#D0021B").premultiplied))
        #expect(scrolled[x: 20, y: 20] == .transparent)
        // Yellow (y 600…750) comes up to y 500…650: still below a 480-point screen.
        #expect(!(0..<480).contains { y in scrolled[x: 150, y: y] == (try! Color(hex: "#F8E71C").premultiplied) })
        #expect(still[x: 60, y: 420] == scrolled[x: 60, y: 320])
    }

    @Test func sublayersOutsideTheBoundsShowUnlessClipped() throws {
        for clips in [false, true] {
            let root = try Layer(frame: Rect(x: 0, y: 0, width: 200, height: 200))
            let parent = try Layer(frame: Rect(x: 50, y: 50, width: 100, height: 100))
            parent.backgroundColor = try Color(hex: "#4A90E2")
            parent.clipsToBounds = clips
            let child = try Layer(frame: Rect(x: 80, y: 80, width: 50, height: 50))  // 130…180 on screen
            child.backgroundColor = try Color(hex: "#D0021B")
            try parent.addSublayer(child)
            try root.addSublayer(parent)
            let framebuffer = try PixelBuffer(width: 200, height: 200)
            _ = try Compositor(configuration: .init(tileSize: 16, workers: 2, rasterMode: .synchronous)).render(root, into: framebuffer)
            let red = try Color(hex: "#D0021B").premultiplied
            #expect(framebuffer[x: 140, y: 140] == red)        // inside both: visible either way
            #expect(framebuffer[x: 149, y: 149] == red)        // last pixel inside the parent
            #expect(framebuffer[x: 150, y: 150] == (clips ? .transparent : red), "clips \(clips)")
            #expect(framebuffer[x: 179, y: 179] == (clips ? .transparent : red), "clips \(clips)")
            #expect(framebuffer[x: 180, y: 180] == .transparent)
            #expect(framebuffer[x: 129, y: 129] == (try Color(hex: "#4A90E2").premultiplied))
        }
    }
}
