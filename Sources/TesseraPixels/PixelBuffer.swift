/// A rectangle of premultiplied 8-bit pixels in memory: either storage it owns, or caller memory it
/// wraps (a framebuffer, a tile of another renderer). The bytes are in ``format`` (RGBA unless a host
/// framebuffer asks for another ``PixelFormat``); the subscript converts, so it always reads and writes
/// RGBA ``Pixel`` values.
///
/// Units are device pixels; `(0, 0)` is the top-left pixel. Rows are `bytesPerRow` bytes apart, which may
/// be any value ≥ `width · 4` (odd and unaligned strides included); pixels are read and written with
/// unaligned loads, so the base address needs no alignment either.
///
/// `PixelBuffer` is a *view*: copies share the same pixels (like an `UnsafeMutableRawBufferPointer`
/// that keeps owned storage alive). Everything is validated at construction, so kernels do no per-pixel
/// bounds checks.
///
/// Thread safety: the struct is immutable and `Sendable`; the pixels are not synchronized. Any thread may
/// read or write them, and several threads may work on disjoint rows or rects at once (the band-parallel
/// compositor does), but concurrent writes to the same pixels are a data race the caller must prevent.
/// Wrapped caller memory must stay valid for as long as the buffer is used.
public struct PixelBuffer: @unchecked Sendable {
    /// The largest width or height a buffer may have (2^16). Larger values are rejected, not clamped.
    public static let maximumDimension = 1 << 16

    /// The address of pixel (0, 0).
    public let baseAddress: UnsafeMutableRawPointer
    public let width: Int
    public let height: Int
    /// Distance in bytes between the starts of two consecutive rows.
    public let bytesPerRow: Int
    /// The byte layout of the pixels (``PixelFormat/rgba`` unless given at construction). Sources of the
    /// kernels and tiles are RGBA; a destination may be any format.
    public let format: PixelFormat
    @usableFromInline let storage: PixelStorage?

    /// The whole buffer as a rect: `(0, 0, width, height)`.
    @inlinable public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Allocates a buffer of `width × height` zero bytes (transparent pixels; black with alpha 0 in the
    /// `X` formats until something writes them) with packed rows (`bytesPerRow = width · 4`).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `width` or `height` when
    ///   negative or above ``maximumDimension``.
    public init(width: Int, height: Int, format: PixelFormat = .rgba) throws {
        try PixelBuffer.validate(width: width, height: height, bytesPerRow: width &* 4)
        let storage = PixelStorage(byteCount: width * height * 4)
        self.init(unchecked: storage.bytes, width: width, height: height, bytesPerRow: width * 4, storage: storage,
                  format: format)
    }

    /// Wraps caller memory: `height` rows of `width` pixels, rows `bytesPerRow` bytes apart, starting at
    /// `baseAddress`. The memory must hold `(height - 1) · bytesPerRow + width · 4` bytes.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `width`, `height` or
    ///   `bytesPerRow` when out of range (`bytesPerRow < width · 4` included).
    public init(wrapping baseAddress: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int,
                format: PixelFormat = .rgba) throws {
        try PixelBuffer.validate(width: width, height: height, bytesPerRow: bytesPerRow)
        self.init(unchecked: baseAddress, width: width, height: height, bytesPerRow: bytesPerRow, storage: nil,
                  format: format)
    }

    @usableFromInline
    init(unchecked baseAddress: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int,
         storage: PixelStorage?, format: PixelFormat = .rgba) {
        self.baseAddress = baseAddress
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.storage = storage
        self.format = format
    }

    /// The same pixels without ownership: copying it counts no reference, and it does not keep the memory
    /// alive. Valid while this buffer (or another owner of its memory) is. For per-frame lists that
    /// point at memory another object owns for longer (a frame's resolved tiles, `TileEntry` in Tessera).
    @inlinable public var borrowed: PixelBuffer {
        PixelBuffer(unchecked: baseAddress, width: width, height: height, bytesPerRow: bytesPerRow, storage: nil,
                    format: format)
    }

    /// The same pixels read as `format` (no bytes change): e.g. to hand a host's memory back as RGBA
    /// bytes for a file after checking its format. Shares memory.
    public func reinterpreted(as format: PixelFormat) -> PixelBuffer {
        PixelBuffer(unchecked: baseAddress, width: width, height: height, bytesPerRow: bytesPerRow,
                    storage: storage, format: format)
    }

    static func validate(width: Int, height: Int, bytesPerRow: Int) throws {
        let limit = maximumDimension
        guard width >= 0, width <= limit else {
            throw TesseraError.invalidArgument(argument: "width", reason: "must be in 0…\(limit), got \(width)")
        }
        guard height >= 0, height <= limit else {
            throw TesseraError.invalidArgument(argument: "height", reason: "must be in 0…\(limit), got \(height)")
        }
        guard bytesPerRow >= width * 4 else {
            throw TesseraError.invalidArgument(
                argument: "bytesPerRow", reason: "must be ≥ width · 4 = \(width * 4), got \(bytesPerRow)")
        }
        guard bytesPerRow <= limit * 4 * 16 else {
            throw TesseraError.invalidArgument(
                argument: "bytesPerRow", reason: "must be ≤ \(limit * 64), got \(bytesPerRow)")
        }
    }

    /// The pixels of `rect` (in this buffer's coordinates) as a buffer of their own, sharing memory.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `rect` when it is not inside
    ///   ``bounds`` or has a negative size. An empty rect inside the bounds gives an empty buffer.
    public func subBuffer(_ rect: PixelRect) throws -> PixelBuffer {
        guard rect.width >= 0, rect.height >= 0, rect.x >= 0, rect.y >= 0,
              rect.maxX <= width, rect.maxY <= height else {
            throw TesseraError.invalidArgument(
                argument: "rect", reason: "\(rect) is not inside the buffer's bounds \(bounds)")
        }
        return uncheckedSubBuffer(rect)
    }

    /// ``subBuffer(_:)`` without the check: `rect` must be inside ``bounds``.
    @inlinable
    public func uncheckedSubBuffer(_ rect: PixelRect) -> PixelBuffer {
        PixelBuffer(unchecked: baseAddress + rect.y * bytesPerRow + rect.x * 4,
                    width: rect.width, height: rect.height, bytesPerRow: bytesPerRow, storage: storage,
                    format: format)
    }

    /// The first byte of row `y` (`0 ≤ y < height`, not checked).
    @inlinable @inline(__always)
    public func row(_ y: Int) -> UnsafeMutableRawPointer { baseAddress + y * bytesPerRow }

    /// The pixel at (`x`, `y`) as RGBA, converted from and to ``format`` (``PixelFormat/rgbaWord(_:)``,
    /// ``PixelFormat/storedWord(_:)``: the `X` formats read alpha as 255 and write 255). Bounds are checked
    /// with `precondition`: meant for tests and tools, not loops.
    public subscript(x x: Int, y y: Int) -> Pixel {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(bounds)")
            let stored = UInt32(littleEndian: row(y).loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
            return Pixel(word: format == .rgba ? stored : format.rgbaWord(stored))
        }
        nonmutating set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(bounds)")
            let word = format == .rgba ? newValue.word : format.storedWord(newValue.word)
            row(y).storeBytes(of: word.littleEndian, toByteOffset: x * 4, as: UInt32.self)
        }
    }

    /// The bytes row by row as stored (in ``format``), packed (`width · 4` bytes a row): for tests, files
    /// and checksums. ``rgbaBytes()`` converts.
    public func packedBytes() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBytes { out in
            for y in 0..<height {
                (out.baseAddress! + y * width * 4).copyMemory(from: row(y), byteCount: width * 4)
            }
        }
        return bytes
    }

    /// The pixels row by row as RGBA bytes (converted from ``format``; the `X` formats give alpha 255),
    /// packed: for files. The same as ``packedBytes()`` for an RGBA buffer.
    public func rgbaBytes() -> [UInt8] {
        guard format != .rgba else { return packedBytes() }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBytes { out in
            for y in 0..<height {
                for x in 0..<width {
                    out.storeBytes(of: self[x: x, y: y].word.littleEndian, toByteOffset: (y * width + x) * 4,
                                   as: UInt32.self)
                }
            }
        }
        return bytes
    }

    /// Fills every pixel with `pixel` (a plain store, no blending, in ``format``), with the active tier's
    /// fill kernel.
    public func clear(to pixel: Pixel = .transparent) {
        Kernels.fill(self, with: pixel)
    }
}

/// Owned pixel memory, 64-byte aligned and zero-filled, freed when the last buffer using it goes away.
@usableFromInline
final class PixelStorage: @unchecked Sendable {
    let bytes: UnsafeMutableRawPointer
    let byteCount: Int

    init(byteCount: Int) {
        self.byteCount = byteCount
        bytes = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(byteCount, 1), alignment: 64)
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: Swift.max(byteCount, 1))
    }

    deinit { bytes.deallocate() }
}
