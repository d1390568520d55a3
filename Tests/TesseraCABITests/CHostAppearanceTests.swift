import CHostSupport
import CTessera
import Testing
@testable import Tessera
import TesseraCABI

/// The C host's appearance scene (Tests/CHost/tessera_host_appearance.c: corner radius, border, shadow,
/// group opacity through tessera.h) equals, bit for bit, the same scene built through the Swift API; bad radii,
/// widths and shadows are refused by name, the shadow reads back (checked in C).
@Suite struct CHostAppearanceTests {
    static let width = Int(TESSERA_APPEARANCE_WIDTH), height = Int(TESSERA_APPEARANCE_HEIGHT)

    @Test func theAppearanceSceneThroughCEqualsTheSwiftAPI() throws {
        var frame = [UInt8](repeating: 0, count: Self.width * Self.height * 4)
        var statistics = tessera_frame_statistics()
        var message = [CChar](repeating: 0, count: 512)
        let result = tessera_c_host_appearance(&frame, &statistics, &message, message.count)
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        #expect(result == 0, "C host failed: \(text)")
        guard result == 0 else { return }
        #expect(statistics.offscreen_passes == 1)

        let root = try Layer(frame: Rect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height)))
        root.backgroundColor = Color(red: 235, green: 235, blue: 240)
        let card = try Layer(frame: Rect(x: 6, y: 6, width: 60, height: 44))
        card.backgroundColor = .white
        card.clipsToBounds = true
        try card.setCornerRadius(10.5)
        try card.setBorderWidth(1.5)
        card.borderColor = Color(red: 20, green: 40, blue: 200, alpha: 160)
        try card.setShadowOpacity(0.4)
        try card.setShadowOffset(Size(width: 0, height: 3))
        try card.setShadowRadius(4)
        let image = try Layer(frame: Rect(x: -4, y: 20, width: 40, height: 40))
        image.content = DrawingContent(isOpaque: true) { context in
            for y in 0..<context.deviceRect.height {
                for x in 0..<context.deviceRect.width {
                    let px = context.deviceRect.x + x, py = context.deviceRect.y + y
                    context.buffer[x: x, y: y] = Pixel(r: UInt8(truncatingIfNeeded: px * 3), g: UInt8(truncatingIfNeeded: py * 5),
                                                       b: UInt8(truncatingIfNeeded: px + py), a: 255)
                }
            }
        }
        try card.addSublayer(image)
        try root.addSublayer(card)
        let fade = try Layer(frame: Rect(x: 20, y: 30, width: 50, height: 26))
        fade.backgroundColor = Color(red: 220, green: 30, blue: 30)
        try fade.setOpacity(0.5)
        let child = try Layer(frame: Rect(x: 10, y: 5, width: 20, height: 30))
        child.backgroundColor = .white
        try fade.addSublayer(child)
        try root.addSublayer(fade)
        let buffer = try PixelBuffer(width: Self.width, height: Self.height)
        let swift = try Compositor(configuration: .init(tileSize: 32, workers: 2, rasterMode: .synchronous))
            .render(root, into: buffer)
        #expect(buffer.packedBytes() == frame)
        // The C statistics carry the same counts as Swift's for the same frame.
        #expect(swift.shadowTilesRasterized > 0)
        #expect(statistics.shadow_tiles_rasterized == Int64(swift.shadowTilesRasterized))
        #expect(statistics.shadow_tiles_reused == Int64(swift.shadowTilesReused))
        #expect(statistics.draw_ops_underlaid == Int64(swift.drawOpsUnderlaid))
        #expect(statistics.raster_jobs_queued == Int64(swift.rasterJobsQueued))
        #expect(statistics.raster_results_dropped == Int64(swift.rasterResultsDropped))
        #expect(statistics.prepainted_tiles_shown == Int64(swift.prepaintedTilesShown))
        #expect(statistics.pixels_moved == Int64(swift.pixelsMoved))
        #expect(statistics.pixels_composited == Int64(swift.pixelsComposited) && swift.pixelsComposited > 0)
        #expect(statistics.tiles_rasterized_visible == Int64(swift.tilesRasterizedVisible))
    }
}
