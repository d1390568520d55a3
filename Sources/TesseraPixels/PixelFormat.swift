import TesseraKernelBodies

/// The byte layout of a framebuffer's pixels: what a host's window system or upload path wants
/// (README.md, "Host pixel formats"). Tiles, sources and colours are always ``rgba``; only a
/// framebuffer the compositor renders into, or the destination of a ``Kernels`` call, may be another
/// format. The conversion happens in the composite pass itself (no second pass over the frame).
///
/// Every format holds premultiplied colour channels. ``rgba`` and ``bgra`` name the bytes in memory
/// order; ``xrgb`` and ``xbgr`` follow DRM / Wayland's fourcc names (`XRGB8888`, `XBGR8888`: a
/// little-endian word written most significant first), so their bytes are B, G, R, X and R, G, B, X.
/// In the `X` formats the fourth byte is not alpha: it is never read, and every pixel written gets 255
/// there (an opaque surface: what no layer covers is opaque black instead of transparent).
///
/// Thread safety: a plain value.
public enum PixelFormat: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Premultiplied bytes R, G, B, A (Tessera's own layout; the default).
    case rgba
    /// Premultiplied bytes B, G, R, A: Wayland's / DRM's `ARGB8888`, Windows DIBs, pixman's
    /// `a8r8g8b8` on little-endian machines.
    case bgra
    /// Opaque bytes B, G, R, X (DRM / Wayland `XRGB8888`, pixman's `x8r8g8b8` on little-endian).
    case xrgb
    /// Opaque bytes R, G, B, X (DRM / Wayland `XBGR8888`).
    case xbgr

    /// True when bytes 0 and 2 hold blue and red (``bgra``, ``xrgb``).
    public var swapsRedBlue: Bool { self == .bgra || self == .xrgb }
    /// True when the fourth byte is ignored on read and written as 255 (``xrgb``, ``xbgr``).
    public var ignoresAlpha: Bool { self == .xrgb || self == .xbgr }

    public var description: String { rawValue }

    /// The format named `name` (`rgba`, `bgra`, `xrgb` or `xbgr`, case-insensitive).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `argument` with the accepted names.
    public init(parsing name: String, argument: String = "format") throws {
        guard let format = PixelFormat(rawValue: name.lowercased()) else {
            throw TesseraError.invalidArgument(
                argument: argument, reason: "must be one of \(Self.allCases.map(\.rawValue).joined(separator: ", ")), "
                    + "got \"\(name.prefix(40))\"")
        }
        self = format
    }

    /// The kernels' layout identifier of this format.
    package var storeLayout: StoreLayoutID {
        switch self {
        case .rgba: return .rgba
        case .bgra: return .bgra
        case .xrgb: return .xrgb
        case .xbgr: return .xbgr
        }
    }

    /// The word stored in memory for the RGBA pixel word `rgba`: red and blue swapped for the swapped
    /// formats, 255 in the fourth byte of the `X` formats.
    @inlinable
    public func storedWord(_ rgba: UInt32) -> UInt32 {
        var w = rgba
        if swapsRedBlue { w = (w & 0xFF00_FF00) | ((w << 16 | w >> 16) & 0x00FF_00FF) }
        return ignoresAlpha ? w | 0xFF00_0000 : w
    }

    /// The RGBA pixel word read from the stored word `stored` (the inverse of ``storedWord(_:)``; the
    /// `X` formats read alpha as 255).
    @inlinable
    public func rgbaWord(_ stored: UInt32) -> UInt32 {
        storedWord(stored)  // the swap is its own inverse; the X byte reads as 255
    }
}
