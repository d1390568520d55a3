/// A line of "greeked" text: rows of small rounded glyph boxes with word gaps, the usual stand-in for
/// text in rendering benchmarks and layout mock-ups.
///
/// Geometry is in points, in the layer's plane. The line box is `frame`; its height plays the role of
/// the line height `h`. Glyph boxes sit on a baseline at `0.78 h` below the top: x-height boxes are
/// `0.42 h` tall, ascender boxes `0.62 h`, descender boxes reach `0.16 h` below the baseline; widths are
/// `0.22…0.5 h`, glyphs `0.06 h` apart, words `0.3 h` apart, corner radius `0.08 h`. Glyphs are laid out
/// from the left edge and stop before the first one that would cross the right edge, so every glyph lies
/// inside `frame` (at most ``maximumGlyphCount`` of them). The layout is computed once, at construction, and is a pure function of the
/// arguments: the same seed or text always gives the same line, in every process.
///
/// Each glyph box is drawn like a ``RoundedRect`` of `color`.
///
/// Thread safety: immutable and `Sendable`.
public struct GreekedTextLine: Hashable, Sendable {
    /// The line box, in points.
    public let frame: Rect
    /// The glyphs' colour.
    public let color: Color
    /// The glyph boxes, in points, left to right.
    public let glyphs: [Rect]
    /// The glyph boxes' corner radius, in points.
    public let cornerRadius: Double

    /// A line holds at most 4,096 glyphs (so a very long, very thin line box cannot make a huge layout).
    public static let maximumGlyphCount = 4096

    /// A line of pseudo-random words drawn from `seed` (word lengths 1…9, glyph widths and ascenders or
    /// descenders varying), filling `frame` from the left.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `frame.…` for bad geometry.
    public init(frame: Rect, color: Color, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var shapes: [GlyphShape] = []
        var layout = GlyphLayout(frame: try frame.validated("frame"))
        while !layout.isFull {
            let letters = 1 + Int(random.next() % 9)
            for _ in 0..<letters {
                let r = random.next()
                let kind: GlyphShape.Kind = r % 100 < 70 ? .xHeight : (r % 100 < 92 ? .ascender : .descender)
                shapes.append(GlyphShape(kind: kind, width: 0.22 + Double((r >> 8) % 29) / 100))
            }
            shapes.append(.space)
            layout.place(shapes)
            shapes.removeAll(keepingCapacity: true)
        }
        self.init(frame: frame, color: color, glyphs: layout.glyphs)
    }

    /// A line whose glyph boxes follow `text`: one box per character, word gaps at whitespace; a
    /// character's width comes from a fixed hash of its UTF-8 bytes, ascenders for capitals, digits and
    /// `bdfhklt`, descenders for `gjpqy`.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `frame.…` for bad geometry.
    public init(frame: Rect, color: Color, text: String) throws {
        var layout = GlyphLayout(frame: try frame.validated("frame"))
        let shapes = text.map { GlyphShape($0) }
        layout.place(shapes)
        self.init(frame: frame, color: color, glyphs: layout.glyphs)
    }

    private init(frame: Rect, color: Color, glyphs: [Rect]) {
        self.frame = frame
        self.color = color
        self.glyphs = glyphs
        cornerRadius = 0.08 * frame.height
    }
}

/// One glyph's class and width (a fraction of the line height); a space has width 0 and only adds the
/// word gap.
private struct GlyphShape {
    enum Kind { case xHeight, ascender, descender, space }
    var kind: Kind
    var width: Double

    static let space = GlyphShape(kind: .space, width: 0)

    init(kind: Kind, width: Double) {
        self.kind = kind
        self.width = width
    }

    init(_ character: Character) {
        if character.isWhitespace {
            self = .space
            return
        }
        // FNV-1a over the UTF-8 bytes: fixed across processes, unlike `Hasher`.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in character.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let kind: Kind
        if character.isUppercase || character.isNumber || "bdfhklt".contains(character) {
            kind = .ascender
        } else if "gjpqy".contains(character) {
            kind = .descender
        } else {
            kind = .xHeight
        }
        self.init(kind: kind, width: 0.22 + Double(hash % 29) / 100)
    }
}

/// Places glyph boxes left to right in a line box until one would cross its right edge.
private struct GlyphLayout {
    let frame: Rect
    private(set) var glyphs: [Rect] = []
    private var x: Double
    private(set) var isFull: Bool

    init(frame: Rect) {
        self.frame = frame
        x = frame.minX
        isFull = frame.isEmpty
    }

    mutating func place(_ shapes: [GlyphShape]) {
        let h = frame.height, baseline = frame.minY + 0.78 * h
        for shape in shapes where !isFull {
            if glyphs.count >= GreekedTextLine.maximumGlyphCount {
                isFull = true
                return
            }
            if case .space = shape.kind {
                x += 0.3 * h
                if x >= frame.maxX { isFull = true }
                continue
            }
            let width = shape.width * h
            guard x + width <= frame.maxX else {
                isFull = true
                return
            }
            let top: Double, bottom: Double
            switch shape.kind {
            case .ascender: (top, bottom) = (baseline - 0.62 * h, baseline)
            case .descender: (top, bottom) = (baseline - 0.42 * h, baseline + 0.16 * h)
            default: (top, bottom) = (baseline - 0.42 * h, baseline)
            }
            glyphs.append(Rect(x: x, y: top, width: width, height: bottom - top))
            x += width + 0.06 * h
        }
    }
}

/// SplitMix64 (Steele, Lea & Flood 2014): a tiny deterministic generator for reproducible layouts
/// (and, through `@testable import`, for the tests' random pixels).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
