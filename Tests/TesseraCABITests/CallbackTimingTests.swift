import CTessera
import Foundation
import Testing

/// A raster callback's calls, counted under a lock, and how many came while no render ran.
/// Thread safety: the callback runs on raster workers; every field is read and written under `lock`.
private final class CallbackLog: @unchecked Sendable {
    let lock = NSLock()
    var rendering = false
    var calls = 0
    var callsOutsideRender = 0
}

/// Draws opaque green into the whole tile and logs the call (tessera.h's `tessera_raster_fn`).
private let drawGreen: tessera_raster_fn = { user, pixels, stride, rect, _ in
    let log = Unmanaged<CallbackLog>.fromOpaque(user!).takeUnretainedValue()
    log.lock.lock()
    log.calls += 1
    if !log.rendering { log.callsOutsideRender += 1 }
    log.lock.unlock()
    guard let pixels, let rect else { return }
    for y in 0..<Int(rect.pointee.height) {
        for x in 0..<Int(rect.pointee.width) {
            let pixel = pixels + y * stride + x * 4
            pixel[0] = 0
            pixel[1] = 128
            pixel[2] = 0
            pixel[3] = 255
        }
    }
}

/// tessera.h promises that in TESSERA_RASTER_SYNC mode raster callbacks run only while
/// `tessera_compositor_render` runs and every frame shows what they drew (the C ABI fuzzer, Tests/CFuzz,
/// found callbacks running after render returned when the C ABI had no raster mode yet).
@Suite("C ABI raster callback timing")
struct CallbackTimingTests {
    @Test("Raster callbacks run only inside tessera_compositor_render, and each frame shows what they drew")
    func callbacksRunInsideRender() throws {
        var config = tessera_config()
        expectOK(tessera_config_init(&config))
        config.tile_size = 64
        config.workers = 1
        config.raster_mode = tessera_raster_mode(TESSERA_RASTER_SYNC)
        var compositor: tessera_compositor = 0
        expectOK(tessera_compositor_create(&config, &compositor))
        try #require(compositor != 0)
        defer { _ = tessera_compositor_destroy(compositor) }
        let root = try makeLayer(tessera_rect(x: 0, y: 0, width: 32, height: 32))
        defer { _ = tessera_layer_destroy(root) }
        let log = CallbackLog()
        expectOK(tessera_layer_set_content(root, drawGreen, Unmanaged.passUnretained(log).toOpaque(), 1))
        var pixels = [UInt8](repeating: 0, count: 32 * 32 * 4)
        for frame in 0..<3 {
            if frame > 0 { expectOK(tessera_layer_set_needs_display(root, nil)) }
            log.lock.withLock { log.rendering = true }
            expectOK(pixels.withUnsafeMutableBufferPointer {
                tessera_compositor_render(compositor, root, $0.baseAddress, 32, 32, 32 * 4, nil)
            })
            log.lock.withLock { log.rendering = false }
            #expect(Array(pixels[0..<4]) == [0, 128, 0, 255], "frame \(frame): the tile's drawing, not a placeholder")
            #expect(Array(pixels[(31 * 32 + 31) * 4..<(31 * 32 + 32) * 4]) == [0, 128, 0, 255], "frame \(frame)")
        }
        Thread.sleep(forTimeInterval: 0.05)  // time for a raster that outlived its render to show up
        log.lock.withLock {
            #expect(log.calls == 3, "one tile drawn once per frame")
            #expect(log.callsOutsideRender == 0, "callbacks after tessera_compositor_render returned")
        }
    }
}
