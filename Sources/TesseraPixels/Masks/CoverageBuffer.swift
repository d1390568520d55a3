/// An 8-bit coverage plane: one byte per device pixel, `0` (nothing) … `255` (full coverage), rows
/// ``bytesPerRow`` bytes apart. The masked kernels (``MaskKernelRoutines``) read it beside a pixel rect.
///
/// Memory: `bytesPerRow · height` bytes (plus ``offset`` leading bytes), owned and freed with the buffer;
/// zero-filled on creation.
///
/// Thread safety: write it on one thread before sharing it; once shared it must only be read (any number
/// of threads may read it concurrently). That is how the compositor uses it: masks are computed on the
/// model thread, read by band workers.
public final class CoverageBuffer: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    /// Bytes before coverage (0, 0) in the allocation (tests use it to start rows at odd addresses).
    public let offset: Int
    private let storage: UnsafeMutableRawBufferPointer

    /// A zeroed plane of `width × height` coverages.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `width`, `height`, `bytesPerRow`
    ///   or `offset` when negative, when `bytesPerRow < width`, or when the plane exceeds 2^31 bytes.
    public init(width: Int, height: Int, bytesPerRow: Int? = nil, offset: Int = 0) throws {
        let stride = bytesPerRow ?? width
        for (name, value) in [("width", width), ("height", height), ("bytesPerRow", stride), ("offset", offset)]
        where value < 0 {
            throw TesseraError.invalidArgument(argument: name, reason: "must be ≥ 0, got \(value)")
        }
        guard stride >= width else {
            throw TesseraError.invalidArgument(argument: "bytesPerRow", reason: "\(stride) is less than width \(width)")
        }
        let (bytes, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow, bytes <= 1 << 31, offset <= 1 << 20 else {
            throw TesseraError.invalidArgument(argument: "height",
                                               reason: "\(stride) × \(height) bytes is too large for a coverage plane")
        }
        self.width = width
        self.height = height
        self.bytesPerRow = stride
        self.offset = offset
        storage = .allocate(byteCount: Swift.max(1, offset + bytes), alignment: 64)
        storage.initializeMemory(as: UInt8.self, repeating: 0)
    }

    deinit { storage.deallocate() }

    /// Coverage (0, 0).
    public var baseAddress: UnsafeMutableRawPointer { storage.baseAddress! + offset }

    /// The first coverage of row `y` (no bounds check).
    public func row(_ y: Int) -> UnsafeMutableRawPointer { baseAddress + y * bytesPerRow }

    /// The coverage at `(x, y)`; both must be inside the plane (checked).
    public subscript(x: Int, y: Int) -> UInt8 {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "coverage (\(x), \(y)) outside \(width)×\(height)")
            return row(y).load(fromByteOffset: x, as: UInt8.self)
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "coverage (\(x), \(y)) outside \(width)×\(height)")
            row(y).storeBytes(of: newValue, toByteOffset: x, as: UInt8.self)
        }
    }
}
