"""Something far outside its hall (issue 21): the plan keeps to the hall and names what it
leaves off, a picture stays one sheet and a set keeps its sheets."""

import json
import re
import subprocess
from pathlib import Path

from designer.core.catalog import default_catalog
from designer.core.io.project_file import loads
from designer.core.model.project import Project
from designer.core.totals import hall_totals
from designer.drawing.plan import Beyond, hall_plan
from designer.report.export import export
from designer.report.page import Page
from designer.report.pages.plan import hall_pages
from designer.report.paper import SheetFrame
from designer.report.scale import MAX_TILES
from tests.report.drawn import texts_drawn

CATALOG = default_catalog()
EXAMPLE = Path(__file__).resolve().parents[2] / "projects" / "cm384-supernode.rackplan.json"
#: The example's hall: 10.8 x 9.6 m, so its plan reaches 10 m (at least) past its walls.
HALL_BOTTOM = 9_600


def _project(**edits: tuple[str, int, str, object]) -> Project:
    """The CM384 example, read as a file is, with ``edits``: name -> (list, index, field,
    value)."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    for where, index, field, value in edits.values():
        data[where][index][field] = value
    raw = json.dumps(data).encode("utf-8")
    return loads(raw, EXAMPLE, CATALOG.with_custom_racks([])).project


def _plan(project: Project):
    return hall_plan(project, "hall-001", CATALOG.with_custom_racks(project.custom_types))


def _pages(project: Project, enlarged: bool = False) -> list[Page]:
    """The A3 plan sheets of the hall, tiled as a set tiles them."""
    rack_types = CATALOG.with_custom_racks(project.custom_types)
    totals = hall_totals(project, "hall-001", rack_types)
    frame = SheetFrame.of("A3")
    return hall_pages(project, "hall-001", rack_types, [], frame, {}, totals, enlarged=enlarged)


def _page_count(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"Pages:\s+(\d+)", info).group(1))


def test_a_unit_kilometres_away_is_left_off_and_named():
    # CRAH-2 (2.5 x 1 m, at x 6 m) typed at y 8,600 m: its far edge is 8,601 m down the
    # page, 8,591.4 m past the wall at 9.6 m
    far = _plan(_project(unit=("cooling_units", 3, "y", 8_600_000)))
    assert far.beyond == [Beyond("cooling unit CRAH-2", 8_591_400)]
    assert str(far.beyond[0]) == "cooling unit CRAH-2, 8.6 km out"
    without = _project()
    del without.cooling_units["cool-004"]
    assert far.bounds == _plan(without).bounds  # drawn as if it were not there


def test_a_unit_just_outside_is_drawn_and_one_millimetre_farther_is_not():
    # the 1 m deep unit's far edge exactly 10 m below the wall (y 18.6 m): drawn; 1 mm
    # farther: left off
    edge = _plan(_project(unit=("cooling_units", 3, "y", HALL_BOTTOM + 10_000 - 1_000)))
    assert edge.beyond == [] and edge.bounds.bottom() == HALL_BOTTOM + 10_000
    past = _plan(_project(unit=("cooling_units", 3, "y", HALL_BOTTOM + 10_000 - 999)))
    assert past.beyond == [Beyond("cooling unit CRAH-2", 10_001)]
    assert past.bounds.bottom() < HALL_BOTTOM + 10_000


def test_a_rack_and_a_tray_far_outside_are_named_farthest_first():
    plan = _plan(
        _project(
            rack=("placements", 0, "x", 5_000_000),
            tray=("trays", 2, "path", [[600, 600], [600, 20_000_000]]),
        )
    )
    # the tray, 600 mm wide, to 20 km down the page; the rack, 600 mm wide, at 5 km: its
    # far side 5,000.6 m right, past the wall at 10.8 m
    assert plan.beyond == [
        Beyond("tray Cross tray", 20_000_000 + 300 - HALL_BOTTOM),
        Beyond("rack CM384-compute-01 (rk-001)", 5_000_600 - 10_800),
    ]
    assert [str(b) for b in plan.beyond] == [
        "tray Cross tray, 20.0 km out",
        "rack CM384-compute-01 (rk-001), 5.0 km out",
    ]


def test_a_set_keeps_its_sheets_and_its_plan_says_what_it_leaves_off(tmp_path):
    # before: the plan was tiled at 1:250 down to the unit, 140 sheets of bare floor
    project = _project(unit=("cooling_units", 3, "y", 8_600_000))
    export(project, CATALOG, tmp_path / "far.pdf", "A3")
    export(_project(), CATALOG, tmp_path / "near.pdf", "A3")
    # cover, plan, findings, resilience, power and cooling, energy and cost, cabling, bill of
    # materials
    assert _page_count(tmp_path / "far.pdf") == _page_count(tmp_path / "near.pdf") == 8
    [page] = _pages(project)
    assert page.left_off == (
        "Left off the plan of CM384 hall, reaching more than 10.0 m outside it: cooling unit "
        "CRAH-2, 8.6 km out."
    )
    assert page.left_off in " ".join(texts_drawn([page], "A3"))  # beside the plan


def test_a_hall_kilometres_long_is_one_sheet_not_thousands(tmp_path):
    # a hall typed x1000 (10.8 x 9.6 km): at 1:250 it would take some 23,000 A3 sheets;
    # more than MAX_TILES, it is drawn whole at 1:50,000, and its enlarged parts are only
    # those where racks stand
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["halls"][0]["outline"] = [[x * 1000, y * 1000] for x, y in data["halls"][0]["outline"]]
    project = loads(json.dumps(data).encode(), EXAMPLE, CATALOG.with_custom_racks([])).project
    assert [p.scale for p in _pages(project)] == ["1:50000"] and MAX_TILES < 23_000
    # the racks stand in one part
    assert [p.scale for p in _pages(project, enlarged=True)] == ["1:50000", "1:50"]
    export(project, CATALOG, tmp_path / "hall.png", "A3")
    # A3 at 200 to the inch, 3307 x 2339 pixels, in the PNG's header
    assert (tmp_path / "hall.png").read_bytes()[16:24] == bytes.fromhex("00000ceb00000923")
