import Dispatch
import Testing
@testable import Tessera
@testable import TesseraPixels

/// A tile drawn through the thread's ``ScratchTile`` has exactly the bytes of the same tile drawn in place
/// (`drawReplacing` over the buffer's stale pixels), whatever the scratch held before (the last tile of
/// another size and content), and the inspected pixels are the delivered ones. The scratch path is forced
/// where the test is about its bytes, so that it runs on hosts whose tier does not stream too.
struct ScratchTileTests {
    /// `content` drawn in place over `stale` and through the scratch over `stale`, into buffers with rows
    /// `padding` bytes longer than the tile's; returns both and the bytes the inspection saw.
    static func both(_ content: DisplayList, _ tile: PixelRect, scale: Double, stale: Pixel,
                     padding: Int) throws -> (inPlace: [UInt8], throughScratch: [UInt8], inspected: [UInt8], banded: [UInt8]) {
        func buffer() throws -> (PixelBuffer, UnsafeMutableRawPointer) {
            let stride = tile.width * 4 + padding
            let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * tile.height, alignment: 4)
            let buffer = try PixelBuffer(wrapping: memory, width: tile.width, height: tile.height, bytesPerRow: stride)
            buffer.clear(to: stale)
            return (buffer, memory)
        }
        let (inPlace, first) = try buffer(), (scratched, second) = try buffer()
        defer { first.deallocate(); second.deallocate() }
        content.drawReplacing(in: RasterContext(buffer: inPlace, deviceRect: tile, scale: scale))
        // The bands' rows, in the order seen, with the bytes each band showed (it must cover every row once,
        // top to bottom).
        var banded: [UInt8] = [], nextRow = 0
        let inspected = ScratchTile.draw(content, in: RasterContext(buffer: scratched, deviceRect: tile, scale: scale),
                                         throughScratch: true, eachBand: { drawn, rows in
            #expect(rows.lowerBound == nextRow && !rows.isEmpty, "band \(rows) after row \(nextRow)")
            nextRow = rows.upperBound
            banded += drawn.uncheckedSubBuffer(PixelRect(x: 0, y: rows.lowerBound, width: tile.width, height: rows.count))
                .packedBytes()
        }) { $0.packedBytes() }
        #expect(nextRow == tile.height)
        return (inPlace.packedBytes(), scratched.packedBytes(), inspected, banded)
    }

    @Test func tilesDrawnThroughTheScratchHaveTheBytesOfTilesDrawnInPlace() throws {
        var rng = SplitMix64(seed: 0x7363_7274)
        let (image, opaqueImage) = try DrawReplacingTests.images()
        let stales = [Pixel(r: 255, g: 255, b: 255, a: 255), Pixel(r: 9, g: 200, b: 31, a: 210), .transparent]
        // Sizes up and down, so the scratch grows and holds a larger tile's pixels under a smaller one.
        let sizes = [1, 2, 7, 16, 33, 61, 64]
        for round in 0..<200 {
            let count = rng.next() % 4 == 0 ? 40 + Int(rng.next() % 20) : 1 + Int(rng.next() % 8)
            let list = DisplayList(try (0..<count).map { _ in
                try DrawReplacingTests.randomItem(&rng, image: image, opaqueImage: opaqueImage)
            })
            let scale = [1.0, 2.0, 1.5][Int(rng.next() % 3)]
            let tile = PixelRect(x: Int(rng.next() % 90) - 10, y: Int(rng.next() % 90) - 10,
                                 width: sizes[Int(rng.next() % 7)], height: sizes[Int(rng.next() % 7)])
            let padding = [0, 4, 12][Int(rng.next() % 3)]  // unaligned strides too
            let result = try Self.both(list, tile, scale: scale, stale: stales[Int(rng.next() % 3)], padding: padding)
            #expect(firstDifference(result.throughScratch, result.inPlace) == nil, "round \(round): tile \(tile)")
            #expect(firstDifference(result.inspected, result.throughScratch) == nil, "round \(round): the inspection saw other pixels")
            #expect(firstDifference(result.banded, result.throughScratch) == nil, "round \(round): the bands saw other pixels")
        }
    }

    /// Up to ``ScratchTile/maximumBytes`` the drawing goes through the scratch (on a tier whose copy
    /// streams) and the inspection reads it there; a larger tile is drawn and inspected in place.
    @Test func onlyTilesUpToTheLimitGoThroughTheScratch() throws {
        let list = DisplayList([.solidRect(try SolidRect(rect: Rect(x: 0, y: 0, width: 600, height: 600),
                                                         color: Color(red: 1, green: 2, blue: 3, alpha: 128)))])
        let side = 256  // 256² · 4 bytes: exactly the limit
        #expect(side * side * 4 == ScratchTile.maximumBytes)
        for (width, throughScratch) in [(side, Kernels.active.hasStreamingStores), (side + 1, false)] {
            let tile = PixelRect(x: 0, y: 0, width: width, height: side)
            let buffer = try PixelBuffer(width: width, height: side), inPlace = try PixelBuffer(width: width, height: side)
            let inspectedAt = ScratchTile.draw(list, in: RasterContext(buffer: buffer, deviceRect: tile, scale: 1)) {
                $0.baseAddress
            }
            list.drawReplacing(in: RasterContext(buffer: inPlace, deviceRect: tile, scale: 1))
            #expect((inspectedAt != buffer.baseAddress) == throughScratch, "width \(width)")
            #expect(firstDifference(buffer.packedBytes(), inPlace.packedBytes()) == nil, "width \(width)")
        }
    }

    /// The scratch pays only for a buffer that is likely cold: tile memory in circulation of at least
    /// half the last-level cache, or of unknown size, or a cache of unknown size. Buffers that all fit in
    /// half of it are drawn in place; and never through the scratch above the size limit or without
    /// streaming stores.
    @Test func theScratchPaysOnlyForBuffersTheCacheWouldNotKeep() throws {
        let tile = 256 * 256 * 4
        let megabytes32 = CPUCaches(lastLevelBytes: 32 << 20), unknown = CPUCaches(lastLevelBytes: nil)
        for kernels in try KernelTier.available.map({ try KernelTable(tier: $0) }) {
            guard kernels.hasStreamingStores else {
                #expect(!ScratchTile.pays(byteCount: tile, kernels: kernels, circulatingBytes: 1 << 30, caches: megabytes32))
                continue
            }
            #expect(!ScratchTile.pays(byteCount: tile, kernels: kernels, circulatingBytes: (16 << 20) - 1, caches: megabytes32))
            #expect(ScratchTile.pays(byteCount: tile, kernels: kernels, circulatingBytes: 16 << 20, caches: megabytes32))
            #expect(ScratchTile.pays(byteCount: tile, kernels: kernels, circulatingBytes: nil, caches: megabytes32))
            #expect(ScratchTile.pays(byteCount: tile, kernels: kernels, circulatingBytes: 1 << 20, caches: unknown))
            #expect(!ScratchTile.pays(byteCount: tile + 4, kernels: kernels, circulatingBytes: 1 << 30, caches: megabytes32))
        }
    }

    /// Threads drawing at once each use their own scratch, growing it as tiles of several sizes come: every
    /// tile equals its serial in-place drawing, round after round over stale pixels.
    @Test func concurrentDrawsUseTheirOwnScratch() throws {
        var rng = SplitMix64(seed: 0x636F_6E63)
        let (image, opaqueImage) = try DrawReplacingTests.images()
        let list = DisplayList(try (0..<60).map { _ in
            try DrawReplacingTests.randomItem(&rng, image: image, opaqueImage: opaqueImage)
        })
        let tiles = (0..<16).map {
            PixelRect(x: ($0 % 4) * 12 - 4, y: ($0 / 4) * 12 - 4, width: [48, 17, 64, 33][$0 % 4], height: 20 + $0 * 3)
        }
        let stale = Pixel(r: 9, g: 200, b: 31, a: 210)
        let expected = try tiles.map { tile in
            let buffer = try PixelBuffer(width: tile.width, height: tile.height)
            buffer.clear(to: stale)
            list.drawReplacing(in: RasterContext(buffer: buffer, deviceRect: tile, scale: 2))
            return buffer.packedBytes()
        }
        let buffers = try tiles.map { try PixelBuffer(width: $0.width, height: $0.height) }
        for round in 0..<4 {
            for buffer in buffers { buffer.clear(to: stale) }
            DispatchQueue.concurrentPerform(iterations: tiles.count) { i in
                ScratchTile.draw(list, in: RasterContext(buffer: buffers[i], deviceRect: tiles[i], scale: 2),
                                 throughScratch: true) { _ in }
            }
            for i in tiles.indices {
                #expect(firstDifference(buffers[i].packedBytes(), expected[i]) == nil, "round \(round) tile \(i)")
            }
        }
    }

    /// Content whose drawing draws other content through the tile stage on the same thread: the inner
    /// draw finds the scratch in use and draws in place, and both tiles get their own pixels.
    @Test func aDrawNestedInAnotherOnTheSameThreadDrawsInPlace() throws {
        let inner = DisplayList([.solidRect(try SolidRect(rect: Rect(x: 0, y: 0, width: 40, height: 40),
                                                          color: Color(red: 200, green: 10, blue: 10)))])
        let outer = DisplayList([.roundedRect(try RoundedRect(rect: Rect(x: 2.5, y: 3.25, width: 30, height: 20),
                                                              cornerRadius: 6, color: Color(red: 10, green: 20, blue: 250)))])
        let tile = PixelRect(x: 0, y: 0, width: 32, height: 32)
        let innerTarget = try PixelBuffer(width: 32, height: 32)
        let nesting = Nesting(outer: outer, inner: inner, innerTarget: innerTarget)
        let buffer = try PixelBuffer(width: 32, height: 32)
        let outerThroughScratch = ScratchTile.draw(nesting, in: RasterContext(buffer: buffer, deviceRect: tile, scale: 1),
                                                   throughScratch: true) { $0.baseAddress != buffer.baseAddress }
        #expect(outerThroughScratch, "the outer draw went through the scratch")
        #expect(nesting.innerInspectedItsOwnBuffer.value, "the inner draw used the scratch in use")
        for (content, target) in [(outer as any LayerContent, buffer), (inner, innerTarget)] {
            let expected = try PixelBuffer(width: 32, height: 32)
            content.drawReplacing(in: RasterContext(buffer: expected, deviceRect: tile, scale: 1))
            #expect(firstDifference(target.packedBytes(), expected.packedBytes()) == nil)
        }
    }

    /// Draws `outer`, then `inner` into `innerTarget` through the tile stage from inside its own draw.
    struct Nesting: LayerContent {
        let outer: DisplayList, inner: DisplayList, innerTarget: PixelBuffer
        let innerInspectedItsOwnBuffer = Flag()

        func draw(in context: RasterContext) { drawReplacing(in: context) }

        func drawReplacing(in context: RasterContext) {
            outer.drawReplacing(in: context)
            let ownBuffer = ScratchTile.draw(inner, in: RasterContext(buffer: innerTarget, deviceRect: context.deviceRect,
                                                                      scale: 1), throughScratch: true) {
                $0.baseAddress == innerTarget.baseAddress
            }
            innerInspectedItsOwnBuffer.value = ownBuffer
        }
    }

    final class Flag: @unchecked Sendable { var value = false }
}
