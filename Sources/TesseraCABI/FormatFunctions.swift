import CTessera
import Tessera

// The host pixel format entry points of tessera.h.

/// The ``PixelFormat`` of a C `tessera_pixel_format`.
/// - Throws: ``Failure/invalidArgument(_:_:)`` naming `argument` for a value outside the TESSERA_FORMAT_* range.
func pixelFormat(_ value: tessera_pixel_format, _ argument: String) throws -> PixelFormat {
    switch Int(value) {
    case Int(TESSERA_FORMAT_RGBA): return .rgba
    case Int(TESSERA_FORMAT_BGRA): return .bgra
    case Int(TESSERA_FORMAT_XRGB): return .xrgb
    case Int(TESSERA_FORMAT_XBGR): return .xbgr
    default: throw Failure.invalidArgument(argument, "must be a TESSERA_FORMAT_* value (0…3), got \(value)")
    }
}

/// C `tessera_compositor_render_format`: ``Compositor/render(_:into:previousFrame:)`` into caller memory in a host
/// pixel format (0 for `previous_frame`: a full frame). The tree's thread. See tessera.h; every failure returns a
/// status and sets `tessera_last_error`.
@_cdecl("tessera_compositor_render_format")
public func tesseraCompositorRenderFormat(_ compositor: tessera_compositor, _ root: tessera_layer,
                                          _ pixels: UnsafeMutablePointer<UInt8>?, _ width: Int64, _ height: Int64,
                                          _ stride: Int64, _ format: tessera_pixel_format, _ previousFrame: UInt64,
                                          _ statistics: UnsafeMutablePointer<tessera_frame_statistics>?) -> tessera_status {
    cCall("tessera_compositor_render_format") {
        let compositor = try HandleTable.shared.compositor(compositor, "compositor")
        let root = try HandleTable.shared.layer(root, "root")
        let format = try pixelFormat(format, "format")
        let framebuffer = try wrapPixels(pixels, width: width, height: height, stride: stride, prefix: "")
        let result = try compositor.render(root, into: framebuffer.reinterpreted(as: format),
                                           previousFrame: previousFrame == 0 ? nil : FrameToken(value: previousFrame))
        statistics?.pointee = tessera_frame_statistics(result)
    }
}
