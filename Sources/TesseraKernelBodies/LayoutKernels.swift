/// The destination byte layouts the composition kernels can write (the host pixel formats of
/// `PixelFormat` in TesseraPixels; README.md, "Host pixel formats").
///
/// Sources and colours are always premultiplied RGBA8 (bytes R, G, B, A). Src-over treats R, G and B
/// alike and keeps alpha in byte 3, so writing another layout needs no second pass:
///
/// - a layout that ``swapsRedBlue`` swaps bytes 0 and 2 of the source as it is loaded (a colour once);
///   the blend then runs on the destination as it is, and the result is already in its layout;
/// - a layout with an ``alphaMask`` (the opaque `X` formats) ORs `0xFF` into byte 3 of every pixel it
///   writes. Their alpha byte is never read: the colour channels of src-over do not depend on the
///   destination's alpha.
///
/// Thread safety: value types without state.
public protocol StoreLayout {
    /// True when bytes 0 and 2 (red and blue) of every source pixel are swapped on load.
    static var swapsRedBlue: Bool { get }
    /// ORed into every written pixel word: `0xFF00_0000` (alpha written as 255) or 0.
    static var alphaMask: UInt32 { get }
}

/// The identifiers of the layouts the routines accept (see ``KernelBodies/copy(_:_:_:_:_:_:_:)``).
public enum StoreLayoutID: UInt8, Sendable, CaseIterable {
    /// Bytes R, G, B, A: the kernels' native layout.
    case rgba
    /// Bytes B, G, R, A.
    case bgra
    /// Bytes B, G, R, X (DRM / Wayland `XRGB8888`): X written as 255.
    case xrgb
    /// Bytes R, G, B, X (DRM / Wayland `XBGR8888`): X written as 255.
    case xbgr
}

/// Bytes R, G, B, A (the native layout).
public enum RGBAStore: StoreLayout {
    @inlinable public static var swapsRedBlue: Bool { false }
    @inlinable public static var alphaMask: UInt32 { 0 }
}

/// Bytes B, G, R, A.
public enum BGRAStore: StoreLayout {
    @inlinable public static var swapsRedBlue: Bool { true }
    @inlinable public static var alphaMask: UInt32 { 0 }
}

/// Bytes B, G, R, X with X written as 255.
public enum XRGBStore: StoreLayout {
    @inlinable public static var swapsRedBlue: Bool { true }
    @inlinable public static var alphaMask: UInt32 { 0xFF00_0000 }
}

/// Bytes R, G, B, X with X written as 255.
public enum XBGRStore: StoreLayout {
    @inlinable public static var swapsRedBlue: Bool { false }
    @inlinable public static var alphaMask: UInt32 { 0xFF00_0000 }
}

/// The kernels that write a ``StoreLayout``: the same loops as `RowKernels.swift`, `RectKernels.swift`
/// and `StreamingKernels.swift` with the swap on load and the alpha mask on store. The entry points
/// taking a ``StoreLayoutID`` switch once per rect into a copy specialized for each layout; the native
/// layout (`rgba`) calls the unchanged native kernels. Arguments are as in ``KernelRoutines``; nothing
/// is validated here.
extension KernelBodies {
    // MARK: Per-vector and per-word swizzles

    /// `v` with bytes 0 and 2 of every lane swapped when `L` swaps (4 vector operations), else `v`.
    @inlinable @inline(__always)
    static func swizzled<L: StoreLayout>(_ v: Vector, _: L.Type) -> Vector {
        guard L.swapsRedBlue else { return v }
        return (v & Vector(repeating: 0xFF00_FF00)) | (((v &<< 16) | (v &>> 16)) & Vector(repeating: 0x00FF_00FF))
    }

    /// One word with bytes 0 and 2 swapped when `L` swaps.
    @inlinable @inline(__always)
    static func swizzled<L: StoreLayout>(_ w: UInt32, _: L.Type) -> UInt32 {
        guard L.swapsRedBlue else { return w }
        return (w & 0xFF00_FF00) | (((w &<< 16) | (w &>> 16)) & 0x00FF_00FF)
    }

    /// `color` as `L` stores it: swizzled, alpha mask ORed in.
    @inlinable @inline(__always)
    public static func storedColor<L: StoreLayout>(_ color: UInt32, _ l: L.Type) -> UInt32 {
        swizzled(color, l) | L.alphaMask
    }

    // MARK: Rows

    @inlinable @inline(__always)
    static func copyRow<L: StoreLayout>(_ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, _ count: Int,
                                        _ l: L.Type) {
        let m = Vector(repeating: L.alphaMask)
        var i = 0
        while i &+ 16 <= count {
            store(swizzled(load(src + i &* 4), l) | m, dst + i &* 4)
            i &+= 16
        }
        while i < count {
            storeWord(swizzled(loadWord(src + i &* 4), l) | L.alphaMask, dst + i &* 4)
            i &+= 1
        }
    }

    /// Ors the alpha mask into `count` pixels (the X layouts' result of an op that adds nothing).
    @inlinable @inline(__always)
    static func maskRow<L: StoreLayout>(_ dst: UnsafeMutableRawPointer, _ count: Int, _: L.Type) {
        let m = Vector(repeating: L.alphaMask)
        var i = 0
        while i &+ 16 <= count {
            store(load(dst + i &* 4) | m, dst + i &* 4)
            i &+= 16
        }
        while i < count {
            storeWord(loadWord(dst + i &* 4) | L.alphaMask, dst + i &* 4)
            i &+= 1
        }
    }

    /// One vector of src-over (source already swizzled) with the shortcuts of `RowKernels.swift`.
    @inlinable @inline(__always)
    static func sourceOverTested<L: StoreLayout>(_ s: Vector, _ d: UnsafeMutableRawPointer, _: L.Type) {
        if !isZero(s) {
            store(isOpaque(s) ? s : over(s, load(d)) | Vector(repeating: L.alphaMask), d)
        } else if L.alphaMask != 0 {
            store(load(d) | Vector(repeating: L.alphaMask), d)
        }
    }

    @inlinable @inline(__always)
    static func sourceOverRow<L: StoreLayout>(_ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer,
                                              _ count: Int, _ l: L.Type) {
        let m = Vector(repeating: L.alphaMask)
        var i = 0
        while i &+ 64 <= count {
            let p = src + i &* 4
            let d = dst + i &* 4
            let s0 = swizzled(load(p), l), s1 = swizzled(load(p + 64), l)
            let s2 = swizzled(load(p + 128), l), s3 = swizzled(load(p + 192), l)
            if isVaried(s0) {
                store(over(s0, load(d)) | m, d)
                store(over(s1, load(d + 64)) | m, d + 64)
                store(over(s2, load(d + 128)) | m, d + 128)
                store(over(s3, load(d + 192)) | m, d + 192)
            } else {
                sourceOverTested(s0, d, l)
                sourceOverTested(s1, d + 64, l)
                sourceOverTested(s2, d + 128, l)
                sourceOverTested(s3, d + 192, l)
            }
            i &+= 64
        }
        while i &+ 16 <= count {
            sourceOverTested(swizzled(load(src + i &* 4), l), dst + i &* 4, l)
            i &+= 16
        }
        while i < count {
            let s = swizzled(loadWord(src + i &* 4), l)
            let d = dst + i &* 4
            if s != 0 {
                storeWord(over(s, loadWord(d)) | L.alphaMask, d)
            } else if L.alphaMask != 0 {
                storeWord(loadWord(d) | L.alphaMask, d)
            }
            i &+= 1
        }
    }

    /// `opacity` is 1…254 here.
    @inlinable @inline(__always)
    static func sourceOverRow<L: StoreLayout>(_ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer,
                                              _ count: Int, opacity: UInt32, _ l: L.Type) {
        let o = Vector(repeating: opacity | opacity << 16)
        let m = Vector(repeating: L.alphaMask)
        var i = 0
        while i &+ 16 <= count {
            let s = swizzled(load(src + i &* 4), l)
            let d = dst + i &* 4
            if !isZero(s) {
                store(overScaled(s, load(d), byPairs: o) | m, d)
            } else if L.alphaMask != 0 {
                store(load(d) | m, d)
            }
            i &+= 16
        }
        while i < count {
            let s = swizzled(loadWord(src + i &* 4), l)
            let d = dst + i &* 4
            if s != 0 {
                storeWord(over(scale(s, by: opacity), loadWord(d)) | L.alphaMask, d)
            } else if L.alphaMask != 0 {
                storeWord(loadWord(d) | L.alphaMask, d)
            }
            i &+= 1
        }
    }

    /// `color` (already in `L`'s layout) is neither 0 nor opaque here.
    @inlinable @inline(__always)
    static func fillOverRow<L: StoreLayout>(_ dst: UnsafeMutableRawPointer, _ count: Int, _ color: UInt32,
                                            _: L.Type) {
        let c = Vector(repeating: color)
        let m = Vector(repeating: L.alphaMask)
        let ia = Vector(repeating: (255 &- (color &>> 24)) &* 0x0001_0001)
        var i = 0
        while i &+ 16 <= count {
            let d = dst + i &* 4
            store(over(c, load(d), inverseAlpha: ia) | m, d)
            i &+= 16
        }
        while i < count {
            let d = dst + i &* 4
            storeWord(over(color, loadWord(d)) | L.alphaMask, d)
            i &+= 1
        }
    }

    /// `dst = src` in `L` for one row, the 64-byte-aligned middle streamed (as `copyRowStreaming`).
    @inlinable @inline(__always)
    static func copyRowStreaming<L: StoreLayout>(_ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer,
                                                 _ count: Int, _ l: L.Type) {
        let address = UInt(bitPattern: dst)
        guard address & 3 == 0 else {
            copyRow(src, dst, count, l)
            return
        }
        let m = Vector(repeating: L.alphaMask)
        let head = Swift.min(count, Int(truncatingIfNeeded: (0 &- address) & 63) &>> 2)
        copyRow(src, dst, head, l)
        var i = head
        while i &+ 16 <= count {
            Tier.streamStore(swizzled(load(src + i &* 4), l) | m, dst + i &* 4)
            i &+= 16
        }
        copyRow(src + i &* 4, dst + i &* 4, count &- i, l)
    }

    // MARK: Rects, one layout

    @inlinable @inline(__always)
    static func copy<L: StoreLayout>(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                                     _ dstStride: Int, _ width: Int, _ height: Int, _ l: L.Type) {
        guard width > 0 else { return }
        for y in 0..<Swift.max(height, 0) { copyRow(src + y &* srcStride, dst + y &* dstStride, width, l) }
    }

    @inlinable @inline(__always)
    static func copyStreaming<L: StoreLayout>(_ src: UnsafeRawPointer, _ srcStride: Int,
                                              _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int,
                                              _ height: Int, _ l: L.Type) {
        guard width > 0, height > 0 else { return }
        let rowBytes = width &* 4
        let contiguous = srcStride == rowBytes && dstStride == rowBytes
        let runBytes = contiguous ? rowBytes &* height : rowBytes
        guard Tier.hasStreamingStores, runBytes >= streamingThresholdBytes else {
            copy(src, srcStride, dst, dstStride, width, height, l)
            return
        }
        if contiguous {
            copyRowStreaming(src, dst, width &* height, l)
            return
        }
        for y in 0..<height { copyRowStreaming(src + y &* srcStride, dst + y &* dstStride, width, l) }
    }

    @inlinable @inline(__always)
    static func mask<L: StoreLayout>(_ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int,
                                     _ height: Int, _ l: L.Type) {
        guard L.alphaMask != 0, width > 0 else { return }
        for y in 0..<Swift.max(height, 0) { maskRow(dst + y &* dstStride, width, l) }
    }

    @inlinable @inline(__always)
    static func sourceOver<L: StoreLayout>(_ src: UnsafeRawPointer, _ srcStride: Int,
                                           _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int,
                                           _ height: Int, _ opacity: UInt8, _ l: L.Type) {
        guard width > 0, height > 0 else { return }
        if opacity == 0 {  // src' = 0: dst unchanged but for the alpha mask
            mask(dst, dstStride, width, height, l)
        } else if opacity == 255 {
            for y in 0..<height { sourceOverRow(src + y &* srcStride, dst + y &* dstStride, width, l) }
        } else {
            for y in 0..<height {
                sourceOverRow(src + y &* srcStride, dst + y &* dstStride, width, opacity: UInt32(opacity), l)
            }
        }
    }

    @inlinable @inline(__always)
    static func fillOver<L: StoreLayout>(_ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int,
                                         _ height: Int, _ color: UInt32, _ l: L.Type) {
        let c = swizzled(color, l)
        guard width > 0, height > 0 else { return }
        if c == 0 {
            mask(dst, dstStride, width, height, l)
        } else if c >= 0xFF00_0000 {  // opaque: the colour itself (its alpha is already 255)
            fill(dst, dstStride, width, height, c)
        } else {
            for y in 0..<height { fillOverRow(dst + y &* dstStride, width, c, l) }
        }
    }

    // MARK: Entry points by layout identifier

    /// `dst = src` with `dst` in `layout`.
    @inlinable @inline(__always)
    public static func copy(_ layout: StoreLayoutID, _ src: UnsafeRawPointer, _ srcStride: Int,
                            _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int) {
        switch layout {
        case .rgba: copy(src, srcStride, dst, dstStride, width, height)
        case .bgra: copy(src, srcStride, dst, dstStride, width, height, BGRAStore.self)
        case .xrgb: copy(src, srcStride, dst, dstStride, width, height, XRGBStore.self)
        case .xbgr: copy(src, srcStride, dst, dstStride, width, height, XBGRStore.self)
        }
    }

    /// `dst = src` with `dst` in `layout`, streamed as `copyStreaming`.
    @inlinable @inline(__always)
    public static func copyStreaming(_ layout: StoreLayoutID, _ src: UnsafeRawPointer, _ srcStride: Int,
                                     _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int,
                                     _ height: Int) {
        switch layout {
        case .rgba: copyStreaming(src, srcStride, dst, dstStride, width, height)
        case .bgra: copyStreaming(src, srcStride, dst, dstStride, width, height, BGRAStore.self)
        case .xrgb: copyStreaming(src, srcStride, dst, dstStride, width, height, XRGBStore.self)
        case .xbgr: copyStreaming(src, srcStride, dst, dstStride, width, height, XBGRStore.self)
        }
    }

    /// `dst = div255(src · opacity) OVER dst` with `dst` in `layout`.
    @inlinable @inline(__always)
    public static func sourceOver(_ layout: StoreLayoutID, _ src: UnsafeRawPointer, _ srcStride: Int,
                                  _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int,
                                  _ opacity: UInt8) {
        switch layout {
        case .rgba: sourceOver(src, srcStride, dst, dstStride, width, height, opacity)
        case .bgra: sourceOver(src, srcStride, dst, dstStride, width, height, opacity, BGRAStore.self)
        case .xrgb: sourceOver(src, srcStride, dst, dstStride, width, height, opacity, XRGBStore.self)
        case .xbgr: sourceOver(src, srcStride, dst, dstStride, width, height, opacity, XBGRStore.self)
        }
    }

    /// `dst = color` (an RGBA word) with `dst` in `layout`.
    @inlinable @inline(__always)
    public static func fill(_ layout: StoreLayoutID, _ dst: UnsafeMutableRawPointer, _ dstStride: Int,
                            _ width: Int, _ height: Int, _ color: UInt32) {
        switch layout {
        case .rgba: fill(dst, dstStride, width, height, color)
        case .bgra: fill(dst, dstStride, width, height, storedColor(color, BGRAStore.self))
        case .xrgb: fill(dst, dstStride, width, height, storedColor(color, XRGBStore.self))
        case .xbgr: fill(dst, dstStride, width, height, storedColor(color, XBGRStore.self))
        }
    }

    /// `dst = color` with `dst` in `layout`, streamed as `fillStreaming`.
    @inlinable @inline(__always)
    public static func fillStreaming(_ layout: StoreLayoutID, _ dst: UnsafeMutableRawPointer, _ dstStride: Int,
                                     _ width: Int, _ height: Int, _ color: UInt32) {
        switch layout {
        case .rgba: fillStreaming(dst, dstStride, width, height, color)
        case .bgra: fillStreaming(dst, dstStride, width, height, storedColor(color, BGRAStore.self))
        case .xrgb: fillStreaming(dst, dstStride, width, height, storedColor(color, XRGBStore.self))
        case .xbgr: fillStreaming(dst, dstStride, width, height, storedColor(color, XBGRStore.self))
        }
    }

    /// `dst = color OVER dst` with `dst` in `layout`.
    @inlinable @inline(__always)
    public static func fillOver(_ layout: StoreLayoutID, _ dst: UnsafeMutableRawPointer, _ dstStride: Int,
                                _ width: Int, _ height: Int, _ color: UInt32) {
        switch layout {
        case .rgba: fillOver(dst, dstStride, width, height, color)
        case .bgra: fillOver(dst, dstStride, width, height, color, BGRAStore.self)
        case .xrgb: fillOver(dst, dstStride, width, height, color, XRGBStore.self)
        case .xbgr: fillOver(dst, dstStride, width, height, color, XBGRStore.self)
        }
    }
}

extension KernelRoutines {
    /// A tier's table for `layout`, made of its layout entry points (each taking the layout
    /// identifier first, `@inline(never)` in the tier's module), its scroll move (a byte copy, the native
    /// one) and its store fence. Each tier keeps its
    /// native table (`rgba`) as it is; this builds the other three once.
    public init(layout: StoreLayoutID,
                copy: @escaping @Sendable (StoreLayoutID, UnsafeRawPointer, Int, UnsafeMutableRawPointer, Int, Int, Int) -> Void,
                sourceOver: @escaping @Sendable (StoreLayoutID, UnsafeRawPointer, Int, UnsafeMutableRawPointer, Int, Int, Int, UInt8) -> Void,
                fill: @escaping @Sendable (StoreLayoutID, UnsafeMutableRawPointer, Int, Int, Int, UInt32) -> Void,
                fillOver: @escaping @Sendable (StoreLayoutID, UnsafeMutableRawPointer, Int, Int, Int, UInt32) -> Void,
                copyStreaming: @escaping @Sendable (StoreLayoutID, UnsafeRawPointer, Int, UnsafeMutableRawPointer, Int, Int, Int) -> Void,
                fillStreaming: @escaping @Sendable (StoreLayoutID, UnsafeMutableRawPointer, Int, Int, Int, UInt32) -> Void,
                sourceOverSolid: @escaping @Sendable (StoreLayoutID, UnsafeRawPointer, Int, UnsafeMutableRawPointer, Int, Int,
                                                      Int, UInt32, Bool) -> Void,
                scaledSourceOver: @escaping @Sendable (StoreLayoutID, UnsafeRawPointer, Int, Int, Int,
                                                       UnsafeMutableRawPointer, Int, Int, Int, ResampleMapping,
                                                       ResampleFilter, UInt8) -> Void,
                moveCells: @escaping MoveCells, storeFence: @escaping @Sendable () -> Void) {
        self.init(copy: { copy(layout, $0, $1, $2, $3, $4, $5) },
                  sourceOver: { sourceOver(layout, $0, $1, $2, $3, $4, $5, $6) },
                  fill: { fill(layout, $0, $1, $2, $3, $4) },
                  fillOver: { fillOver(layout, $0, $1, $2, $3, $4) },
                  copyStreaming: { copyStreaming(layout, $0, $1, $2, $3, $4, $5) },
                  fillStreaming: { fillStreaming(layout, $0, $1, $2, $3, $4) },
                  sourceOverSolid: { sourceOverSolid(layout, $0, $1, $2, $3, $4, $5, $6, $7) },
                  scaledSourceOver: { scaledSourceOver(layout, $0, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10) },
                  moveCells: moveCells, storeFence: storeFence)
    }
}
