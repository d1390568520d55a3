/// What a frame was planned from: the root (by identity), the viewport, and the root's tree's
/// ``TreeChanges`` with their count at the start of the frame. The last frame's subject tells an unchanged
/// frame (`Compositor+UnchangedFrame.swift`) and a recoloured one whose plan can be patched
/// (`Compositor+RecoloredFrame.swift`) from one that must be planned.
///
/// Holds the tree's object, so no other tree can take its place at the same address. Thread safety: the
/// model thread, as ``Compositor``. Cost: O(1).
struct PlannedSubject {
    let root: UInt64
    let viewport: PixelRect
    let tree: TreeChanges
    /// ``TreeChanges/count`` when the frame started.
    let changes: UInt64

    init(root: Layer, viewport: PixelRect) {
        self.root = root.identity
        self.viewport = viewport
        tree = root.treeChanges
        changes = root.treeChanges.count
    }

    /// True when `root` and `viewport` are this subject's and the root is still in the same tree (whose
    /// layers may have changed since).
    func isSameTree(root: Layer, viewport: PixelRect) -> Bool {
        self.root == root.identity && self.viewport == viewport && tree === root.treeChanges
    }

    /// True when, moreover, no layer of that tree changed since.
    func isUnchanged(root: Layer, viewport: PixelRect) -> Bool {
        isSameTree(root: root, viewport: viewport) && changes == tree.count
    }
}
