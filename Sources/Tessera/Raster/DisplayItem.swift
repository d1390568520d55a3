/// One primitive of a ``DisplayList``. Every primitive's geometry is in points, in the plane of the
/// layer the list belongs to, and was validated when the primitive was made.
///
/// Thread safety: immutable and `Sendable`.
public enum DisplayItem: Hashable, Sendable {
    /// A rect of one colour, exact-area anti-aliased edges.
    case solidRect(SolidRect)
    /// A rounded rect of one colour, signed-distance anti-aliasing.
    case roundedRect(RoundedRect)
    /// A rect or rounded rect filled with a linear gradient.
    case linearGradient(LinearGradient)
    /// A line of greeked text (rounded glyph boxes).
    case greekedText(GreekedTextLine)
    /// A bitmap stretched over a rect, nearest-neighbour sampled.
    case image(PlacedImage)

    /// The rect outside which the item draws nothing, in points: anti-aliasing changes only the device
    /// pixels this rect overlaps.
    public var bounds: Rect {
        switch self {
        case .solidRect(let item): return item.rect
        case .roundedRect(let item): return item.rect
        case .linearGradient(let item): return item.rect
        case .greekedText(let item): return item.frame
        case .image(let item): return item.frame
        }
    }
}

extension DisplayItem {
    /// Draws the item src-over into the target's pixels (those of `target.clip`).
    func draw(in target: RasterTarget) {
        let scale = target.scale
        switch self {
        case .solidRect(let item):
            let paint = SolidPaint(word: item.color.premultiplied.word)
            ShapeRasterizer.fillRect(DeviceRect(item.rect, scale: scale), in: target, paint: paint)
        case .roundedRect(let item):
            let paint = SolidPaint(word: item.color.premultiplied.word)
            Self.fill(DeviceRect(item.rect, scale: scale), radius: item.cornerRadius * scale, target, paint)
        case .linearGradient(let item):
            item.table.withUnsafeBufferPointer { table in
                let dx = item.end.x - item.start.x, dy = item.end.y - item.start.y
                let k = 1 / ((dx * dx + dy * dy) * scale)
                let shape = DeviceRect(item.rect, scale: scale)
                let paint = GradientPaint(table: table, startX: item.start.x * scale, startY: item.start.y * scale,
                                          ax: dx * k, ay: dy * k, isOpaque: item.isOpaqueFill,
                                          touched: shape.touchedPixels(), kernels: target.raster)
                Self.fill(shape, radius: item.cornerRadius * scale, target, paint)
            }
        case .greekedText(let item):
            GlyphRunRasterizer.draw(item, in: target)
        case .image(let item):
            let shape = DeviceRect(item.frame, scale: scale)
            guard shape.x1 > shape.x0, shape.y1 > shape.y0 else { return }
            let image = item.image
            let reach = shape.touchedPixels().intersection(target.clip)
            if reach.isEmpty { return }
            let kx = Double(image.width) / (shape.x1 - shape.x0)
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: reach.width) { columns in
                for i in 0..<reach.width {
                    columns[i] = ImagePaint.column(x: reach.minX + i, x0: shape.x0, kx: kx, width: image.width)
                }
                image.words.withUnsafeBufferPointer { pixels in
                    let paint = ImagePaint(pixels: pixels, width: image.width, height: image.height, y0: shape.y0,
                                           ky: Double(image.height) / (shape.y1 - shape.y0),
                                           opacity: item.opacity8, isOpaque: image.isOpaque,
                                           columns: UnsafePointer(columns.baseAddress!), columnsOriginX: reach.minX)
                    ShapeRasterizer.fillRect(shape, in: target, paint: paint)
                }
            }
        }
    }

    @inline(__always)
    private static func fill<P: SpanPaint>(_ shape: DeviceRect, radius: Double, _ target: RasterTarget, _ paint: P) {
        if radius > 0 {
            ShapeRasterizer.fillRoundedRect(shape, radius: radius, in: target, paint: paint)
        } else {
            ShapeRasterizer.fillRect(shape, in: target, paint: paint)
        }
    }

    /// The device pixels (at `scale`) the item may change.
    func touchedPixels(scale: Double) -> PixelRect {
        DeviceRect(bounds, scale: scale).touchedPixels()
    }

    /// Whether the item certainly makes every pixel of `deviceRect` (at `scale`) opaque: its
    /// ``opaqueCover(_:scale:)`` is the whole rect.
    func coversOpaquely(_ deviceRect: PixelRect, scale: Double) -> Bool {
        opaqueCover(deviceRect, scale: scale).contains(deviceRect)
    }
}
