/// How a scaled composition samples its source (see ``ResampleMapping`` and
/// ``KernelRoutines/ScaledSourceOver``; the definition is `ScalarReference.scaledSourceOver` in
/// TesseraPixels and README.md, "Scaled composition").
///
/// - `nearest`: the source pixel whose centre is nearest the sample position; a position exactly halfway
///   between two centres takes the pixel of higher index (index `⌊p + ½⌋`, p in source pixels).
/// - `bilinear`: the four pixels around the position, weighted by its fraction quantized to
///   ``ResampleMapping/bilinearWeightBits`` (7) bits, interpolated vertically then horizontally, each pass
///   rounded to nearest 8-bit value (halves up). Premultiplied input stays premultiplied-valid.
public enum ResampleFilter: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case nearest
    case bilinear

    public var description: String {
        switch self {
        case .nearest: return "nearest"
        case .bilinear: return "bilinear"
        }
    }
}

/// Where each destination pixel of a scaled composition samples its source, in 16.16 fixed point
/// (1/65536 source pixel).
///
/// Position 0 is the *centre* of source pixel 0 (position 65536 the centre of pixel 1, −32768 the left
/// edge of pixel 0). Destination pixel (i, j) of the composed rect — i columns right of and j rows below
/// the rect's first pixel — samples at `(x0 + i · dx, y0 + j · dy)`, computed exactly (64-bit, no
/// overflow, no accumulated rounding). Positions outside the source clamp to its edge pixels (pad):
/// every row index is clamped to `0…height − 1`, every column index to `0…width − 1`, after the filter
/// chose its pixels, so a position far off the source repeats the edge pixel.
///
/// `dx`, `dy` may be any value, zero and negative included (a mirrored or constant mapping). The 32-bit
/// fields address positions within ±32,768 source pixels; take a sub-buffer of a larger source. Build one
/// from a scale factor with `ResampleMapping(scale:sourceOffset:)` (TesseraPixels) rather than by hand.
///
/// Thread safety: a plain value.
public struct ResampleMapping: Sendable, Equatable, CustomStringConvertible {
    /// Sample x of destination column 0, in 1/65536 source pixel; 0 = centre of source column 0.
    public var x0: Int32
    /// Step of the sample x per destination column, in 1/65536 source pixel (65536 = scale 1).
    public var dx: Int32
    /// Sample y of destination row 0, in 1/65536 source pixel; 0 = centre of source row 0.
    public var y0: Int32
    /// Step of the sample y per destination row, in 1/65536 source pixel.
    public var dy: Int32

    /// Fractional bits of a position: 16 (one source pixel = 65536).
    public static let fractionBits = 16
    /// One source pixel in position units: 65536.
    public static let one: Int32 = 1 << 16
    /// Bits of the bilinear weights: the position's fraction is truncated to 7 bits (0…127 out of 128),
    /// as pixman's default `BILINEAR_INTERPOLATION_BITS`.
    public static let bilinearWeightBits = 7

    /// The mapping with these fields (no validation: every value is meaningful).
    public init(x0: Int32, dx: Int32, y0: Int32, dy: Int32) {
        self.x0 = x0
        self.dx = dx
        self.y0 = y0
        self.dy = dy
    }

    /// The identity: destination pixel (i, j) samples source pixel (i, j) exactly.
    public static let identity = ResampleMapping(x0: 0, dx: one, y0: 0, dy: one)

    /// The same mapping for the sub-rect whose first pixel is destination pixel (`column`, `row`) of this
    /// one, in exact 64-bit arithmetic; nil when the new origin leaves the 32-bit range.
    public func offset(columns column: Int, rows row: Int) -> ResampleMapping? {
        let (cx, ox) = Int64(dx).multipliedReportingOverflow(by: Int64(column))
        let (cy, oy) = Int64(dy).multipliedReportingOverflow(by: Int64(row))
        guard !ox, !oy, let x = Int32(exactly: Int64(x0) + cx), let y = Int32(exactly: Int64(y0) + cy) else { return nil }
        return ResampleMapping(x0: x, dx: dx, y0: y, dy: dy)
    }

    public var description: String {
        func f(_ v: Int32) -> String { "\(Double(v) / 65536)" }
        return "ResampleMapping(x0: \(f(x0)), dx: \(f(dx)), y0: \(f(y0)), dy: \(f(dy)) px)"
    }
}
