"""The links layer on the printed floor plans: the same lines as the canvas, their media in
the sheet's legend, with a key to the line widths."""

import subprocess

from designer.core.catalog import default_catalog
from designer.core.examples import EXAMPLES
from designer.report.export import export


def test_the_plan_sheets_draw_the_links_and_name_their_media(tmp_path, qapp):
    project = EXAMPLES["two-sites"]().project
    pdf = tmp_path / "two-sites.pdf"
    export(project, default_catalog(), pdf, "A3")
    pages = [
        subprocess.run(
            ["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"],
            capture_output=True,
            text=True,
        ).stdout
        for page in range(1, 10)
    ]
    sheets = [t for t in pages if "Legend" in t]  # the floor plans (the cover lists them too)
    north = next(t for t in sheets if "North hall 1: floor plan" in t)
    south = next(t for t in sheets if "South hall 1: floor plan" in t)
    # the north hall's network rack runs single-mode DR to the site's other hall
    assert "Multimode fibre" in north and "Single-mode fibre" in north
    assert "Links along a tray:" in north and "1,000" in north
    assert "Multimode fibre" in south and "Single-mode fibre" not in south
