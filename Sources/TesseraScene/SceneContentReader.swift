import Tessera

/// Reads a layer's `content` in a scene file: an array of display-list primitives, each an object with
/// exactly one shape key (format in README.md, "Scene files").
enum SceneContentReader {
    static let shapes = ["rect", "roundedRect", "linearGradient", "text", "image"]

    /// The most glyph boxes the text items of one scene file may lay out in total. Each text item lays out
    /// up to ``GreekedTextLine/maximumGlyphCount`` boxes whatever its size in the file, so without this
    /// bound a 16 MiB file of long text lines would need tens of gigabytes.
    static let maximumGlyphs = 1_000_000

    /// The items of a `content` array; `glyphs` counts the glyph boxes of the scene's text items so far.
    static func displayList(_ items: [JSONValue], path: String, glyphs: inout Int) throws -> DisplayList {
        var list: [DisplayItem] = []
        list.reserveCapacity(items.count)
        for (index, value) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            let item = try item(value, path: itemPath)
            if case .greekedText(let line) = item {
                glyphs += line.glyphs.count
                guard glyphs <= maximumGlyphs else {
                    throw TesseraError.invalidArgument(
                        argument: itemPath, reason: "the scene's text items lay out more than \(maximumGlyphs) glyphs")
                }
            }
            list.append(item)
        }
        return DisplayList(list)
    }

    private static func item(_ value: JSONValue, path: String) throws -> DisplayItem {
        var fields = try JSONFieldReader(value, path: path)
        let present = shapes.filter { fields.value($0) != nil }
        guard present.count == 1, let shape = present.first else {
            throw TesseraError.invalidArgument(
                argument: path, reason: "needs exactly one of \(shapes.joined(separator: ", ")), got \(present.count)")
        }
        let rect = try SceneReader.rect(try fields.numbers(shape, count: 4)!, path: fields.fieldPath(shape))
        func color(_ key: String = "color") throws -> Color {
            guard let hex = try fields.string(key) else { throw SceneReader.missing(fields.fieldPath(key)) }
            return try SceneReader.color(hex, path: fields.fieldPath(key))
        }
        func radius() throws -> Double {
            let radius = try fields.number("radius") ?? 0
            guard radius >= 0 else {
                throw TesseraError.invalidArgument(argument: fields.fieldPath("radius"), reason: "must be ≥ 0, got \(radius)")
            }
            return radius
        }
        let item: DisplayItem
        do {
            switch shape {
            case "rect":
                item = .solidRect(try SolidRect(rect: rect, color: try color()))
            case "roundedRect":
                item = .roundedRect(try RoundedRect(rect: rect, cornerRadius: try radius(), color: try color()))
            case "linearGradient":
                let start = try fields.numbers("start", count: 2) ?? [rect.minX, rect.minY]
                let end = try fields.numbers("end", count: 2) ?? [rect.minX, rect.maxY]
                guard let stopValues = try fields.array("stops") else { throw SceneReader.missing(fields.fieldPath("stops")) }
                let stops = try stopValues.enumerated().map { index, value -> GradientStop in
                    let stopPath = "\(fields.fieldPath("stops"))[\(index)]"
                    guard case let .array(pair) = value, pair.count == 2, case let .string(hex) = pair[1] else {
                        throw TesseraError.invalidArgument(argument: stopPath, reason: "expected [location, \"#RRGGBB\"]")
                    }
                    return GradientStop(location: try JSONFieldReader.number(pair[0], path: "\(stopPath)[0]"),
                                        color: try SceneReader.color(hex, path: "\(stopPath)[1]"))
                }
                item = .linearGradient(try LinearGradient(
                    rect: rect, cornerRadius: try radius(),
                    start: try SceneReader.point(start, path: fields.fieldPath("start")),
                    end: try SceneReader.point(end, path: fields.fieldPath("end")), stops: stops))
            case "text":
                if let text = try fields.string("string") {
                    item = .greekedText(try GreekedTextLine(frame: rect, color: try color(), text: text))
                } else {
                    let seed = try fields.number("seed") ?? 0
                    guard seed >= 0, seed < 9e15, seed == seed.rounded() else {
                        throw TesseraError.invalidArgument(argument: fields.fieldPath("seed"),
                                                           reason: "must be a whole number in 0…9e15, got \(seed)")
                    }
                    item = .greekedText(try GreekedTextLine(frame: rect, color: try color(), seed: UInt64(seed)))
                }
            default: // image
                guard let size = try fields.numbers("size", count: 2) else { throw SceneReader.missing(fields.fieldPath("size")) }
                guard let hex = try fields.string("pixels") else { throw SceneReader.missing(fields.fieldPath("pixels")) }
                guard size.allSatisfy({ $0 >= 1 && $0 <= 4096 && $0 == $0.rounded() }) else {
                    throw TesseraError.invalidArgument(argument: fields.fieldPath("size"),
                                                       reason: "must be whole numbers in 1…4096, got \(size)")
                }
                let pixels = try bytes(fromHex: hex, path: fields.fieldPath("pixels"))
                let image = try PixelImage(width: Int(size[0]), height: Int(size[1]), pixels: pixels)
                item = .image(try PlacedImage(image: image, frame: rect, opacity: try fields.number("opacity") ?? 1))
            }
        } catch let TesseraError.invalidArgument(argument, reason) where !argument.hasPrefix(path) {
            // A primitive's own check (its parameter names): say which item it was, under the scene
            // file's names for the fields (`radius`, `stops[i][0]`).
            let field = argument == "cornerRadius" ? "radius" : argument.replacingOccurrences(of: "].location", with: "][0]")
            throw TesseraError.invalidArgument(argument: "\(path).\(field)", reason: reason)
        }
        try fields.finish()
        return item
    }

    private static func bytes(fromHex hex: String, path: String) throws -> [UInt8] {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else {
            throw TesseraError.invalidArgument(argument: path, reason: "needs an even number of hex digits")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let value = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else {
                throw TesseraError.invalidArgument(argument: path, reason: "has a character that is not a hex digit")
            }
            bytes.append(value)
            index += 2
        }
        return bytes
    }
}
