import Tessera

/// The phase of Tessera's frame (``Compositor``: plan → raster → composite) that a profile sample
/// belongs to, read from the names of its (demangled) stack frames.
///
/// The phases are distinct functions, and Dispatch worker stacks keep them: a worker's closure is named
/// after the function that created it (`closure #1 in static BandCompositor.composite(…)`,
/// `closure #1 in RasterQueue.enqueue(…)` → `RasterQueue.runLane(…)`; raster workers run between
/// frames too). In release builds some phase entry points are inlined into `Compositor.render(_:into:)`
/// (`FramePlanner.plan`, `TileManager.prepare`), so the rules match the functions that stay: see
/// Profiles/README.md, "Phases".
///
/// A sample's phase is decided by the frame nearest the root that matches a rule; samples inside
/// `Compositor.render` that match no rule are ``render``; samples outside it are ``other`` (scene
/// construction, start-up, idle Dispatch workers).
public enum FramePhase: String, CaseIterable, Sendable {
    case plan
    case raster
    case composite
    /// Inside `Compositor.render(_:into:)` but in none of the three phases' functions.
    case render
    /// Outside any frame.
    case other

    /// Substrings of demangled frame names that mark each phase, tried in this order on each frame.
    public static let rules: [(phase: FramePhase, markers: [String])] = [
        (.plan, ["FramePlanner."]),
        (.raster, ["RasterQueue.", "RasterJob.", "TileManager.", "TileCache.", "TileBufferPool.", "TilePolicy."]),
        (.composite, ["BandCompositor.", "DrawList.", "Compositor.drawList("]),
    ]

    /// The phase of one frame name, or nil when it marks none.
    public static func phase(ofFrame name: String) -> FramePhase? {
        for rule in rules where rule.markers.contains(where: { name.contains($0) }) {
            return rule.phase
        }
        return nil
    }

    /// The phase of a stack given **root first** as demangled names.
    public static func classify<S: Sequence>(rootFirst names: S) -> FramePhase where S.Element == String {
        var inRender = false
        for name in names {
            if let phase = phase(ofFrame: name) { return phase }
            if name.contains("Compositor.render(") { inRender = true }
        }
        return inRender ? .render : .other
    }

    /// Samples per phase from folded lines (`a;b;c count`, root first), every phase listed.
    public static func totals(folded lines: [String]) -> [(phase: FramePhase, count: Int)] {
        var counts: [FramePhase: Int] = [:]
        for line in lines {
            guard let stack = FlameGraph.parseFoldedLine(line) else { continue }
            let phase = classify(rootFirst: stack.frames)
            counts[phase] = FlameGraph.sum(counts[phase] ?? 0, stack.count)
        }
        return allCases.map { ($0, counts[$0] ?? 0) }
    }
}

/// Per-function totals of folded stacks: self (the function is the leaf) and total (the function is
/// anywhere in the stack, counted once per stack even when recursive).
public enum FoldedProfile {
    public struct Entry: Equatable, Sendable {
        public var name: String
        public var selfCount: Int
        public var totalCount: Int
    }

    /// Every function of `lines` with its counts, and the number of samples. Synthetic prefixes
    /// added by `fold --phases` / `--threads` are not functions but are counted like any frame.
    /// With `attributeLeaves`, a leaf that is not a Swift function (a C library function such as
    /// `__memmove_avx512_unaligned_erms`, a runtime entry such as `swift_retain`, a kernel frame `…_[k]`,
    /// an unknown `[…]`) is listed as `leaf ← caller`, the caller being the nearest Swift function above
    /// it, so that time spent in libc on Tessera's behalf is seen with the Tessera function that asked.
    public static func entries(folded lines: [String], attributeLeaves: Bool = false) -> (entries: [Entry], samples: Int) {
        var selfCounts: [String: Int] = [:], totals: [String: Int] = [:]
        var samples = 0
        for line in lines {
            guard let stack = FlameGraph.parseFoldedLine(line), var leaf = stack.frames.last else { continue }
            samples = FlameGraph.sum(samples, stack.count)
            if attributeLeaves, !isSwiftFunction(leaf),
               let caller = stack.frames.dropLast().last(where: isSwiftFunction) {
                leaf += " \u{2190} " + caller
                totals[leaf] = FlameGraph.sum(totals[leaf] ?? 0, stack.count)
            }
            selfCounts[leaf] = FlameGraph.sum(selfCounts[leaf] ?? 0, stack.count)
            for name in Set(stack.frames) { totals[name] = FlameGraph.sum(totals[name] ?? 0, stack.count) }
        }
        let entries = totals.map { Entry(name: $0.key, selfCount: selfCounts[$0.key] ?? 0, totalCount: $0.value) }
        return (entries, samples)
    }

    /// A demangled Swift function (it has a parameter list), not a kernel, unknown or C frame.
    public static func isSwiftFunction(_ name: String) -> Bool {
        name.contains("(") && !name.hasSuffix("_[k]") && !name.hasPrefix("[") && !name.contains("::")
    }
}
