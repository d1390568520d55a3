/// A colour at a position along a gradient's axis.
///
/// `location` is a fraction of the axis, 0 at the start point and 1 at the end point; it is checked by
/// ``LinearGradient/init(rect:cornerRadius:start:end:stops:)``.
public struct GradientStop: Hashable, Sendable {
    /// Position along the axis, in 0…1.
    public var location: Double
    /// The colour there (straight alpha; interpolated premultiplied).
    public var color: Color

    public init(location: Double, color: Color) {
        self.location = location
        self.color = color
    }
}

/// A rect (optionally with rounded corners) filled with a linear gradient between two points.
///
/// Geometry is in points, in the layer's plane. Each device pixel is coloured from its centre `p`: its
/// position along the axis is `t = ((p − start) · (end − start)) / |end − start|²`, clamped to 0…1 (the
/// end colours extend beyond the two points), and the colour is interpolated linearly between the two
/// stops around `t` in *premultiplied* RGBA, so a fade to transparent does not darken. Colours are
/// precomputed for ``tableSize`` evenly spaced values of `t` (every 1/1024 of the axis, channels rounded
/// to the nearest integer) and a pixel takes the entry nearest its `t`. The shape's edges are
/// anti-aliased like ``SolidRect`` (corner radius 0) or ``RoundedRect``.
///
/// Thread safety: immutable and `Sendable`.
public struct LinearGradient: Hashable, Sendable {
    /// How many evenly spaced colours of the axis are precomputed: 1,025 (`t = i / 1024`).
    public static let tableSize = 1025

    /// The filled area, in points.
    public let rect: Rect
    /// The corner radius in points, ≥ 0; 0 gives a plain rect.
    public let cornerRadius: Double
    /// Where `t = 0` lies, in points (the layer's plane, not relative to `rect`).
    public let start: Point
    /// Where `t = 1` lies, in points (the layer's plane); at least 1e-6 points from `start`.
    public let end: Point
    /// At least two stops, locations in 0…1 and non-decreasing.
    public let stops: [GradientStop]
    /// The premultiplied colours at `t = i / (tableSize − 1)`, as little-endian words.
    let table: [UInt32]
    /// True when every stop is opaque.
    let isOpaqueFill: Bool

    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `rect.…`, `cornerRadius`,
    ///   `start.x`/`start.y`/`end.x`/`end.y` (not finite or out of range), `end` (less than 1e-6 points
    ///   from `start`), `stops` (fewer than two) or `stops[i].location` (outside 0…1, not finite, or below
    ///   the previous stop's).
    public init(rect: Rect, cornerRadius: Double = 0, start: Point, end: Point, stops: [GradientStop]) throws {
        self.rect = try rect.validated("rect")
        self.cornerRadius = try PrimitiveValidation.radius(cornerRadius, "cornerRadius")
        self.start = try start.validated("start")
        self.end = try end.validated("end")
        let dx = end.x - start.x, dy = end.y - start.y
        guard (dx * dx + dy * dy).squareRoot() >= 1e-6 else {
            throw TesseraError.invalidArgument(
                argument: "end", reason: "must be at least 1e-6 points from start \(start), got \(end)")
        }
        guard stops.count >= 2 else {
            throw TesseraError.invalidArgument(
                argument: "stops", reason: "a gradient needs at least two stops, got \(stops.count)")
        }
        var previous = 0.0
        for (i, stop) in stops.enumerated() {
            guard stop.location.isFinite, stop.location >= 0, stop.location <= 1 else {
                throw TesseraError.invalidArgument(
                    argument: "stops[\(i)].location", reason: "must be in 0…1, got \(stop.location)")
            }
            guard stop.location >= previous else {
                throw TesseraError.invalidArgument(
                    argument: "stops[\(i)].location",
                    reason: "must be ≥ the previous stop's location \(previous), got \(stop.location)")
            }
            previous = stop.location
        }
        self.stops = stops
        table = LinearGradient.makeTable(stops)
        isOpaqueFill = stops.allSatisfy { $0.color.alpha == 255 }
    }

    /// The premultiplied colour at `t` (0…1), as the table holds it for `t = i / 1024`.
    static func color(at t: Double, stops: [GradientStop]) -> Pixel {
        guard let next = stops.firstIndex(where: { $0.location > t }) else {
            return stops[stops.count - 1].color.premultiplied
        }
        if next == 0 { return stops[0].color.premultiplied }
        let a = stops[next - 1], b = stops[next]
        let f = (t - a.location) / (b.location - a.location)
        let p = a.color.premultiplied, q = b.color.premultiplied
        func mix(_ u: UInt8, _ v: UInt8) -> UInt8 {
            UInt8((Double(u) + (Double(v) - Double(u)) * f).rounded())
        }
        return Pixel(r: mix(p.r, q.r), g: mix(p.g, q.g), b: mix(p.b, q.b), a: mix(p.a, q.a))
    }

    private static func makeTable(_ stops: [GradientStop]) -> [UInt32] {
        (0..<tableSize).map { i in color(at: Double(i) / Double(tableSize - 1), stops: stops).word }
    }

    public static func == (a: LinearGradient, b: LinearGradient) -> Bool {
        a.rect == b.rect && a.cornerRadius == b.cornerRadius && a.start == b.start && a.end == b.end
            && a.stops == b.stops
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rect)
        hasher.combine(start)
        hasher.combine(end)
        hasher.combine(stops)
    }
}
