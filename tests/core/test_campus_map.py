"""What the site map shows, worked out without a window: worst findings, loads, layout, routes."""

from __future__ import annotations

import math
from itertools import combinations
from pathlib import Path

import pytest

from designer.core.campus_map import (
    GAP_ACROSS,
    GAP_DOWN,
    RouteLine,
    campus_map,
    failed_on_map,
    ring,
    worst_findings,
)
from designer.core.catalog import default_catalog, projects_dir
from designer.core.findings import ERROR, UNCHECKED, WARNING, Finding, Severity
from designer.core.io.project_file import load
from designer.core.rules.limits import default_thresholds
from designer.core.rules.loads import loads


@pytest.fixture(scope="module")
def two_sites():
    catalog = default_catalog()
    path = Path(projects_dir() / "two-sites.rackplan.json")
    return load(path, catalog.racks).project, catalog.racks


def finding(severity: Severity, ids: tuple[str, ...], hall: str | None, excluded=False) -> Finding:
    return Finding("test.code", severity, "msg", ids, None, None, "", hall, None, excluded)


def test_a_hall_takes_its_worst_open_finding_and_notes_leave_it_clean(two_sites):
    project, _ = two_sites
    north1, north2, south1 = (h.id for h in project.halls.values())
    north = next(s.id for s in project.sites.values() if s.name == "North")
    found = [
        finding(Severity.WARNING, ("r1",), north1),
        finding(Severity.INFO, ("r2",), north1),
        finding(Severity.ERROR, ("r3",), north2),
        finding(Severity.ERROR, ("r4",), north2, excluded=True),  # accepted: not counted
        finding(Severity.INFO, ("r5",), south1),
        # two halls sharing ground: both at fault; the site's own power: the site
        finding(Severity.WARNING, (north2, south1), north2),
        finding(Severity.ERROR, (north,), None),
    ]
    worst = worst_findings(project, found, checked=True)
    assert worst[north1] == (WARNING, 0, 1)
    assert worst[north2] == (ERROR, 1, 1)
    assert worst[south1] == (WARNING, 0, 1)
    assert worst[north] == (ERROR, 1, 0)
    unchecked = worst_findings(project, found, checked=False)
    assert set(unchecked.values()) == {(UNCHECKED, 0, 0)}


def test_halls_stand_in_their_site_frame_as_the_site_plan_places_them(two_sites):
    project, racks = two_sites
    found = loads(project, racks, default_thresholds().values)
    content = campus_map(project, [], True, found, None)
    frames = {s.id: s.rect for s in content.sites}
    by_name = {b.name: b for b in content.halls}
    for block in content.halls:
        x, y, w, h = frames[block.site_id]
        xs = [block.origin[0] + px for px, _ in block.outline]
        ys = [block.origin[1] + py for _, py in block.outline]
        assert x < min(xs) and max(xs) < x + w and y < min(ys) and max(ys) < y + h
    # two halls of one site stand as far apart on the map as on the site plan
    halls = {h.name: h for h in project.halls.values()}
    one, two = halls["North hall 1"], halls["North hall 2"]
    shift = (two.site_origin[0] - one.site_origin[0], two.site_origin[1] - one.site_origin[1])
    a, b = by_name["North hall 1"].origin, by_name["North hall 2"].origin
    assert (b[0] - a[0], b[1] - a[1]) == pytest.approx(shift)


def test_a_hall_load_is_its_racks_max_power_against_its_capacity(two_sites):
    project, racks = two_sites
    content = campus_map(
        project, [], True, loads(project, racks, default_thresholds().values), None
    )
    for block in content.halls:
        expected = sum(
            racks[p.type_id].max_kw for p in project.placements.values() if p.hall_id == block.id
        )
        assert block.it_kw == pytest.approx(expected)
        assert block.capacity_kw == project.halls[block.id].power_capacity_kw
        assert block.racks == sum(1 for p in project.placements.values() if p.hall_id == block.id)


def test_a_route_says_its_length_and_latency_pairs_and_bandwidth():
    planning = RouteLine("f", "a", "b", 40.0)
    assert planning.lines() == ("40 km", "planning…")
    planned = RouteLine(
        "f", "a", "b", 40.0, 40.0 * 4.9, 54, 3_456, 3_456 * 0.4, "coherent ZR", lit_tbps=1_382.4
    )
    assert planned.lines() == ("40 km · 196 µs one way", "54 fibre pairs · 1,382.4 Tb/s")
    # a job's 0.72 Tb/s on two 400G wavelengths: what is lit, then what is needed
    job = RouteLine("f", "a", "b", 40.0, 196.0, 1, 2, 0.719, "coherent ZR", lit_tbps=0.8)
    assert job.lines()[1] == "1 fibre pair · 800 Gb/s (719 Gb/s needed)"
    unreached = RouteLine("f", "a", "b", 900.0, 900 * 4.9, 0, 16, 6.4, "")
    assert unreached.lines()[1] == "6.4 Tb/s, but no medium reaches"


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5, 7])
def test_site_frames_on_the_ring_never_meet_and_keep_their_gaps(count):
    sizes = [(200_000.0 - 20_000 * i, 90_000.0 + 5_000 * (i % 2)) for i in range(count)]
    centres = ring(sizes)
    assert ring(sizes) == centres  # the same campus is laid out the same way every time
    widest, tallest = max(w for w, _ in sizes), max(h for _, h in sizes)
    for i, j in combinations(range(count), 2):
        apart_x = abs(centres[i][0] - centres[j][0]) - (sizes[i][0] + sizes[j][0]) / 2
        apart_y = abs(centres[i][1] - centres[j][1]) - (sizes[i][1] + sizes[j][1]) / 2
        assert apart_x >= GAP_ACROSS * widest - 1e-6 or apart_y >= GAP_DOWN * tallest - 1e-6


def test_three_sites_stand_as_a_triangle_two_above_one():
    size = (200_000.0, 90_000.0)
    (ax, ay), (bx, by), (cx, cy) = ring([size] * 3)
    assert ay == pytest.approx(by) and ax < bx  # the first two side by side, in order
    assert cy > ay and cx == pytest.approx((ax + bx) / 2, abs=1.0)  # the third below, between
    # as close as the gaps allow: the two above a gap apart, the third a gap below them
    assert bx - ax == pytest.approx(size[0] + GAP_ACROSS * size[0])
    assert cy - ay == pytest.approx(size[1] + GAP_DOWN * size[1])
    assert not any(math.isnan(v) for v in (ax, ay, bx, by, cx, cy))


def test_a_failed_site_takes_its_halls_and_routes_off_the_map_and_a_rack_nothing(two_sites):
    project, _ = two_sites
    north = next(s.id for s in project.sites.values() if s.name == "North")
    north_halls = {h.id for h in project.halls.values() if h.site_id == north}
    (route,) = project.fibre_routes
    assert len(north_halls) == 2
    assert failed_on_map(project, [north]) == (north_halls, {route})
    assert failed_on_map(project, [route]) == (set(), {route})
    hall = next(iter(north_halls))
    rack = next(r.id for r in project.placements.values() if r.hall_id == hall)
    assert failed_on_map(project, [hall, rack]) == ({hall}, set())


def test_two_routes_between_two_sites_are_told_apart_and_share_the_dci():
    from designer.core.generate import ClusterRequest, generate
    from designer.core.rules import RuleEngine
    from designer.core.rules.network import PLAN

    catalog = default_catalog()
    project = generate(ClusterRequest("gb300-su", sites=2, site_km=40))
    plan = RuleEngine(catalog).derived(PLAN, project)
    content = campus_map(project, [], True, [], plan)
    first, second = content.routes
    assert (first.name, first.path, first.paths) == ("Site 1 – Site 2, path 1", 1, 2)
    assert (second.name, second.path, second.paths) == ("Site 1 – Site 2, path 2", 2, 2)
    # each carries half of a site's share (an eighth of its scale-out): 4 racks x 72 GPUs
    # x 800 Gb/s / 8 / 2 = 14.4 Tb/s
    assert first.tbps == second.tbps == pytest.approx(288 * 800 / 8 / 2 / 1000)
    assert second.tip().startswith("DCI Site 1 – Site 2, path 2\n40 km")
