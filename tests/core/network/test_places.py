"""Every bundle end's hall and site, numbered hall by hall, are those looked up end by end."""

import pytest

from designer.core.document import operations as ops
from designer.core.examples import EXAMPLES, campus
from designer.core.network import NetworkPlan
from designer.core.network.places import end_places
from tests.core.network.helpers import H100, add_hall, draw, new_doc, planned


def looked_up(plan: NetworkPlan, node: str) -> tuple[str | None, str]:
    """A node's hall (a rack's, if the project has that hall) and site (the site of a rack
    the plan knows, else the node itself), one by one."""
    rack = plan.project.placements.get(node)
    hall = rack.hall_id if rack is not None and rack.hall_id in plan.project.halls else None
    facts = plan.index.facts.get(node)
    return hall, facts.site if facts is not None else node


def assert_looked_up(plan: NetworkPlan) -> None:
    places = end_places(plan)
    table = plan.table()
    assert places.halls == tuple(plan.project.halls)
    for side, halls, sites in (
        (table.a, places.hall_a, places.site_a),
        (table.b, places.hall_b, places.site_b),
    ):
        found = [
            (places.halls[h] if h >= 0 else None, places.sites[s])
            for h, s in zip(halls.tolist(), sites.tolist(), strict=True)
        ]
        assert found == [looked_up(plan, node) for node in side]


@pytest.mark.parametrize(
    "build", [EXAMPLES["two-sites"], EXAMPLES["mistakes"], lambda: campus.build(3)]
)
def test_the_examples(build):
    project = build().project
    assert_looked_up(planned(project))


def test_a_rack_the_plan_leaves_out_stands_in_its_hall_and_is_its_own_site():
    doc, site = new_doc()
    hall = add_hall(doc, site)
    a = ops.place_rack(doc, hall, H100, 0, 1_200, label="a")
    b = ops.place_rack(doc, hall, H100, 1_800, 1_200, label="b")
    draw(doc, a, b)
    draw(doc, site, b, plane="dci")
    rack = doc.project.placements[a]
    # a type the catalog lost: the planner's index has no facts of the rack
    racks = {**doc.project.placements, a: rack.model_copy(update={"type_id": "gone"})}
    project = doc.project.model_copy(update={"placements": racks})
    plan = planned(project, doc.catalog)
    assert a not in plan.index.facts
    assert_looked_up(plan)
    places, end = end_places(plan), plan.table().a.index(a)
    assert places.halls[places.hall_a[end]] == hall
    assert places.sites[places.site_a[end]] == a
