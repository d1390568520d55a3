import Tessera

/// A scene named on the command line: a built-in scene's name, or the path of a scene file.
enum SceneArgument {
    /// Loads `argument` (default `feed`).
    static func load(_ argument: String?) throws -> (name: String, scene: Scene, bench: BenchScene?) {
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
