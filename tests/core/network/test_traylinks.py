"""The links along each piece of tray, by medium, summed by hand on a small floor."""

import numpy as np
import pytest

from designer.core.examples import EXAMPLES
from designer.core.network.traylinks import tray_links, tray_links_of_halls
from tests.core.network.helpers import line_of, plan_of, row_and_cross_trays

MM = "Multimode SR transceivers (850 nm) over MPO fibre"
DR = "Single-mode DR transceivers (1310 nm) over parallel MPO fibre"


def pieces(plan, hall):
    """{(x1, y1, x2, y2): {medium name: links}} of a hall."""
    found = tray_links(plan, hall)
    out: dict = {}
    for line, medium, links in zip(
        found.lines.tolist(), found.group.tolist(), found.links.tolist(), strict=True
    ):
        out.setdefault(tuple(line), {})[plan.media.media[medium].name] = links
    return out


def test_links_are_summed_per_piece_of_tray_and_medium():
    doc, hall, bundles = row_and_cross_trays()
    plan = plan_of(doc)
    assert [line_of(plan, bundles[x]).medium for x in ("ab", "ac", "ad")] == [MM, MM, DR]
    assert pieces(plan, hall) == {
        # from a to b: a-b and a-c, 3 + 2 multimode links (a-d has a piece of its own)
        (400, 1_800, 2_200, 1_800): {MM: 3 + 2},
        (2_200, 1_800, 6_000, 1_800): {MM: 2},
        # a-d runs from a to the first cross tray's node along the row tray
        (400, 1_800, 10_000, 1_800): {DR: 4},
        # then along the whole edge between the cross trays, and down the second one to d
        (10_000, 1_800, 14_000, 1_800): {DR: 4},
        (14_000, 1_800, 14_000, 9_000): {DR: 4},
    }


def test_media_grouped_together_are_summed_on_pieces_cut_for_the_group():
    doc, hall, _ = row_and_cross_trays()
    plan = plan_of(doc)
    together = [0] * (len(plan.media.media) + 1)
    found = tray_links(plan, hall, together)
    assert set(found.group.tolist()) == {0}
    assert dict(zip(map(tuple, found.lines.tolist()), found.links.tolist(), strict=True)) == {
        (400, 1_800, 2_200, 1_800): 3 + 2 + 4,
        (2_200, 1_800, 6_000, 1_800): 2 + 4,
        (6_000, 1_800, 10_000, 1_800): 4,
        (10_000, 1_800, 14_000, 1_800): 4,
        (14_000, 1_800, 14_000, 9_000): 4,
    }


def tray_run_link_mm(plan, hall):
    """Each routed leg's run along the trays in this hall times its links, summed."""
    floor = plan.floors[hall]
    total = 0.0
    for key in plan.hall_units.get(hall, ()):
        decisions, table = plan.decisions[key], plan.units[key].table
        for slot in (0, 1):
            rows = decisions.legs[:, slot, 0] == floor.index
            legs, along = decisions.legs[rows, slot, 1:], decisions.along[rows, slot]
            run, _, _ = floor.graph.between(legs[:, 0], along[:, 0], legs[:, 1], along[:, 1])
            total += float((run * table.count[rows]).sum())
    return total


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_link_metre_along_the_trays_is_on_one_piece(name):
    doc = EXAMPLES[name]()
    plan = plan_of(doc)
    for hall in doc.project.halls:
        found = tray_links(plan, hall)
        lengths = np.hypot(*(found.lines[:, 2:] - found.lines[:, :2]).T)
        assert (lengths * found.links).sum() == pytest.approx(tray_run_link_mm(plan, hall))
        assert (found.links > 0).all()
        # NVLink stays inside its NVL72, so its copper spine is never on a tray
        assert "nvlink_copper" not in {plan.media.media[m].id for m in found.group.tolist()}


def test_a_hall_the_plan_does_not_know_has_no_links():
    doc = EXAMPLES["gb200-nvl72-su"]()
    plan = plan_of(doc)
    assert len(tray_links(plan, "no-such-hall")) == 0


def test_halls_worked_out_together_have_the_pieces_they_have_alone():
    doc = EXAMPLES["two-sites"]()
    plan = plan_of(doc)
    halls = list(doc.project.halls)
    joined = tray_links_of_halls(plan, [*reversed(halls), "no-such-hall"])
    assert joined.hall_ids == (*reversed(halls), "no-such-hall")
    for k, hall in enumerate(joined.hall_ids[:-1]):
        together, alone = joined.hall(k), tray_links(plan, hall)
        assert len(alone)
        for name in ("lines", "edge", "group", "links"):
            assert np.array_equal(getattr(together, name), getattr(alone, name))
        assert (np.diff(together.edge) >= 0).all()  # sorted by edge
    assert len(joined.hall(len(halls))) == 0


@pytest.mark.parametrize(
    "places",
    [
        [0.0, 2.5, 600.0, 2.5, 1_200.5, 0.0, 37.0, 600.0],  # half millimetres: one sort
        [0.0, 1 / 3, 600.0, 2 / 3, 1e-9, 0.0, 37.0, 1 / 3],  # finer: a sort by both
    ],
)
def test_pieces_are_ordered_by_edge_and_group_then_by_place_along_the_edge(places):
    from designer.core.network.traylinks import _by_key_and_place

    key = np.array([3, 0, 3, 1, 0, 3, 1, 0])
    at = np.array(places)
    order = _by_key_and_place(key, at)
    assert order.tolist() == np.lexsort((at, key)).tolist()
