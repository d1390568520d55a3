import Testing
@testable import Tessera
@testable import TesseraScene

/// Scene files' transform and zoom fields (README.md, "Scene files"): read into the model, and every bad
/// value a named error.
@Suite struct SceneZoomFieldTests {
    static func scene(root: String) -> String {
        #"{"viewport": {"width": 100, "height": 100}, "root": "# + root + "}"
    }

    static let zooming = scene(root: #"""
        {"frame": [0, 0, 100, 100], "sublayers": [
          {"name": "card", "frame": [10, 20, 40, 30], "anchorPoint": [0, 0],
           "transform": {"scale": 2, "translation": [1, -2]}},
          {"name": "view", "kind": "scroll", "frame": [0, 0, 100, 80], "contentSize": [400, 300],
           "minimumZoomScale": 0.5, "maximumZoomScale": 8, "zoomScale": 2, "zoomingLayer": "map",
           "sublayers": [{"name": "map", "frame": [0, 0, 400, 300]}]}
        ]}
        """#)

    @Test func readsTransformsAnchorsAndZoom() throws {
        let scene = try SceneReader.decode(Array(Self.zooming.utf8))
        let card = try #require(scene.layersByName["card"])
        // `frame` is the untransformed frame; the anchor (0, 0) is its top-left; scale 2, then (1, −2).
        #expect(card.untransformedFrame == Rect(x: 10, y: 20, width: 40, height: 30))
        #expect(card.frame == Rect(x: 11, y: 18, width: 80, height: 60))
        let view = try #require(scene.layersByName["view"] as? ScrollLayer)
        let map = try #require(scene.layersByName["map"])
        #expect(view.zoomingLayer === map && view.zoomScale == 2)
        #expect(view.minimumZoomScale == 0.5 && view.maximumZoomScale == 8)
        #expect(map.transform.scale == 2 && view.contentSize == Size(width: 800, height: 600))
    }

    @Test func equalZoomLimitsInASceneNeverZoom() throws {
        let text = Self.scene(root: #"""
            {"kind": "scroll", "frame": [0, 0, 100, 80], "minimumZoomScale": 1, "maximumZoomScale": 1,
             "zoomingLayer": "map", "sublayers": [{"name": "map", "frame": [0, 0, 400, 300]}]}
            """#)
        let scene = try SceneReader.decode(Array(text.utf8))
        let view = try #require(scene.root as? ScrollLayer)
        try view.pinch(scale: 3, around: Point(x: 50, y: 40))
        view.endPinch()
        try view.setZoomScale(5)
        #expect(view.zoomScale == 1 && view.zoomingLayer?.transform == .identity)
    }

    @Test(arguments: [
        (scene(root: #"{"transform": {"scale": 0}}"#), "root.transform.scale"),
        (scene(root: #"{"transform": {"scale": -2}}"#), "root.transform.scale"),
        (scene(root: #"{"transform": {"translation": [1e13, 0]}}"#), "root.transform.translation.x"),
        (scene(root: #"{"transform": {"rotation": 1}}"#), "root.transform.rotation"),
        (scene(root: #"{"transform": 2}"#), "root.transform"),
        (scene(root: #"{"anchorPoint": [0, 1e9]}"#), "root.anchorPoint.y"),
        (scene(root: #"{"anchorPoint": [0]}"#), "root.anchorPoint"),
        (scene(root: #"{"zoomScale": 2}"#), "root.zoomScale"),
        (scene(root: #"{"kind": "scroll", "maximumZoomScale": 1000}"#), "root.maximumZoomScale"),
        (scene(root: #"{"kind": "scroll", "minimumZoomScale": 2}"#), "root.maximumZoomScale"),
        (scene(root: #"{"kind": "scroll", "maximumZoomScale": 2, "zoomScale": 3}"#), "root.zoomScale"),
        (scene(root: #"{"kind": "scroll", "maximumZoomScale": 2, "zoomScale": 2}"#), "root.zoomScale"),
        (scene(root: #"{"kind": "scroll", "zoomingLayer": "nobody"}"#), "root.zoomingLayer"),
    ])
    func badTransformAndZoomFieldsAreNamed(document: String, field: String) {
        var argument: String?
        do { _ = try SceneReader.decode(Array(document.utf8)) } catch let TesseraError.invalidArgument(name, _) {
            argument = name
        } catch {
            argument = "unexpected \(error)"
        }
        #expect(argument == field)
    }
}
