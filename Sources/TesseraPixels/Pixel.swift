/// One premultiplied RGBA8 pixel, in memory order R, G, B, A.
///
/// Premultiplied means every colour channel is already scaled by alpha, so `r, g, b ≤ a` for pixels
/// produced by Tessera's kernels (the kernels accept any bytes and stay exact on them).
public struct Pixel: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    @inlinable
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let transparent = Pixel(r: 0, g: 0, b: 0, a: 0)

    /// The pixel as a little-endian word: R in the low byte, A in the high byte (memory order R,G,B,A).
    @inlinable
    public var word: UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    @inlinable
    public init(word: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: word), g: UInt8(truncatingIfNeeded: word >> 8),
                  b: UInt8(truncatingIfNeeded: word >> 16), a: UInt8(truncatingIfNeeded: word >> 24))
    }

    public var description: String { "Pixel(r: \(r), g: \(g), b: \(b), a: \(a))" }
}

/// A colour as people write it: straight (not premultiplied) 8-bit sRGB channels, like `#RRGGBBAA`.
///
/// Layers take `Color`; the compositor turns it into a premultiplied ``Pixel`` with ``premultiplied``.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `hex` when the text is not one of
    ///   those forms.
    public init(hex: String) throws {
        let digits = Array(hex.utf8)
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else {
            throw TesseraError.invalidArgument(
                argument: "hex", reason: "expected #RRGGBB or #RRGGBBAA, got \"\(hex.prefix(40))\"")
        }
        var bytes: [UInt8] = []
        var index = 1
        while index < digits.count {
            guard let high = Color.hexValue(digits[index]), let low = Color.hexValue(digits[index + 1]) else {
                throw TesseraError.invalidArgument(
                    argument: "hex", reason: "\"\(hex)\" has a character that is not a hex digit")
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The premultiplied pixel: each colour channel becomes `div255(channel · alpha)`.
    public var premultiplied: Pixel {
        let a = UInt32(alpha)
        return Pixel(r: UInt8(div255(UInt32(red) * a)), g: UInt8(div255(UInt32(green) * a)),
                     b: UInt8(div255(UInt32(blue) * a)), a: alpha)
    }

    public var description: String {
        func hex(_ v: UInt8) -> String { (v < 16 ? "0" : "") + String(v, radix: 16, uppercase: true) }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha == 255 ? "" : hex(alpha))
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 255, green: 255, blue: 255)
}

/// Exact rounding of `x / 255` for `x ≤ 255 · 255`: `(x + 128 + ((x + 128) >> 8)) >> 8`.
@inlinable @inline(__always)
public func div255(_ x: UInt32) -> UInt32 {
    let t = x &+ 128
    return (t &+ (t >> 8)) >> 8
}
