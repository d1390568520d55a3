import CHostSupport
import CTessera
import Foundation
import Testing
@testable import Tessera
import TesseraScene

/// The second C example host (Tests/CHost/tessera_fling_host.c) drives a fling through the C ABI and
/// checks itself; its offsets, frame by frame, must equal the Swift API's for the same scene and gestures.
@Suite("C fling host")
struct FlingHostTests {
    @Test func theFlingHostPassesItsChecksAndFollowsTheSwiftAnimatorFrameByFrame() throws {
        var frames = [tessera_fling_frame](repeating: tessera_fling_frame(), count: Int(TESSERA_FLING_HOST_MAX_FRAMES))
        var count = 0
        var message = [CChar](repeating: 0, count: 512)
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-fling-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: png) }
        let result = tessera_fling_host_run(&frames, frames.count, &count, nil, png, &message, message.count)
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        #expect(result == 0, "C fling host failed: \(text)")
        guard result == 0 else { return }
        #expect(count > 10 && count < Int(TESSERA_FLING_HOST_MAX_FRAMES))
        let header = try #require(FileManager.default.contents(atPath: png)).prefix(8)
        #expect(Array(header) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG file")

        // The same scene and gestures through Swift.
        let scene = try SceneReader.decode(Array(String(cString: tessera_fling_host_scene()).utf8))
        let list = try #require(scene.layersByName["list"] as? ScrollLayer)
        let animator = try ScrollAnimator(scrollLayer: list)
        try animator.beginDrag()
        for _ in 0..<Int(TESSERA_FLING_HOST_DRAG_STEPS) { try animator.drag(by: Point(x: 0, y: TESSERA_FLING_HOST_DRAG_DY)) }
        try animator.endDrag(velocity: Point(x: 0, y: TESSERA_FLING_HOST_VELOCITY))
        for index in 0..<count {
            try animator.advance(by: 1.0 / Double(TESSERA_FLING_HOST_HZ))
            #expect(frames[index].offset_y == list.contentOffset.y, "frame \(index)")
            #expect(frames[index].velocity_y == animator.velocity.y, "frame \(index)")
            #expect(frames[index].indicator_alpha == animator.scrollIndicators?.opacity, "frame \(index)")
        }
        #expect(animator.isAtRest)
        // Scrolling a list under a fixed header damages the list's rect only (the header never changes).
        #expect(frames.prefix(count).allSatisfy { $0.damaged_pixels <= 320 * 400 })
    }
}
