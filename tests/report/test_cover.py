"""The cover on every paper: its lists and its sheet index stay above the title block, and a
project with nothing in it yet still makes a set."""

import pytest
from PySide6.QtGui import QImage, QPainter

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.document.document import Document, sequential_ids
from designer.core.model import Project, ProjectMeta
from designer.report.export import export
from designer.report.pages.cover import CoverContent, KeyFigure, cover_page
from designer.report.paper import SheetFrame
from designer.report.sheet import Sheet
from tests.report.test_pdf import pdftotext


def baselines(content: CoverContent, paper: str) -> list[tuple[float, str]]:
    """Where each text of the cover is drawn (baseline in mm) on a small image."""
    seen: list[tuple[float, str]] = []

    class Noting(Sheet):
        def text(self, x, y, text, *args, **kwargs):  # type: ignore[override]
            seen.append((y, text))
            super().text(x, y, text, *args, **kwargs)

    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    cover_page(content).draw(Noting(painter, SheetFrame.of(paper), 25.4))
    painter.end()
    return seen


@pytest.mark.parametrize("paper", ["A4", "Letter", "A3", "Tabloid"])
def test_a_long_cover_stays_above_the_title_block(paper, gui_app):
    content = CoverContent(
        "Many types",
        "A project with a rack of every kind.",
        "Revision A",
        tuple(KeyFigure(f"Figure {i}", "1") for i in range(12)),
        tuple((str(i), f"Rack type {i}") for i in range(30)),
        tuple(f"Site {i}: 1 hall" for i in range(12)),
        tuple((n, f"Sheet {n}", "1:100") for n in range(2, 60)),
    )
    seen = baselines(content, paper)
    bottom = SheetFrame.of(paper).content.bottom
    assert max(y for y, _ in seen) <= bottom
    texts = [t for _, t in seen]
    assert "Sheets in this set" in texts
    assert any(t.startswith("... and") and t.endswith("more types") for t in texts)


@pytest.mark.parametrize("paper", ["A4", "Letter", "A3", "Tabloid"])
def test_a_cut_list_of_halls_says_how_many_more_and_where_they_are(paper, gui_app):
    """A trial's A4 cover of the campus ended its halls "..." at S2 Hall 6: site 3 never
    appeared and nothing said where the rest were."""
    sites = tuple(
        line
        for site in range(1, 4)
        for line in (
            f"Site {site}: 110 MW available",
            *(f"    S{site} Hall {h}: 288 racks" for h in range(1, 9)),
        )
    )
    content = CoverContent("Campus", "", "Revision A", (), (("6,912", "Rack"),), sites)
    seen = baselines(content, paper)
    texts = [t for _, t in seen]
    shown = sum(t.startswith("    S") for t in texts)
    assert shown < 24 or paper in ("A3", "Tabloid")  # A4 and Letter have room for 20 or so
    if shown < 24:
        assert (
            texts[-1] == f"... and {24 - shown} more halls: each is in the power and cooling tables"
        )
    assert max(y for y, _ in seen) <= SheetFrame.of(paper).content.bottom
    # sites left out are counted too; sites with no hall yet are not "0 more halls"
    bare = CoverContent("Campus", "", "Revision A", (), (), tuple(f"Site {n}" for n in range(60)))
    texts = [t for _, t in baselines(bare, paper)]
    shown = sum(t.startswith("Site ") for t in texts)
    assert texts[-1] == f"... and {60 - shown} more sites: each is in the power and cooling tables"


@pytest.mark.parametrize("halls", [0, 1])
def test_a_project_with_nothing_placed_makes_a_drawing_set(halls, tmp_path, gui_app):
    doc = Document(Project(meta=ProjectMeta(name="Empty")), ids=sequential_ids())
    site = ops.add_site(doc, "Site 1", power_capacity_kw=1_000, cooling_capacity_kw=1_000)
    for _ in range(halls):
        ops.add_hall(
            doc,
            site,
            "Hall 1",
            12_000,
            9_000,
            floor_rating_kpa=25,
            floor_type="slab",
            power_capacity_kw=500,
            cooling_capacity_kw=500,
        )
    target = tmp_path / "set.pdf"
    export(doc.project, default_catalog(), target, "A4")
    assert target.read_bytes().startswith(b"%PDF")
    text = " ".join(pdftotext(target).split())
    assert "Racks by type None placed yet" in text  # not a heading over nothing
    assert ("Rack types None placed yet" in text) == (halls == 1)  # beside an empty plan


def test_a_project_with_no_site_says_so_instead_of_leaving_sheets_blank(tmp_path, gui_app):
    target = tmp_path / "set.pdf"
    export(Project(meta=ProjectMeta(name="Empty")), default_catalog(), target, "A3")
    text = " ".join(pdftotext(target).split())
    assert "Sites and halls None yet" in text
    assert "Power and cooling No loads yet: the project has no power feeds, cooling units" in text


def test_the_covers_optics_power_is_the_bills(tmp_path, gui_app):
    """A trial read 9.7 kW on the cover and 9.75 kW in the bill of materials. Two-sites:
    192 twin-port SR at 15 W at the DGX NICs' cages, 192 twin-port SR at 15 W and 128
    twin-port DR at 17 W at the QM9700s', 32 ZR at 15 W, 128 twin-port DACs at 0.2 W:
    8,441.6 W."""
    from designer.core.examples import two_sites

    target = tmp_path / "two.pdf"
    export(two_sites.build().project, default_catalog(), target, "A3")
    cover = pdftotext(target).split("\f")[0]
    assert "8.44 kW" in cover and "8.4 kW" not in cover
