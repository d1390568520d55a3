import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Tessera

/// pixman, loaded at run time for the scaled-composition benchmark only (never linked; never used by
/// Tessera itself). Loads the development library name `libpixman-1.so`, which `libpixman-1-dev`
/// installs: without that package the benchmark reports pixman as "not measured".
///
/// Only the few calls and constants the benchmark needs, with their values from `pixman.h`
/// (pixman 0.42): `PIXMAN_a8b8g8r8` (bytes R, G, B, A in memory, Tessera's layout), `PIXMAN_OP_OVER`,
/// `PIXMAN_FILTER_NEAREST` / `BILINEAR`, `PIXMAN_REPEAT_PAD` (Tessera's edge clamping).
///
/// Thread safety: the function pointers are immutable; pixman images may be composited from several
/// threads into disjoint destination rects (pixman keeps no global mutable state for compositing).
final class PixmanLibrary: @unchecked Sendable {
    typealias Image = OpaquePointer
    /// A source and a destination image of one composition; pixman images are reference-counted C
    /// objects that several threads may read while compositing into disjoint rects.
    struct Pair: @unchecked Sendable { let src: Image, dst: Image }
    /// `pixman_transform_t`: a 3×3 matrix of 16.16 fixed-point numbers, row-major.
    struct Transform { var m: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) }

    static let formatA8B8G8R8: UInt32 = 32 << 24 | 3 << 16 | 8 << 12 | 8 << 8 | 8 << 4 | 8  // PIXMAN_FORMAT(32, ABGR, 8, 8, 8, 8)
    static let operatorOver: Int32 = 3
    static let filterNearest: Int32 = 3
    static let filterBilinear: Int32 = 4
    static let repeatPad: Int32 = 2

    let version: String
    private let createBits: @convention(c) (UInt32, Int32, Int32, UnsafeMutableRawPointer?, Int32) -> Image?
    private let setTransform: @convention(c) (Image, UnsafeRawPointer) -> Int32
    private let setFilter: @convention(c) (Image, Int32, UnsafeRawPointer?, Int32) -> Int32
    private let setRepeat: @convention(c) (Image, Int32) -> Void
    private let composite32: @convention(c) (Int32, Image, Image?, Image, Int32, Int32, Int32, Int32, Int32, Int32,
                                             Int32, Int32) -> Void
    private let unref: @convention(c) (Image) -> Int32

    /// The library, or nil with the reason when it cannot be loaded.
    static let shared: (library: PixmanLibrary?, reason: String) = {
        guard let handle = dlopen("libpixman-1.so", RTLD_NOW | RTLD_LOCAL) else {
            return (nil, "libpixman-1.so not found (install libpixman-1-dev)")
        }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let version = symbol("pixman_version_string", as: (@convention(c) () -> UnsafePointer<CChar>).self),
              let createBits = symbol("pixman_image_create_bits", as: (@convention(c) (UInt32, Int32, Int32, UnsafeMutableRawPointer?, Int32) -> Image?).self),
              let setTransform = symbol("pixman_image_set_transform", as: (@convention(c) (Image, UnsafeRawPointer) -> Int32).self),
              let setFilter = symbol("pixman_image_set_filter", as: (@convention(c) (Image, Int32, UnsafeRawPointer?, Int32) -> Int32).self),
              let setRepeat = symbol("pixman_image_set_repeat", as: (@convention(c) (Image, Int32) -> Void).self),
              let composite32 = symbol("pixman_image_composite32", as: (@convention(c) (Int32, Image, Image?, Image, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) -> Void).self),
              let unref = symbol("pixman_image_unref", as: (@convention(c) (Image) -> Int32).self) else {
            return (nil, "libpixman-1.so lacks a symbol the benchmark needs")
        }
        return (PixmanLibrary(version: String(cString: version()), createBits: createBits, setTransform: setTransform,
                              setFilter: setFilter, setRepeat: setRepeat, composite32: composite32, unref: unref), "")
    }()

    private init(version: String,
                 createBits: @escaping @convention(c) (UInt32, Int32, Int32, UnsafeMutableRawPointer?, Int32) -> Image?,
                 setTransform: @escaping @convention(c) (Image, UnsafeRawPointer) -> Int32,
                 setFilter: @escaping @convention(c) (Image, Int32, UnsafeRawPointer?, Int32) -> Int32,
                 setRepeat: @escaping @convention(c) (Image, Int32) -> Void,
                 composite32: @escaping @convention(c) (Int32, Image, Image?, Image, Int32, Int32, Int32, Int32, Int32,
                                                        Int32, Int32, Int32) -> Void,
                 unref: @escaping @convention(c) (Image) -> Int32) {
        self.version = version
        self.createBits = createBits
        self.setTransform = setTransform
        self.setFilter = setFilter
        self.setRepeat = setRepeat
        self.composite32 = composite32
        self.unref = unref
    }

    /// A pixman image over the buffer's pixels (no copy; the buffer must outlive it).
    func image(_ buffer: PixelBuffer) -> Image? {
        createBits(Self.formatA8B8G8R8, Int32(buffer.width), Int32(buffer.height), buffer.baseAddress,
                   Int32(buffer.bytesPerRow))
    }

    /// Sets a source image to be drawn `scale` times as large with the source point `offset` (source
    /// pixels) under the destination's origin (destination → source matrix `1/scale`, translation
    /// `offset`), with `filter` and pad repeat: the sample points of `ResampleMapping(scale:sourceOffset:)`.
    func configureScaledSource(_ image: Image, scale: Double, offset: (x: Double, y: Double), filter: Int32) {
        let inverse = Int32((65536 / scale).rounded())
        let tx = Int32((offset.x * 65536).rounded()), ty = Int32((offset.y * 65536).rounded())
        var transform = Transform(m: (inverse, 0, tx, 0, inverse, ty, 0, 0, 65536))
        _ = withUnsafeBytes(of: &transform) { setTransform(image, $0.baseAddress!) }
        _ = setFilter(image, filter, nil, 0)
        setRepeat(image, Self.repeatPad)
    }

    /// `PIXMAN_OP_OVER` of `src` (through its transform) onto rows `y ..< y + height` of `dst`.
    func over(_ src: Image, _ dst: Image, y: Int, width: Int, height: Int) {
        composite32(Self.operatorOver, src, nil, dst, 0, Int32(y), 0, 0, 0, Int32(y), Int32(width), Int32(height))
    }

    func release(_ image: Image) { _ = unref(image) }
}
