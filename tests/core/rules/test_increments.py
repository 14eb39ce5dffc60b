"""``update`` after any edit gives exactly the report a fresh full ``run`` gives.

A state machine makes random edits through the operations (place, move, turn, delete,
feeds, CDUs, rear doors, cooling units, obstacles, hall ratings, settings, labels, names,
busways re-laid, undo, redo) on a small crowded hall, and after each one compares the engine's incremental report with a
fresh engine's full run of the same project.
"""

import contextlib

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from designer.core.document import operations as ops
from designer.core.document.document import Document, TransactionError, sequential_ids
from designer.core.model import Project, ProjectMeta
from designer.core.model.rule_settings import Exclusion, RuleSettings, Thresholds
from designer.core.rules import RuleEngine
from tests.core.rules.helpers import CATALOG
from tests.strategies import RACK_TYPES, rotations

# Positions on a 300 mm grid in a 12 x 9 m hall (and a little beyond it), so racks touch,
# overlap, face each other and leave the hall often.
xs = st.integers(-2, 42).map(lambda v: v * 300)
ys = st.integers(-2, 32).map(lambda v: v * 300)
steps = st.sampled_from([-1_200, -600, -300, 300, 600, 1_200])


class IncrementalSession(RuleBasedStateMachine):
    @initialize()
    def start(self):
        self.doc = Document(Project(meta=ProjectMeta(name="Increments")), ids=sequential_ids())
        doc = self.doc
        site = ops.add_site(doc, "S", power_capacity_kw=900, cooling_capacity_kw=900, pue=1.3)
        self.hall = ops.add_hall(
            doc,
            site,
            "H",
            12_000,
            9_000,
            floor_rating_kpa=15,
            floor_type="raised",
            tile_rating_kg=500,
            power_capacity_kw=600,
            cooling_capacity_kw=700,
        )
        self.other_hall = ops.add_hall(
            doc,
            site,
            "H2",
            6_000,
            6_000,
            floor_rating_kpa=25,
            floor_type="slab",
            power_capacity_kw=300,
            cooling_capacity_kw=300,
        )
        self.feeds = [
            ops.add_feed(
                doc, self.hall, "busway-400a-415v", [(0, 600), (12_000, 600)], "A1", side="A"
            ),
            ops.add_feed(
                doc, self.hall, "busway-400a-415v", [(0, 900), (12_000, 900)], "B1", side="B"
            ),
            ops.add_feed(doc, self.hall, "pdu-415v-60a-3ph", [(0, 0)], "PDU-1"),
        ]
        group = ops.add_cooling_group(doc, self.hall, "CDUs", "N+1")
        self.units = [
            ops.add_cooling_unit(
                doc,
                self.hall,
                "cdu-inrow-1368",
                0,
                3_000,
                "CDU-1",
                liquid_capacity_kw=300,
                group_id=group,
            ),
            ops.add_cooling_unit(
                doc, self.hall, "cdu-inrack-250", 6_000, 4_000, "CDU-2", group_id=group
            ),
            ops.add_cooling_unit(
                doc, self.hall, "crah-150", 9_000, 8_000, "CRAH-1", air_capacity_kw=80
            ),
        ]
        self.obstacle = ops.add_obstacle(
            doc, self.hall, "column", ops.rectangle(4_800, 4_800, 600, 600)
        )
        self.changed: set[str] = set()
        doc.subscribe(lambda changes: self.changed.update(changes.ids))
        self.engine = RuleEngine(CATALOG)
        self.engine.run(doc.project)

    def _edit(self, edit):
        with contextlib.suppress(TransactionError):
            edit()

    def _racks(self):
        return sorted(self.doc.project.placements)

    @rule(kind=st.sampled_from(RACK_TYPES), x=xs, y=ys, r=rotations, data=st.data())
    def place(self, kind, x, y, r, data):
        feeds = data.draw(st.lists(st.sampled_from(self.feeds), max_size=2, unique=True))
        cdu = data.draw(st.sampled_from([None, *self.units]))
        door = data.draw(st.sampled_from([None, 20.0, 45.0, 60.0]))
        self._edit(
            lambda: ops.place_rack(
                self.doc, self.hall, kind, x, y, r, feed_ids=feeds, cdu_id=cdu, rear_door_kw=door
            )
        )

    @rule(x=xs, y=ys, r=rotations)
    def place_system(self, x, y, r):
        self._edit(lambda: ops.place_system(self.doc, self.hall, "huawei-cm384", x, y, r))

    @precondition(lambda self: self.doc.project.placements)
    @rule(data=st.data(), dx=steps, dy=steps)
    def move(self, data, dx, dy):
        picked = data.draw(st.lists(st.sampled_from(self._racks()), min_size=1, max_size=2))
        self._edit(lambda: ops.move(self.doc, picked, dx, dy))

    @precondition(lambda self: self.doc.project.placements)
    @rule(data=st.data(), turns=st.integers(1, 3))
    def rotate(self, data, turns):
        picked = data.draw(st.sampled_from(self._racks()))
        self._edit(lambda: ops.rotate(self.doc, [picked], turns))

    @precondition(lambda self: self.doc.project.placements)
    @rule(data=st.data())
    def delete(self, data):
        picked = data.draw(st.sampled_from(self._racks()))
        self._edit(lambda: ops.delete(self.doc, [picked]))

    @precondition(lambda self: self.doc.project.placements)
    @rule(data=st.data())
    def rewire(self, data):
        rack = data.draw(st.sampled_from(self._racks()))
        feeds = data.draw(st.lists(st.sampled_from(self.feeds), max_size=3, unique=True))
        cdu = data.draw(st.sampled_from([None, *self.units]))
        door = data.draw(st.sampled_from([None, 30.0, 45.0]))
        self._edit(
            lambda: ops.update(self.doc, rack, feed_ids=feeds, cdu_id=cdu, rear_door_kw=door)
        )

    @precondition(lambda self: self.doc.project.placements)
    @rule(data=st.data())
    def move_to_other_hall(self, data):
        rack = data.draw(st.sampled_from(self._racks()))
        self._edit(lambda: ops.update(self.doc, rack, hall_id=self.other_hall, x=600, y=600))

    @rule(data=st.data(), dx=steps, dy=steps)
    def move_unit_or_column(self, data, dx, dy):
        picked = data.draw(st.sampled_from([*self.units, self.obstacle]))
        self._edit(lambda: ops.move(self.doc, [picked], dx, dy))

    @rule(data=st.data())
    def change_a_feed(self, data):
        feed = data.draw(st.sampled_from(self.feeds))
        side = data.draw(st.sampled_from([None, "A", "B"]))
        amps = data.draw(st.sampled_from([32, 200, 400, 800]))
        self._edit(lambda: ops.update(self.doc, feed, side=side, amps=amps))

    @rule(data=st.data())
    def change_a_unit(self, data):
        unit = data.draw(st.sampled_from(self.units))
        capacity = data.draw(st.sampled_from([50.0, 150.0, 300.0, 1_400.0]))
        self._edit(
            lambda: ops.update(
                self.doc, unit, liquid_capacity_kw=capacity, air_capacity_kw=capacity
            )
        )

    @rule(rating=st.sampled_from([10.0, 15.0, 25.0]), power=st.sampled_from([100.0, 600.0]))
    def change_the_hall(self, rating, power):
        self._edit(
            lambda: ops.update(
                self.doc, self.hall, floor_rating_kpa=rating, power_capacity_kw=power
            )
        )

    @rule(
        cold=st.sampled_from([None, 900, 1_800]),
        row=st.sampled_from([None, 3, 20]),
        severity=st.sampled_from([{}, {"power.no_feed": "warning"}, {"space.overlap": "ignore"}]),
        data=st.data(),
    )
    def change_settings(self, cold, row, severity, data):
        racks = self._racks()
        exclusions = []
        if racks:
            picked = data.draw(
                st.lists(st.sampled_from(racks), min_size=1, max_size=2, unique=True)
            )
            code = data.draw(st.sampled_from(["space.overlap", "power.no_feed", "floor.overload"]))
            exclusions.append(Exclusion(code=code, ids=picked, comment="accepted"))
        rules = RuleSettings(
            severities=severity,
            exclusions=exclusions,
            thresholds=Thresholds(cold_aisle_mm=cold, max_row_racks=row),
        )
        self._edit(lambda: ops.update_settings(self.doc, "Rules", rules=rules))

    # from the review of the day's checks: labels, in-row units turned any way, busways
    # re-laid or moved to another hall, and renames that findings quote

    @precondition(lambda self: self.doc.project.placements)
    @rule(data=st.data(), label=st.sampled_from(["", "R1", "R2"]))
    def relabel(self, data, label):
        rack = data.draw(st.sampled_from(self._racks()))
        self._edit(lambda: ops.update(self.doc, rack, label=label))

    @rule(kind=st.sampled_from(["cdu-inrow-1368", "inrow-cooler-50"]), x=xs, y=ys, r=rotations)
    def add_unit(self, kind, x, y, r):
        def add():
            self.units.append(ops.add_cooling_unit(self.doc, self.hall, kind, x, y, "U", r))

        self._edit(add)

    @rule(data=st.data(), turns=st.integers(1, 3))
    def turn_unit(self, data, turns):
        unit = data.draw(st.sampled_from(self.units))
        self._edit(lambda: ops.rotate(self.doc, [unit], turns))

    @rule(data=st.data(), x0=xs, x1=xs, y=ys)
    def lay_a_busway_again(self, data, x0, x1, y):
        feed = data.draw(st.sampled_from(self.feeds[:2]))
        self._edit(lambda: ops.update(self.doc, feed, path=[(x0, y), (x1, y)]))

    @rule(data=st.data())
    def move_a_busway_to_a_hall(self, data):
        feed = data.draw(st.sampled_from(self.feeds[:2]))
        hall = data.draw(st.sampled_from([self.hall, self.other_hall]))
        self._edit(lambda: ops.update(self.doc, feed, hall_id=hall))

    @rule(data=st.data(), name=st.sampled_from(["H", "Hx", "V"]))
    def rename(self, data, name):
        named = data.draw(st.sampled_from([self.hall, *self.feeds, *self.units]))
        self._edit(lambda: ops.update(self.doc, named, name=name))

    @precondition(lambda self: self.doc.history.can_undo)
    @rule()
    def undo(self):
        self.doc.undo()

    @precondition(lambda self: self.doc.history.can_redo)
    @rule()
    def redo(self):
        self.doc.redo()

    @invariant()
    def update_equals_a_full_run(self):
        incremental = self.engine.update(self.doc.project, self.changed)
        self.changed = set()
        assert incremental == RuleEngine(CATALOG).run(self.doc.project)


IncrementalSession.TestCase.settings = settings(
    max_examples=40, stateful_step_count=25, deadline=None
)
TestIncrementalSession = IncrementalSession.TestCase


def _agree(doc, engine, ids):
    assert engine.update(doc.project, ids) == RuleEngine(CATALOG).run(doc.project)


def test_a_rack_that_bridges_two_rows_makes_one_long_row_and_leaving_splits_it():
    doc = Document(Project(meta=ProjectMeta(name="Rows")), ids=sequential_ids())
    site = ops.add_site(doc, "S", power_capacity_kw=1e5, cooling_capacity_kw=1e5)
    hall = ops.add_hall(
        doc,
        site,
        "H",
        20_000,
        9_000,
        floor_rating_kpa=50,
        floor_type="slab",
        power_capacity_kw=1e5,
        cooling_capacity_kw=1e5,
    )
    ops.update_settings(
        doc, "Short rows", rules=RuleSettings(thresholds=Thresholds(max_row_racks=4))
    )
    ops.place_row(doc, hall, "nvidia-qm9700-rack", 1_200, 3_000, 3, 0)  # x 1,200..3,000
    ops.place_row(doc, hall, "nvidia-qm9700-rack", 4_800, 3_000, 5, 0)  # a 1,800 mm gap
    engine = RuleEngine(CATALOG)
    lengths = [f.measured for f in engine.run(doc.project).findings if f.code == "space.row_length"]
    assert lengths == [5]
    bridge = ops.place_rack(doc, hall, "nvidia-qm9700-rack", 3_600, 3_000, 0)  # gaps of 600
    _agree(doc, engine, {bridge})
    assert [
        f.measured for f in engine.update(doc.project, ()).findings if f.code == "space.row_length"
    ] == [9]
    ops.move(doc, [bridge], 0, 3_000)
    _agree(doc, engine, {bridge})
