extension Compositor {
    /// Renders the tree at `root` into caller memory: `height` rows of `width` device pixels in `format`
    /// (premultiplied RGBA8 by default; BGRA8 or the opaque XRGB / XBGR a window system wants, see
    /// ``PixelFormat``), rows `bytesPerRow` bytes apart, starting at `baseAddress` — a window's backing
    /// store, an encoder's input frame, a texture staging buffer.
    ///
    /// Same as wrapping the memory in a ``PixelBuffer`` and calling ``render(_:into:)``: every pixel is
    /// overwritten. The memory must hold `(height − 1) · bytesPerRow + width · 4` bytes and must not be
    /// touched by anyone else until the call returns.
    ///
    /// Thread safety: as ``render(_:into:)`` — the thread that owns the layer tree, one frame at a time.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `width`, `height` or
    ///   `bytesPerRow` (smaller than `width · 4` included) or `framebuffer` (a size of zero); nothing is
    ///   drawn then.
    public func render(_ root: Layer, into baseAddress: UnsafeMutableRawPointer, width: Int, height: Int,
                       bytesPerRow: Int, format: PixelFormat = .rgba) throws -> FrameStatistics {
        try render(root, into: baseAddress, width: width, height: height, bytesPerRow: bytesPerRow, format: format,
                   previousFrame: nil)
    }

    /// ``render(_:into:width:height:bytesPerRow:format:)`` compositing only the damage since
    /// `previousFrame`, as ``render(_:into:previousFrame:)``: the memory must still hold that frame (in
    /// the same format; a frame in another format is a full frame).
    public func render(_ root: Layer, into baseAddress: UnsafeMutableRawPointer, width: Int, height: Int,
                       bytesPerRow: Int, format: PixelFormat, previousFrame: FrameToken?) throws -> FrameStatistics {
        let framebuffer = try PixelBuffer(wrapping: baseAddress, width: width, height: height,
                                          bytesPerRow: bytesPerRow, format: format)
        return try render(root, into: framebuffer, previousFrame: previousFrame)
    }

    /// The instruction-set tier this compositor's blend kernels run: ``Configuration-swift.struct/kernelTier``
    /// when set, else the process-wide ``Kernels/activeTier`` (the widest tier the CPU has, or the one
    /// forced with `TESSERA_ISA=baseline|avx2|avx512` at start-up). Any thread.
    public var kernelTier: KernelTier { kernels.tier }
}
