import Tessera

/// `canvas`: a 4K viewport over a 1,000,000 × 1,000,000 point map-like plane (blocks, parks, water
/// between roads), scrolled diagonally. It starts 40,000 points (along the diagonal) before the far
/// corner, so a default 600-frame pan at 10,000 points/s reaches the corner at frame 480 and turns back:
/// memory must follow the viewport and the budget there too.
enum CanvasScene {
    static let width = 3840.0, height = 2160.0, planeSize = 1_000_000.0, cell = 240.0

    static func make() throws -> BenchScene {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: width, height: height))
        root.name = "root"
        let map = try ScrollLayer(frame: root.bounds)
        map.name = "map"
        try map.setContentSize(Size(width: planeSize, height: planeSize))
        let cells = Int(planeSize / cell)
        map.content = try GridContent(
            background: Color(red: 0xD6, green: 0xD6, blue: 0xD2), cellSize: Size(width: cell, height: cell),
            columns: cells, rows: cells, variants: try variants(),
            variantIndex: { column, row in Int(proceduralHash(column, row, 2) % 16) })
        let maximum = map.maximumContentOffset
        try map.setContentOffset(Point(x: maximum.x - 24_000, y: maximum.y - 32_000))
        try root.addSublayer(map)
        let scene = Scene(viewport: try Viewport(width: width, height: height), root: root,
                          layersByName: ["root": root, "map": map])
        return BenchScene(scene: scene, scrollLayer: map, direction: Point(x: 0.6, y: 0.8))
    }

    /// 16 city blocks: parks with trees, built blocks with buildings, and water.
    static func variants() throws -> [DisplayList] {
        let block = Rect(x: 12, y: 12, width: 216, height: 216)
        return try (0..<16).map { variant in
            var items: [DisplayItem] = []
            switch variant % 4 {
            case 0: // park
                items.append(.roundedRect(try RoundedRect(rect: block, cornerRadius: 20,
                                                          color: Color(red: 0x8C, green: 0xC8, blue: 0x6E))))
                for tree in 0..<6 {
                    let h = proceduralHash(variant, tree, 3)
                    let x = 30 + Double(h % 160), y = 30 + Double((h >> 8) % 160)
                    items.append(.roundedRect(try RoundedRect(
                        rect: Rect(x: x, y: y, width: 22, height: 22), cornerRadius: 11,
                        color: Color(red: 0x4F, green: 0x8F, blue: 0x3A, alpha: 0xE0))))
                }
            case 1: // water
                items.append(.linearGradient(try LinearGradient(
                    rect: block, cornerRadius: 40, start: Point(x: 12, y: 12), end: Point(x: 228, y: 228),
                    stops: [GradientStop(location: 0, color: Color(red: 0x9C, green: 0xD0, blue: 0xF5)),
                            GradientStop(location: 1, color: Color(red: 0x5A, green: 0x9E, blue: 0xD8))])))
            default: // built block
                items.append(.roundedRect(try RoundedRect(rect: block, cornerRadius: 12,
                                                          color: Color(red: 0xF2, green: 0xEC, blue: 0xDF))))
                for building in 0..<4 {
                    let h = proceduralHash(variant, building, 4)
                    let x = 24 + Double(building % 2) * 104, y = 24 + Double(building / 2) * 104
                    let shade = UInt8(0xB0 + h % 0x30)
                    items.append(.solidRect(try SolidRect(
                        rect: Rect(x: x, y: y, width: 88 - Double(h % 20), height: 88 - Double((h >> 8) % 24)),
                        color: Color(red: shade, green: shade, blue: shade &+ 8))))
                }
            }
            return DisplayList(items)
        }
    }
}
