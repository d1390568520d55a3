/// Writing a solved layout: frames and content sizes (only what moved after an incremental change),
/// and what the layout left ambiguous.
extension LayoutEngine {
    func refreshSlots() {
        guard slotsCompile != system.compileCount || slots.count != laidOut.count
              || slotsVariableCount != system.variables.count else { return }
        slotsCompile = system.compileCount
        slotsVariableCount = system.variables.count
        laidOutOfVariable = []
        slots = laidOut.enumerated().map { index, entry in
            let v = entry.1
            let found = [v.x, v.y, v.width, v.height].map { variable -> Int in
                guard let slot = system.compiledIndex(of: variable) else { return -1 }
                if laidOutOfVariable.count <= slot {
                    laidOutOfVariable += [Int](repeating: -1, count: slot + 1 - laidOutOfVariable.count)
                }
                laidOutOfVariable[slot] = index
                return slot
            }
            return (found[0], found[1], found[2], found[3])
        }
    }

    func value(_ slot: Int) -> Double { slot >= 0 ? system.value(at: slot) : 0 }

    func write(recordingAmbiguity: Bool, only changed: [Int]?) throws {
        refreshSlots()
        // Frames by laid-out index: no layer is retained until the frames are set (layers with weak
        // references take the runtime's slow reference-counting path).
        var frames: [(index: Int, frame: Rect)] = []
        var indices: [Int]
        if let changed {
            stamp &+= 1
            if stamps.count != laidOut.count { stamps = [Int](repeating: 0, count: laidOut.count) }
            indices = []
            for slot in changed where slot < laidOutOfVariable.count {
                let index = laidOutOfVariable[slot]
                guard index >= 0, stamps[index] != stamp else { continue }
                stamps[index] = stamp
                indices.append(index)
            }
        } else {
            indices = Array(laidOut.indices)
        }
        frames.reserveCapacity(indices.count)
        let values = system.values, slots = self.slots
        func value(_ slot: Int) -> Double { slot >= 0 ? values[slot] : 0 }
        for index in indices {
            let slot = slots[index]
            let name = { [self] in laidOutLayer(index)?.layoutName ?? "(freed layer)" }
            let width = try Self.size(value(slot.width)) { "\(name()).width" }
            let height = try Self.size(value(slot.height)) { "\(name()).height" }
            let frame = Rect(x: value(slot.x), y: value(slot.y), width: width, height: height)
            let limit = Geometry.maximumMagnitude
            if !(abs(frame.origin.x) <= limit && abs(frame.origin.y) <= limit && width <= limit && height <= limit) {
                _ = try frame.validated("\(name()).frame")
            }
            frames.append((index, frame))
        }
        var contentSizes: [(ScrollLayer, Size)] = []
        for (entry, axes) in contentUse {
            guard let scroll = entry.object else { continue }
            let variables = scroll.layoutState.contentSizeVariables(scroll.layoutName)
            var size = scroll.contentSize
            if axes.contains(.horizontal) { size.width = try Self.size(variables.width.value) { "\(scroll.layoutName).contentSize.width" } }
            if axes.contains(.vertical) { size.height = try Self.size(variables.height.value) { "\(scroll.layoutName).contentSize.height" } }
            if !(size.width <= Geometry.maximumMagnitude && size.height <= Geometry.maximumMagnitude) {
                _ = try size.validated("\(scroll.layoutName).contentSize")
            }
            contentSizes.append((scroll, size))
        }
        // The frames are valid (checked above): set them without a second check, and without a
        // reference count per layer (`laidOut` holds them; layers with weak references pay the
        // runtime's slow path for every retain).
        let root = self.root
        laidOut.withUnsafeBufferPointer { laidOut in
            for (index, frame) in frames {
                if let layer = laidOut[index].0 {
                    Unmanaged.passUnretained(layer)._withUnsafeGuaranteedRef { $0.setValidatedFrame(frame) }
                } else {
                    root?.setValidatedFrame(frame)
                }
            }
        }
        for (scroll, size) in contentSizes { try scroll.setContentSize(size) }
        if recordingAmbiguity { recordAmbiguity() }
    }

    /// A solved size: rounding noise below 1e-9 points is zero; anything more negative is an error.
    static func size(_ value: Double, _ name: () -> String) throws -> Double {
        if value < -1e-9 { throw LayoutError.negativeSize(attribute: name(), value: value) }
        return max(0, value)
    }

    func recordAmbiguity() {
        for layer in flaggedLayers { layer.object?.layoutStateStorage?.ambiguousAxes = [] }
        flaggedLayers = []
        ambiguousAttributes = []
        func flag(_ layer: Layer, _ axis: LayoutAxis, _ attribute: String) {
            ambiguousAttributes.append("\(layer.layoutName).\(attribute)")
            if layer.layoutState.ambiguousAxes.insert(axis).inserted { flaggedLayers.append(Weak(layer)) }
        }
        for (index, (_, v)) in laidOut.enumerated() {
            guard let layer = laidOutLayer(index) else { continue }
            if system.isAmbiguous(v.x) { flag(layer, .horizontal, "x") }
            if system.isAmbiguous(v.width) { flag(layer, .horizontal, "width") }
            if system.isAmbiguous(v.y) { flag(layer, .vertical, "y") }
            if system.isAmbiguous(v.height) { flag(layer, .vertical, "height") }
        }
        for (entry, axes) in contentUse {
            guard let scroll = entry.object else { continue }
            let variables = scroll.layoutState.contentSizeVariables(scroll.layoutName)
            if axes.contains(.horizontal) && system.isAmbiguous(variables.width) { flag(scroll, .horizontal, "contentSize.width") }
            if axes.contains(.vertical) && system.isAmbiguous(variables.height) { flag(scroll, .vertical, "contentSize.height") }
        }
    }
}
