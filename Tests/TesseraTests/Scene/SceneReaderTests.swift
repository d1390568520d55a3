import Testing
@testable import Tessera
@testable import TesseraScene
@testable import TesseraBench
@testable import TesseraProfiling

@Suite struct SceneReaderTests {
    static let valid = """
        {
          "viewport": {"width": 320, "height": 480, "scale": 2},
          "root": {
            "name": "root", "frame": [0, 0, 320, 480], "background": "#FFFFFF",
            "sublayers": [
              {"name": "feed", "kind": "scroll", "frame": [0, 44, 320, 436], "contentOffset": [0, 100],
               "contentSize": [320, 5000], "contentInset": [10, 0, 216, 0], "clipsToBounds": true,
               "sublayers": [{"name": "card", "frame": [8, 8, 304, 120], "background": "#FF000080", "opacity": 0.5}]},
              {"name": "header", "frame": [0, 0, 320, 44], "background": "#F8F8F8E0", "hidden": false}
            ]
          }
        }
        """

    @Test func readsAValidScene() throws {
        let scene = try SceneReader.decode(Array(Self.valid.utf8))
        #expect(scene.viewport.pixelWidth == 640 && scene.viewport.pixelHeight == 960)
        let feed = try #require(scene.layersByName["feed"] as? ScrollLayer)
        #expect(feed.contentOffset == Point(x: 0, y: 100))
        #expect(feed.contentSize == Size(width: 320, height: 5000))
        #expect(feed.contentInset == EdgeInsets(top: 10, left: 0, bottom: 216, right: 0))
        #expect(feed.clipsToBounds)
        let card = try #require(scene.layersByName["card"])
        #expect(card.superlayer === feed && card.opacity == 0.5)
        #expect(card.backgroundColor == Color(red: 255, green: 0, blue: 0, alpha: 128))
        #expect(card.compositedFrame.origin == Point(x: 8, y: -48))
        #expect(scene.root.sublayers.map(\.name) == ["feed", "header"])
    }

    /// The argument (field path) and reason of the error a document raises.
    static func failure(_ text: String) -> (field: String, reason: String)? {
        do {
            _ = try SceneReader.decode(Array(text.utf8), source: "test.json")
            return nil
        } catch let TesseraError.invalidArgument(argument, reason) {
            return (argument, reason)
        } catch {
            return ("unexpected error", "\(error)")
        }
    }

    static func scene(root: String) -> String {
        #"{"viewport": {"width": 100, "height": 100}, "root": "# + root + "}"
    }

    @Test(arguments: [
        // (document, expected field, a word the reason must contain)
        (#"{"viewport": {"width": 100, "height": 100}, "root": {"frame": [0, 0, 10"#, "root.frame", "end"),
        (scene(root: #"{"frame": "big"}"#), "root.frame", "array"),
        (scene(root: #"{"frame": [0, 0, "10", 10]}"#), "root.frame[2]", "number"),
        (scene(root: #"{"frame": [0, 0, 10]}"#), "root.frame", "4 numbers"),
        (scene(root: #"{"opacity": true}"#), "root.opacity", "number"),
        (scene(root: #"{"opacity": 2}"#), "root.opacity", "0…1"),
        (scene(root: #"{"frame": [0, 0, 1e999, 10]}"#), "root.frame[2]", "range"),
        (scene(root: #"{"sublayers": [{}, {}, {"frame": [0, 0, 10, -5]}]}"#), "root.sublayers[2].frame[3]", "height must be ≥ 0"),
        (scene(root: #"{"frame": [0, 0, 1e13, 10]}"#), "root.frame[2]", "1e12"),
        (scene(root: #"{"frame": [-1e300, 0, 10, 10]}"#), "root.frame[0]", "1e12"),
        (scene(root: #"{"sublayers": [{"name": "a"}, {"name": "a"}]}"#), "root.sublayers[1].name", "duplicate"),
        (scene(root: ##"{"colour": "#FFFFFF"}"##), "root.colour", "unknown field"),
        // an empty key has no path of its own: the object is named, the key quoted (found by tessera-scene-fuzz)
        (#"{"": 1, "viewport": {"width": 1, "height": 1}, "root": {}}"#, "document", #"unknown field """#),
        (scene(root: #"{"": 1}"#), "root", #"unknown field """#),
        (scene(root: #"{"kind": "window"}"#), "root.kind", "\"layer\" or \"scroll\""),
        (scene(root: #"{"background": "red"}"#), "root.background", "#RRGGBB"),
        (scene(root: #"{"contentSize": [10, 10]}"#), "root.contentSize", "scroll layers"),
        (scene(root: #"{"kind": "scroll", "contentSize": [-1, 10]}"#), "root.contentSize[0]", "width must be ≥ 0"),
        (scene(root: #"{"kind": "scroll", "contentInset": [0, 0, 0]}"#), "root.contentInset", "4 numbers"),
        (scene(root: #"{"boundsOrigin": [1, 2], "contentOffset": [1, 2]}"#), "root.contentOffset", "not both"),
        (#"{"viewport": {"width": 100, "height": -100}, "root": {}}"#, "viewport.height", "> 0"),
        (#"{"viewport": {"width": 100000, "height": 100}, "root": {}}"#, "viewport.width", "device pixels"),
        (#"{"viewport": {"width": 100, "height": 100, "scale": 0}, "root": {}}"#, "viewport.scale", "(0, 16]"),
        (#"{"viewport": {"width": 65536, "height": 65536}, "root": {}}"#, "viewport", "1 GiB"),
        (#"{"viewport": {"width": 100, "height": 100}}"#, "root", "required"),
        (#"{"viewport": {"width": 100, "height": 100}, "root": {}, "root": {}}"#, "root", "duplicate key"),
        (scene(root: ##"{"content": [{"rect": [0, 0, 5, 5], "roundedRect": [0, 0, 5, 5], "color": "#000000"}]}"##), "root.content[0]", "exactly one"),
        (scene(root: ##"{"content": [{"rect": [0, 0, 5, 5]}]}"##), "root.content[0].color", "required"),
        (scene(root: ##"{"content": [{"roundedRect": [0, 0, 5, 5], "radius": -1, "color": "#000000"}]}"##), "root.content[0].radius", "≥ 0"),
        (scene(root: ##"{"content": [{"rect": [0, 0, 5, -5], "color": "#000000"}]}"##), "root.content[0].rect[3]", "height must be ≥ 0"),
        (scene(root: ##"{"content": [{"linearGradient": [0, 0, 5, 5], "stops": [[0, "#000000"]]}]}"##), "root.content[0].stops", "two"),
        (scene(root: ##"{"content": [{"linearGradient": [0, 0, 5, 5], "stops": [[0, "#000000"], ["x", "#FFFFFF"]]}]}"##), "root.content[0].stops[1][0]", "expected a number"),
        (scene(root: ##"{"content": [{"image": [0, 0, 2, 1], "size": [2, 1], "pixels": "FF0000FF00FF"}]}"##), "root.content[0].pixels", "bytes"),
        (scene(root: ##"{"content": [{"image": [0, 0, 1, 1], "size": [1, 1], "pixels": "FF000080"}]}"##), "root.content[0].pixels", "premultiplied"),
        (scene(root: ##"{"content": [{"text": [0, 0, 50, 10], "color": "#000000", "font": "x"}]}"##), "root.content[0].font", "unknown field"),
        (scene(root: ##"{"content": [{"roundedRect": [0, 0, 5, 5], "radius": 1e300, "color": "#000000"}]}"##), "root.content[0].radius", "1e12"),
        (scene(root: ##"{"content": [{"linearGradient": [0, 0, 5, 5], "stops": [[0.5, "#000000"], [0.2, "#FFFFFF"]]}]}"##), "root.content[0].stops[1][0]", "previous stop"),
        (#"[1, 2]"#, "document", "object"),
        (#""#, "test.json", "end"),
        (scene(root: "{}") + " x", "test.json", "after the document"),
    ] as [(String, String, String)])
    func malformedScenesAreRefusedNamingTheField(document: String, field: String, reason: String) {
        let failure = Self.failure(document)
        #expect(failure?.field == field, "\(failure.map { "\($0.field): \($0.reason)" } ?? "accepted")")
        #expect(failure?.reason.contains(reason) == true, "\(failure?.reason ?? "accepted")")
    }

    @Test func readsEveryContentPrimitive() throws {
        let document = Self.scene(root: ##"""
            {"frame": [0, 0, 100, 100], "content": [
              {"rect": [0, 0, 10, 10], "color": "#FF0000"},
              {"roundedRect": [10, 0, 20, 20], "radius": 4, "color": "#00FF0080"},
              {"linearGradient": [0, 20, 50, 10], "start": [0, 20], "end": [50, 20], "stops": [[0, "#000000"], [1, "#FFFFFF"]]},
              {"text": [0, 40, 90, 12], "color": "#222222", "seed": 3},
              {"text": [0, 60, 90, 12], "color": "#222222", "string": "hello world"},
              {"image": [0, 80, 2, 1], "size": [2, 1], "pixels": "FF0000FF00000000"}
            ]}
            """##)
        let scene = try SceneReader.decode(Array(document.utf8))
        let list = try #require(scene.root.content as? DisplayList)
        #expect(list.items.count == 6)
        guard case let .roundedRect(rounded) = list.items[1] else { Issue.record("not a rounded rect"); return }
        #expect(rounded.cornerRadius == 4 && rounded.color == Color(red: 0, green: 255, blue: 0, alpha: 128))
        // Drawn: the solid red rect's pixel.
        let buffer = try PixelBuffer(width: 4, height: 4)
        list.draw(in: RasterContext(buffer: buffer, deviceRect: PixelRect(x: 0, y: 0, width: 4, height: 4), scale: 1))
        #expect(buffer[x: 2, y: 2] == Pixel(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func tenMegabyteStringsAreRefusedNamingTheField() {
        let huge = String(repeating: "x", count: 10_000_000)
        let failure = Self.failure(Self.scene(root: #"{"sublayers": [{"name": ""# + huge + #""}]}"#))
        #expect(failure?.field == "root.sublayers[0].name")
        #expect(failure?.reason.contains("longer than") == true)
    }

    @Test func deepNestingIsRefusedWithoutExhaustingTheStack() {
        let depth = 100_000
        let nested = String(repeating: #"{"sublayers": ["#, count: depth) + String(repeating: "]}", count: depth)
        let failure = Self.failure(Self.scene(root: nested))
        #expect(failure?.reason.contains("nesting deeper than") == true)
        #expect(failure?.field.hasPrefix("root.sublayers[0].sublayers[0]") == true)
    }

    @Test func textItemsCannotLayOutUnboundedGlyphs() throws {
        // Every long line lays out GreekedTextLine.maximumGlyphCount boxes (4,096): 40 bytes of a file
        // cost 128 KiB, so a 16 MiB file of them needed ~50 GB before the scene-wide glyph bound.
        let line = ##"{"text": [0, 0, 1e12, 1], "color": "#000000"}"##
        let lines = SceneContentReader.maximumGlyphs / GreekedTextLine.maximumGlyphCount + 1
        let failure = Self.failure(Self.scene(root: #"{"content": ["# + Array(repeating: line, count: lines)
            .joined(separator: ", ") + "]}"))
        #expect(failure?.field == "root.content[\(lines - 1)]")
        #expect(failure?.reason.contains("1000000 glyphs") == true, "\(failure?.reason ?? "accepted")")
        // As many as the bound allows are read.
        let fewer = Self.scene(root: #"{"content": ["# + Array(repeating: line, count: lines - 1)
            .joined(separator: ", ") + "]}")
        #expect(Self.failure(fewer) == nil)
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let scene = try SceneReader.decode([0xEF, 0xBB, 0xBF] + Array(Self.scene(root: "{}").utf8))
        #expect(scene.viewport.width == 100)
    }

    @Test func oversizedFilesAreRefusedBeforeParsing() {
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: SceneReader.maximumFileBytes + 1)
        #expect(throws: TesseraError.self) { try SceneReader.decode(bytes) }
    }

    @Test func missingFilesAreReportedByPath() {
        #expect(throws: TesseraError.self) { try SceneReader.read(contentsOfFile: "/nonexistent/scene.json") }
    }
}

@Suite struct JSONOutputTests {
    @Test func writesOrderedEscapedJSONThatTheParserReadsBack() throws {
        let document = JSONOutput.object([
            ("name", .string("a \"quoted\"\nline\u{1}")), ("count", .int(-3)), ("ratio", .number(0.25)),
            ("nan", .number(.nan)), ("flags", .array([.bool(true), .null])), ("nested", .object([("z", .int(1))])),
        ])
        #expect(document.text == #"{"name":"a \"quoted\"\nline\u0001","count":-3,"ratio":0.25,"nan":null,"flags":[true,null],"nested":{"z":1}}"#)
        let parsed = try JSONParser.parse(Array(document.text.utf8))
        guard case let .object(members) = parsed else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["name", "count", "ratio", "nan", "flags", "nested"])
        #expect(members[0].value == .string("a \"quoted\"\nline\u{1}"))
    }
}
