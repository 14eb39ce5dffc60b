"""The power and cooling sheets: each feed, CDU, group, hall and site with figures a facility
engineer can recompute."""

import re

from designer.core.catalog import default_catalog
from designer.core.examples import EXAMPLES
from designer.report.drawing_set import drawing_set
from designer.report.writer import SetInfo, write_pdf
from tests.report.test_pdf import pdftotext


def power_cooling_text(tmp_path, name: str) -> str:
    project = EXAMPLES[name]().project
    pages = [
        p
        for p in drawing_set(project, default_catalog(), "A3")
        if p.title.startswith("Power and cooling")
    ]
    path = tmp_path / "power.pdf"
    write_pdf(pages, path, "A3", SetInfo(project.meta.name, "A", ""))
    return re.sub(r"[ \t]+", " ", pdftotext(path))


def test_feeds_carry_their_racks_with_the_other_side_down(tmp_path, gui_app):
    text = power_cooling_text(tmp_path, "gb200-nvl72-su")
    # A 1,250 A busway at 415 V, three phases: sqrt(3) x 415 x 1250 = 898.5 kW; 80 % of it
    # continuously is 718.8 kW. A1 feeds four NVL72 at 132 kW each, alone with B1 down: 528 kW.
    assert "Busway A1 A (B down) 528 718.8 898.5 73 %" in text
    # A2 adds the three QM9700 racks: 12 switches x 1.7 kW each, 528 + 3 x 20.4 = 589.2 kW.
    assert "Busway A2 A (B down) 589.2 718.8 898.5 82 %" in text
    # Each CDU cools four NVL72 at 114.84 kW of liquid heat: 459.4 kW of 1,368 kW (34 %),
    # which needs 459.36 x 1.2 = 551 of the 1,200 L/min the CDU pumps (46 %): the fuller
    assert "CDU-1 liquid heat, flow 551 of 1,200 L/min, 46 % 459.4 1,368 1,368 46 %" in text
    # The N+1 pair must carry all eight with one CDU down: 918.7 of 2 x 1,368 - 1,368.
    assert "N+1: with its largest CDU down 918.7 1,368 2,736 67 %" in text
    assert "Power feeds, SU hall" in text
    assert "Halls and sites" in text


def test_each_hall_lists_its_own_feeds(tmp_path, gui_app):
    text = power_cooling_text(tmp_path, "two-sites")
    project = EXAMPLES["two-sites"]().project
    titles = re.findall(r"Power feeds, (.+)", text)
    halls_with_feeds = {project.halls[f.hall_id].name for f in project.feeds.values()}
    assert {t.strip() for t in titles} == halls_with_feeds
    for feed in project.feeds.values():
        assert feed.name in text


def test_a_cdu_short_of_flow_is_red_at_its_flows_share():
    """Nine NVL72 at 114.84 kW to liquid: 1,033.6 of 1,368 kW is 76 %, but the 1,240.3 L/min
    that heat needs at 1.2 L/min per kW is 103 % of the 1,200 L/min the CDU pumps: the row
    is over, and its basis says why."""
    from designer.core.document import operations as ops
    from designer.core.rules.limits import default_thresholds
    from designer.core.rules.loads import loads
    from designer.report.pages.power_cooling import load_tables
    from tests.core.rules.helpers import CATALOG, hall_doc

    doc, hall = hall_doc()
    unit = ops.add_cooling_unit(doc, hall, "cdu-inrow-1368", 0, 8_000, "CDU-1")
    ops.place_row(doc, hall, "nvidia-gb200-nvl72", 2_000, 2_000, 9, 0, cdu_id=unit)
    found = loads(doc.project, CATALOG.racks, default_thresholds().values)
    [cdu] = [x for x in found if x.kind == "cdu"]
    [table] = load_tables([cdu], {hall: "Hall 1"}, {})
    assert table.rows[0] == (
        "CDU-1",
        "liquid heat, flow 1,240 of 1,200 L/min, 103 %",
        "1,033.6",
        "1,368",
        "1,368",
        "103 %",
    )
    assert table.alerts == frozenset({0})
