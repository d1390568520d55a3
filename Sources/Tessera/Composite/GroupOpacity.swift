/// A group-opacity group as the composite stage sees it (README.md, "Group opacity"): the draws of one
/// subtree at full opacity (the band visibility walk culls them among themselves only). The outer ``DrawOp`` that holds it
/// covers the group's bounds (the union of its draws' destinations, already cut to the viewport) and
/// carries the group's opacity and the coverage patch of its ancestors' shapes.
///
/// Band workers composite each visible piece of the outer op into an offscreen of the piece's size
/// (``OffscreenPool``), from scratch (transparent where no draw is), and blend it over the framebuffer:
/// a pixel's result depends only on the ops over it, so it is the same whatever the band height or worker
/// count. Thread safety: immutable, read by any number of workers.
final class DrawGroup: Sendable {
    let list: DrawList

    init(list: DrawList) { self.list = list }
}
