import Testing
import Tessera

/// Greeked text: deterministic layout inside the line box, word gaps, drawn as rounded glyph boxes.
@Suite struct GreekedTextLineTests {
    let frame = Rect(x: 3.25, y: 10.5, width: 120, height: 14)

    @Test func sameSeedSameLineDifferentSeedDifferentLine() throws {
        let a = try GreekedTextLine(frame: frame, color: .black, seed: 42)
        let b = try GreekedTextLine(frame: frame, color: .black, seed: 42)
        let c = try GreekedTextLine(frame: frame, color: .black, seed: 43)
        #expect(a.glyphs == b.glyphs)
        #expect(a.glyphs != c.glyphs)
        #expect(a.glyphs.count > 5)
    }

    @Test func glyphsStayInsideTheLineBoxLeftToRight() throws {
        for seed: UInt64 in 0..<20 {
            let line = try GreekedTextLine(frame: frame, color: .black, seed: seed)
            var x = frame.minX
            for glyph in line.glyphs {
                #expect(frame.contains(glyph), "seed \(seed): \(glyph)")
                #expect(glyph.minX >= x)
                x = glyph.maxX
            }
            // Filled up to less than one glyph-plus-gap from the right edge.
            #expect(x > frame.maxX - frame.height * 1.2, "seed \(seed)")
        }
    }

    @Test func textGivesOneGlyphPerLetterWithWordGaps() throws {
        let line = try GreekedTextLine(frame: frame, color: .black, text: "Hi yo")
        #expect(line.glyphs.count == 4)
        let g = line.glyphs
        let letterGap = g[1].minX - g[0].maxX, wordGap = g[2].minX - g[1].maxX
        #expect(abs(letterGap - 0.06 * 14) < 1e-9)
        #expect(abs(wordGap - (0.06 + 0.3) * 14) < 1e-9)
        // H ascends above i; y descends below o.
        #expect(g[0].minY < g[1].minY)
        #expect(g[2].maxY > g[3].maxY)
        #expect(try GreekedTextLine(frame: frame, color: .black, text: "Hi yo").glyphs == g)
        #expect(try GreekedTextLine(frame: Rect(x: 0, y: 0, width: 0, height: 10), color: .black, text: "abc").glyphs.isEmpty)
    }

    @Test(arguments: [1.0, 2.0])
    func drawsOnlyInsideItsLineBoxAndTheSameEveryTime(scale: Double) throws {
        let line = try GreekedTextLine(frame: frame, color: RasterTest.blue, seed: 7)
        let list = DisplayList([.greekedText(line)])
        let device = PixelRect(x: 0, y: 0, width: Int(130 * scale), height: Int(30 * scale))
        let first = try RasterTest.render(list, device, scale: scale)
        let second = try RasterTest.render(DisplayList([.greekedText(try GreekedTextLine(frame: frame, color: RasterTest.blue, seed: 7))]),
                                           device, scale: scale)
        #expect(first.packedBytes() == second.packedBytes())
        let box = frame.pixelRect(atScale: scale)
        var painted = 0, solid = 0
        for y in 0..<device.height {
            for x in 0..<device.width where first[x: x, y: y].a != 0 {
                painted += 1
                if first[x: x, y: y] == Pixel(r: 0, g: 0, b: 255, a: 255) { solid += 1 }
                #expect(box.contains(PixelRect(x: x, y: y, width: 1, height: 1)), "(\(x), \(y)) outside \(box)")
            }
        }
        #expect(solid > 0 && painted > solid)
    }

    @Test func degenerateLineBoxesEndQuickly() throws {
        // A huge, hair-thin line box: the layout stops at the glyph limit instead of looping for ever.
        let thin = try GreekedTextLine(frame: Rect(x: 0, y: 0, width: 1e12, height: 1e-9), color: .black, seed: 3)
        #expect(thin.glyphs.count == GreekedTextLine.maximumGlyphCount)
        let far = try GreekedTextLine(frame: Rect(x: 1e12, y: 0, width: 1, height: 1e-3), color: .black, text: "abc def")
        #expect(far.glyphs.count <= GreekedTextLine.maximumGlyphCount)
        #expect(try GreekedTextLine(frame: Rect(x: 0, y: 0, width: 5, height: 14), color: .black, text: "W").glyphs.count <= 1)
    }
}
