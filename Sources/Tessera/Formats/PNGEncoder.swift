/// Encodes pixel buffers as PNG files (8-bit RGBA, non-interlaced), with Tessera's own DEFLATE.
///
/// PNG stores straight (not premultiplied) alpha, so each pixel is converted with
/// `c′ = round(c · 255 / a)` (0 where `a = 0`). For every premultiplied pixel with `c ≤ a` this is
/// exactly invertible: premultiplying the decoded value, `div255(c′ · a)`, gives `c` back, so a PNG holds
/// the same frame as the raw RGBA output. Rows are filtered per row with the filter (None, Sub, Up or
/// Paeth) whose output has the smallest sum of absolute values, the usual heuristic.
///
/// Thread safety: pure functions; any thread (the buffer's pixels must not change meanwhile).
public enum PNGEncoder {
    /// The bytes of a PNG file showing `buffer` (any ``PixelFormat``: converted to RGBA; the `X` formats
    /// are opaque).
    public static func encode(_ buffer: PixelBuffer) -> [UInt8] {
        encode(buffer, idatChunkBytes: maximumChunkBytes)
    }

    /// The largest chunk written: PNG chunk lengths must stay below 2^31; the compressed frame is split
    /// over several IDAT chunks when larger (a 65536 × 65536 frame may compress to more than 4 GiB).
    static let maximumChunkBytes = 1 << 30

    /// ``encode(_:)`` with the compressed data cut into IDAT chunks of at most `idatChunkBytes` (tests).
    static func encode(_ buffer: PixelBuffer, idatChunkBytes: Int) -> [UInt8] {
        if buffer.format != .rgba {  // a host-format framebuffer: its pixels as RGBA first
            var bytes = buffer.rgbaBytes()
            guard !bytes.isEmpty else { return encode(buffer.reinterpreted(as: .rgba), idatChunkBytes: idatChunkBytes) }
            return bytes.withUnsafeMutableBytes { raw in
                // The sizes of a valid buffer with packed rows: cannot throw.
                let rgba = try! PixelBuffer(wrapping: raw.baseAddress!, width: buffer.width, height: buffer.height,
                                            bytesPerRow: buffer.width * 4)
                return encode(rgba, idatChunkBytes: idatChunkBytes)
            }
        }
        let width = buffer.width, height = buffer.height
        let rowBytes = width * 4
        var straight = [UInt8](repeating: 0, count: rowBytes)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var filtered = [UInt8]()
        filtered.reserveCapacity((rowBytes + 1) * height)
        var candidates = [[UInt8]](repeating: [UInt8](repeating: 0, count: rowBytes), count: 4)
        for y in 0..<height {
            let row = buffer.row(y)
            for x in 0..<width {
                let a = row.load(fromByteOffset: x * 4 + 3, as: UInt8.self)
                for channel in 0..<3 {
                    let c = row.load(fromByteOffset: x * 4 + channel, as: UInt8.self)
                    straight[x * 4 + channel] = a == 0 ? 0 : UInt8(min(255, (UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a)))
                }
                straight[x * 4 + 3] = a
            }
            let (filter, bytes) = bestFilter(straight, previous, &candidates)
            filtered.append(filter)
            filtered += bytes
            swap(&straight, &previous)
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0] // bit depth 8, colour type 6 (RGBA), deflate, adaptive filters, no interlace
        appendChunk("IHDR", header[...], to: &png)
        let compressed = Deflate.zlibCompress(filtered)
        filtered = []
        var start = 0
        repeat {
            let end = min(start + idatChunkBytes, compressed.count)
            appendChunk("IDAT", compressed[start..<end], to: &png)
            start = end
        } while start < compressed.count
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// The filter type byte and the filtered row with the smallest sum of absolute (signed) values.
    private static func bestFilter(_ row: [UInt8], _ above: [UInt8],
                                   _ candidates: inout [[UInt8]]) -> (UInt8, [UInt8]) {
        let count = row.count
        var best = 0, bestScore = Int.max
        for filter in 0..<4 {
            var score = 0
            for i in 0..<count {
                let left = i >= 4 ? row[i - 4] : 0
                let up = above[i]
                let upLeft = i >= 4 ? above[i - 4] : 0
                let predicted: UInt8
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                default: predicted = paeth(left, up, upLeft)
                }
                let value = row[i] &- predicted
                candidates[filter][i] = value
                score += value < 128 ? Int(value) : 256 - Int(value)
            }
            if score < bestScore {
                bestScore = score
                best = filter
            }
        }
        return (best == 3 ? 4 : UInt8(best), candidates[best])
    }

    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func appendChunk(_ type: String, _ data: ArraySlice<UInt8>, to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png += bigEndian(UInt32(data.count))
        png += typeBytes
        png += data
        png += bigEndian(Checksums.crc32(data, continuing: Checksums.crc32(typeBytes)))
    }
}
