"""A drawing set builds every hall's plan at once: each hall's must be the one it gets alone."""

import numpy as np
import pytest
from PySide6.QtGui import QPainterPath

from designer.core.examples import EXAMPLES
from designer.core.rules import RuleEngine
from designer.core.rules.network import PLAN
from designer.drawing.cooling import cooling_geometries, cooling_geometry
from designer.drawing.feeds import feed_geometries, feed_geometry
from designer.drawing.plan import hall_plan, hall_plans


@pytest.fixture(autouse=True)
def app(qapp):
    return qapp


def elements(path: QPainterPath) -> list[tuple[int, float, float]]:
    return [(e.type.value, e.x, e.y) for e in map(path.elementAt, range(path.elementCount()))]


def rect(r) -> tuple[float, float, float, float]:  # type: ignore[no-untyped-def]
    return (r.x(), r.y(), r.width(), r.height())


def same_arrays(a: dict, b: dict) -> bool:
    return list(a) == list(b) and all(np.array_equal(a[k], b[k]) for k in a)


def drawn(plan) -> dict:  # type: ignore[no-untyped-def]
    """What a hall's plan draws, as plain values to compare exactly."""
    racks, trays, feeds, cooling, links = (
        plan.racks,
        plan.trays,
        plan.feeds,
        plan.cooling,
        plan.links,
    )
    return {
        "racks": (
            racks.ids,
            racks.labels,
            racks.systems,
            racks.rects.tolist(),
            racks.status.tolist(),
            racks.category.tolist(),
            racks.rear_door.tolist(),
        ),
        "trays": (
            [
                (layer.rects.tolist(), [(rect(r), elements(band)) for r, band in layer.paths])
                for layer in trays.bands.layers
            ],
            rect(trays.bounds),
            trays.centre.tolist(),
            {w: v.tolist() for w, v in trays.runs.items()},
            [(label.anchor.toTuple(), label.name, label.align) for label in trays.labels],
        ),
        "feeds": (
            {k: v.tolist() for k, v in feeds.segments.items()},
            {k: v.tolist() for k, v in feeds.marks.items()},
            [(p.toTuple(), text) for p, text in feeds.labels],
        ),
        "cooling": (
            {k: v.tolist() for k, v in cooling.rects.items()},
            cooling.fronts.tolist(),
            cooling.in_rack.tolist(),
            [(rect(r), text) for r, text in cooling.labels],
        ),
        "links": (
            links.lines.tolist(),
            links.offset_pt.tolist(),
            [(name, width, rows.tolist()) for name, width, rows in links.batches],
            links.families,
            rect(links.bounds),
        ),
        "markers": (plan.markers.points.tolist(), plan.markers.severity.tolist()),
        "bounds": rect(plan.bounds),
    }


@pytest.mark.parametrize("name", ["two-sites", "mistakes"])
def test_every_hall_built_with_the_others_is_the_hall_built_alone(name):
    doc = EXAMPLES[name]()
    engine = RuleEngine(doc.catalog)
    findings, network = engine.run(doc.project).findings, engine.derived(PLAN)
    together = hall_plans(doc.project, doc.rack_types, findings, network)
    assert list(together) == list(doc.project.halls)
    for hall, plan in together.items():
        alone = hall_plan(doc.project, hall, doc.rack_types, findings, network)
        assert drawn(plan) == drawn(alone)
    # and in the other order: a hall's pieces of tray do not depend on the halls before it
    backwards = hall_plans(doc.project, doc.rack_types, findings, network, reversed(together))
    for hall, plan in backwards.items():
        assert drawn(plan) == drawn(together[hall])


def test_feeds_and_units_grouped_by_hall_are_built_as_each_group_alone():
    project = EXAMPLES["two-sites"]().project
    halls = list(project.halls)
    feeds = [[f for f in project.feeds.values() if f.hall_id == h] for h in halls] + [[]]
    units = [[u for u in project.cooling_units.values() if u.hall_id == h] for h in halls] + [[]]
    for group, geometry in zip(feeds, feed_geometries(feeds), strict=True):
        alone = feed_geometry(group)
        assert same_arrays(geometry.segments, alone.segments)
        assert same_arrays(geometry.marks, alone.marks)
        assert rect(geometry.bounds) == rect(alone.bounds)
    for group, geometry in zip(units, cooling_geometries(units), strict=True):
        alone = cooling_geometry(group)
        assert same_arrays(geometry.rects, alone.rects)
        assert np.array_equal(geometry.fronts, alone.fronts)
        assert np.array_equal(geometry.in_rack, alone.in_rack)
        assert rect(geometry.bounds) == rect(alone.bounds)
        assert geometry.labels == alone.labels
    assert not feed_geometries([[]])[0].segments
    assert feed_geometries([[]])[0].bounds.isNull()


def test_racks_of_halls_placed_in_turn_are_sorted_out_as_each_hall_alone():
    """An export reads the racks once (``rack_columns``); racks of several halls placed one
    after another's are each hall's, in the project's order."""
    from designer.core.rack_columns import columns_of
    from designer.drawing.racks import rack_arrays, racks_by_hall

    doc = EXAMPLES["two-sites"]()
    racks = list(doc.project.placements.values())
    halls = list(dict.fromkeys(r.hall_id for r in racks))
    assert len(halls) > 1
    # the halls' racks dealt out in turn, so no hall's racks follow each other
    by_hall = [[r for r in racks if r.hall_id == h] for h in halls]
    dealt = [r for turn in zip(*by_hall, strict=False) for r in turn]
    labels = {g.id: g.label or g.id for g in doc.project.groups.values()}
    worst = {dealt[1].id: 3}
    found = racks_by_hall(
        columns_of(dealt), [*reversed(halls), "empty"], doc.rack_types, worst, True, labels
    )
    assert list(found) == [*reversed(halls), "empty"] and len(found["empty"]) == 0
    for hall in halls:
        alone = rack_arrays(
            [r for r in dealt if r.hall_id == hall], doc.rack_types, worst, True, labels
        )
        together = found[hall]
        assert together.ids == alone.ids and together.labels == alone.labels
        assert together.systems == alone.systems
        for name in ("rects", "rotation", "category", "heat", "max_kw", "status", "rear_door"):
            assert np.array_equal(getattr(together, name), getattr(alone, name))
