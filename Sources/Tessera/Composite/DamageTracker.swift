/// What a draw op shows, for telling two frames' ops apart: two ops with equal ``DrawSignature``s write
/// equal pixels.
enum DrawIdentity: Hashable, Sendable {
    /// A solid colour (premultiplied, opacity applied).
    case color(Pixel)
    /// A tile's pixels: `stamp` is unique per installation of pixels into a tile (``TileEntry/stamp``).
    case tile(stamp: UInt64)
    /// The checkerboard, whose squares depend on the tile's plane origin modulo its period.
    case checkerboard(phaseX: Int, phaseY: Int)
    /// A level tile's pixels resampled with step `dx` × `dy` (the start positions are the signature's
    /// source fields).
    case scaledTile(stamp: UInt64, dx: Int32, dy: Int32)
    /// The start of a group-opacity group (its ops follow); the group's bounds are the destination.
    case group(opacity: UInt8, depth: Int)
}

/// One op of a frame as ``DamageTracker`` compares it.
struct DrawSignature: Hashable, Sendable {
    let identity: DrawIdentity
    let destination: PixelRect
    let sourceX: Int
    let sourceY: Int
    let opacity: UInt8
    /// The op's coverage patch (``CoveragePatch/stamp`` and position; 0 without one).
    var maskStamp: UInt64 = 0
    var maskX = 0
    var maskY = 0
}

/// A frame handed to the caller: pass it back to ``Compositor/render(_:into:previousFrame:)`` together
/// with the framebuffer that still holds that frame, and only the pixels that can differ are composited.
/// Tokens are unique in the process (a token from another compositor never matches).
public struct FrameToken: Hashable, Sendable, CustomStringConvertible {
    /// The token as a number (the C ABI carries it as `uint64_t`; never 0).
    public let value: UInt64
    /// The token whose ``value`` is `value` (for hosts that carry tokens as numbers).
    public init(value: UInt64) { self.value = value }
    public var description: String { "frame token \(value)" }

    static func next() -> FrameToken { FrameToken(value: LayerIdentity.next()) }
}

/// Finds the framebuffer pixels that can differ between two consecutive frames of one compositor.
///
/// Each frame is a list of ops drawn in paint order over a cleared framebuffer; a pixel's value depends
/// only on the ops that cover it, in their order. When both frames have as many ops, they are compared
/// position by position and the rects of the positions that differ are the damage (an idle frame costs
/// one comparison per op). Otherwise the pixels that can change are those covered by an
/// op of one frame that the other frame does not have (compared by ``DrawSignature``: identity, geometry,
/// opacity — a moved layer's ops differ, so its old and new places are both damaged); and if the ops both
/// frames share are not in the same relative order, everything (a reorder, which is rare). Damage is a
/// short list of at most ``maximumRects`` rects (overlapping ones merged, then the cheapest pairs joined).
///
/// Cost: O(ops) comparisons per frame (hashing when the op count changed). Thread safety: the model thread (owned by ``Compositor``).
struct DamageTracker {
    /// The most rects a damage list holds.
    static let maximumRects = 8

    private var previous: [DrawSignature] = []
    private var previousViewport: PixelRect?
    private(set) var lastToken: FrameToken?

    /// Records `token` as a frame equal to the last one (its ops unchanged): a caller holding it gets
    /// damage against the same ops.
    mutating func carryForward(as token: FrameToken) {
        lastToken = token
    }

    /// The rects to composite for a frame of `current` ops over `viewport`, given that the framebuffer
    /// holds the frame `previousFrame` (`nil`: unknown contents, everything). Records `current` as the
    /// frame of `token`. Returns `[viewport]` for a full frame and `[]` when nothing can have changed.
    mutating func damage(_ current: [DrawSignature], viewport: PixelRect, previousFrame: FrameToken?,
                         token: FrameToken) -> [PixelRect] {
        defer {
            previous = current
            previousViewport = viewport
            lastToken = token
        }
        guard let previousFrame, previousFrame == lastToken, previousViewport == viewport else { return [viewport] }
        if previous.count == current.count {
            // Position by position (no hashing): where both frames have the same op at every position a
            // pixel's ops are the same sequence, so only the positions that differ are damaged.
            var damaged: [PixelRect] = []
            for index in current.indices where current[index] != previous[index] {
                damaged.append(previous[index].destination)
                damaged.append(current[index].destination)
            }
            return Self.merged(damaged, within: viewport)
        }
        var unmatchedOfCurrent: [DrawSignature: Int] = [:]
        unmatchedOfCurrent.reserveCapacity(current.count)
        for signature in current { unmatchedOfCurrent[signature, default: 0] += 1 }
        var unmatchedOfPrevious: [DrawSignature: Int] = [:]
        unmatchedOfPrevious.reserveCapacity(previous.count)
        var sharedInPreviousOrder: [DrawSignature] = []
        var damaged: [PixelRect] = []
        for signature in previous {
            if let count = unmatchedOfCurrent[signature], count > 0 {
                unmatchedOfCurrent[signature] = count - 1
                sharedInPreviousOrder.append(signature)
                unmatchedOfPrevious[signature, default: 0] += 1
            } else {
                damaged.append(signature.destination)
            }
        }
        var sharedIndex = 0
        for signature in current {
            if let count = unmatchedOfPrevious[signature], count > 0 {
                unmatchedOfPrevious[signature] = count - 1
                guard sharedIndex < sharedInPreviousOrder.count, sharedInPreviousOrder[sharedIndex] == signature else {
                    return [viewport]  // the shared ops were reordered
                }
                sharedIndex += 1
            } else {
                damaged.append(signature.destination)
            }
        }
        return Self.merged(damaged, within: viewport)
    }

    /// `damaged`, cut to `viewport`, as at most ``maximumRects`` rects covering it: overlapping rects are
    /// joined; then, while too many remain, the pair whose bounding box adds the least area.
    static func merged(_ damaged: [PixelRect], within viewport: PixelRect) -> [PixelRect] {
        let rects = damaged.map { $0.intersection(viewport) }.filter { !$0.isEmpty }
        guard !rects.isEmpty else { return [] }
        guard rects.count <= 256 else { return [bounding(rects)] }
        var result: [PixelRect] = []
        for rect in rects {
            var grown = rect
            var index = 0
            while index < result.count {
                if !result[index].intersection(grown).isEmpty {
                    grown = bounding([grown, result.remove(at: index)])
                    index = 0
                } else {
                    index += 1
                }
            }
            result.append(grown)
        }
        while result.count > maximumRects {
            var best = (i: 0, j: 1, cost: Int.max)
            for i in result.indices {
                for j in result.indices where j > i {
                    let joined = bounding([result[i], result[j]])
                    let cost = joined.area - result[i].area - result[j].area
                    if cost < best.cost { best = (i, j, cost) }
                }
            }
            let joined = bounding([result[best.i], result[best.j]])
            result.remove(at: best.j)
            result[best.i] = joined
        }
        return result
    }

    /// The smallest rect containing every rect of `rects` (not empty).
    static func bounding(_ rects: [PixelRect]) -> PixelRect {
        let x0 = rects.map(\.minX).min()!, y0 = rects.map(\.minY).min()!
        let x1 = rects.map(\.maxX).max()!, y1 = rects.map(\.maxY).max()!
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
