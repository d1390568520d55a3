import CTessera
import Foundation
import Tessera

/// Layer content drawn by a C raster callback (`tessera_layer_set_content`).
///
/// Thread safety: `draw(in:)` runs on the compositor's raster workers, concurrently for different tiles
/// (and, in asynchronous mode, between renders); the callback and its `user` pointer are the caller's
/// to make safe for that (the header says so). Copies of the content (the tile manager's job snapshots)
/// share one ``CallbackAttachment``, so ``revoke()`` reaches every pending draw.
struct CallbackContent: LayerContent, @unchecked Sendable {
    let attachment: CallbackAttachment
    let opaque: Bool

    init(callback: tessera_raster_fn, user: UnsafeMutableRawPointer?, opaque: Bool) {
        attachment = CallbackAttachment(callback: callback, user: user)
        self.opaque = opaque
    }

    func draw(in context: RasterContext) {
        var rect = tessera_pixel_rect(x: Int64(context.deviceRect.x), y: Int64(context.deviceRect.y),
                                      width: Int64(context.deviceRect.width),
                                      height: Int64(context.deviceRect.height))
        attachment.call(context.buffer.baseAddress.assumingMemoryBound(to: UInt8.self),
                        context.buffer.bytesPerRow, &rect, context.scale)
    }

    func isOpaque(in deviceRect: PixelRect, scale: Double) -> Bool { opaque }

    /// Detaches the callback: waits for its running calls; later draws draw nothing. Model thread.
    func revoke() { attachment.revoke() }
}

/// One attachment of a C callback to a layer, revocable: after ``revoke()`` returns, the callback is
/// never called again through it and no call is still running, so the C host may free `user`.
///
/// Calls run concurrently (a count of running calls, not a lock held while calling); `revoke` sets the
/// flag and waits until the count is 0. Thread safety: every member, any thread, guarded by one
/// condition. Cost: two short lock acquisitions per call. Revoking from inside the callback deadlocks
/// (the header forbids calling back into Tessera).
final class CallbackAttachment: @unchecked Sendable {
    private let callback: tessera_raster_fn
    private let user: UnsafeMutableRawPointer?
    private let condition = NSCondition()
    private var running = 0
    private var revoked = false

    init(callback: tessera_raster_fn, user: UnsafeMutableRawPointer?) {
        self.callback = callback
        self.user = user
    }

    /// Calls the callback unless revoked. Worker thread.
    func call(_ pixels: UnsafeMutablePointer<UInt8>, _ stride: Int, _ rect: UnsafePointer<tessera_pixel_rect>,
              _ scale: Double) {
        condition.lock()
        guard !revoked else {
            condition.unlock()
            return
        }
        running += 1
        condition.unlock()
        callback(user, pixels, stride, rect, scale)
        condition.lock()
        running -= 1
        if running == 0 { condition.broadcast() }
        condition.unlock()
    }

    /// Stops every later call and waits for the running ones to return.
    func revoke() {
        condition.lock()
        revoked = true
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    /// True once ``revoke()`` was called.
    var isRevoked: Bool {
        condition.lock()
        defer { condition.unlock() }
        return revoked
    }
}
