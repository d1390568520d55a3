import Testing
@testable import Tessera
@testable import TesseraPixels
import TesseraKernelBodies

/// Every available tier's `moveCells` (`CellMoveKernels.swift`, a scroll move over known 64-pixel cells)
/// leaves the bytes `ScalarReference.moveCells` copies and writes the entries it scans, whatever it was
/// told of the cells (truthfully): colours known or not, mixed cells known or not, destinations already
/// holding the colour or another one; streamed or not, at unaligned addresses and padded strides; and it
/// counts the cells it filled and kept.
@Suite struct CellMoveKernelTests {
    /// What a test cell holds.
    enum Kind: CaseIterable {
        /// One random word (alpha 0 and 255 among them).
        case color
        /// One word but one, at a random position (the last word included).
        case allButOne
        /// Random words.
        case mixed
    }

    static func word(_ rng: inout SplitMix64) -> UInt32 {
        switch rng.next() % 5 {
        case 0: 0
        case 1: 0xFFFF_FFFF
        case 2: 0xFF00_0000 | UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF
        default: PixelContent.mixed(&rng)
        }
    }

    /// Writes a cell of `kind` at `cell`; returns its true entry.
    static func writeCell(_ kind: Kind, at cell: UnsafeMutableRawPointer, _ rng: inout SplitMix64) -> UInt64 {
        let color = word(&rng)
        for i in 0..<FramebufferCell.width {
            cell.storeBytes(of: kind == .mixed ? word(&rng) : color, toByteOffset: i * 4, as: UInt32.self)
        }
        if kind == .mixed, (1..<FramebufferCell.width).allSatisfy({
            cell.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self) == cell.loadUnaligned(as: UInt32.self)
        }) {
            return FramebufferCell.entry(color)  // (random words that happen to be one colour)
        }
        guard kind == .allButOne else { return kind == .color ? FramebufferCell.entry(color) : FramebufferCell.mixed }
        let position = Int(rng.next() % UInt64(FramebufferCell.width))
        cell.storeBytes(of: color ^ (1 << UInt32(rng.next() % 32)), toByteOffset: position * 4, as: UInt32.self)
        return FramebufferCell.mixed
    }

    @Test func everyTierLeavesTheReferencesBytesAndEntries() throws {
        var rng = SplitMix64(seed: 0xCE11_0001)
        let width = FramebufferCell.width
        for table in try availableTables() {
            for streams in [false, true] {
                for (cells, height) in [(1, 1), (2, 3), (5, 4), (3, 7)] {
                    for (offset, padding) in [(0, 0), (4, 3), (64, 16), (12, 1), (1, 2)] {
                        let stride = (cells * width + padding) * 4
                        let source = try TestMemory(width: cells * width, height: height, bytesPerRow: stride,
                                                    offset: offset, slack: 7, rng: &rng)
                        let destination = try TestMemory(width: cells * width, height: height, bytesPerRow: stride,
                                                         offset: (offset + 36) % 68, slack: 5, rng: &rng)
                        let cellStride = cells + 2
                        var told = [UInt64](repeating: 0xDEAD, count: height * cellStride)
                        var held = told
                        var filled = 0, kept = 0
                        for y in 0..<height {
                            for k in 0..<cells {
                                let kind = Kind.allCases.randomElement(using: &rng)!
                                let cell = source.buffer.row(y) + k * width * 4
                                let truth = Self.writeCell(kind, at: cell, &rng)
                                // What the caller knows: the truth, or nothing.
                                let known = rng.next() % 3 != 0 ? truth : FramebufferCell.unknown
                                told[y * cellStride + k] = known
                                // The destination: that colour already, or anything, truthfully told.
                                let target = destination.buffer.row(y) + k * width * 4
                                let same = FramebufferCell.isColor(known) && rng.next() % 2 == 0
                                let heldEntry: UInt64
                                if same {
                                    for i in 0..<width {
                                        target.storeBytes(of: UInt32(truncatingIfNeeded: known), toByteOffset: i * 4, as: UInt32.self)
                                    }
                                    heldEntry = known
                                } else {
                                    let truth = Self.writeCell(Kind.allCases.randomElement(using: &rng)!, at: target, &rng)
                                    heldEntry = [truth, FramebufferCell.unknown][Int(rng.next() % 2)]
                                }
                                held[y * cellStride + k] = heldEntry
                                if FramebufferCell.isColor(known) {
                                    if heldEntry == known { kept += 1 } else { filled += 1 }
                                }
                            }
                        }
                        let expected = try destination.clone()
                        let reference = ScalarReference.moveCells(source.buffer, onto: expected.buffer, cells: cells,
                                                                  cellStride: cellStride)
                        var moved = [UInt64](repeating: 0xBEEF, count: height * cellStride)
                        let counts = told.withUnsafeBufferPointer { told in
                            held.withUnsafeBufferPointer { held in
                                moved.withUnsafeMutableBufferPointer { moved in
                                    table.routines.moveCells(UnsafeRawPointer(source.buffer.baseAddress), stride,
                                                             destination.buffer.baseAddress, stride, cells, height,
                                                             told.baseAddress!, held.baseAddress!, moved.baseAddress!,
                                                             cellStride, streams)
                                }
                            }
                        }
                        table.routines.storeFence()
                        let label = "tier \(table.tier), streams \(streams), \(cells) cells × \(height) rows, offset \(offset), padding \(padding)"
                        #expect(firstDifference(destination.allBytes, expected.allBytes) == nil, "\(label): bytes")
                        for y in 0..<height {
                            for k in 0..<cells {
                                #expect(moved[y * cellStride + k] == reference[y * cellStride + k], "\(label): entry (\(k), \(y))")
                            }
                            for k in cells..<cellStride { #expect(moved[y * cellStride + k] == 0xBEEF, "\(label): past the row") }
                        }
                        #expect(counts.filled == filled && counts.kept == kept, "\(label): counts \(counts)")
                    }
                }
            }
        }
    }
}
