import Testing
import Tessera

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
        (scene(root: #"{"kind": "window"}"#), "root.kind", "\"layer\" or \"scroll\""),
        (scene(root: #"{"background": "red"}"#), "root.background", "#RRGGBB"),
        (scene(root: #"{"contentSize": [10, 10]}"#), "root.contentSize", "scroll layers"),
        (scene(root: #"{"kind": "scroll", "contentSize": [-1, 10]}"#), "root.contentSize[0]", "width must be ≥ 0"),
        (scene(root: #"{"kind": "scroll", "contentInset": [0, 0, 0]}"#), "root.contentInset", "4 numbers"),
        (scene(root: #"{"boundsOrigin": [1, 2], "contentOffset": [1, 2]}"#), "root.contentOffset", "not both"),
        (#"{"viewport": {"width": 100, "height": -100}, "root": {}}"#, "viewport.height", "> 0"),
        (#"{"viewport": {"width": 100000, "height": 100}, "root": {}}"#, "viewport.width", "device pixels"),
        (#"{"viewport": {"width": 100, "height": 100, "scale": 0}, "root": {}}"#, "viewport.scale", "(0, 16]"),
        (#"{"viewport": {"width": 100, "height": 100}}"#, "root", "required"),
        (#"{"viewport": {"width": 100, "height": 100}, "root": {}, "root": {}}"#, "root", "duplicate key"),
        (#"[1, 2]"#, "document", "object"),
        (#""#, "test.json", "end"),
        (scene(root: "{}") + " x", "test.json", "after the document"),
    ] as [(String, String, String)])
    func malformedScenesAreRefusedNamingTheField(document: String, field: String, reason: String) {
        let failure = Self.failure(document)
        #expect(failure?.field == field, "\(failure.map { "\($0.field): \($0.reason)" } ?? "accepted")")
        #expect(failure?.reason.contains(reason) == true, "\(failure?.reason ?? "accepted")")
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
