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

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "version", "--version":
    print(Tessera.version)
case "blend":
    exit(BlendCommand.run(Array(arguments.dropFirst())))
case nil, "help", "--help", "-h":
    print(usage)
case let other?:
    FileHandle.standardError.write(Data("tessera: unknown command '\(other)'\n\n\(usage)\n".utf8))
    exit(2)
}
