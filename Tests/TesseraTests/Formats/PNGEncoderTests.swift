import Foundation
import Testing
@testable import Tessera

/// PNG files decoded by an independent decoder: Python's standard library (zlib + struct), when present.
@Suite struct PNGEncoderTests {
    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
        ?? ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Decodes a PNG with Python (checking every CRC and unfiltering every row), premultiplies it with
    /// div255, and prints the raw RGBA bytes as hex.
    static let decoder = """
        import sys, struct, zlib
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'signature'
        pos, idat, width, height = 8, b'', 0, 0
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            crc, = struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])
            assert zlib.crc32(kind + body) & 0xffffffff == crc, 'crc of ' + kind.decode()
            if kind == b'IHDR':
                width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
                assert (depth, colour, interlace) == (8, 6, 0)
            elif kind == b'IDAT':
                idat += body
            pos += 12 + length
        raw = zlib.decompress(idat)
        stride = width * 4
        out, prev = bytearray(), bytearray(stride)
        for y in range(height):
            f, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            for i in range(stride):
                a = row[i - 4] if i >= 4 else 0
                b = prev[i]
                c = prev[i - 4] if i >= 4 else 0
                if f == 1: row[i] = (row[i] + a) & 255
                elif f == 2: row[i] = (row[i] + b) & 255
                elif f == 3: row[i] = (row[i] + (a + b) // 2) & 255
                elif f == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
                else: assert f == 0, 'filter'
            prev = row
            for x in range(width):
                alpha = row[4 * x + 3]
                for ch in range(3):
                    t = row[4 * x + ch] * alpha + 128
                    out.append((t + (t >> 8)) >> 8)
                out.append(alpha)
        print(width, height, len(data), out.hex())
        """

    static func decodeWithPython(_ png: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let directory = FileManager.default.temporaryDirectory
        let file = directory.appendingPathComponent("tessera-png-\(UUID().uuidString).png")
        let script = directory.appendingPathComponent("tessera-png-\(UUID().uuidString).py")
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: script)
        }
        try Data(png).write(to: file)
        try Data(decoder.utf8).write(to: script)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python!)
        process.arguments = [script.path, file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let fields = text.split(separator: " ")
        let hex = Array(fields.last?.trimmingCharacters(in: .whitespacesAndNewlines).utf8 ?? "".utf8)
        var bytes: [UInt8] = []
        var i = 0
        while i + 1 < hex.count {
            bytes.append(UInt8(String(decoding: hex[i...i + 1], as: UTF8.self), radix: 16)!)
            i += 2
        }
        return (Int(fields.first ?? "") ?? -1, Int(fields.dropFirst().first ?? "") ?? -1, bytes)
    }

    @Test(.enabled(if: python != nil, "python3 is the independent decoder"))
    func randomPremultipliedPixelsRoundTrip() throws {
        var random = SplitMix64(seed: 7)
        for (width, height) in [(1, 1), (5, 3), (67, 9)] {
            let buffer = try PixelBuffer(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let a = [0, 255, UInt8.random(in: 0...255, using: &random)][Int.random(in: 0...2, using: &random)]
                    func channel() -> UInt8 { UInt8.random(in: 0...a, using: &random) }
                    buffer[x: x, y: y] = Pixel(r: channel(), g: channel(), b: channel(), a: a)
                }
            }
            let decoded = try Self.decodeWithPython(PNGEncoder.encode(buffer))
            #expect(decoded.width == width && decoded.height == height)
            #expect(decoded.rgba == buffer.packedBytes())
        }
    }

    @Test(.enabled(if: python != nil, "python3 is the independent decoder"))
    func flatImagesCompress() throws {
        let buffer = try PixelBuffer(width: 256, height: 128)
        buffer.clear(to: Pixel(r: 10, g: 20, b: 30, a: 255))
        for y in 40..<80 { for x in 30..<200 { buffer[x: x, y: y] = Pixel(r: 200, g: 100, b: 0, a: 255) } }
        let png = PNGEncoder.encode(buffer)
        #expect(png.count < buffer.width * buffer.height * 4 / 50)
        #expect(try Self.decodeWithPython(png).rgba == buffer.packedBytes())
    }

    /// Chunk lengths are 32-bit (and must stay below 2^31): a large frame's compressed data is split over
    /// several IDAT chunks, which decoders concatenate.
    @Test(.enabled(if: python != nil, "python3 is the independent decoder"))
    func compressedDataIsSplitOverIDATChunks() throws {
        let buffer = try PixelBuffer(width: 37, height: 11)
        var random = SystemRandomNumberGenerator()
        for y in 0..<11 { for x in 0..<37 { buffer[x: x, y: y] = Pixel(r: UInt8.random(in: 0...255, using: &random), g: 7, b: 0, a: 255) } }
        let whole = PNGEncoder.encode(buffer)
        let split = PNGEncoder.encode(buffer, idatChunkBytes: 100)
        #expect(split.count > whole.count + 12)  // more chunks, each with 12 bytes of framing
        #expect(try Self.decodeWithPython(split).rgba == buffer.packedBytes())
        #expect(PNGEncoder.encode(buffer, idatChunkBytes: PNGEncoder.maximumChunkBytes) == whole)
    }

    @Test func checksumsMatchKnownValues() {
        #expect(Checksums.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        let bytes = Array("Wikipedia".utf8)
        #expect(bytes.withUnsafeBufferPointer { Checksums.adler32($0) } == 0x11E6_0398)
    }
}
