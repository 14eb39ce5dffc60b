"""The link inspector's plan: the selected racks' bundles, as the full schedule lists them."""

import pytest

from designer.core.examples import EXAMPLES
from designer.core.network import cable_schedule
from designer.core.network.selection import plan_of
from tests.core.network.helpers import plan_of as planned
from tests.core.network.helpers import row_and_cross_trays


def test_the_racks_bundles_are_their_lines_of_the_schedule():
    doc, _, bundles = row_and_cross_trays()
    plan = planned(doc)
    racks = {r.label: r.id for r in doc.project.placements.values()}
    only_d = cable_schedule(plan_of(plan, [racks["d"]]))
    assert [line.bundle_id for line in only_d] == [bundles["ad"]]
    assert (only_d[0].from_name, only_d[0].to_name, only_d[0].count) == ("a", "d", 4)
    assert only_d[0].routed_m == 25.0
    assert len(cable_schedule(plan_of(plan, [racks["a"]]))) == 3
    assert cable_schedule(plan_of(plan, [])) == []


@pytest.mark.parametrize("name", ["gb200-nvl72-su", "two-sites", "cm384-supernode"])
def test_any_selection_gives_the_same_lines_as_the_full_schedule(name):
    doc = EXAMPLES[name]()
    plan = planned(doc)
    full = cable_schedule(plan)
    racks = list(doc.project.placements)
    for chosen in ({racks[0]}, {racks[-1]}, set(racks[::3])):
        expected = [x for x in full if x.from_id in chosen or x.to_id in chosen]
        assert cable_schedule(plan_of(plan, chosen)) == expected
