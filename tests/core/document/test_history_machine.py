"""Any sequence of edits, undone entirely, gives back the first project; redone, the last."""

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from designer.core.document import operations as ops
from designer.core.document.document import Document, TransactionError, sequential_ids
from designer.core.model import COLLECTIONS, Project, ProjectMeta
from tests.strategies import RACK_TYPES, rotations


class EditSession(RuleBasedStateMachine):
    """Random edits and undos, checked against the snapshot of every history position."""

    @initialize()
    def start(self):
        self.doc = Document(Project(meta=ProjectMeta(name="Machine")), ids=sequential_ids())
        site = ops.add_site(self.doc, "S", power_capacity_kw=9e5, cooling_capacity_kw=9e5)
        self.hall = ops.add_hall(
            self.doc,
            site,
            "H",
            60_000,
            40_000,
            floor_rating_kpa=20,
            floor_type="slab",
            power_capacity_kw=1,
            cooling_capacity_kw=1,
        )
        self.feed = ops.add_feed(self.doc, self.hall, "busway-800a-415v", [(0, 0)], "A")
        self.cdu = ops.add_cooling_unit(self.doc, self.hall, "cdu-inrow-1368", 0, 0, "CDU-1")
        self.first = self.doc.project
        self.snapshots = [self.doc.project]
        self.position = 0

    def _ids(self):
        return sorted(self.doc.project.placements)

    def _record(self, edit):
        before = self.doc.project
        try:
            edit()
        except TransactionError:
            assert self.doc.project is before
            return
        if self.doc.project is before:
            return
        del self.snapshots[self.position + 1 :]
        self.snapshots.append(self.doc.project)
        self.position += 1

    @rule(
        kind=st.sampled_from(RACK_TYPES),
        x=st.integers(0, 50_000),
        y=st.integers(0, 30_000),
        r=rotations,
    )
    def place(self, kind, x, y, r):
        self._record(lambda: ops.place_rack(self.doc, self.hall, kind, x, y, r))

    @rule(x=st.integers(0, 40_000), y=st.integers(0, 30_000), r=rotations)
    def place_system(self, x, y, r):
        self._record(lambda: ops.place_system(self.doc, self.hall, "huawei-cm384", x, y, r))

    @precondition(lambda self: self.doc.project.placements)
    @rule(data=st.data(), dx=st.integers(-3_000, 3_000), dy=st.integers(-3_000, 3_000))
    def move(self, data, dx, dy):
        picked = data.draw(st.lists(st.sampled_from(self._ids()), min_size=1, max_size=3))
        self._record(lambda: ops.move(self.doc, picked, dx, dy))

    @precondition(lambda self: self.doc.project.placements)
    @rule(data=st.data(), turns=st.integers(1, 3))
    def rotate(self, data, turns):
        picked = data.draw(st.lists(st.sampled_from(self._ids()), min_size=1, max_size=2))
        self._record(lambda: ops.rotate(self.doc, picked, turns))

    @precondition(lambda self: self.doc.project.placements)
    @rule(data=st.data())
    def delete(self, data):
        picked = data.draw(st.lists(st.sampled_from(self._ids()), min_size=1, max_size=2))
        self._record(lambda: ops.delete(self.doc, picked))

    @precondition(lambda self: self.doc.project.placements)
    @rule(data=st.data(), label=st.text(max_size=10))
    def relabel_and_feed(self, data, label):
        picked = data.draw(st.sampled_from(self._ids()))
        self._record(lambda: ops.update(self.doc, picked, label=label, feed_ids=[self.feed]))

    @rule(
        kind=st.sampled_from(RACK_TYPES),
        x=st.integers(0, 40_000),
        y=st.integers(0, 30_000),
        count=st.integers(1, 6),
        r=rotations,
        gap=st.integers(0, 600),
    )
    def place_row(self, kind, x, y, count, r, gap):
        self._record(lambda: ops.place_row(self.doc, self.hall, kind, x, y, count, r, gap, "R-"))

    @precondition(lambda self: len(self.doc.project.placements) > 1)
    @rule(data=st.data(), edge=st.sampled_from(ops.ALIGN_EDGES))
    def align(self, data, edge):
        picked = data.draw(st.lists(st.sampled_from(self._ids()), min_size=2, max_size=4))
        self._record(lambda: ops.align(self.doc, picked, edge))

    @precondition(lambda self: self.doc.project.placements)
    @rule(data=st.data(), r=rotations)
    def set_rotation(self, data, r):
        picked = data.draw(st.lists(st.sampled_from(self._ids()), min_size=1, max_size=3))
        self._record(lambda: ops.set_rotation(self.doc, picked, r))

    @precondition(lambda self: self.doc.project.placements)
    @rule(data=st.data(), dx=st.integers(-3_000, 3_000), dy=st.integers(-3_000, 3_000))
    def copy_paste(self, data, dx, dy):
        picked = data.draw(st.lists(st.sampled_from(self._ids()), min_size=1, max_size=3))
        text = ops.copy_fragment(self.doc.project, picked).to_json()
        self._record(lambda: ops.paste(self.doc, ops.Fragment.from_json(text), self.hall, dx, dy))

    @precondition(lambda self: self.doc.project.placements)
    @rule(data=st.data(), door=st.none() | st.floats(-10, 100, allow_nan=False))
    def rear_doors(self, data, door):
        picked = data.draw(st.lists(st.sampled_from(self._ids()), min_size=1, max_size=3))
        self._record(lambda: ops.update_many(self.doc, picked, rear_door_kw=door))

    @precondition(lambda self: self.doc.project.placements)
    @rule(data=st.data(), comment=st.text(max_size=10), reopen=st.booleans())
    def accept_or_reopen(self, data, comment, reopen):
        picked = data.draw(st.lists(st.sampled_from(self._ids()), min_size=1, max_size=2))
        if reopen:
            self._record(lambda: ops.reopen_finding(self.doc, "space.overlap", picked))
        else:
            self._record(lambda: ops.accept_finding(self.doc, "space.overlap", picked, comment))

    @precondition(lambda self: self.doc.project.groups)
    @rule(data=st.data())
    def ungroup(self, data):
        group = data.draw(st.sampled_from(sorted(self.doc.project.groups)))
        self._record(lambda: ops.ungroup(self.doc, group))

    @precondition(lambda self: self.doc.project.placements)
    @rule(data=st.data(), connect=st.booleans())
    def assign_feed_and_cdu(self, data, connect):
        picked = data.draw(st.lists(st.sampled_from(self._ids()), min_size=1, max_size=3))
        self._record(lambda: ops.assign_feeds(self.doc, picked, [self.feed] if connect else []))
        self._record(lambda: ops.assign_cdu(self.doc, picked, self.cdu if connect else None))

    @precondition(lambda self: self.doc.project.placements)
    @rule(data=st.data(), connect=st.booleans())
    def connect_one_feed(self, data, connect):
        picked = data.draw(st.lists(st.sampled_from(self._ids()), min_size=1, max_size=3))
        self._record(lambda: ops.connect_feed(self.doc, picked, self.feed, connect))

    @precondition(lambda self: self.position > 1)
    @rule(data=st.data())
    def replace_with_an_earlier_state(self, data):
        earlier = self.snapshots[data.draw(st.integers(0, self.position - 1))]
        self._record(lambda: ops.replace_project(self.doc, earlier, "Recover"))

    @precondition(lambda self: self.position > 0)
    @rule()
    def undo(self):
        self.doc.undo()
        self.position -= 1

    @precondition(lambda self: self.position < len(self.snapshots) - 1)
    @rule()
    def redo(self):
        self.doc.redo()
        self.position += 1

    @invariant()
    def matches_its_snapshot(self):
        assert self.doc.project == self.snapshots[self.position]
        # and in the same order, so a saved file after undo is the file before the edit
        assert order(self.doc.project) == order(self.snapshots[self.position])

    def teardown(self):
        last = self.snapshots[-1]
        while self.doc.history.can_undo and self.position > 0:
            self.doc.undo()
            self.position -= 1
        assert self.doc.project == self.first
        while self.doc.history.can_redo:
            self.doc.redo()
        assert self.doc.project == last


def order(project):
    return {name: list(getattr(project, name)) for name in COLLECTIONS.values()}


TestEditSession = EditSession.TestCase
