"""What a full check finds for the whole floor at once is what it would find rack by rack.

- ``CLEAR`` lets the per-rack space check pass over racks; it may send a clean rack on to
  that check, but it must never pass over one with a finding.
- ``ROWS`` is built for the whole floor in bulk; it must be the rows the tracer finds
  from each rack and in-row unit in turn (the way an edit re-traces them).

Random crowded floors (racks of every turn, in-row units of every turn, an L-shaped hall,
columns, a CRAH, racks in a second hall, clearances switched off) are checked both ways;
and on a clean campus the bulk pass must actually spare the racks, or it saves nothing.
"""

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from designer.core.document import operations as ops
from designer.core.document.document import Document, TransactionError, sequential_ids
from designer.core.examples import campus
from designer.core.model import Project, ProjectMeta
from designer.core.model.rule_settings import RuleSettings, Thresholds
from designer.core.rules.clear import CLEAR
from designer.core.rules.context import Context
from designer.core.rules.layout import FLOOR
from designer.core.rules.limits import default_thresholds, resolve
from designer.core.rules.rows import ROWS, Rows, _item
from designer.core.rules.space import CHECKS
from tests.core.rules.helpers import CATALOG
from tests.strategies import RACK_TYPES, rotations

RACKS = next(check for check in CHECKS if check.name == "space.racks")
xs = st.integers(-2, 42).map(lambda v: v * 300)
ys = st.integers(-2, 32).map(lambda v: v * 300)
#: An L: the top right quarter of the 12 x 9 m hall is not floor.
L_SHAPE = [(0, 0), (7_200, 0), (7_200, 4_500), (12_000, 4_500), (12_000, 9_000), (0, 9_000)]
UNITS = ["cdu-inrow-1368", "inrow-cooler-50", "inrow-cooler-50", "crah-150"]


def context(project: Project) -> Context:
    limits = resolve(default_thresholds().values, project.settings.rules.thresholds)
    return Context(project, CATALOG, limits)


def one_by_one(project: Project, rack_id: str) -> list:
    """What the per-rack check finds about ``rack_id`` with nothing set aside."""
    ctx = context(project)
    ctx._values[CLEAR] = frozenset()
    return list(RACKS.run(ctx, rack_id))


def traced(project: Project) -> Rows:
    """The rows traced from every rack and in-row unit in turn, smallest id first."""
    ctx = context(project)
    floor = ctx.get(FLOOR)
    rows = Rows()
    for key in sorted([*project.placements, *project.cooling_units]):
        if key not in rows.row_of and _item(ctx, floor, key) is not None:
            rows._trace(ctx, floor, key)
    return rows


@st.composite
def floors(draw) -> Project:
    doc = Document(Project(meta=ProjectMeta(name="Bulk")), ids=sequential_ids())
    site = ops.add_site(doc, "S", power_capacity_kw=1e6, cooling_capacity_kw=1e6, pue=1.0)
    outline = draw(st.sampled_from([None, L_SHAPE]))
    fields = {"floor_rating_kpa": 50, "floor_type": "slab"}
    fields.update(power_capacity_kw=1e5, cooling_capacity_kw=1e5)
    hall = ops.add_hall(doc, site, "H", 12_000, 9_000, outline=outline, **fields)
    other = ops.add_hall(doc, site, "H2", 6_000, 6_000, **fields)
    for _ in range(draw(st.integers(0, 3))):
        x, y = draw(xs), draw(ys)
        with contextlib.suppress(TransactionError):
            ops.add_obstacle(doc, hall, "column", ops.rectangle(x, y, 600, 600))
    for kind in draw(st.lists(st.sampled_from(UNITS), max_size=4)):
        x, y, turn = draw(xs), draw(ys), draw(rotations)
        with contextlib.suppress(TransactionError):
            ops.add_cooling_unit(doc, hall, kind, x, y, "U", turn, air_capacity_kw=80)
    for _ in range(draw(st.integers(1, 30))):
        kind, rotation = draw(st.sampled_from(RACK_TYPES)), draw(rotations)
        where = draw(st.sampled_from([hall, hall, hall, other]))
        with contextlib.suppress(TransactionError):
            ops.place_rack(doc, where, kind, draw(xs), draw(ys), rotation)
    zero = draw(st.sampled_from([None, "front_service_mm", "rear_service_mm"]))
    if zero:
        ops.update_settings(
            doc, "Thresholds", rules=RuleSettings(thresholds=Thresholds(**{zero: 0}))
        )
    return doc.project


@settings(max_examples=150, deadline=None)
@given(floors())
def test_no_rack_set_aside_has_a_finding(project):
    clear = context(project).get(CLEAR)
    for rack_id in sorted(clear):
        assert one_by_one(project, rack_id) == [], rack_id


@settings(max_examples=150, deadline=None)
@given(floors())
def test_rows_in_bulk_are_the_rows_traced(project):
    bulk, one_by_one_rows = context(project).get(ROWS), traced(project)
    assert list(bulk.members.items()) == list(one_by_one_rows.members.items())
    assert bulk.row_of == one_by_one_rows.row_of
    assert bulk.recent == one_by_one_rows.recent


def test_a_clean_campus_is_set_aside_whole():
    project = campus.build(27).project  # 432 compute and UB racks and the network racks
    clear = context(project).get(CLEAR)
    assert len(clear) == len(project.placements) > 432


def test_a_campus_row_holds_its_racks_and_cdus():
    """The campus's rows, found in bulk, are its rows of racks and the CDUs at their ends."""
    project = campus.build(27).project
    bulk = context(project).get(ROWS)
    assert list(bulk.members.items()) == list(traced(project).members.items())
    sizes = sorted({len(members) for members in bulk.members.values()})
    assert len(sizes) > 1 and max(sizes) > 2
