"""The links layer on the printed floor plans: the same lines as the canvas, their media in
the sheet's legend, with a key to the line widths."""

import subprocess

from designer.core.catalog import default_catalog
from designer.core.examples import EXAMPLES
from designer.drawing.links import CASING_PT, LANE_GAP_PT, WIDEST_PT, lane_scale
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


def test_at_1_to_200_three_of_the_widest_lanes_cover_less_than_a_rack():
    """A campus hall's 1:200 sheet drew its bundles as wide as at 1:100: three lanes of
    fibre covered a 1.2 m row of racks (a PDF review). Lanes keep their widths from 1:100
    in, and thin farther out with the floor under them."""
    lane_pt = WIDEST_PT + 2 * CASING_PT + LANE_GAP_PT
    at_200 = 72 / 25.4 / 200
    assert 3 * lane_pt / at_200 > 1_200  # as wide as at 1:100, they covered a row
    assert 3 * lane_pt * lane_scale(at_200) / at_200 < 1_200
    assert lane_scale(72 / 25.4 / 100) == 1.0  # a 1:100 sheet keeps them whole
