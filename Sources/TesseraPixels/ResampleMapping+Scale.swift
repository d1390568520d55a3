import TesseraKernelBodies

/// Building a ``ResampleMapping`` from a scale factor, so that callers never write fixed point by hand.
extension ResampleMapping {
    /// The mapping that draws the source `scale` times as large (destination pixels per source pixel), with
    /// the source point `sourceOffset` under the destination rect's top-left corner.
    ///
    /// `sourceOffset` is in source pixels from the source's top-left *corner* (0 = left edge of source
    /// pixel 0; continuous, not centre-based). Destination pixel centre `i + ½` maps to the source point
    /// `sourceOffset.x + (i + ½) / scale`, whose position (centre-based, 16.16) is that minus ½; so
    /// `dx = round(65536 / scale)` and `x0 = round(65536 · (sourceOffset.x + ½ / scale − ½))`, rounded to
    /// the nearest 1/65536 source pixel (halves away from zero); y likewise. The rounding of `dx` makes
    /// column i sample at most `(i + 1) / 2 / 65536` source pixels off the exact point (0.03 px at i = 3840).
    ///
    /// Scale 1 with integer offsets gives `dx = 65536` and an integer `x0`: every pixel is copied
    /// unchanged (both filters), and the kernels take the ordinary src-over path.
    ///
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `scale` (`scaleX`/`scaleY`) when not
    ///   finite and > 0 or outside 1/32767…131072 (the step must fit the 16.16 field and be ≥ 1/65536 px),
    ///   or `sourceOffset.x`/`sourceOffset.y` when not finite or when the first position leaves the 16.16
    ///   range (±32,768 source pixels).
    public init(scale: Double, sourceOffset: (x: Double, y: Double) = (0, 0)) throws {
        try self.init(scaleX: scale, scaleY: scale, sourceOffset: sourceOffset, scaleArgument: ("scale", "scale"))
    }

    /// As ``init(scale:sourceOffset:)`` with a horizontal and a vertical scale.
    public init(scaleX: Double, scaleY: Double, sourceOffset: (x: Double, y: Double) = (0, 0)) throws {
        try self.init(scaleX: scaleX, scaleY: scaleY, sourceOffset: sourceOffset,
                      scaleArgument: ("scaleX", "scaleY"))
    }

    /// The smallest accepted scale factor: 1/32768 (a step of 32,767 source pixels, inside the 16.16 limit).
    public static let minimumScale = 1.0 / 32767
    /// The largest accepted scale factor: 131,072 (a step of half a position unit rounds to 1/65536).
    public static let maximumScale = 131_072.0

    private init(scaleX: Double, scaleY: Double, sourceOffset: (x: Double, y: Double),
                 scaleArgument: (x: String, y: String)) throws {
        let (x0, dx) = try Self.axis(scale: scaleX, offset: sourceOffset.x,
                                     scaleArgument: scaleArgument.x, offsetArgument: "sourceOffset.x")
        let (y0, dy) = try Self.axis(scale: scaleY, offset: sourceOffset.y,
                                     scaleArgument: scaleArgument.y, offsetArgument: "sourceOffset.y")
        self.init(x0: x0, dx: dx, y0: y0, dy: dy)
    }

    private static func axis(scale: Double, offset: Double, scaleArgument: String,
                             offsetArgument: String) throws -> (origin: Int32, step: Int32) {
        guard scale.isFinite, scale >= minimumScale, scale <= maximumScale else {
            throw TesseraError.invalidArgument(
                argument: scaleArgument,
                reason: "must be a finite factor in \(minimumScale)…\(Int(maximumScale)), got \(scale)")
        }
        guard offset.isFinite else {
            throw TesseraError.invalidArgument(argument: offsetArgument, reason: "must be finite, got \(offset)")
        }
        let unit = Double(one)
        let step = (unit / scale).rounded()
        let origin = (unit * (offset + 0.5 / scale - 0.5)).rounded()
        guard let stepValue = Int32(exactly: step) else {  // not reached inside the scale range; kept as a guard
            throw TesseraError.invalidArgument(argument: scaleArgument, reason: "step \(step) leaves the 16.16 range")
        }
        guard let originValue = Int32(exactly: origin) else {
            throw TesseraError.invalidArgument(
                argument: offsetArgument,
                reason: "the first sample, \(origin / unit) source px, leaves the 16.16 range (±32768 px)")
        }
        return (originValue, stepValue)
    }
}
