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

    @Test(arguments: [
        (SceneReaderTests.scene(root: #"{"cornerRadius": -3}"#), "root.cornerRadius", "0…1e12"),
        (SceneReaderTests.scene(root: #"{"sublayers": [{"cornerRadius": 1e13}]}"#), "root.sublayers[0].cornerRadius", "0…1e12"),
        (SceneReaderTests.scene(root: #"{"cornerRadius": "round"}"#), "root.cornerRadius", "number"),
        (SceneReaderTests.scene(root: #"{"borderWidth": -0.5}"#), "root.borderWidth", "0…1e12"),
        (SceneReaderTests.scene(root: #"{"borderColor": "black"}"#), "root.borderColor", "#RRGGBB"),
        (SceneReaderTests.scene(root: #"{"allowsGroupOpacity": 1}"#), "root.allowsGroupOpacity", "bool"),
        (SceneReaderTests.scene(root: #"{"shadowRadius": 4}"#), "root.shadowRadius", "unknown field"),
    ])
    func badAppearanceFieldsAreNamed(_ document: String, _ field: String, _ word: String) throws {
        let failure = try #require(SceneReaderTests.failure(document))
        #expect(failure.field == field)
        #expect(failure.reason.contains(word), "\(failure.reason)")
    }
}
