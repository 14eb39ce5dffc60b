"""One hall's loads, as the designer's utilisation panel asks for them, are the whole
project's loads of that hall: the same figures, even where racks lean on another hall."""

import pytest

from designer.core.catalog import default_catalog, projects_dir
from designer.core.document import operations as ops
from designer.core.io.project_file import load
from designer.core.rules.loads import loads
from tests.core.rules.helpers import CATALOG, hall_doc, second_hall

SHARE = 0.8


def of_hall(project, hall_id):
    return [
        x
        for x in loads(project, CATALOG.racks, SHARE)
        if x.hall_id == hall_id and not x.kind.startswith("site")
    ]


@pytest.mark.parametrize(
    "path", sorted(projects_dir().glob("*.rackplan.json")), ids=lambda p: p.stem
)
def test_each_examples_halls_have_the_loads_of_the_whole_list(path):
    project = load(path, default_catalog().racks).project
    for hall_id in project.halls:
        assert loads(project, CATALOG.racks, SHARE, hall_id) == of_hall(project, hall_id)


def test_racks_fed_or_cooled_from_another_hall_count_where_their_feed_and_cdu_stand():
    doc, first = hall_doc()
    second = second_hall(doc, next(iter(doc.project.sites)))
    feed = ops.add_feed(doc, first, "pdu-415v-60a-3ph", [(0, 0)], "PDU-1", side="A")
    cdu = ops.add_cooling_unit(doc, first, "cdu-inrow-1368", 5_000, 5_000, "CDU-1")
    far_cdu = ops.add_cooling_unit(doc, second, "cdu-inrow-1368", 5_000, 5_000, "CDU-2")
    group = ops.add_cooling_group(doc, first, "Loop 1", "N+1")
    for unit in (cdu, far_cdu):  # one member stands in the other hall
        ops.update(doc, unit, group_id=group)
    near = ops.place_rack(doc, first, "nvidia-gb200-nvl72", 0, 0)
    far = ops.place_rack(doc, second, "nvidia-gb200-nvl72", 0, 0)
    ops.update(doc, near, feed_ids=[feed], cdu_id=cdu)
    ops.update(doc, far, feed_ids=[feed], cdu_id=far_cdu)
    project = doc.project
    kind = CATALOG.racks["nvidia-gb200-nvl72"]
    listed = loads(project, CATALOG.racks, SHARE, first)
    assert listed == of_hall(project, first)
    mine = {x.id: x for x in listed if x.kind != "hall_air"}
    # the feed in hall 1 carries both racks; the group carries its far member's rack too
    assert mine[feed].load_kw == pytest.approx(2 * kind.max_kw)
    assert mine[group].load_kw == pytest.approx(2 * kind.liquid_kw)
    assert mine[cdu].load_kw == pytest.approx(kind.liquid_kw)
    assert far_cdu not in mine  # it stands in hall 2
    # the hall's own power and heat count only the rack standing in it
    assert mine[first].kind == "hall_heat"
    assert mine[first].load_kw == pytest.approx(kind.max_kw)
    assert loads(project, CATALOG.racks, SHARE, second) == of_hall(project, second)
