/// The shadow blur with the table's tier (definition: `ScalarReference+Blur.swift`; README.md, "Shadow
/// blur"). Results equal ``ScalarReference/shadowBlur(_:radius:)`` bit for bit on every tier.
extension KernelTable {
    /// Blurs `plane` in place with box radius `radius` (three row passes, three column passes).
    ///
    /// Row passes run as column passes on the transposed plane (transposes are exact copies), so every
    /// pass is the tier's column kernel. Memory: two scratch planes of the plane's size. Cost: about 6
    /// kernel passes and 2 transposes per pixel, whatever the radius. Calling thread only.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `radius` outside
    ///   0…``ScalarReference/maximumBoxRadius``.
    public func shadowBlur(_ plane: CoverageBuffer, radius: Int) throws {
        guard radius >= 0, radius <= ScalarReference.maximumBoxRadius else {
            throw TesseraError.invalidArgument(
                argument: "radius", reason: "must be in 0…\(ScalarReference.maximumBoxRadius), got \(radius)")
        }
        guard plane.width > 0, plane.height > 0 else { return }
        let pass = maskRoutines.boxBlurColumns
        let transposed = try CoverageBuffer(width: plane.height, height: plane.width)
        let scratch = try CoverageBuffer(width: plane.height, height: plane.width)
        Self.transpose(plane, into: transposed)
        pass(transposed.baseAddress, transposed.bytesPerRow, scratch.baseAddress, scratch.bytesPerRow,
             transposed.width, transposed.height, radius)
        pass(scratch.baseAddress, scratch.bytesPerRow, transposed.baseAddress, transposed.bytesPerRow,
             transposed.width, transposed.height, radius)
        pass(transposed.baseAddress, transposed.bytesPerRow, scratch.baseAddress, scratch.bytesPerRow,
             transposed.width, transposed.height, radius)
        Self.transpose(scratch, into: plane)
        let back = try CoverageBuffer(width: plane.width, height: plane.height)
        pass(plane.baseAddress, plane.bytesPerRow, back.baseAddress, back.bytesPerRow, plane.width, plane.height, radius)
        pass(back.baseAddress, back.bytesPerRow, plane.baseAddress, plane.bytesPerRow, plane.width, plane.height, radius)
        pass(plane.baseAddress, plane.bytesPerRow, back.baseAddress, back.bytesPerRow, plane.width, plane.height, radius)
        for y in 0..<plane.height {
            plane.row(y).copyMemory(from: back.row(y), byteCount: plane.width)
        }
    }

    /// `dst[y, x] = src[x, y]`, in 8 × 8 blocks for the cache.
    static func transpose(_ src: CoverageBuffer, into dst: CoverageBuffer) {
        let block = 8
        var y0 = 0
        while y0 < src.height {
            var x0 = 0
            while x0 < src.width {
                for y in y0..<Swift.min(y0 + block, src.height) {
                    let row = src.row(y)
                    for x in x0..<Swift.min(x0 + block, src.width) {
                        dst.row(x).storeBytes(of: row.load(fromByteOffset: x, as: UInt8.self), toByteOffset: y, as: UInt8.self)
                    }
                }
                x0 += block
            }
            y0 += block
        }
    }
}
