extension Compositor {
    /// Renders the tree at `root` into caller memory: `height` rows of `width` premultiplied RGBA8
    /// device pixels, rows `bytesPerRow` bytes apart, starting at `baseAddress` — a window's backing
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
                       bytesPerRow: Int) throws -> FrameStatistics {
        let framebuffer = try PixelBuffer(wrapping: baseAddress, width: width, height: height,
                                          bytesPerRow: bytesPerRow)
        return try render(root, into: framebuffer)
    }

    /// The instruction-set tier this compositor's blend kernels run: ``Configuration-swift.struct/kernelTier``
    /// when set, else the process-wide ``Kernels/activeTier`` (the widest tier the CPU has, or the one
    /// forced with `TESSERA_ISA=baseline|avx2|avx512` at start-up). Any thread.
    public var kernelTier: KernelTier { kernels.tier }
}
