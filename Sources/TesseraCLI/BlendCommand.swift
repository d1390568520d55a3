import Foundation
import Tessera

/// `tessera blend --size WxH --src A.rgba --dst B.rgba --out C.rgba [--opacity 0-255] [--workers N]`
///
/// Composites raw RGBA8 files (premultiplied, byte order R, G, B, A, rows packed, `W · H · 4` bytes):
/// `out = src OVER dst`, `src` first scaled by `opacity / 255`. The output is written to a temporary file
/// in the same directory and renamed over `--out`, so a failure never leaves a partial output file.
enum BlendCommand {
    static let usage = """
        usage: tessera blend --size WxH --src A.rgba --dst B.rgba --out C.rgba [--opacity 0-255] [--workers N]
        """

    /// What the command was asked to do, parsed and validated.
    struct Request: Equatable {
        var width = 0
        var height = 0
        var src = ""
        var dst = ""
        var out = ""
        var opacity: UInt8 = 255
        var workers = 1
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Runs the command; returns the process exit status (0 success, 1 failure, 2 usage error).
    static func run(_ arguments: [String]) -> Int32 {
        let request: Request
        do {
            request = try parse(arguments)
        } catch {
            FileHandle.standardError.write(Data("tessera blend: \(error)\n\(usage)\n".utf8))
            return 2
        }
        do {
            try blend(request)
            return 0
        } catch {
            FileHandle.standardError.write(Data("tessera blend: \(error)\n".utf8))
            return 1
        }
    }

    static func parse(_ arguments: [String]) throws -> Request {
        var request = Request()
        var seen: Set<String> = []
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard ["--size", "--src", "--dst", "--out", "--opacity", "--workers"].contains(flag) else {
                throw Failure("unknown argument '\(flag)'")
            }
            guard let value = rest.popFirst() else { throw Failure("\(flag) needs a value") }
            guard seen.insert(flag).inserted else { throw Failure("\(flag) given twice") }
            switch flag {
            case "--size": (request.width, request.height) = try parseSize(value)
            case "--src": request.src = value
            case "--dst": request.dst = value
            case "--out": request.out = value
            case "--opacity":
                guard let o = Int(value), (0...255).contains(o) else {
                    throw Failure("--opacity must be an integer in 0…255, got '\(value)'")
                }
                request.opacity = UInt8(o)
            default:
                guard let w = Int(value), (1...KernelTable.maximumWorkers).contains(w) else {
                    throw Failure("--workers must be an integer in 1…\(KernelTable.maximumWorkers), got '\(value)'")
                }
                request.workers = w
            }
        }
        for required in ["--size", "--src", "--dst", "--out"] where !seen.contains(required) {
            throw Failure("\(required) is required")
        }
        return request
    }

    /// `WxH` with both in 1…65536.
    static func parseSize(_ text: String) throws -> (Int, Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let limit = PixelBuffer.maximumDimension
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...limit).contains(w), (1...limit).contains(h) else {
            throw Failure("--size must be WxH with W and H in 1…\(limit), got '\(text)'")
        }
        return (w, h)
    }

    static func blend(_ request: Request) throws {
        let expected = request.width * request.height * 4
        let src = try readImage(request.src, name: "--src", expectedBytes: expected, request: request)
        let dst = try readImage(request.dst, name: "--dst", expectedBytes: expected, request: request)
        let output = try PixelBuffer(width: request.width, height: request.height)
        let source = try PixelBuffer(width: request.width, height: request.height)
        src.withUnsafeBytes { source.baseAddress.copyMemory(from: $0.baseAddress!, byteCount: expected) }
        dst.withUnsafeBytes { output.baseAddress.copyMemory(from: $0.baseAddress!, byteCount: expected) }
        try Kernels.sourceOver(source, onto: output, opacity: request.opacity, workers: request.workers)
        try writeAtomically(Data(bytes: output.baseAddress, count: expected), to: request.out)
    }

    static func readImage(_ path: String, name: String, expectedBytes: Int, request: Request) throws -> Data {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw Failure("\(name) '\(path)' cannot be read (\(AtomicFile.reason(error)))")
        }
        guard data.count == expectedBytes else {
            throw Failure("\(name) '\(path)' has \(data.count) bytes, but \(request.width)x\(request.height) RGBA8 "
                          + "needs \(expectedBytes)")
        }
        return data
    }

    static func writeAtomically(_ data: Data, to path: String) throws {
        do {
            try AtomicFile.write(data, to: path)
        } catch let failure as AtomicFile.Failure {
            throw Failure("--out \(failure)")
        }
    }
}
