"""The legend beside a floor plan: every meaning written whole, on every paper."""

import pytest
from PySide6.QtGui import QImage, QPainter

from designer.core.catalog import default_catalog
from designer.core.examples import EXAMPLES
from designer.report.drawing_set import drawing_set
from designer.report.measure import text_width
from designer.report.paper import SheetFrame
from designer.report.sheet import Sheet


@pytest.mark.parametrize("paper", ["A4", "Letter", "A3"])
def test_every_legend_meaning_fits_its_column(paper, gui_app):
    """A review's two-sites A4 plan wrote "Rear-door heat …" in its two-column legend."""
    project = EXAMPLES["two-sites"]().project
    [plan, *_] = [
        p for p in drawing_set(project, default_catalog(), paper) if "floor plan" in p.title
    ]
    written: list[tuple[str, float, float | None]] = []

    class Noting(Sheet):
        def text(self, x, y, text, size_pt=9, bold=False, colour=None, align="left", width=None):  # type: ignore[override]
            written.append((text, size_pt, width))

    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    plan.draw(Noting(painter, SheetFrame.of(paper), 25.4))
    painter.end()
    texts = [t for t, _, _ in written]
    start = texts.index("Legend")
    legend = written[start + 1 : texts.index("Rack types")]
    meanings = " ".join(t for t, _, _ in legend)
    assert "Rear-door heat exchanger" in meanings and "Single-mode fibre" in meanings
    for text, size, width in legend:
        assert width is None or text_width(text, size) <= width + 1e-6, (paper, text)
