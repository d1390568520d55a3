import Foundation
import Testing
@testable import Tessera
@testable import TesseraScene
@testable import TesseraBench
@testable import TesseraProfiling

/// Scene files with constraints: laid out when read, errors named by path and column, and the
/// `tessera layout` command's exit status.
@Suite struct SceneLayoutTests {
    /// The scroll example of README.md's "Layout" section, with `extra` appended to the yellow layer's
    /// constraints.
    static func scene(yellow extra: [String] = ["yellow.width == 100", "yellow.height == 100"]) -> String {
        let yellow = (["yellow.top == scroll.top + 200", "yellow.bottom == scroll.bottom - 200",
                       "yellow.leading == scroll.leading + 50", "yellow.trailing == scroll.trailing - 200"] + extra)
            .map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            {"viewport": {"width": 375, "height": 667},
             "root": {"name": "view", "frame": [0, 0, 375, 667],
               "sublayers": [
                 {"name": "scroll", "kind": "scroll",
                  "constraints": ["scroll.top == view.top + 100", "scroll.left == view.left + 50",
                                  "scroll.bottom == view.bottom - 100", "scroll.right == view.right - 50"],
                  "sublayers": [{"name": "yellow", "constraints": [\(yellow)]}]}]}}
            """
    }

    @Test func sceneConstraintsAreSolvedWhenTheFileIsRead() throws {
        let scene = try SceneReader.decode(Array(Self.scene().utf8))
        let scroll = try #require(scene.layersByName["scroll"] as? ScrollLayer)
        #expect(scroll.frame == Rect(x: 50, y: 100, width: 275, height: 467))
        #expect(scroll.contentSize == Size(width: 350, height: 500))
        #expect(scene.layersByName["yellow"]?.frame == Rect(x: 50, y: 200, width: 100, height: 100))
    }

    @Test func grammarCoversMultipliersPrioritiesAndGuides() throws {
        let text = """
            {"viewport": {"width": 300, "height": 300},
             "root": {"name": "root", "frame": [0, 0, 300, 300],
               "sublayers": [
                 {"name": "feed", "kind": "scroll", "constraints": [
                    "feed.top == root.top", "feed.left == root.left", "feed.width == 0.5 * root.width + 10",
                    "feed.height == root.height - 100", "feed.contentGuide.width == feed.frameGuide.width"],
                  "sublayers": [{"name": "label", "intrinsicSize": [40, 30], "hugging": [300, 700],
                    "constraints": ["label.top == feed.contentGuide.top + 4", "label.left == feed.left",
                                    "label.height == 60 @ 500", "label.width >= 2 * label.height @ low",
                                    "feed.contentGuide.bottom == label.bottom + 1e1 @ required"]}]}]}}
            """
        let scene = try SceneReader.decode(Array(text.utf8))
        let feed = try #require(scene.layersByName["feed"] as? ScrollLayer)
        let label = try #require(scene.layersByName["label"])
        #expect(feed.frame == Rect(x: 0, y: 0, width: 160, height: 200))
        // Hugging 700 beats the 500 height; hugging 300 at width 40 beats the low (250) 2 × height.
        #expect(label.frame == Rect(x: 0, y: 4, width: 40, height: 30))
        #expect(feed.contentSize == Size(width: 160, height: 44))
    }

    @Test(arguments: [
        ("yellow.topp == scroll.top",
         "column 8: unknown attribute 'topp' (one of left, right, top, bottom, leading, trailing, width, height, centerX, centerY)"),
        ("yellow.top == scrol.top", "column 15: unknown layer 'scrol'"),
        ("yellow.top = scroll.top", "column 12: unexpected character '='"),
        ("yellow.top == scroll.top + ", "column 28: expected a constant, got the end"),
        ("yellow.top == 5", "column 15: top is a position: it needs a second item (only width and height can equal a constant)"),
        ("yellow.width == 5 @ 1001", "column 21: priority must be in 1…1000, got 1001"),
        ("yellow.top == yellow.width", "column 15: top cannot be related to width (x positions relate to x positions, y to y, sizes to sizes)"),
        ("yellow.top == yellow.contentGuide.top", "column 22: 'yellow' is not a scroll layer: it has no contentGuide"),
        ("yellow.top == scroll.top 5", "column 26: unexpected '5'"),
    ])
    func constraintStringErrorsNameThePathAndColumn(text: String, reason: String) throws {
        let failure = SceneReaderTests.failure(Self.scene(yellow: [text]))
        #expect(failure?.field == "root.sublayers[0].sublayers[0].constraints[4]")
        #expect(failure?.reason == reason)
    }

    @Test func aLayerShowingOneImageGetsTheImagesSize() throws {
        let text = """
            {"viewport": {"width": 100, "height": 100},
             "root": {"name": "root", "frame": [0, 0, 100, 100], "sublayers": [
               {"name": "photo", "content": [{"image": [0, 0, 3, 2], "size": [3, 2],
                                              "pixels": "FF0000FF00FF00FF0000FFFFFFFFFFFF000000FF808080FF"}],
                "constraints": ["photo.left == root.left + 4", "photo.top == root.top + 6"]}]}}
            """
        let scene = try SceneReader.decode(Array(text.utf8))
        let photo = try #require(scene.layersByName["photo"])
        #expect(photo.intrinsicContentSize == IntrinsicContentSize(width: 3, height: 2))
        #expect(photo.frame == Rect(x: 4, y: 6, width: 3, height: 2))
        #expect(scene.root.layoutAmbiguityReport().isEmpty)
    }

    @Test func badLayoutFieldsNameTheField() throws {
        let base = Self.scene()
        for (field, path) in [("\"intrinsicSize\": [-1, 2]", "root.sublayers[0].sublayers[0].intrinsicSize[0]"),
                              ("\"hugging\": 0", "root.sublayers[0].sublayers[0].hugging"),
                              ("\"compressionResistance\": [750, 1e9]", "root.sublayers[0].sublayers[0].compressionResistance[1]"),
                              ("\"constraints\": [5]", "root.sublayers[0].sublayers[0].constraints[0]")] {
            let text = base.replacingOccurrences(of: "{\"name\": \"yellow\", \"constraints\"", with: "{\"name\": \"yellow\", \(field), \"c\"")
            #expect(SceneReaderTests.failure(text)?.field == path, "\(field)")
        }
    }

    @Test func unsatisfiableSceneNamesTheConstraintsAsWritten() throws {
        let text = Self.scene(yellow: ["yellow.width == 100", "yellow.height == 100", "yellow.width >= 120"])
        #expect(throws: LayoutError.unsatisfiable(constraints: ["yellow.width == 100", "yellow.width >= 120"])) {
            _ = try SceneReader.decode(Array(text.utf8))
        }
    }

    @Test(.enabled(if: TesseraExecutable.url != nil, "needs the tessera executable next to the tests"))
    func layoutCommandFailsOnAmbiguousAndUnsatisfiableScenes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ name: String, _ text: String) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let good = try write("good.json", Self.scene())
        let ambiguous = try write("ambiguous.json", Self.scene(yellow: []))
        let unsatisfiable = try write("unsat.json", Self.scene(yellow: ["yellow.width == 100", "yellow.width <= 50"]))
        #expect(try TesseraExecutable.run(["layout", good, "--json"]).status == 0)
        let ambiguousRun = try TesseraExecutable.run(["layout", ambiguous])
        #expect(ambiguousRun.status == 1)
        #expect(ambiguousRun.stderr.contains("yellow.width, yellow.height, scroll.contentSize.width, scroll.contentSize.height"))
        let unsatisfiableRun = try TesseraExecutable.run(["layout", unsatisfiable])
        #expect(unsatisfiableRun.status == 1)
        #expect(unsatisfiableRun.stderr.contains("yellow.width == 100; yellow.width <= 50"))
        // render lays out the ambiguous scene anyway, with a warning.
        let render = try TesseraExecutable.run(["render", ambiguous, "--out", dir.appendingPathComponent("a.png").path])
        #expect(render.status == 0 && render.stderr.contains("warning: ambiguous layout"))
    }
}
