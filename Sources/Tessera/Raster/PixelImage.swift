/// An immutable bitmap of premultiplied RGBA8 pixels, for ``PlacedImage``.
///
/// Units are image pixels; rows are packed top to bottom, each pixel R, G, B, A, with every colour
/// channel ≤ alpha (checked at construction).
///
/// Thread safety: immutable and `Sendable`; one image may be placed in many display lists.
public struct PixelImage: Hashable, Sendable {
    /// Width in image pixels, 1…``PixelBuffer/maximumDimension``.
    public let width: Int
    /// Height in image pixels, 1…``PixelBuffer/maximumDimension``.
    public let height: Int
    /// The pixels as little-endian words (R in the low byte), row by row.
    let words: [UInt32]
    /// True when every pixel has alpha 255.
    let isOpaque: Bool

    /// Copies `pixels`: `width · height · 4` bytes, premultiplied RGBA8, packed rows.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `width` or `height` (outside
    ///   1…``PixelBuffer/maximumDimension``) or `pixels` (wrong byte count, or a colour channel above its
    ///   pixel's alpha, which is not premultiplied).
    public init(width: Int, height: Int, pixels: [UInt8]) throws {
        try PixelImage.validate(width: width, height: height)
        guard pixels.count == width * height * 4 else {
            throw TesseraError.invalidArgument(
                argument: "pixels",
                reason: "must hold width · height · 4 = \(width * height * 4) bytes, got \(pixels.count)")
        }
        var words = [UInt32](repeating: 0, count: width * height)
        for i in 0..<words.count {
            let p = Pixel(r: pixels[4 * i], g: pixels[4 * i + 1], b: pixels[4 * i + 2], a: pixels[4 * i + 3])
            try PixelImage.checkPremultiplied(p, index: i, width: width)
            words[i] = p.word
        }
        self.init(width: width, height: height, words: words)
    }

    /// Copies the pixels of `buffer`.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `buffer` when it is empty or
    ///   a pixel is not premultiplied.
    public init(_ buffer: PixelBuffer) throws {
        guard buffer.width > 0, buffer.height > 0 else {
            throw TesseraError.invalidArgument(
                argument: "buffer", reason: "must not be empty, got \(buffer.width)×\(buffer.height)")
        }
        var words = [UInt32](repeating: 0, count: buffer.width * buffer.height)
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let p = buffer[x: x, y: y]
                do { try PixelImage.checkPremultiplied(p, index: y * buffer.width + x, width: buffer.width) } catch {
                    throw TesseraError.invalidArgument(argument: "buffer", reason: "\(error)")
                }
                words[y * buffer.width + x] = p.word
            }
        }
        self.init(width: buffer.width, height: buffer.height, words: words)
    }

    private init(width: Int, height: Int, words: [UInt32]) {
        self.width = width
        self.height = height
        self.words = words
        isOpaque = words.allSatisfy { $0 >> 24 == 255 }
    }

    /// The pixel at (`x`, `y`), for tests and tools. Bounds are checked with `precondition`.
    public subscript(x x: Int, y y: Int) -> Pixel {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside the image")
        return Pixel(word: words[y * width + x])
    }

    private static func validate(width: Int, height: Int) throws {
        let limit = PixelBuffer.maximumDimension
        guard width >= 1, width <= limit else {
            throw TesseraError.invalidArgument(argument: "width", reason: "must be in 1…\(limit), got \(width)")
        }
        guard height >= 1, height <= limit else {
            throw TesseraError.invalidArgument(argument: "height", reason: "must be in 1…\(limit), got \(height)")
        }
    }

    private static func checkPremultiplied(_ p: Pixel, index: Int, width: Int) throws {
        guard p.r <= p.a, p.g <= p.a, p.b <= p.a else {
            throw TesseraError.invalidArgument(
                argument: "pixels",
                reason: "pixel (\(index % width), \(index / width)) \(p) is not premultiplied (a channel exceeds alpha)")
        }
    }
}
