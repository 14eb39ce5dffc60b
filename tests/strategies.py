"""Hypothesis strategies for valid projects built through the operations."""

from __future__ import annotations

from hypothesis import strategies as st

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.model.project import Project, ProjectMeta

RACK_TYPES = sorted(t for t in default_catalog().racks if not t.startswith("huawei-cm384-ub"))
FEED_TYPES = sorted(default_catalog().feeds)
COOLING_TYPES = sorted(default_catalog().cooling)

names = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=20
)
mm = st.integers(min_value=0, max_value=60_000)
rotations = st.sampled_from([0, 90, 180, 270])


def empty_document() -> Document:
    return Document(Project(meta=ProjectMeta(name="Test")))


@st.composite
def projects(draw) -> Project:
    """A project with one or two halls holding racks, feeds, cooling, obstacles and trays."""
    doc = empty_document()
    site = ops.add_site(
        doc,
        draw(names),
        power_capacity_kw=draw(st.floats(0, 1e6, allow_nan=False)),
        cooling_capacity_kw=draw(st.floats(0, 1e6, allow_nan=False)),
        pue=draw(st.floats(1.0, 2.0)),
        carbon_g_per_kwh=draw(st.none() | st.floats(0, 1000)),
    )
    for _ in range(draw(st.integers(1, 2))):
        hall = ops.add_hall(
            doc,
            site,
            draw(names),
            draw(st.integers(3_000, 80_000)),
            draw(st.integers(3_000, 80_000)),
            floor_rating_kpa=draw(st.floats(1, 50)),
            floor_type=draw(st.sampled_from(["raised", "slab"])),
            power_capacity_kw=draw(st.floats(0, 1e5)),
            cooling_capacity_kw=draw(st.floats(0, 1e5)),
        )
        feeds = [
            ops.add_feed(
                doc,
                hall,
                draw(st.sampled_from(FEED_TYPES)),
                [(draw(mm), draw(mm)), (draw(mm), draw(mm))],
                draw(names),
                side=draw(st.sampled_from([None, "A", "B"])),
            )
            for _ in range(draw(st.integers(0, 2)))
        ]
        for _ in range(draw(st.integers(0, 6))):
            ops.place_rack(
                doc,
                hall,
                draw(st.sampled_from(RACK_TYPES)),
                draw(mm),
                draw(mm),
                draw(rotations),
                draw(names),
                feed_ids=draw(st.lists(st.sampled_from(feeds), max_size=2, unique=True))
                if feeds
                else [],
                rear_door_kw=draw(st.none() | st.floats(0, 100)),
            )
        if draw(st.booleans()):
            ops.place_system(doc, hall, "huawei-cm384", draw(mm), draw(mm), draw(rotations))
        for _ in range(draw(st.integers(0, 2))):
            ops.add_cooling_unit(
                doc, hall, draw(st.sampled_from(COOLING_TYPES)), draw(mm), draw(mm), draw(names)
            )
        if draw(st.booleans()):
            x, y = draw(mm), draw(mm)
            ops.add_obstacle(doc, hall, "column", ops.rectangle(x, y, 600, 600))
        if draw(st.booleans()):
            ops.add_tray(doc, hall, [(draw(mm), draw(mm)), (draw(mm), draw(mm))], 2_700, 600, 100)
    return doc.project
