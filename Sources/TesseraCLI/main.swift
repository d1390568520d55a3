import Foundation
import Tessera
import TesseraScene

let usage = """
    tessera \(Tessera.version) — a CPU compositor for layer trees

    usage: tessera <command> [options]        (tessera <command> --help or tessera help <command> for its options)

    commands:
      bench      scroll benchmark on a built-in scene or a scene file
      render     one frame of a scene to a PNG or raw RGBA file
      layout     solve a scene's constraints and print the frames
      scenes     list the built-in scenes
      blend      composite raw RGBA8 files (src OVER dst)
      profile    fold `perf script` output, draw flame graphs (see Profiles/README.md)
      version    print the version
      help       print this text, or a command's options: help [COMMAND]
    """

/// The subcommands and their usage texts.
let commandUsages: [String: String] = [
    "bench": BenchCommand.usage, "render": RenderCommand.usage, "layout": LayoutCommand.usage, "blend": BlendCommand.usage,
    "profile": ProfileCommand.usage, "scenes": "usage: tessera scenes", "version": "usage: tessera version",
]

/// Runs one subcommand; maps errors to messages on standard error and exit statuses
/// (2: the command line is wrong, 1: the input or the work failed).
func run(_ arguments: [String]) -> Int32 {
    let command = arguments.first
    let rest = Array(arguments.dropFirst())
    if let command, let text = commandUsages[command], rest.contains("--help") || rest.contains("-h") {
        print(text)
        return 0
    }
    do {
        switch command {
        case "bench":
            try BenchCommand.run(rest)
        case "render":
            try RenderCommand.run(rest)
        case "layout":
            try LayoutCommand.run(rest)
        case "scenes":
            try noArguments(rest, command: "scenes")
            for scene in BuiltInScene.allCases {
                print("\(scene.rawValue.padding(toLength: max(8, scene.rawValue.count), withPad: " ", startingAt: 0)) \(scene.summary)")
            }
        case "blend":
            return BlendCommand.run(rest)
        case "profile":
            try ProfileCommand.run(rest)
        case "version", "--version":
            try noArguments(rest, command: "version")
            print(Tessera.version)
        case nil, "--help", "-h":
            print(usage)
        case "help":
            guard let topic = rest.first else {
                print(usage)
                break
            }
            guard rest.count == 1, let text = commandUsages[topic] else {
                throw UsageError("help: expected one of \(commandUsages.keys.sorted().joined(separator: ", ")), got '\(rest.joined(separator: " "))'")
            }
            print(text)
        case let other?:
            throw UsageError("unknown command '\(other)'")
        }
        return 0
    } catch let error as UsageError {
        let hint = command.flatMap { commandUsages[$0] } ?? usage
        FileHandle.standardError.write(Data("tessera: \(error)\n\(hint)\n".utf8))
        return 2
    } catch {
        FileHandle.standardError.write(Data("tessera: \(error)\n".utf8))
        return 1
    }
}

/// Commands without options (`scenes`, `version`) refuse any argument: a wrong command line exits 2.
func noArguments(_ rest: [String], command: String) throws {
    if let first = rest.first { throw UsageError("\(command): unexpected argument '\(first)'") }
}

exit(run(Array(CommandLine.arguments.dropFirst())))
