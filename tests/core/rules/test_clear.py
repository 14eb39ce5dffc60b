"""The racks found clear in bulk are racks the per-rack space checks find nothing about.

``CLEAR`` lets a full check pass over racks; it may send a clean rack on to the per-rack
check, but it must never pass over one with a finding. Random crowded floors (racks of
every turn, an L-shaped hall, columns, cooling units, racks in a second hall, settings
that switch clearances off) are checked rack by rack both ways; and on a clean 483-rack
campus the bulk pass must actually spare the racks, or it saves nothing.
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
from designer.core.rules.limits import default_thresholds, resolve
from designer.core.rules.space import CHECKS
from tests.core.rules.helpers import CATALOG
from tests.strategies import RACK_TYPES, rotations

RACKS = next(check for check in CHECKS if check.name == "space.racks")
xs = st.integers(-2, 42).map(lambda v: v * 300)
ys = st.integers(-2, 32).map(lambda v: v * 300)
#: An L: the top right quarter of the 12 x 9 m hall is not floor.
L_SHAPE = [(0, 0), (7_200, 0), (7_200, 4_500), (12_000, 4_500), (12_000, 9_000), (0, 9_000)]


def context(project: Project) -> Context:
    limits = resolve(default_thresholds().values, project.settings.rules.thresholds)
    return Context(project, CATALOG, limits)


def one_by_one(project: Project, rack_id: str) -> list:
    """What the per-rack check finds about ``rack_id`` with nothing set aside."""
    ctx = context(project)
    ctx._values[CLEAR] = frozenset()
    return list(RACKS.run(ctx, rack_id))


@st.composite
def floors(draw) -> Project:
    doc = Document(Project(meta=ProjectMeta(name="Clear")), ids=sequential_ids())
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
    for kind in draw(st.lists(st.sampled_from(["cdu-inrow-1368", "crah-150"]), max_size=3)):
        with contextlib.suppress(TransactionError):
            ops.add_cooling_unit(doc, hall, kind, draw(xs), draw(ys), "U", air_capacity_kw=80)
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


def test_a_clean_campus_is_set_aside_whole():
    project = campus.build(27).project  # 432 compute and UB racks, 51 network racks
    clear = context(project).get(CLEAR)
    assert len(clear) == len(project.placements) == 483
