/// Src-over onto an opaque solid colour in one pass: `dst = src OVER color`, the pixels a `fill` with
/// `color` followed by a `sourceOver` of `src` leave, without reading the destination.
///
/// A layer with an opaque background colour and translucent content (a card: white behind text and a
/// picture) composites as a fill, then its content tiles over it: the destination is written, read back
/// and written again. Over an opaque colour, `src OVER color` depends on the source only, is opaque
/// (alpha `sa + div255(255 · (255 − sa)) = 255`), and may be written with streaming stores like a copy
/// (`StreamingKernels.swift`). The formula is `over` of `PixelVector.swift` with `d = color`, so the
/// bytes equal the two-pass result bit for bit (the kernel equivalence tests check it against
/// `ScalarReference.sourceOver(_:onto:)` onto a filled buffer).
///
/// `color` is RGBA (premultiplied, alpha 255); the layout versions swizzle the source and the colour
/// on load and OR the alpha mask in, as `LayoutKernels.swift` does. Arguments are as in
/// ``KernelRoutines/SourceOverSolid``; nothing is validated here.
extension KernelBodies {
    /// One vector: the colour where the source is all zero, the source where it is all opaque.
    @inlinable @inline(__always)
    static func overSolid(_ s: Vector, _ c: Vector) -> Vector {
        isZero(s) ? c : isOpaque(s) ? s : over(s, c)
    }

    /// `dst = src OVER color` for one row of `count` pixels; the 64-byte-aligned middle streamed when
    /// `streams` (and the tier has streaming stores), head and tail with ordinary stores.
    @inlinable @inline(__always)
    static func sourceOverSolidRow<L: StoreLayout>(_ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer,
                                                   _ count: Int, _ color: UInt32, streams: Bool, _ l: L.Type) {
        let word = swizzled(color, l)
        let c = Vector(repeating: word), m = Vector(repeating: L.alphaMask)
        let address = UInt(bitPattern: dst)
        let streamed = streams && Tier.hasStreamingStores && address & 3 == 0
            && count &* 4 >= streamingThresholdBytes
        let head = streamed ? Swift.min(count, Int(truncatingIfNeeded: (0 &- address) & 63) &>> 2) : 0
        var i = 0
        while i < head {
            storeWord(over(swizzled(loadWord(src + i &* 4), l), word) | L.alphaMask, dst + i &* 4)
            i &+= 1
        }
        if streamed {
            while i &+ 16 <= count {
                Tier.streamStore(overSolid(swizzled(load(src + i &* 4), l), c) | m, dst + i &* 4)
                i &+= 16
            }
        } else {
            while i &+ 16 <= count {
                store(overSolid(swizzled(load(src + i &* 4), l), c) | m, dst + i &* 4)
                i &+= 16
            }
        }
        while i < count {
            storeWord(over(swizzled(loadWord(src + i &* 4), l), word) | L.alphaMask, dst + i &* 4)
            i &+= 1
        }
    }

    /// `dst = src OVER color` over a rect (`color` opaque RGBA), streamed where `streams`.
    @inlinable @inline(__always)
    public static func sourceOverSolid(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                                       _ dstStride: Int, _ width: Int, _ height: Int, _ color: UInt32,
                                       _ streams: Bool) {
        sourceOverSolid(src, srcStride, dst, dstStride, width, height, color, streams, RGBAStore.self)
    }

    /// The same, writing `layout`.
    @inlinable @inline(__always)
    public static func sourceOverSolid(_ layout: StoreLayoutID, _ src: UnsafeRawPointer, _ srcStride: Int,
                                       _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int,
                                       _ height: Int, _ color: UInt32, _ streams: Bool) {
        switch layout {
        case .rgba: sourceOverSolid(src, srcStride, dst, dstStride, width, height, color, streams, RGBAStore.self)
        case .bgra: sourceOverSolid(src, srcStride, dst, dstStride, width, height, color, streams, BGRAStore.self)
        case .xrgb: sourceOverSolid(src, srcStride, dst, dstStride, width, height, color, streams, XRGBStore.self)
        case .xbgr: sourceOverSolid(src, srcStride, dst, dstStride, width, height, color, streams, XBGRStore.self)
        }
    }

    @inlinable @inline(__always)
    static func sourceOverSolid<L: StoreLayout>(_ src: UnsafeRawPointer, _ srcStride: Int,
                                                _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int,
                                                _ height: Int, _ color: UInt32, _ streams: Bool, _ l: L.Type) {
        guard width > 0 else { return }
        for y in 0..<height {
            sourceOverSolidRow(src + y &* srcStride, dst + y &* dstStride, width, color, streams: streams, l)
        }
    }
}
