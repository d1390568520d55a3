import Tessera

/// A flame graph of folded stacks (`root;caller;leaf count`, one per line), written as a self-contained
/// SVG: one `<g>` per frame with a `<title>` (name, samples, share: shown on hover), a `<rect>` whose
/// width is proportional to the frame's samples, and its name clipped to fit; a small inline script
/// zooms into a frame on click (click the background or "Reset zoom" to zoom out). Roots are at the
/// bottom; children are sorted by name, so the x axis is not time.
///
/// The output is well-formed XML: every name is escaped (`& < > " '`), control characters are dropped,
/// and the script is in a CDATA section.
public struct FlameGraph: Sendable {
    /// One node of the merged call tree.
    public final class Node: @unchecked Sendable {
        public let name: String
        /// Samples in this frame and below.
        public internal(set) var total = 0
        /// Samples whose leaf is this frame.
        public internal(set) var selfCount = 0
        public internal(set) var children: [String: Node] = [:]

        init(name: String) { self.name = name }

        /// Children sorted by name (the drawing order, left to right).
        public var sortedChildren: [Node] { children.values.sorted { $0.name < $1.name } }
    }

    /// Drawing settings.
    public struct Style: Sendable {
        public var title = "Tessera flame graph"
        public var subtitle = ""
        /// The image width in pixels.
        public var width = 1200.0
        public var frameHeight = 16.0
        public var fontSize = 12.0
        /// Frames narrower than this (pixels) are not drawn (their samples still count in their parents).
        public var minimumWidth = 0.1
        /// The unit of counts in hover titles.
        public var countUnit = "samples"

        public init() {}
    }

    /// The synthetic root over all stacks.
    public let root: Node
    /// Lines that were not `stack count` (ignored).
    public private(set) var malformedLines = 0

    /// Builds the call tree from folded lines; blank lines are skipped, malformed ones counted.
    public init<S: Sequence>(folded lines: S) where S.Element: StringProtocol {
        root = Node(name: "all")
        for line in lines {
            let text = String(line)
            if text.allSatisfy(\.isWhitespace) { continue }
            guard let stack = FlameGraph.parseFoldedLine(text), stack.count > 0 else {
                malformedLines += 1
                continue
            }
            root.total = FlameGraph.sum(root.total, stack.count)
            var node = root
            for name in stack.frames {
                let child: Node
                if let existing = node.children[name] {
                    child = existing
                } else {
                    child = Node(name: name)
                    node.children[name] = child
                }
                child.total = FlameGraph.sum(child.total, stack.count)
                node = child
            }
            node.selfCount = FlameGraph.sum(node.selfCount, stack.count)
        }
    }

    /// The largest count a folded line may have: 2^40 (18 minutes of `--period` nanoseconds in one
    /// stack, far more samples than any profile has).
    public static let maximumCount = 1 << 40
    /// The most frames a folded stack may have (perf records at most 127 by default). The call tree is
    /// walked recursively, so deeper stacks would exhaust the stack.
    public static let maximumFrames = 4096

    /// `a;b;c 12` → (["a", "b", "c"], 12); the count is after the last space. Nil when malformed, also
    /// for a count above ``maximumCount`` or more than ``maximumFrames`` frames.
    public static func parseFoldedLine(_ line: String) -> (frames: [String], count: Int)? {
        var text = Substring(line)
        while let last = text.last, last == "\r" || last == "\n" || last == " " { text = text.dropLast() }
        guard let space = text.lastIndex(of: " "), let count = Int(text[text.index(after: space)...]),
              count >= 0, count <= maximumCount else { return nil }
        let stack = text[..<space]
        guard !stack.isEmpty, stack.utf8.lazy.filter({ $0 == UInt8(ascii: ";") }).count < maximumFrames else {
            return nil
        }
        return (stack.split(separator: ";", omittingEmptySubsequences: false).map(String.init), count)
    }

    /// `a + b` for sums of counts, `Int.max` when that overflows (only absurd inputs get there: each
    /// count is at most ``maximumCount``, but a file may have any number of lines).
    public static func sum(_ a: Int, _ b: Int) -> Int {
        let (result, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : result
    }

    /// The deepest stack (frames below the synthetic root).
    public var depth: Int {
        func depth(_ node: Node) -> Int { node.children.values.map { depth($0) + 1 }.max() ?? 0 }
        return depth(root)
    }

    /// A drawn frame: where it is (fractions of the total width) and at which depth (0: the root "all").
    public struct Placement: Equatable, Sendable {
        public var name: String
        public var depth: Int
        /// Start and width as fractions of all samples.
        public var start: Double
        public var width: Double
        public var count: Int
    }

    /// Every frame with its position, parents before children, left to right; the root "all" first.
    public func placements() -> [Placement] {
        var result: [Placement] = []
        let total = Double(Swift.max(root.total, 1))
        func visit(_ node: Node, depth: Int, start: Int) {
            result.append(Placement(name: node.name, depth: depth, start: Double(start) / total,
                                    width: Double(node.total) / total, count: node.total))
            var offset = start
            for child in node.sortedChildren {
                visit(child, depth: depth + 1, start: offset)
                offset = FlameGraph.sum(offset, child.total)
            }
        }
        visit(root, depth: 0, start: 0)
        return result
    }

    /// The SVG document.
    public func svg(style: Style = Style()) -> String {
        let pad = 10.0
        let titleHeight = style.fontSize * 3
        let bottomPad = style.fontSize * 2 + 4
        let levels = depth + 1
        let height = titleHeight + Double(levels) * style.frameHeight + bottomPad
        let graphWidth = style.width - 2 * pad
        let total = Swift.max(root.total, 1)

        var out = ""
        out.reserveCapacity(4096 + Swift.min(root.total, 1 << 20) * 8)
        out += "<?xml version=\"1.0\" standalone=\"no\"?>\n"
        out += "<svg version=\"1.1\" width=\"\(fmt(style.width))\" height=\"\(fmt(height))\" "
        out += "viewBox=\"0 0 \(fmt(style.width)) \(fmt(height))\" xmlns=\"http://www.w3.org/2000/svg\" "
        out += "onload=\"init(evt)\">\n"
        out += "<style type=\"text/css\">text { font-family: monospace; font-size: \(fmt(style.fontSize))px; fill: #000; } "
        out += ".frame:hover rect { stroke: #000; stroke-width: 0.5; cursor: pointer; } #title { font-size: \(fmt(style.fontSize + 5))px; }</style>\n"
        out += "<script type=\"text/ecmascript\"><![CDATA[\n\(FlameGraph.script)\n]]></script>\n"
        out += "<rect id=\"background\" x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"#f8f8f0\"/>\n"
        out += "<text id=\"title\" x=\"\(fmt(style.width / 2))\" y=\"\(fmt(style.fontSize * 1.6))\" text-anchor=\"middle\">\(FlameGraph.escape(style.title))</text>\n"
        if !style.subtitle.isEmpty {
            out += "<text id=\"subtitle\" x=\"\(fmt(style.width / 2))\" y=\"\(fmt(style.fontSize * 2.7))\" text-anchor=\"middle\">\(FlameGraph.escape(style.subtitle))</text>\n"
        }
        out += "<text id=\"unzoom\" x=\"\(fmt(pad))\" y=\"\(fmt(style.fontSize * 1.6))\" style=\"opacity:0; cursor:pointer\">Reset zoom</text>\n"
        out += "<text id=\"details\" x=\"\(fmt(pad))\" y=\"\(fmt(height - style.fontSize * 0.6))\"> </text>\n"
        out += "<g id=\"frames\" data-pad=\"\(fmt(pad))\" data-width=\"\(fmt(graphWidth))\" data-font=\"\(fmt(style.fontSize))\">\n"
        let charWidth = style.fontSize * 0.6
        for placement in placements() {
            let width = placement.width * graphWidth
            guard width >= style.minimumWidth else { continue }
            let x = pad + placement.start * graphWidth
            let y = height - bottomPad - Double(placement.depth + 1) * style.frameHeight
            let share = 100 * Double(placement.count) / Double(total)
            let name = FlameGraph.escape(placement.name)
            out += "<g class=\"frame\" data-x=\"\(placement.start)\" data-w=\"\(placement.width)\" data-d=\"\(placement.depth)\">"
            out += "<title>\(name) (\(placement.count) \(FlameGraph.escape(style.countUnit)), \(fmt(share, digits: 2))%)</title>"
            out += "<rect x=\"\(fmt(x))\" y=\"\(fmt(y))\" width=\"\(fmt(width))\" height=\"\(fmt(style.frameHeight - 1))\" "
            out += "fill=\"\(FlameGraph.color(for: placement.name))\" rx=\"2\" ry=\"2\"/>"
            out += "<text x=\"\(fmt(x + 3))\" y=\"\(fmt(y + style.frameHeight - 4.5))\">"
            out += FlameGraph.escape(FlameGraph.clip(placement.name, toWidth: width - 6, charWidth: charWidth))
            out += "</text></g>\n"
        }
        out += "</g>\n</svg>\n"
        return out
    }

    /// `name` shortened to fit `width` pixels (`…` appended), or empty when not even 3 characters fit.
    public static func clip(_ name: String, toWidth width: Double, charWidth: Double) -> String {
        let fits = Int(width / charWidth)
        if name.count <= fits { return name }
        if fits < 3 { return "" }
        return String(name.prefix(fits - 2)) + ".."
    }

    /// XML text and attribute escaping; characters XML 1.0 forbids (C0 controls other than tab, line
    /// feed and carriage return, U+FFFE, U+FFFF) are dropped.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A stable colour per name: kernel frames (`_[k]`) orange, Tessera's kernels and rasterizer warm
    /// red/yellow, Swift runtime and libraries blue-grey, other frames in warm shades; the shade comes from
    /// a hash of the name, so the same function has the same colour in every graph.
    public static func color(for name: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let v1 = Double(hash & 0xFF) / 255, v2 = Double((hash >> 8) & 0xFF) / 255
        let r: Int, g: Int, b: Int
        if name.hasSuffix("_[k]") {
            (r, g, b) = (200 + Int(55 * v1), 120 + Int(60 * v2), 40)
        } else if name.hasPrefix("[") && name.hasSuffix("]") {
            (r, g, b) = (150 + Int(40 * v1), 150 + Int(40 * v1), 150 + Int(40 * v2))
        } else if name.hasPrefix("swift_") || name.hasPrefix("_dispatch") || name.hasPrefix("dispatch_")
                    || name.hasPrefix("__") || name.hasPrefix("start_thread") || name.contains("(/") {
            (r, g, b) = (90 + Int(50 * v1), 140 + Int(50 * v1), 200 + Int(55 * v2))
        } else {
            (r, g, b) = (205 + Int(50 * v1), Int(230 * v2), 55)
        }
        return "rgb(\(r),\(g),\(b))"
    }

    private func fmt(_ value: Double, digits: Int = 1) -> String {
        let scale = digits == 1 ? 10.0 : 100.0
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }

    /// Hover details and click-to-zoom (plain DOM, no libraries).
    static let script = """
        var frames, details, unzoomButton, pad, graphWidth, charWidth;
        function init(evt) {
          frames = document.getElementById("frames");
          details = document.getElementById("details").firstChild;
          unzoomButton = document.getElementById("unzoom");
          pad = parseFloat(frames.getAttribute("data-pad"));
          graphWidth = parseFloat(frames.getAttribute("data-width"));
          charWidth = parseFloat(frames.getAttribute("data-font")) * 0.6;
          var groups = frames.getElementsByTagName("g");
          for (var i = 0; i < groups.length; i++) {
            var g = groups[i];
            g.setAttribute("data-name", g.getElementsByTagName("title")[0].textContent);
            g.addEventListener("click", function (e) { zoom(this); e.stopPropagation(); });
            g.addEventListener("mouseover", function () { details.nodeValue = this.getAttribute("data-name"); });
            g.addEventListener("mouseout", function () { details.nodeValue = " "; });
          }
          document.getElementById("background").addEventListener("click", unzoom);
          unzoomButton.addEventListener("click", unzoom);
        }
        function label(g) {
          var full = g.getAttribute("data-name");
          return full.substring(0, full.lastIndexOf(" ("));
        }
        function place(g, x, w) {
          var rect = g.getElementsByTagName("rect")[0], text = g.getElementsByTagName("text")[0];
          rect.setAttribute("x", pad + x * graphWidth);
          rect.setAttribute("width", w * graphWidth);
          text.setAttribute("x", pad + x * graphWidth + 3);
          var name = label(g), fits = Math.floor((w * graphWidth - 6) / charWidth);
          text.textContent = name.length <= fits ? name : (fits < 3 ? "" : name.substring(0, fits - 2) + "..");
          g.style.display = "";
        }
        function zoom(target) {
          var x0 = parseFloat(target.getAttribute("data-x")), w0 = parseFloat(target.getAttribute("data-w"));
          var d0 = parseInt(target.getAttribute("data-d"));
          var groups = frames.getElementsByTagName("g"), eps = 1e-12;
          for (var i = 0; i < groups.length; i++) {
            var g = groups[i];
            var x = parseFloat(g.getAttribute("data-x")), w = parseFloat(g.getAttribute("data-w"));
            var d = parseInt(g.getAttribute("data-d"));
            if (d < d0 && x <= x0 + eps && x + w >= x0 + w0 - eps) { place(g, 0, 1); }
            else if (d >= d0 && x >= x0 - eps && x + w <= x0 + w0 + eps) { place(g, (x - x0) / w0, w / w0); }
            else { g.style.display = "none"; }
          }
          unzoomButton.style.opacity = "1";
        }
        function unzoom() {
          var groups = frames.getElementsByTagName("g");
          for (var i = 0; i < groups.length; i++) {
            var g = groups[i];
            place(g, parseFloat(g.getAttribute("data-x")), parseFloat(g.getAttribute("data-w")));
          }
          unzoomButton.style.opacity = "0";
        }
        """
}
