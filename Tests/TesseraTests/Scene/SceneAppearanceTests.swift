import Testing
@testable import Tessera
@testable import TesseraScene

/// Scene files' appearance fields (README.md, "Scene files"): read into the layer, bad values named by
/// their path.
@Suite struct SceneAppearanceTests {
    @Test func readsCornerRadiusBorderAndGroupOpacity() throws {
        let text = #"""
            {"viewport": {"width": 100, "height": 100},
             "root": {"sublayers": [{"name": "card", "frame": [0, 0, 50, 40], "cornerRadius": 12.5, "borderWidth": 1.5,
                                     "borderColor": "#10203080", "allowsGroupOpacity": false, "clipsToBounds": true}]}}
            """#
        let card = try #require(try SceneReader.decode(Array(text.utf8)).layersByName["card"])
        #expect(card.cornerRadius == 12.5)
        #expect(card.borderWidth == 1.5)
        #expect(card.borderColor == Color(red: 0x10, green: 0x20, blue: 0x30, alpha: 0x80))
        #expect(!card.allowsGroupOpacity)
        let plain = try #require(try SceneReader.decode(Array(SceneReaderTests.scene(root: "{}").utf8)).root as Layer?)
        #expect(plain.cornerRadius == 0 && plain.borderWidth == 0 && plain.allowsGroupOpacity)
    }

    @Test func readsShadowFields() throws {
        let text = #"""
            {"viewport": {"width": 100, "height": 100},
             "root": {"sublayers": [{"name": "card", "frame": [0, 0, 50, 40], "shadowColor": "#10203080",
                                     "shadowOpacity": 0.25, "shadowOffset": [-1.5, 6], "shadowRadius": 12,
                                     "shadowPath": {"rect": [2, 3, 40, 30], "cornerRadius": 8}}]}}
            """#
        let card = try #require(try SceneReader.decode(Array(text.utf8)).layersByName["card"])
        #expect(card.shadowColor == Color(red: 0x10, green: 0x20, blue: 0x30, alpha: 0x80))
        #expect(card.shadowOpacity == 0.25 && card.shadowRadius == 12)
        #expect(card.shadowOffset == Size(width: -1.5, height: 6))
        #expect(card.shadowPath == ShadowPath(rect: Rect(x: 2, y: 3, width: 40, height: 30), cornerRadius: 8))
        let plain = try #require(try SceneReader.decode(Array(SceneReaderTests.scene(root: "{}").utf8)).root as Layer?)
        #expect(plain.shadowOpacity == 0 && plain.shadowRadius == 3 && plain.shadowPath == nil)
    }

    @Test(arguments: [
        (SceneReaderTests.scene(root: #"{"cornerRadius": -3}"#), "root.cornerRadius", "0…1e12"),
        (SceneReaderTests.scene(root: #"{"sublayers": [{"cornerRadius": 1e13}]}"#), "root.sublayers[0].cornerRadius", "0…1e12"),
        (SceneReaderTests.scene(root: #"{"cornerRadius": "round"}"#), "root.cornerRadius", "number"),
        (SceneReaderTests.scene(root: #"{"borderWidth": -0.5}"#), "root.borderWidth", "0…1e12"),
        (SceneReaderTests.scene(root: #"{"borderColor": "black"}"#), "root.borderColor", "#RRGGBB"),
        (SceneReaderTests.scene(root: #"{"allowsGroupOpacity": 1}"#), "root.allowsGroupOpacity", "bool"),
        (SceneReaderTests.scene(root: #"{"shadowBlur": 4}"#), "root.shadowBlur", "unknown field"),
        (SceneReaderTests.scene(root: #"{"shadowOpacity": 1.5}"#), "root.shadowOpacity", "0…1"),
        (SceneReaderTests.scene(root: #"{"shadowRadius": -2}"#), "root.shadowRadius", "0…256"),
        (SceneReaderTests.scene(root: #"{"shadowRadius": 1e9}"#), "root.shadowRadius", "0…256"),
        (SceneReaderTests.scene(root: #"{"shadowColor": "grey"}"#), "root.shadowColor", "#RRGGBB"),
        (SceneReaderTests.scene(root: #"{"shadowOffset": [0, 1e13]}"#), "root.shadowOffset[1]", "1e12"),
        (SceneReaderTests.scene(root: #"{"shadowOffset": [0]}"#), "root.shadowOffset", "2 numbers"),
        (SceneReaderTests.scene(root: #"{"shadowPath": {"rect": [0, 0, -1, 4]}}"#), "root.shadowPath.rect[2]", "≥ 0"),
        (SceneReaderTests.scene(root: #"{"shadowPath": {"rect": [0, 0, 1, 4], "cornerRadius": -1}}"#),
         "root.shadowPath.cornerRadius", "0…1e12"),
        (SceneReaderTests.scene(root: #"{"shadowPath": {"rect": [0, 0, 1, 4], "radius": 1}}"#),
         "root.shadowPath.radius", "unknown field"),
        (SceneReaderTests.scene(root: #"{"shadowPath": {}}"#), "root.shadowPath", "rect"),
        (SceneReaderTests.scene(root: #"{"shadowPath": 3}"#), "root.shadowPath", "object"),
    ])
    func badAppearanceFieldsAreNamed(_ document: String, _ field: String, _ word: String) throws {
        let failure = try #require(SceneReaderTests.failure(document))
        #expect(failure.field == field)
        #expect(failure.reason.contains(word), "\(failure.reason)")
    }
}
