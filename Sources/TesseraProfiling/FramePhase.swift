import Tessera

/// The phase of Tessera's frame (``Compositor``: plan → tiles → composite, and raster on the workers)
/// that a profile sample belongs to, read from the explicit phase marks in its stack.
///
/// The compositor runs each phase inside a marker function with a fixed symbol name that is never
/// inlined or specialized (`Sources/Tessera/Composite/PhaseMarkers.swift`): `tessera_phase_frame` (the
/// whole render), `tessera_phase_plan`, `tessera_phase_tiles`, `tessera_phase_composite` on the calling
/// thread, `tessera_phase_composite_band` on the band workers and `tessera_phase_raster_job` on the raster
/// workers (during and between frames). Samples are classified by those names only (no function names
/// of the implementation, which inlining changes): the marker nearest the leaf decides. Inside
/// `tessera_phase_frame` with no phase marker is ``render``; no marker at all is ``other`` (scene
/// construction, start-up, idle workers). Profiles/README.md, "Phases"; `Profiles/check-markers.sh`
/// checks that a release binary has the markers and calls them.
///
/// Thread safety: pure functions and constants.
public enum FramePhase: String, CaseIterable, Sendable {
    case plan
    /// The tile stage on the calling thread and the raster jobs on the workers.
    case raster
    case composite
    /// Inside `tessera_phase_frame` but in none of the three phases.
    case render
    /// Outside any frame or raster job.
    case other

    /// The marker symbols and the phase each marks.
    public static let markers: [(symbol: String, phase: FramePhase)] = [
        ("tessera_phase_plan", .plan),
        ("tessera_phase_tiles", .raster),
        ("tessera_phase_raster_job", .raster),
        ("tessera_phase_composite", .composite),
        ("tessera_phase_composite_band", .composite),
        ("tessera_phase_frame", .render),
    ]

    /// The phase a stack frame marks (its name is a marker symbol exactly), or nil.
    public static func phase(ofFrame name: String) -> FramePhase? {
        markers.first { $0.symbol == name }?.phase
    }

    /// The phase of a stack given **root first** as (demangled) names: the marker nearest the leaf.
    public static func classify<S: Sequence>(rootFirst names: S) -> FramePhase where S.Element == String {
        var phase = FramePhase.other
        for name in names {
            if let marked = Self.phase(ofFrame: name) { phase = marked }
        }
        return phase
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
