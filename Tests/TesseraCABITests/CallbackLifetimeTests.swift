import CTessera
import Dispatch
import Foundation
import Testing

/// What the raster callback of the lifetime tests shares with the test (through its `user` pointer).
private final class CallbackProbe: @unchecked Sendable {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var calls = 0
    private var returned = 0
    private var detached = false
    private var lateCalls = 0

    /// Called by the callback: counts, signals `entered` for the first call and blocks it until `release`.
    func enter() {
        lock.lock()
        calls += 1
        let first = calls == 1
        if detached { lateCalls += 1 }
        lock.unlock()
        if first {
            entered.signal()
            release.wait()
        }
        lock.lock()
        returned += 1
        lock.unlock()
    }

    /// Marks the moment the detaching call returned; returns how many calls had returned by then and how
    /// many were still running.
    func markDetached() -> (returned: Int, running: Int) {
        lock.lock()
        defer { lock.unlock() }
        detached = true
        return (returned, calls - returned)
    }

    var snapshot: (calls: Int, lateCalls: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (calls, lateCalls)
    }
}

private let probeCallback: tessera_raster_fn = { user, _, _, _, _ in
    Unmanaged<CallbackProbe>.fromOpaque(user!).takeUnretainedValue().enter()
}

private let otherCallback: tessera_raster_fn = { _, _, _, _, _ in }

/// The header's callback lifetime guarantee: once `tessera_layer_set_content` (replacing or removing a
/// callback) or `tessera_layer_destroy` returns, that callback is not running and is never called again.
@Suite("C ABI callback lifetime")
struct CallbackLifetimeTests {
    enum Detach: String, CaseIterable, CustomStringConvertible {
        case removeContent, replaceContent, destroyLayer
        var description: String { rawValue }
    }

    @Test("Detaching a callback waits for its running call, and no call starts afterwards", arguments: Detach.allCases)
    func detachingWaitsForRunningCallsAndStopsLaterOnes(detach: Detach) throws {
        var config = tessera_config()
        expectOK(tessera_config_init(&config))
        config.tile_size = 64
        config.workers = 1            // one lane: the first tile blocks it, the other three stay queued
        config.max_prepaint_tiles = 0
        #expect(config.raster_mode == tessera_raster_mode(TESSERA_RASTER_ASYNC), "async is the default")
        var compositor: tessera_compositor = 0
        expectOK(tessera_compositor_create(&config, &compositor))
        let layer = try makeLayer(tessera_rect(x: 0, y: 0, width: 64, height: 256))
        let probe = CallbackProbe()
        let user = Unmanaged.passRetained(probe).toOpaque()
        expectOK(tessera_layer_set_content(layer, probeCallback, user, 0))

        var pixels = [UInt8](repeating: 0, count: 64 * 256 * 4)
        var statistics = tessera_frame_statistics()
        expectOK(tessera_compositor_render(compositor, layer, &pixels, 64, 256, 256, &statistics))
        #expect(statistics.tiles_checkerboarded == 4, "an async render does not wait for the blocked raster")
        #expect(statistics.raster_jobs_outstanding == 4)
        try #require(probe.entered.wait(timeout: .now() + 30) == .success, "the first raster started")

        // Detach on another thread while the callback is blocked; release it a little later. (Should that
        // thread start late, the callback may return first: the checks below then hold all the more.)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var atReturn = (returned: -1, running: -1)
        nonisolated(unsafe) var status = tessera_status(-1)
        Thread.detachNewThread {
            switch detach {
            case .removeContent: status = tessera_layer_set_content(layer, nil, nil, 0)
            case .replaceContent: status = tessera_layer_set_content(layer, otherCallback, nil, 0)
            case .destroyLayer: status = tessera_layer_destroy(layer)
            }
            atReturn = probe.markDetached()
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 0.2) == .timedOut, "the detaching call waits for the running callback")
        probe.release.signal()
        try #require(done.wait(timeout: .now() + 30) == .success)
        #expect(status == tessera_status(TESSERA_OK))
        #expect(atReturn.returned >= 1 && atReturn.running == 0,
                "no call was running when detaching returned: \(atReturn)")

        // The tiles still queued run now: they draw nothing, the callback is not called again.
        expectOK(tessera_compositor_drain(compositor))
        #expect(probe.snapshot.lateCalls == 0)
        #expect(probe.snapshot.calls == atReturn.returned)
        if detach != .destroyLayer { expectOK(tessera_layer_destroy(layer)) }
        expectOK(tessera_compositor_destroy(compositor))
        #expect(probe.snapshot.lateCalls == 0)
        Unmanaged<CallbackProbe>.fromOpaque(user).release()
    }

    @Test("Sync mode and drain give complete frames; the new statistics are filled")
    func syncModeAndDrainGiveCompleteFrames() throws {
        for mode in [TESSERA_RASTER_SYNC, TESSERA_RASTER_ASYNC] {
            var config = tessera_config()
            expectOK(tessera_config_init(&config))
            config.tile_size = 16
            config.workers = 2
            config.raster_mode = tessera_raster_mode(mode)
            var compositor: tessera_compositor = 0
            expectOK(tessera_compositor_create(&config, &compositor))
            let layer = try makeLayer(tessera_rect(x: 0, y: 0, width: 32, height: 32))
            // Opaque mid-grey everywhere: neither checkerboard colour.
            let grey: tessera_raster_fn = { _, pixels, stride, rect, _ in
                for y in 0..<Int(rect!.pointee.height) {
                    for x in 0..<Int(rect!.pointee.width) * 4 { pixels![y * stride + x] = x % 4 == 3 ? 255 : 100 }
                }
            }
            expectOK(tessera_layer_set_content(layer, grey, nil, 1))
            var pixels = [UInt8](repeating: 0, count: 32 * 32 * 4)
            var statistics = tessera_frame_statistics()
            expectOK(tessera_compositor_render(compositor, layer, &pixels, 32, 32, 128, &statistics))
            #expect(statistics.visible_tile_pixels == 32 * 32)
            if mode == TESSERA_RASTER_SYNC {
                #expect(statistics.tiles_checkerboarded == 0 && statistics.checkerboard_pixels == 0)
                #expect(statistics.raster_jobs_outstanding == 0)
            } else {
                #expect(statistics.checkerboard_pixels == 16 * 16 * statistics.tiles_checkerboarded)
                expectOK(tessera_compositor_drain(compositor))
                expectOK(tessera_compositor_render(compositor, layer, &pixels, 32, 32, 128, &statistics))
                #expect(statistics.tiles_checkerboarded == 0 && statistics.raster_jobs_outstanding == 0)
            }
            #expect(statistics.tiles_shown_stale == 0)
            #expect(pixels.enumerated().allSatisfy { $0.element == ($0.offset % 4 == 3 ? 255 : 100) })
            expectOK(tessera_layer_destroy(layer))
            expectOK(tessera_compositor_destroy(compositor))
        }
    }
}
