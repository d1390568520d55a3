import Foundation
import Testing
@testable import Tessera
@testable import TesseraScene

/// `tessera render`, run as a process: the PNG (decoded by Python's standard library) holds exactly the
/// raw RGBA output, and bad arguments fail cleanly without leaving a file.
@Suite struct RenderCommandTests {
    static let scene = """
        {"viewport": {"width": 40, "height": 30, "scale": 2},
         "root": {"name": "root", "frame": [0, 0, 40, 30], "background": "#102030",
           "sublayers": [
             {"name": "list", "kind": "scroll", "frame": [2, 3, 30, 20], "contentSize": [30, 200], "clipsToBounds": true,
              "content": [{"roundedRect": [1, 1, 28, 14], "radius": 5, "color": "#FFFFFF"},
                          {"linearGradient": [0, 18, 30, 10], "stops": [[0, "#FF000080"], [1, "#0000FF"]]},
                          {"text": [2, 32, 26, 6], "color": "#222222", "seed": 5}]},
             {"name": "glass", "frame": [0, 0, 40, 8], "background": "#FFFFFF80", "opacity": 0.75}]}}
        """

    func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        try TesseraExecutable.run(["render"] + arguments)
    }

    @Test(.enabled(if: TesseraExecutable.url != nil && PNGEncoderTests.python != nil,
                   "needs the tessera executable next to the tests and python3"))
    func pngDecodesToTheRawOutput() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenePath = dir.appendingPathComponent("scene.json").path
        try Data(Self.scene.utf8).write(to: URL(fileURLWithPath: scenePath))
        let png = dir.appendingPathComponent("frame.png").path, raw = dir.appendingPathComponent("frame.rgba").path
        #expect(try run([scenePath, "--out", png, "--offset", "list=0,13.5", "--tile-size", "16"]).status == 0)
        #expect(try run([scenePath, "--out", raw, "--offset", "list=0,13.5", "--workers", "1"]).status == 0)
        let rawBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
        #expect(rawBytes.count == 80 * 60 * 4)
        let decoded = try PNGEncoderTests.decodeWithPython(try [UInt8](Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(decoded.width == 80 && decoded.height == 60)
        #expect(decoded.rgba == rawBytes)
        #expect(Set(stride(from: 0, to: rawBytes.count, by: 4).map { rawBytes[$0] }).count > 10) // not blank

        let refused = dir.appendingPathComponent("refused.png").path
        let unknownLayer = try run([scenePath, "--out", refused, "--offset", "nope=1,2"])
        #expect(unknownLayer.status == 2 && unknownLayer.stderr.contains("nope"))
        let badScale = try run([scenePath, "--out", refused, "--scale", "nan"])
        #expect(badScale.status == 2 && badScale.stderr.contains("--scale"))
        let missing = try run([dir.appendingPathComponent("missing.json").path, "--out", refused])
        #expect(missing.status == 1 && missing.stderr.contains("missing.json"))
        #expect(!FileManager.default.fileExists(atPath: refused))
    }

    static let zoomScene = """
        {"viewport": {"width": 40, "height": 30, "scale": 2},
         "root": {"name": "root", "frame": [0, 0, 40, 30], "background": "#102030",
           "sublayers": [
             {"name": "view", "kind": "scroll", "frame": [2, 3, 30, 20], "clipsToBounds": true,
              "minimumZoomScale": 1, "maximumZoomScale": 4, "zoomingLayer": "map",
              "sublayers": [{"name": "map", "frame": [0, 0, 60, 40],
                "content": [{"roundedRect": [3, 3, 40, 20], "radius": 6, "color": "#FFCC00"},
                            {"text": [5, 28, 40, 6], "color": "#222222", "seed": 3}]}]},
             {"name": "badge", "frame": [30, 20, 6, 6], "background": "#FF0000"}]}}
        """

    @Test(.enabled(if: TesseraExecutable.url != nil, "needs the tessera executable next to the tests"))
    func zoomRendersWhatTheSwiftAPIRendersAndRefusesBadZooms() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-zoom-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenePath = dir.appendingPathComponent("scene.json").path
        try Data(Self.zoomScene.utf8).write(to: URL(fileURLWithPath: scenePath))
        let raw = dir.appendingPathComponent("zoomed.rgba").path
        #expect(try run([scenePath, "--out", raw, "--zoom", "view=2.5", "--zoom", "badge=1.5", "--offset", "view=10,5"]).status == 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))

        let scene = try SceneReader.decode(Array(Self.zoomScene.utf8))
        let view = try #require(scene.layersByName["view"] as? ScrollLayer)
        try view.setZoomScale(2.5)
        try scene.layersByName["badge"]!.setTransform(LayerTransform(scale: 1.5))
        try view.setBoundsOrigin(Point(x: 10, y: 5))
        let compositor = try Compositor(configuration: .init(tileSize: 64, workers: 2, scale: 2, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 80, height: 60)
        _ = try compositor.render(scene.root, into: framebuffer)
        #expect(bytes == framebuffer.packedBytes())

        let refused = dir.appendingPathComponent("refused.rgba").path
        for (zoom, word) in [("view=9", "limits"), ("view=0", "S > 0"), ("nope=2", "nope"), ("root=300", "256")] {
            let result = try run([scenePath, "--out", refused, "--zoom", zoom])
            #expect(result.status == 2 && result.stderr.contains(word), "\(zoom): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: refused))
    }
}
