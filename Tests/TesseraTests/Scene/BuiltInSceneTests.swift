import Foundation
import Testing
@testable import Tessera
@testable import TesseraScene
@testable import TesseraBench

@Suite struct BuiltInSceneTests {
    @Test(arguments: BuiltInScene.allCases)
    func scenesBuildWithAScrollableLayer(scene: BuiltInScene) throws {
        let bench = try scene.make()
        #expect(bench.scene.viewport.pixelWidth == 3840 && bench.scene.viewport.pixelHeight == 2160)
        #expect(bench.scrollLayer.maximumContentOffset.y > bench.scrollLayer.minimumContentOffset.y)
        #expect(bench.scrollLayer.rootLayer === bench.scene.root)
        #expect(!scene.summary.isEmpty)
    }

    /// Grid content drawn in tiles of several sizes equals the same rect drawn whole, at scale 1 and a
    /// fractional scale, including negative plane coordinates.
    @Test(arguments: [1.0, 1.5])
    func gridContentIsTheSameInTilesAndWhole(scale: Double) throws {
        let content = try #require(try BuiltInScene.canvas.make().scrollLayer.content)
        let area = PixelRect(x: -37, y: 341, width: 181, height: 97)
        let whole = try PixelBuffer(width: area.width, height: area.height)
        content.draw(in: RasterContext(buffer: whole, deviceRect: area, scale: scale))
        for tile in [16, 33, 64] {
            let tiled = try PixelBuffer(width: area.width, height: area.height)
            var y = 0
            while y < area.height {
                var x = 0
                while x < area.width {
                    let local = PixelRect(x: x, y: y, width: min(tile, area.width - x), height: min(tile, area.height - y))
                    content.draw(in: RasterContext(buffer: try tiled.subBuffer(local),
                                                   deviceRect: local.offsetBy(dx: area.x, dy: area.y), scale: scale))
                    x += tile
                }
                y += tile
            }
            #expect(tiled.packedBytes() == whole.packedBytes(), "tile \(tile)")
        }
        // Opaque everywhere, and not a single flat colour.
        let bytes = whole.packedBytes()
        #expect(stride(from: 3, to: bytes.count, by: 4).allSatisfy { bytes[$0] == 255 })
        #expect(Set(stride(from: 0, to: bytes.count, by: 4).map { bytes[$0] }).count > 3)
    }

    /// Set TESSERA_DUMP=DIR to write a PNG of each scene's content near its start, for a look.
    @Test func dumpContentWhenAsked() throws {
        guard let directory = ProcessInfo.processInfo.environment["TESSERA_DUMP"] else { return }
        for scene in BuiltInScene.allCases {
            let layer = try scene.make().scrollLayer
            let rect = PixelRect(x: 0, y: 0, width: 1920, height: 1080)
            let buffer = try PixelBuffer(width: rect.width, height: rect.height)
            layer.content?.draw(in: RasterContext(buffer: buffer, deviceRect: rect, scale: 1))
            try Data(PNGEncoder.encode(buffer)).write(to: URL(fileURLWithPath: "\(directory)/\(scene).png"))
        }
    }
}
