import CTessera
import Tessera

/// Layer content drawn by a C raster callback (`tessera_layer_set_content`).
///
/// Thread safety: `draw(in:)` runs on the compositor's workers, concurrently for different tiles; the
/// callback and its `user` pointer are the caller's to make safe for that (the header says so).
struct CallbackContent: LayerContent, @unchecked Sendable {
    let callback: tessera_raster_fn
    let user: UnsafeMutableRawPointer?
    let opaque: Bool

    func draw(in context: RasterContext) {
        var rect = tessera_pixel_rect(x: Int64(context.deviceRect.x), y: Int64(context.deviceRect.y),
                                      width: Int64(context.deviceRect.width),
                                      height: Int64(context.deviceRect.height))
        callback(user, context.buffer.baseAddress.assumingMemoryBound(to: UInt8.self),
                 context.buffer.bytesPerRow, &rect, context.scale)
    }

    func isOpaque(in deviceRect: PixelRect, scale: Double) -> Bool { opaque }
}
