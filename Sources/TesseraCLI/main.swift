import Foundation
import Tessera

let usage = """
    tessera \(Tessera.version) — a CPU compositor for layer trees

    usage: tessera <command> [options]

    commands:
      version    print the version
      blend      composite raw RGBA8 files: blend --size WxH --src A.rgba --dst B.rgba --out C.rgba [--opacity 0-255]
      help       print this text
    """

/// Runs one subcommand; maps errors to messages on standard error and exit statuses
/// (2: the command line is wrong, 1: the input or the work failed).
func run(_ arguments: [String]) -> Int32 {
    do {
        switch arguments.first {
        case "version", "--version":
            print(Tessera.version)
        case "blend":
            return BlendCommand.run(Array(arguments.dropFirst()))
        case nil, "help", "--help", "-h":
            print(usage)
        case let other?:
            throw UsageError("unknown command '\(other)'")
        }
        return 0
    } catch let error as UsageError {
        FileHandle.standardError.write(Data("tessera: \(error)\n\n\(usage)\n".utf8))
        return 2
    } catch {
        FileHandle.standardError.write(Data("tessera: \(error)\n".utf8))
        return 1
    }
}

exit(run(Array(CommandLine.arguments.dropFirst())))
