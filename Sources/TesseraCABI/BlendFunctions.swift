import CTessera
import Tessera

// The blend kernels of tessera.h on caller buffers, run with the process's kernel tier.

/// C `tessera_blend_copy`: ``Kernels/copy(_:onto:)`` on caller memory. Any thread; disjoint destinations may run
/// concurrently. See tessera.h; every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_blend_copy")
public func tesseraBlendCopy(_ src: UnsafePointer<tessera_image>?,
                             _ dst: UnsafePointer<tessera_image>?) -> tessera_status {
    cCall("tessera_blend_copy") {
        let source = try wrapImage(src, "src"), destination = try wrapImage(dst, "dst")
        try sameSize(source, destination)
        try Kernels.copy(source, onto: destination)
    }
}

/// C `tessera_blend_source_over`: ``Kernels/sourceOver(_:onto:opacity:)`` on caller memory. Any thread. See
/// tessera.h; every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_blend_source_over")
public func tesseraBlendSourceOver(_ src: UnsafePointer<tessera_image>?, _ dst: UnsafePointer<tessera_image>?,
                                   _ opacity: UInt8) -> tessera_status {
    cCall("tessera_blend_source_over") {
        let source = try wrapImage(src, "src"), destination = try wrapImage(dst, "dst")
        try sameSize(source, destination)
        try Kernels.sourceOver(source, onto: destination, opacity: opacity)
    }
}

/// C `tessera_blend_fill`: ``Kernels/fill(_:with:)`` with a premultiplied pixel on caller memory. Any thread. See
/// tessera.h; every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_blend_fill")
public func tesseraBlendFill(_ dst: UnsafePointer<tessera_image>?, _ color: tessera_pixel) -> tessera_status {
    cCall("tessera_blend_fill") {
        let destination = try wrapImage(dst, "dst")
        Kernels.fill(destination, with: try color.validated("color"))
    }
}

/// C `tessera_blend_fill_over`: ``Kernels/fillOver(_:with:)`` with a premultiplied pixel on caller memory. Any
/// thread. See tessera.h; every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_blend_fill_over")
public func tesseraBlendFillOver(_ dst: UnsafePointer<tessera_image>?, _ color: tessera_pixel) -> tessera_status {
    cCall("tessera_blend_fill_over") {
        let destination = try wrapImage(dst, "dst")
        Kernels.fillOver(destination, with: try color.validated("color"))
    }
}

/// C `tessera_active_isa`: writes the process-wide kernel tier (``Kernels/activeTier``) as a `TESSERA_ISA_*` value.
/// Any thread. See tessera.h; every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_active_isa")
public func tesseraActiveISA(_ out: UnsafeMutablePointer<tessera_isa>?) -> tessera_status {
    cCall("tessera_active_isa") {
        try output(out, "out").pointee = Kernels.activeTier.cValue
    }
}

private func sameSize(_ src: PixelBuffer, _ dst: PixelBuffer) throws {
    guard src.width == dst.width, src.height == dst.height else {
        throw Failure.invalidArgument(
            "src", "is \(src.width)×\(src.height) pixels but dst is \(dst.width)×\(dst.height)")
    }
}
