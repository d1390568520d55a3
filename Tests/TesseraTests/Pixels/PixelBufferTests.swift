import Testing
@testable import Tessera
@testable import TesseraPixels

@Suite struct PixelBufferTests {
    @Test func ownedBufferStartsTransparentAndPacked() throws {
        let buffer = try PixelBuffer(width: 3, height: 2)
        #expect(buffer.bytesPerRow == 12)
        #expect(buffer.packedBytes() == [UInt8](repeating: 0, count: 24))
    }

    @Test func rejectsBadSizesNamingTheArgument() {
        #expect(throws: TesseraError.invalidArgument(argument: "width", reason: "must be in 0…65536, got -1")) {
            try PixelBuffer(width: -1, height: 1)
        }
        #expect(throws: TesseraError.invalidArgument(argument: "height", reason: "must be in 0…65536, got 70000")) {
            try PixelBuffer(width: 1, height: 70_000)
        }
        var memory = [UInt8](repeating: 0, count: 64)
        _ = memory.withUnsafeMutableBytes { raw in
            #expect(throws: TesseraError.invalidArgument(argument: "bytesPerRow", reason: "must be ≥ width · 4 = 16, got 15")) {
                try PixelBuffer(wrapping: raw.baseAddress!, width: 4, height: 2, bytesPerRow: 15)
            }
        }
    }

    @Test func subBufferSharesPixelsAndRejectsOutsideRects() throws {
        let buffer = try PixelBuffer(width: 4, height: 4)
        let inner = try buffer.subBuffer(PixelRect(x: 1, y: 2, width: 2, height: 2))
        inner[x: 1, y: 1] = Pixel(r: 1, g: 2, b: 3, a: 4)
        #expect(buffer[x: 2, y: 3] == Pixel(r: 1, g: 2, b: 3, a: 4))
        #expect(throws: TesseraError.self) { try buffer.subBuffer(PixelRect(x: 3, y: 3, width: 2, height: 1)) }
        #expect(throws: TesseraError.self) { try buffer.subBuffer(PixelRect(x: 0, y: 0, width: -1, height: 1)) }
    }

    /// `borrowed` is the same pixels (memory, size, stride, format) without the owner: for per-frame lists
    /// of tiles their entries keep alive.
    @Test func aBorrowedBufferSharesThePixelsWithoutOwningThem() throws {
        let buffer = try PixelBuffer(width: 3, height: 2, format: .bgra)
        let borrowed = buffer.borrowed
        #expect(borrowed.storage == nil && buffer.storage != nil)
        #expect(borrowed.baseAddress == buffer.baseAddress && borrowed.width == 3 && borrowed.height == 2
            && borrowed.bytesPerRow == buffer.bytesPerRow && borrowed.format == .bgra)
        borrowed[x: 2, y: 1] = Pixel(r: 9, g: 8, b: 7, a: 6)
        #expect(buffer[x: 2, y: 1] == Pixel(r: 9, g: 8, b: 7, a: 6))
    }

    @Test func colourParsesHexAndPremultiplies() throws {
        #expect(try Color(hex: "#FF8000") == Color(red: 255, green: 128, blue: 0))
        #expect(try Color(hex: "#ff800080").premultiplied == Pixel(r: 128, g: 64, b: 0, a: 128))
        #expect(throws: TesseraError.self) { try Color(hex: "FF8000") }
        #expect(throws: TesseraError.self) { try Color(hex: "#GG8000") }
    }
}
