/// Draws a scroll benchmark's frame times as a self-contained SVG file (`tessera bench --plot FILE.svg`):
/// one bar per frame, split into raster (the tile stage, plan included) below and composite above, the
/// frame budget as a dashed line, checkerboarded frames marked with a red tick under the axis, labelled
/// axes and a legend. No scripts, fonts or external references: any browser or image viewer shows it.
///
/// The vertical scale fits the slowest frame and the budget (at least 1 ms); the plot is 1,000 user units
/// wide whatever the frame count (bars get thinner). Cost: O(frames) text. Thread safety: a pure function.
public enum FramePlot {
    /// The plot area, in SVG user units.
    static let plotWidth = 1000.0, plotHeight = 400.0
    /// Margins for the axis labels and legend.
    static let left = 70.0, top = 40.0, bottom = 60.0, right = 20.0

    /// The SVG text for `records` with the frame budget `budgetMilliseconds`, titled `title`.
    public static func svg(_ records: [FrameRecord], budgetMilliseconds: Double, title: String) -> String {
        let width = left + plotWidth + right, height = top + plotHeight + bottom
        let slowest = records.map(\.totalMilliseconds).max() ?? 0
        let scaleMax = niceCeiling(Swift.max(slowest, budgetMilliseconds, 1) * 1.05)
        func y(_ ms: Double) -> Double { top + plotHeight - ms / scaleMax * plotHeight }
        let step = plotWidth / Double(Swift.max(records.count, 1))
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" viewBox="0 0 \(f(width)) \(f(height))" font-family="sans-serif" font-size="12">
            <title>\(escape(title))</title>
            <rect x="0" y="0" width="\(f(width))" height="\(f(height))" fill="#FFFFFF"/>
            <text x="\(f(left))" y="20" font-size="14">\(escape(title))</text>

            """
        // Axes, ticks and labels.
        out += "<g id=\"axes\" stroke=\"#000000\">\n"
        out += "<line x1=\"\(f(left))\" y1=\"\(f(top))\" x2=\"\(f(left))\" y2=\"\(f(top + plotHeight))\"/>\n"
        out += "<line x1=\"\(f(left))\" y1=\"\(f(top + plotHeight))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(top + plotHeight))\"/>\n"
        out += "</g>\n<g id=\"y-ticks\">\n"
        for index in 0...4 {
            let ms = scaleMax * Double(index) / 4
            out += "<line x1=\"\(f(left - 4))\" y1=\"\(f(y(ms)))\" x2=\"\(f(left))\" y2=\"\(f(y(ms)))\" stroke=\"#000000\"/>"
            out += "<text x=\"\(f(left - 8))\" y=\"\(f(y(ms) + 4))\" text-anchor=\"end\">\(f(ms))</text>\n"
        }
        out += "</g>\n<g id=\"x-ticks\">\n"
        let count = records.count
        for index in 0...4 where count > 0 {
            let frame = Swift.max(1, Int((Double(count) * Double(index) / 4).rounded()))
            let x = left + (Double(frame) - 0.5) * step
            out += "<text x=\"\(f(x))\" y=\"\(f(top + plotHeight + 18))\" text-anchor=\"middle\">\(frame)</text>\n"
        }
        out += "</g>\n"
        out += "<text id=\"x-label\" x=\"\(f(left + plotWidth / 2))\" y=\"\(f(height - 12))\" text-anchor=\"middle\">frame</text>\n"
        out += "<text id=\"y-label\" x=\"16\" y=\"\(f(top + plotHeight / 2))\" text-anchor=\"middle\" "
            + "transform=\"rotate(-90 16 \(f(top + plotHeight / 2)))\">frame time (ms)</text>\n"
        // Bars: raster (plan + tiles) from the axis up, composite above it; the rest of the render call
        // (damage tracking, bookkeeping) on top in grey.
        out += "<g id=\"frames\">\n"
        let barWidth = Swift.max(step * 0.8, 0.1)
        for (index, r) in records.enumerated() {
            let x = left + Double(index) * step + (step - barWidth) / 2
            let raster = r.planMilliseconds + r.rasterMilliseconds
            let composite = r.compositeMilliseconds
            let other = Swift.max(0, r.totalMilliseconds - raster - composite)
            out += "<g class=\"frame\" data-frame=\"\(r.frame)\"><title>frame \(r.frame): \(f(r.totalMilliseconds)) ms "
                + "(raster \(f(raster)), composite \(f(composite)))\(r.isCheckerboarded ? ", \(r.tilesCheckerboarded) checkerboarded tiles" : "")</title>"
            var base = 0.0
            for (ms, fill, kind) in [(raster, "#4C78A8", "raster"), (composite, "#F58518", "composite"), (other, "#BBBBBB", "other")] where ms > 0 {
                out += "<rect class=\"\(kind)\" x=\"\(f(x))\" y=\"\(f(y(base + ms)))\" width=\"\(f(barWidth))\" "
                    + "height=\"\(f(y(base) - y(base + ms)))\" fill=\"\(fill)\"/>"
                base += ms
            }
            out += "</g>\n"
        }
        out += "</g>\n<g id=\"checkerboard-marks\">\n"
        for (index, r) in records.enumerated() where r.isCheckerboarded {
            let x = left + Double(index) * step + step / 2
            out += "<line class=\"checkerboard\" x1=\"\(f(x))\" y1=\"\(f(top + plotHeight + 2))\" x2=\"\(f(x))\" "
                + "y2=\"\(f(top + plotHeight + 8))\" stroke=\"#D62728\" stroke-width=\"\(f(Swift.max(barWidth, 1)))\"/>\n"
        }
        out += "</g>\n"
        out += "<line id=\"budget\" x1=\"\(f(left))\" y1=\"\(f(y(budgetMilliseconds)))\" x2=\"\(f(left + plotWidth))\" "
            + "y2=\"\(f(y(budgetMilliseconds)))\" stroke=\"#D62728\" stroke-dasharray=\"6 4\"/>\n"
        out += "<text x=\"\(f(left + plotWidth - 4))\" y=\"\(f(y(budgetMilliseconds) - 4))\" text-anchor=\"end\" fill=\"#D62728\">"
            + "budget \(f(budgetMilliseconds)) ms</text>\n"
        // Legend.
        out += "<g id=\"legend\">\n"
        var lx = left + plotWidth - 420
        for (label, fill) in [("raster (plan + tiles)", "#4C78A8"), ("composite", "#F58518"), ("other", "#BBBBBB"),
                              ("checkerboarded", "#D62728")] {
            out += "<rect x=\"\(f(lx))\" y=\"10\" width=\"10\" height=\"10\" fill=\"\(fill)\"/>"
                + "<text x=\"\(f(lx + 14))\" y=\"19\">\(label)</text>\n"
            lx += label.count > 12 ? 140 : 95
        }
        out += "</g>\n</svg>\n"
        return out
    }

    /// 1, 2 or 5 times a power of ten, at least `value`.
    static func niceCeiling(_ value: Double) -> Double {
        var power = 1.0
        while power * 10 < value { power *= 10 }
        while power > value { power /= 10 }
        for m in [1.0, 2, 5, 10] where m * power >= value { return m * power }
        return 10 * power
    }

    /// A number with at most two decimals, no exponent.
    static func f(_ v: Double) -> String {
        let rounded = (v * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }

    /// Text escaped for XML.
    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
