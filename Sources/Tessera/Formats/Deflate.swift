/// A small DEFLATE (RFC 1951) compressor: LZ77 over a 32 KiB window with hash chains, coded with the
/// fixed Huffman tables, wrapped as a zlib stream (RFC 1950) for PNG.
///
/// It favours speed and simplicity over the last few percent of ratio (no dynamic Huffman tables):
/// framebuffers with flat areas and repeated rows still shrink many times over. Pure function; any thread.
enum Deflate {
    /// The zlib stream (header, deflate data, Adler-32) of `data`.
    static func zlibCompress(_ data: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.bytes.reserveCapacity(data.count / 4 + 64)
        writer.bytes.append(0x78) // CM = 8 (deflate), CINFO = 7 (32 KiB window)
        writer.bytes.append(0x01) // FLEVEL = 0, FCHECK so that (0x78 << 8 | 0x01) % 31 == 0
        data.withUnsafeBufferPointer { input in
            compress(input, into: &writer)
            writer.flush()
            let adler = Checksums.adler32(input)
            writer.bytes += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        }
        return writer.bytes
    }

    static let windowSize = 32_768
    static let minimumMatch = 3
    static let maximumMatch = 258
    /// How many earlier positions with the same 3-byte hash are tried per position.
    static let chainLimit = 48
    static let hashBits = 15

    /// Writes one final fixed-Huffman block holding all of `input`.
    static func compress(_ input: UnsafeBufferPointer<UInt8>, into writer: inout BitWriter) {
        writer.write(1, count: 1) // BFINAL
        writer.write(1, count: 2) // BTYPE = 01: fixed Huffman codes
        let count = input.count
        let hashSize = 1 << hashBits
        // Positions are `Int`: a framebuffer's filtered bytes may exceed Int32.max (a 32768 × 16384 frame).
        var head = [Int](repeating: -1, count: hashSize)
        var previous = [Int](repeating: -1, count: windowSize)
        head.withUnsafeMutableBufferPointer { head in
            previous.withUnsafeMutableBufferPointer { previous in
                func hash(at i: Int) -> Int {
                    let v = UInt32(input[i]) | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2]) << 16
                    return Int((v &* 0x9E37_79B1) >> UInt32(32 - hashBits))
                }
                func insert(_ i: Int) {
                    guard i + minimumMatch <= count else { return }
                    let h = hash(at: i)
                    previous[i & (windowSize - 1)] = head[h]
                    head[h] = i
                }
                var i = 0
                while i < count {
                    var bestLength = 0, bestDistance = 0
                    if i + minimumMatch <= count {
                        var candidate = head[hash(at: i)]
                        var chain = chainLimit
                        let limit = min(maximumMatch, count - i)
                        while candidate >= 0, i - candidate <= windowSize, chain > 0 {
                            if input[candidate + bestLength] == input[i + bestLength] {
                                var length = 0
                                while length < limit, input[candidate + length] == input[i + length] { length += 1 }
                                if length > bestLength {
                                    bestLength = length
                                    bestDistance = i - candidate
                                    if length == limit { break }
                                }
                            }
                            let next = previous[candidate & (windowSize - 1)]
                            if next >= candidate { break } // stale entry from an older window
                            candidate = next
                            chain -= 1
                        }
                    }
                    if bestLength >= minimumMatch {
                        writer.writeLength(bestLength)
                        writer.writeDistance(bestDistance)
                        for j in i..<(i + bestLength) { insert(j) }
                        i += bestLength
                    } else {
                        writer.writeLiteral(Int(input[i]))
                        insert(i)
                        i += 1
                    }
                }
            }
        }
        writer.writeLiteral(256) // end of block
    }
}

/// Accumulates bits least-significant first, as DEFLATE packs them.
struct BitWriter {
    var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var bitCount = 0

    mutating func write(_ value: UInt32, count: Int) {
        buffer |= UInt64(value) << UInt64(bitCount)
        bitCount += count
        while bitCount >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            bitCount -= 8
        }
    }

    /// Writes a Huffman code, which DEFLATE stores most-significant bit first.
    mutating func writeCode(_ code: UInt32, length: Int) {
        var reversed: UInt32 = 0
        for bit in 0..<length { reversed |= ((code >> UInt32(bit)) & 1) << UInt32(length - 1 - bit) }
        write(reversed, count: length)
    }

    /// The fixed literal/length code (RFC 1951 §3.2.6), bit-reversed for ``write(_:count:)``: value, length.
    private static let fixedLiteralCodes: [(code: UInt32, length: Int)] = (0..<288).map { symbol in
        let (code, length): (Int, Int)
        switch symbol {
        case 0...143: (code, length) = (0x30 + symbol, 8)
        case 144...255: (code, length) = (0x190 + symbol - 144, 9)
        case 256...279: (code, length) = (symbol - 256, 7)
        default: (code, length) = (0xC0 + symbol - 280, 8)
        }
        var reversed: UInt32 = 0
        for bit in 0..<length { reversed |= UInt32((code >> bit) & 1) << UInt32(length - 1 - bit) }
        return (reversed, length)
    }

    /// A literal/length symbol (0…287) in the fixed code.
    mutating func writeLiteral(_ symbol: Int) {
        let entry = Self.fixedLiteralCodes[symbol]
        write(entry.code, count: entry.length)
    }

    private static let lengthBases: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                                             67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                             4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBases: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
                                               513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7,
                                               8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// A match length (3…258): its symbol 257…285 and extra bits.
    mutating func writeLength(_ length: Int) {
        var code = Self.lengthBases.count - 1
        while Self.lengthBases[code] > length { code -= 1 }
        writeLiteral(257 + code)
        if Self.lengthExtra[code] > 0 {
            write(UInt32(length - Self.lengthBases[code]), count: Self.lengthExtra[code])
        }
    }

    /// A match distance (1…32768): a 5-bit fixed code and extra bits.
    mutating func writeDistance(_ distance: Int) {
        var code = Self.distanceBases.count - 1
        while Self.distanceBases[code] > distance { code -= 1 }
        writeCode(UInt32(code), length: 5)
        if Self.distanceExtra[code] > 0 {
            write(UInt32(distance - Self.distanceBases[code]), count: Self.distanceExtra[code])
        }
    }

    /// Pads the last byte with zero bits.
    mutating func flush() {
        if bitCount > 0 { write(0, count: 8 - bitCount) }
    }
}
