import Foundation
import Tessera

/// What a handle refers to. The raw value is stored in the handle's top byte.
enum HandleKind: UInt64, CustomStringConvertible {
    case compositor = 1
    case layer = 2
    case scrollLayer = 3
    case animator = 4
    case constraint = 5

    var description: String {
        switch self {
        case .compositor: return "a compositor"
        case .layer: return "a layer"
        case .scrollLayer: return "a scroll layer"
        case .animator: return "a scroll animator"
        case .constraint: return "a layout constraint"
        }
    }
}

/// The objects behind the C handles. A handle is a 64-bit value: kind (bits 56–63), generation
/// (bits 32–55, never 0) and slot index (bits 0–31). Destroying a handle frees its slot and bumps the
/// slot's generation, so the old value is recognised as destroyed instead of reaching another object;
/// 0 is never a valid handle. No object pointer is ever handed out.
///
/// Thread safety: every method takes the table's lock; any thread may call them.
final class HandleTable: @unchecked Sendable {
    static let shared = HandleTable()

    private struct Slot {
        var generation: UInt64 = 1
        var kind: HandleKind?
        var object: AnyObject?
    }

    private let lock = NSLock()
    private var slots: [Slot] = []
    private var free: [Int] = []
    /// The live handle of each object, so that an object reached again (a layer found by name or by a
    /// hit test) gets the handle it already has.
    private var handles: [ObjectIdentifier: UInt64] = [:]

    private static let generationMask: UInt64 = (1 << 24) - 1

    /// Stores `object` and returns its new handle.
    func insert(_ object: AnyObject, kind: HandleKind) -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        return insertLocked(object, kind: kind)
    }

    /// ``insert(_:kind:)`` for a caller that holds the lock.
    private func insertLocked(_ object: AnyObject, kind: HandleKind) -> UInt64 {
        let index: Int
        if let reused = free.popLast() {
            index = reused
        } else {
            index = slots.count
            slots.append(Slot())
        }
        slots[index].kind = kind
        slots[index].object = object
        let handle = kind.rawValue << 56 | slots[index].generation << 32 | UInt64(index)
        handles[ObjectIdentifier(object)] = handle
        return handle
    }

    /// The live handle of `object`, or a new one of `kind` when it has none (a layer of a loaded scene,
    /// found by name or by a hit test).
    func handle(for object: AnyObject, kind: HandleKind) -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        return handles[ObjectIdentifier(object)] ?? insertLocked(object, kind: kind)
    }

    /// The handle of a layer: a scroll layer's is of kind scroll layer.
    func handle(for layer: Layer) -> UInt64 {
        handle(for: layer, kind: layer is ScrollLayer ? .scrollLayer : .layer)
    }

    /// The object of a live handle and its kind.
    /// - Throws: ``Failure`` with `TESSERA_INVALID_HANDLE` naming `argument` for 0, a destroyed handle or
    ///   a value that was never a handle.
    func lookUp(_ handle: UInt64, _ argument: String) throws -> (object: AnyObject, kind: HandleKind) {
        lock.lock()
        defer { lock.unlock() }
        return try lookUpLocked(handle, argument)
    }

    /// ``lookUp(_:_:)`` for a caller that holds the lock.
    private func lookUpLocked(_ handle: UInt64, _ argument: String) throws -> (object: AnyObject, kind: HandleKind) {
        guard handle != 0 else { throw Failure.invalidHandle(argument, "is 0 (the null handle)") }
        let index = Int(handle & 0xFFFF_FFFF)
        let generation = (handle >> 32) & HandleTable.generationMask
        guard index < slots.count, HandleKind(rawValue: handle >> 56) != nil, generation != 0,
              generation <= slots[index].generation else {
            throw Failure.invalidHandle(argument, "0x\(String(handle, radix: 16)) is not a Tessera handle")
        }
        let slot = slots[index]
        guard slot.generation == generation, let object = slot.object, let kind = slot.kind,
              kind.rawValue == handle >> 56 else {
            throw Failure.invalidHandle(argument, "0x\(String(handle, radix: 16)) was destroyed")
        }
        return (object, kind)
    }

    /// Releases a live handle: its slot is reused later under a new generation.
    /// - Throws: as ``lookUp(_:_:)``.
    /// The check and the removal happen under one lock: were the lock released between them, another
    /// thread could destroy the same handle and a third reuse the slot, and this call would then free the
    /// new object's slot.
    func remove(_ handle: UInt64, _ argument: String) throws {
        lock.lock()
        defer { lock.unlock() }
        _ = try lookUpLocked(handle, argument)
        let index = Int(handle & 0xFFFF_FFFF)
        if let object = slots[index].object { handles[ObjectIdentifier(object)] = nil }
        slots[index].object = nil
        slots[index].kind = nil
        var next = (slots[index].generation + 1) & HandleTable.generationMask
        if next == 0 { next = 1 }
        slots[index].generation = next
        free.append(index)
    }

    /// The compositor behind `handle`.
    func compositor(_ handle: UInt64, _ argument: String) throws -> Compositor {
        let (object, kind) = try lookUp(handle, argument)
        guard let compositor = object as? Compositor else {
            throw Failure.wrongKind(argument, "is \(kind), expected a compositor")
        }
        return compositor
    }

    /// The layer (plain or scroll) behind `handle`.
    func layer(_ handle: UInt64, _ argument: String) throws -> Layer {
        let (object, kind) = try lookUp(handle, argument)
        guard let layer = object as? Layer else {
            throw Failure.wrongKind(argument, "is \(kind), expected a layer")
        }
        return layer
    }

    /// The scroll layer behind `handle`.
    func scrollLayer(_ handle: UInt64, _ argument: String) throws -> ScrollLayer {
        let (object, kind) = try lookUp(handle, argument)
        guard let layer = object as? ScrollLayer else {
            throw Failure.wrongKind(argument, "is \(kind), expected a scroll layer")
        }
        return layer
    }
}
