import Foundation
import Tessera
import TesseraScene

/// A scene named on the command line: a built-in scene's name, or the path of a scene file.
enum SceneArgument {
    /// Loads `argument` (default `feed`). A scene with constraints is laid out while loading; when its
    /// layout is ambiguous a warning naming the undetermined attributes goes to standard error (unless
    /// `warnsOfAmbiguity` is false) and the solver's choice is kept, as UIKit does.
    static func load(_ argument: String?, warnsOfAmbiguity: Bool = true) throws -> (name: String, scene: Scene, bench: BenchScene?) {
        let loaded = try loadScene(argument)
        let ambiguous = loaded.scene.root.layoutAmbiguityReport()
        if warnsOfAmbiguity && !ambiguous.isEmpty {
            FileHandle.standardError.write(Data(
                "tessera: warning: ambiguous layout, the solver chose values for \(ambiguous.joined(separator: ", "))\n".utf8))
        }
        return loaded
    }

    private static func loadScene(_ argument: String?) throws -> (name: String, scene: Scene, bench: BenchScene?) {
        let name = argument ?? BuiltInScene.feed.rawValue
        if let builtIn = BuiltInScene(rawValue: name) {
            let bench = try builtIn.make()
            return (name, bench.scene, bench)
        }
        guard name.contains("/") || name.hasSuffix(".json") else {
            let names = BuiltInScene.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("no built-in scene '\(name)' (built in: \(names); or give a .json scene file)")
        }
        let scene = try SceneReader.read(contentsOfFile: name)
        return (name, scene, benchScene(for: scene))
    }

    /// A file scene's benchmark target: its first scroll layer in paint order, scrolled along the axis
    /// with the longer range; `nil` when the scene has no scroll layer.
    static func benchScene(for scene: Scene) -> BenchScene? {
        var stack: [Layer] = [scene.root]
        while let layer = stack.popLast() {
            if let scroll = layer as? ScrollLayer {
                let range = scroll.maximumContentOffset - scroll.minimumContentOffset
                let direction = range.x > range.y ? Point(x: 1, y: 0) : Point(x: 0, y: 1)
                return BenchScene(scene: scene, scrollLayer: scroll, direction: direction)
            }
            stack.append(contentsOf: layer.sublayers.reversed())
        }
        return nil
    }
}
