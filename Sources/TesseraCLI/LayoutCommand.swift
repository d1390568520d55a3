import Foundation
import Tessera
import TesseraScene

/// `tessera layout SCENE [--json]`: solves the scene's constraints and prints every named layer's frame
/// and every named scroll layer's content size; exit 1 with the message when the layout is
/// unsatisfiable (the conflicting constraints named) or ambiguous (the undetermined attributes named).
enum LayoutCommand {
    static let usage = """
        usage: tessera layout SCENE [--json]
          SCENE   a built-in scene (tessera scenes) or a scene file (.json)
          --json  print one JSON object: {"layers": [{"name", "frame", "contentSize"?}], "ambiguous": [...]}
        exit status 1 when the constraints are unsatisfiable or leave the layout ambiguous
        """

    static func run(_ arguments: [String]) throws {
        var options = CommandLineOptions(command: "layout", arguments: arguments)
        let json = options.flag("--json")
        let positionals = try options.positionals()
        guard positionals.count == 1 else { throw UsageError("layout: give exactly one SCENE") }
        let scene = try SceneArgument.load(positionals[0], warnsOfAmbiguity: false).scene
        try scene.root.layoutIfNeeded()
        let ambiguous = scene.root.layoutAmbiguityReport()
        var named: [Layer] = []
        var stack = [scene.root]
        while let layer = stack.popLast() {
            if layer.name != nil { named.append(layer) }
            stack.append(contentsOf: layer.sublayers.reversed())
        }
        if json {
            let layers = named.map { layer -> JSONOutput in
                let f = layer.frame
                var fields: [(String, JSONOutput)] = [
                    ("name", .string(layer.layoutName)),
                    ("frame", .array([f.origin.x, f.origin.y, f.size.width, f.size.height].map(JSONOutput.number))),
                ]
                if let scroll = layer as? ScrollLayer {
                    fields.append(("contentSize", .array([scroll.contentSize.width, scroll.contentSize.height].map(JSONOutput.number))))
                }
                return .object(fields)
            }
            print(JSONOutput.object([("layers", .array(layers)), ("ambiguous", .array(ambiguous.map(JSONOutput.string)))]).text)
        } else {
            let width = min(32, named.map(\.layoutName.count).max() ?? 0)
            for layer in named {
                let f = layer.frame
                var line = "\(layer.layoutName.padding(toLength: max(width, layer.layoutName.count), withPad: " ", startingAt: 0))  "
                    + "frame \(format(f.origin.x)) \(format(f.origin.y)) \(format(f.size.width)) × \(format(f.size.height))"
                if let scroll = layer as? ScrollLayer {
                    line += "  contentSize \(format(scroll.contentSize.width)) × \(format(scroll.contentSize.height))"
                }
                print(line)
            }
        }
        if !ambiguous.isEmpty { throw LayoutError.ambiguous(attributes: ambiguous) }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
