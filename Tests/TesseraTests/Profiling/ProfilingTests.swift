import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Tessera
@testable import TesseraScene
@testable import TesseraBench
@testable import TesseraProfiling

/// Folding `perf script` text into folded stacks, phase attribution, and the SVG flame graph writer.
@Suite struct PerfScriptFoldingTests {
    /// Three samples in perf 6's default `perf script` format: a worker stack with a mangled Swift
    /// name, a main-thread stack that dives into the kernel, and a stack ending in `[unknown]` frames.
    static let script = """
        oot.default-qos 30377  3407.882231:     250000 cpu-clock: 
        \t          16da8d __memmove_avx512_unaligned_erms+0x28d (/usr/lib/x86_64-linux-gnu/libc.so.6)
        \t           8115e $s12TesseraPixels7KernelsO4copy_4ontoyAA11PixelBufferV_AFtKFZ+0x14e (/w/.build/release/tessera)
        \t           10afa worker_band+0x36a (/w/.build/release/tessera)
        \t           22821 _dispatch_worker_thread.cold.5+0x11 (/opt/swift/usr/lib/swift/linux/libdispatch.so)
        \t           891f5 start_thread+0x305 (/usr/lib/x86_64-linux-gnu/libc.so.6)

        tessera 30375  3407.701838:     250000 cpu-clock: 
        \tffffffff821e86a7 clear_page_erms+0x7 ([kernel.kallsyms])
        \tffffffff81000c82 asm_exc_page_fault+0x22 ([kernel.kallsyms])
        \t          16db20 __memset_avx512_unaligned_erms+0x320 (/usr/lib/x86_64-linux-gnu/libc.so.6)
        \t           2b503 insert+0x613 (/w/.build/release/tessera)
        \t           2724a main+0x7a (/w/.build/release/tessera)

        tessera 30375  3407.674733:     250000 cpu-clock: 
        \t           15c78 init_cpu_features.constprop.0+0x5e8 (/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2)
        \t           1de39 [unknown] (/usr/lib/libfoo.so)
        \t               0 [unknown] ([unknown])

        tessera 30375  3407.704000:     250000 cpu-clock: 
        \t          16da8d __memmove_avx512_unaligned_erms+0x11 (/usr/lib/x86_64-linux-gnu/libc.so.6)
        \t           8115e $s12TesseraPixels7KernelsO4copy_4ontoyAA11PixelBufferV_AFtKFZ+0x150 (/w/.build/release/tessera)
        \t           10afa worker_band+0x36a (/w/.build/release/tessera)
        \t           22821 _dispatch_worker_thread.cold.5+0x11 (/opt/swift/usr/lib/swift/linux/libdispatch.so)
        \t           891f5 start_thread+0x305 (/usr/lib/x86_64-linux-gnu/libc.so.6)

        """

    @Test func parsesHeadersAndFrames() {
        let samples = PerfScript.samples(Self.script)
        #expect(samples.count == 4)
        #expect(samples[0].command == "oot.default-qos")
        #expect(samples[0].period == 250_000)
        #expect(samples[0].frames.count == 5)
        #expect(samples[0].frames[0] == PerfScript.Frame(symbol: "__memmove_avx512_unaligned_erms",
                                                         dso: "/usr/lib/x86_64-linux-gnu/libc.so.6", isKernel: false))
        #expect(samples[1].frames[0].isKernel)
        #expect(samples[1].frames[0].symbol == "clear_page_erms")
        #expect(!samples[1].frames[2].isKernel)
        #expect(samples[2].frames.map(\.displayName) == ["init_cpu_features.constprop.0", "[libfoo.so]", "[unknown]"])
    }

    @Test func foldsRootFirstMergesIdenticalStacksAndMarksKernelFrames() {
        let samples = PerfScript.samples(Self.script)
        let lines = PerfScript.fold(samples) { $0.hasPrefix("$s12TesseraPixels7KernelsO4copy") ? "static Kernels.copy(_:onto:)" : $0 }
        #expect(lines == [
            "[unknown];[libfoo.so];init_cpu_features.constprop.0 1",
            "main;insert;__memset_avx512_unaligned_erms;asm_exc_page_fault_[k];clear_page_erms_[k] 1",
            "start_thread;_dispatch_worker_thread.cold.5;worker_band;static Kernels.copy(_:onto:);__memmove_avx512_unaligned_erms 2",
        ])
    }

    @Test func foldOptions() {
        let samples = PerfScript.samples(Self.script)
        let noKernel = PerfScript.fold(samples, options: FoldOptions(dropKernel: true))
        #expect(noKernel.contains("main;insert;__memset_avx512_unaligned_erms 1"))
        let threads = PerfScript.fold(samples, options: FoldOptions(includeCommand: true))
        // The two identical worker stacks ran on different threads: one line each.
        #expect(threads.contains { $0.hasPrefix("oot.default-qos;start_thread;") && $0.hasSuffix(" 1") })
        #expect(threads.contains { $0.hasPrefix("tessera;start_thread;") && $0.hasSuffix(" 1") })
        let weighted = PerfScript.fold(samples, options: FoldOptions(usePeriod: true))
        #expect(weighted.contains { $0.hasSuffix(" 500000") })
    }

    @Test func mangledSymbolsAreCollectedOnce() {
        let samples = PerfScript.samples(Self.script)
        #expect(PerfScript.mangledSymbols(in: samples) == ["$s12TesseraPixels7KernelsO4copy_4ontoyAA11PixelBufferV_AFtKFZ"])
        #expect(PerfScript.isSwiftMangled("$s7Tessera10CompositorC6render"))
        #expect(!PerfScript.isSwiftMangled("start_thread"))
        #expect(!PerfScript.isSwiftMangled("$s"))
    }

    @Test func frameLineVariants() {
        // Symbols with spaces and parentheses (demangled C++), no offset, `operator+`, no DSO, address only.
        let cxx = PerfScript.frame("\t 4baece swift::Foo::operator()((anonymous namespace)::Bar const&) const+0x2e (/opt/lib/libswiftCore.so)")
        #expect(cxx?.symbol == "swift::Foo::operator()((anonymous namespace)::Bar const&) const")
        #expect(cxx?.dso == "/opt/lib/libswiftCore.so")
        #expect(PerfScript.frame("\t 10 operator+ (/x/a.out)")?.symbol == "operator+")
        #expect(PerfScript.frame("\t 10 plain_name")?.symbol == "plain_name")
        #expect(PerfScript.frame("\t ffffffff81000c82 asm_exc_page_fault")?.isKernel == true)
        #expect(PerfScript.frame("\t 7f2b3ff638a8")?.symbol == "[unknown]")
        #expect(PerfScript.frame("\t not a frame") == nil)
    }

    @Test func headerWithoutPeriodAndCommandWithSpaces() {
        let samples = PerfScript.samples("My Worker 12/34 100.5: cpu-clock:\n\t 10 f (/a)\n")
        #expect(samples.count == 1)
        #expect(samples[0].command == "My Worker")
        #expect(samples[0].period == 1)
        #expect(samples[0].frames.map(\.symbol) == ["f"])
    }

    @Test func samplesWithoutStacksAndSeparatorsInNames() {
        let samples = PerfScript.samples("tessera 1 1.0: 1 cpu-clock:\n\ntessera 1 1.1: 1 cpu-clock:\n\t 10 a;b (/x)\n")
        #expect(PerfScript.fold(samples) == ["[no stack] 1", "a:b 1"])
    }
}

@Suite struct FramePhaseTests {
    /// Worker and calling-thread stacks as perf shows them with the phase markers (PhaseMarkers.swift).
    @Test func stacksAreClassifiedByTheInnermostPhaseMarker() {
        let band = ["start_thread", "_dispatch_worker_thread", "closure #1 in static BandCompositor.composite(_:into:)",
                    "tessera_phase_composite_band", "static AVX512Kernels.copy(_:_:_:_:_:_:)"]
        #expect(FramePhase.classify(rootFirst: band) == .composite)
        let raster = ["start_thread", "_dispatch_worker_thread", "RasterQueue.runLane(_:)", "tessera_phase_raster_job",
                      "RasterJob.draw()", "GridContent.draw(in:)"]
        #expect(FramePhase.classify(rootFirst: raster) == .raster)
        let frame = ["main", "ScrollBenchmark.run(…)", "Compositor.render(_:into:previousFrame:)", "tessera_phase_frame"]
        #expect(FramePhase.classify(rootFirst: frame + ["Compositor.renderFrame(…)", "tessera_phase_plan", "FramePlanner.visit(…)"]) == .plan)
        #expect(FramePhase.classify(rootFirst: frame + ["tessera_phase_tiles", "swift_retain"]) == .raster)
        #expect(FramePhase.classify(rootFirst: frame + ["tessera_phase_composite", "DrawList.removingOccluded()"]) == .composite)
        // On one worker the bands run on the calling thread: composite inside composite.
        #expect(FramePhase.classify(rootFirst: frame + ["tessera_phase_composite", "tessera_phase_composite_band", "memmove"]) == .composite)
        #expect(FramePhase.classify(rootFirst: frame + ["swift_retain"]) == .render)
        #expect(FramePhase.classify(rootFirst: ["main", "FeedScene.make()"]) == .other)
    }

    /// Function names of the implementation no longer decide anything: only the markers do.
    @Test func implementationNamesWithoutMarkersAreOther() {
        #expect(FramePhase.classify(rootFirst: ["main", "Compositor.render(_:into:)", "FramePlanner.visit(_:clip:opacity:)"]) == .other)
        #expect(FramePhase.classify(rootFirst: ["start_thread", "closure #1 in static BandCompositor.composite(_:into:)"]) == .other)
        #expect(FramePhase.classify(rootFirst: ["main", "tessera_phase_plan_helper", "tessera_phase_planx"]) == .other)
    }

    @Test func totalsFromFoldedLines() {
        let totals = FramePhase.totals(folded: [
            "main;Compositor.render(_:into:previousFrame:);tessera_phase_frame;tessera_phase_plan;FramePlanner.visit(_:clip:opacity:) 3",
            "start_thread;tessera_phase_composite_band;memmove 5",
            "start_thread;RasterQueue.runLane(_:);tessera_phase_raster_job;RasterJob.draw() 4",
            "main;Compositor.render(_:into:previousFrame:);tessera_phase_frame;swift_release 1",
            "main;setup 2",
            "garbage",
        ])
        #expect(totals.map(\.phase) == FramePhase.allCases)
        #expect(totals.map(\.count) == [3, 4, 5, 1, 2])
    }

    @Test func foreignLeavesAreAttributedToTheirSwiftCaller() {
        let lines = ["main;static Kernels.copy(_:onto:);__memmove_avx512_unaligned_erms 4",
                     "main;f(_:);asm_exc_page_fault_[k];clear_page_erms_[k] 1",
                     "main;g(_:) 2"]
        let (entries, samples) = FoldedProfile.entries(folded: lines, attributeLeaves: true)
        #expect(samples == 7)
        let self_ = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0.selfCount) })
        #expect(self_["__memmove_avx512_unaligned_erms \u{2190} static Kernels.copy(_:onto:)"] == 4)
        #expect(self_["clear_page_erms_[k] \u{2190} f(_:)"] == 1)
        #expect(self_["g(_:)"] == 2)
        #expect(!FoldedProfile.isSwiftFunction("swift::RefCounts<X>::incrementSlow(int)"))
    }

    @Test func topEntriesCountSelfAndTotalOncePerStack() {
        let (entries, samples) = FoldedProfile.entries(folded: ["a;b;a 2", "a;c 3"])
        #expect(samples == 5)
        let byName = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0) })
        #expect(byName["a"]?.totalCount == 5)
        #expect(byName["a"]?.selfCount == 2)
        #expect(byName["c"]?.selfCount == 3)
        #expect(byName["b"]?.selfCount == 0)
    }
}

@Suite struct FlameGraphTests {
    @Test func parsesFoldedLines() {
        #expect(FlameGraph.parseFoldedLine("a;b c;d 12")! == (["a", "b c", "d"], 12))
        #expect(FlameGraph.parseFoldedLine("no count") == nil)
        #expect(FlameGraph.parseFoldedLine(" 3") == nil)
    }

    @Test func widthsAreProportionalToCounts() {
        let graph = FlameGraph(folded: ["main;a 3", "main;b 1", "other 4", "bad line"])
        #expect(graph.malformedLines == 1)
        #expect(graph.root.total == 8)
        let placements = graph.placements()
        func place(_ name: String) -> FlameGraph.Placement { placements.first { $0.name == name }! }
        #expect(place("all").width == 1)
        #expect(place("main").width == 0.5)
        #expect(place("a").width == 0.375)
        #expect(place("b").width == 0.125)
        #expect(place("b").start == 0.375)     // children sorted by name: a, then b
        #expect(place("other").start == 0.5)
        #expect(place("a").depth == 2)

        var style = FlameGraph.Style()
        style.width = 1020   // 1000 pixels of graph between 10-pixel margins
        let svg = graph.svg(style: style)
        #expect(svg.contains("width=\"375\""))
        #expect(svg.contains("width=\"125\""))
        #expect(svg.contains("width=\"500\""))
    }

    @Test func namesAreEscapedAndTheDocumentIsWellFormed() throws {
        let nasty = "specialized Array<Int>.f(_:) -> \"x\" & 'y'"
        let graph = FlameGraph(folded: ["\(nasty);leaf\u{1} 2", "main 1"])
        var style = FlameGraph.Style()
        style.title = "a < b & c"
        let svg = graph.svg(style: style)
        #expect(svg.contains("specialized Array&lt;Int&gt;.f(_:) -&gt; &quot;x&quot; &amp; &apos;y&apos;"))
        #expect(!svg.contains("Array<Int>"))
        #expect(!svg.contains("\u{1}"))
        #expect(svg.contains("a &lt; b &amp; c"))
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("<![CDATA["))
        #expect(try WellFormed.check(svg))
    }

    @Test func escapeAndClip() {
        #expect(FlameGraph.escape("<a & \"b\">") == "&lt;a &amp; &quot;b&quot;&gt;")
        #expect(FlameGraph.clip("abcdefghij", toWidth: 60, charWidth: 6) == "abcdefghij")
        #expect(FlameGraph.clip("abcdefghij", toWidth: 36, charWidth: 6) == "abcd..")
        #expect(FlameGraph.clip("abcdefghij", toWidth: 12, charWidth: 6) == "")
        #expect(FlameGraph.color(for: "f") == FlameGraph.color(for: "f"))
    }
}

/// A well-formedness check with Foundation's XML parser (libxml2 on Linux).
enum WellFormed {
    final class Delegate: NSObject, XMLParserDelegate {
        var error: Error?
        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { error = parseError }
    }

    static func check(_ xml: String) throws -> Bool {
        let parser = XMLParser(data: Data(xml.utf8))
        let delegate = Delegate()
        parser.delegate = delegate
        let ok = parser.parse()
        if let error = delegate.error ?? parser.parserError { throw error }
        return ok
    }
}

/// Profile files come from anywhere: absurd counts and stacks are ignored or saturate, never trap.
@Suite struct AbsurdProfileInputTests {
    /// Counts whose sum overflowed an `Int` (a trap in `FlameGraph.init`, `FramePhase.totals` and
    /// `FoldedProfile.entries`, so in `tessera profile svg|phases|top`).
    @Test func hugeCountsAreMalformedAndSumsSaturate() {
        let lines = ["a;b 9223372036854775807", "a;c 1", "[plan];a 4611686018427387904"]
        let graph = FlameGraph(folded: lines)
        #expect(graph.malformedLines == 2)
        #expect(graph.root.total == 1)
        #expect(FramePhase.totals(folded: lines).reduce(0) { $0 + $1.count } == 1)
        #expect(FoldedProfile.entries(folded: lines).samples == 1)

        let many = Array(repeating: "a;b \(FlameGraph.maximumCount)", count: 1 << 10)
        #expect(FlameGraph(folded: many.prefix(4)).root.total == 4 * FlameGraph.maximumCount)
        #expect(FlameGraph.sum(Int.max - 1, FlameGraph.maximumCount) == Int.max)
        #expect(FoldedProfile.entries(folded: many).samples == FlameGraph.maximumCount << 10)
    }

    /// A 200,000-frame stack overflowed the thread's stack in the recursive call-tree walks.
    @Test func overlyDeepStacksAreMalformed() {
        let deep = (0..<200_000).map { "f\($0)" }.joined(separator: ";") + " 1"
        let graph = FlameGraph(folded: [deep, "a;b 2"])
        #expect(graph.malformedLines == 1)
        #expect(graph.depth == 2)
        #expect(graph.svg().contains("</svg>"))
        let allowed = (0..<FlameGraph.maximumFrames).map { "f\($0)" }.joined(separator: ";") + " 1"
        #expect(FlameGraph(folded: [allowed]).depth == FlameGraph.maximumFrames)
    }

    /// `fold --period` sums periods of identical stacks.
    @Test func hugePeriodsSaturateWhenFolded() {
        let sample = PerfScript.Sample(command: "t", period: Int.max, frames: [])
        let lines = PerfScript.fold([sample, sample], options: FoldOptions(usePeriod: true))
        #expect(lines == ["[no stack] \(Int.max)"])
    }
}
