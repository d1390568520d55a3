import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import TesseraBench

/// `tessera bench --plot`: the SVG is well-formed XML with one bar group per frame whose raster and
/// composite parts have the frame's proportions, the budget line at the budget, a mark per checkerboarded
/// frame, axis labels and nothing external.
@Suite struct FramePlotTests {
    /// Collects elements with their attributes (and the ids seen) from an XML document.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var texts: [String] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String]) {
            elements.append((name, attributes))
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { texts.append(string) }
    }

    static let records = (1...7).map { i in
        FrameRecord(frame: i, totalMilliseconds: Double(i) * 2 + 1, planMilliseconds: 0.5, rasterMilliseconds: Double(i),
                    compositeMilliseconds: Double(i), tilesCheckerboarded: i % 3 == 0 ? 2 : 0, damagedPixels: 100)
    }

    func parse(_ svg: String) throws -> Collector {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "not well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
        return collector
    }

    @Test func theSVGHasABarPerFrameTheBudgetLineCheckerboardMarksAndAxisLabels() throws {
        let svg = FramePlot.svg(Self.records, budgetMilliseconds: 8.33, title: "test <&> run")
        let xml = try parse(svg)
        #expect(xml.elements.first?.name == "svg")
        #expect(xml.elements.filter { $0.name == "g" && $0.attributes["class"] == "frame" }.count == 7)
        let rasters = xml.elements.filter { $0.attributes["class"] == "raster" }
        let composites = xml.elements.filter { $0.attributes["class"] == "composite" }
        #expect(rasters.count == 7 && composites.count == 7)
        // Frame 3: raster = plan 0.5 + tiles 3 = 3.5 ms, composite 3 ms: heights in that ratio.
        let h = { (e: (name: String, attributes: [String: String])) in Double(e.attributes["height"]!)! }
        #expect(abs(h(rasters[2]) / h(composites[2]) - 3.5 / 3) < 0.01)
        // The scale is linear: frame 7's raster is twice frame 3's minus the plan share.
        #expect(abs(h(rasters[6]) / h(rasters[2]) - 7.5 / 3.5) < 0.01)
        #expect(xml.elements.filter { $0.attributes["class"] == "checkerboard" }.count == 2, "frames 3 and 6")
        let budget = try #require(xml.elements.first { $0.attributes["id"] == "budget" })
        // The budget line's height above the axis, against frame 3's bar (6.5 ms in all, 3.5 + 3).
        let axisY = FramePlot.top + FramePlot.plotHeight
        let budgetHeight = axisY - Double(budget.attributes["y1"]!)!
        #expect(abs(budgetHeight / (h(rasters[2]) + h(composites[2])) - 8.33 / 6.5) < 0.01)
        let text = xml.texts.joined()
        #expect(text.contains("frame time (ms)") && text.contains("frame") && text.contains("test <&> run"))
        #expect(!svg.contains("href") && !svg.contains("<script"), "self-contained")
    }

    @Test func anEmptyRunStillGivesAWellFormedPlot() throws {
        let xml = try parse(FramePlot.svg([], budgetMilliseconds: 16.7, title: "empty"))
        #expect(xml.elements.filter { $0.attributes["class"] == "frame" }.isEmpty)
        #expect(xml.elements.contains { $0.attributes["id"] == "budget" })
    }

    @Test(.enabled(if: TesseraExecutable.url != nil, "needs the tessera executable next to the tests"))
    func benchWritesThePlotAndThePerFrameSeries() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-plot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenePath = dir.appendingPathComponent("scene.json").path
        try Data(RenderCommandTests.scene.utf8).write(to: URL(fileURLWithPath: scenePath))
        let plotPath = dir.appendingPathComponent("frames.svg").path
        let process = Process()
        process.executableURL = TesseraExecutable.url
        process.arguments = ["bench", scenePath, "--frames", "9", "--pace", "none", "--workers", "1", "--tile-size", "16",
                             "--format", "bgra", "--plot", plotPath, "--json", "--per-frame"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: stdout) as? [String: Any])
        #expect(report["format"] as? String == "bgra")
        let series = try #require(report["per_frame"] as? [[String: Any]])
        #expect(series.map { $0["frame"] as? Int } == (1...9).map { $0 })
        for entry in series {
            let total = try #require(entry["ms"] as? Double), composite = try #require(entry["composite_ms"] as? Double)
            #expect(total >= composite && entry["raster_ms"] is Double && entry["tiles_checkerboarded"] is Int)
        }
        let checkerboarded = series.filter { ($0["tiles_checkerboarded"] as? Int ?? 0) > 0 }.count
        #expect(checkerboarded == report["checkerboard_frames"] as? Int)
        let xml = try parse(String(decoding: try Data(contentsOf: URL(fileURLWithPath: plotPath)), as: UTF8.self))
        #expect(xml.elements.filter { $0.attributes["class"] == "frame" }.count == 9)
        #expect(xml.elements.filter { $0.attributes["class"] == "checkerboard" }.count == checkerboarded)
    }
}
