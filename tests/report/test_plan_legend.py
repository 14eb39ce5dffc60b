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


def test_two_rack_types_of_one_short_name_are_listed_by_their_whole_names():
    """An audit's legend listed "Quantum-X800 Q3400 network rack" twice: a rack of 3
    switches at 21 kW and one of 1 at 7 kW, which the summary tells apart."""
    from designer.core.generate.fitted import holding
    from designer.report.pages.plan import hall_info

    catalog = default_catalog()
    full = catalog.racks["nvidia-q3400-rack"]
    one = holding(full, 1, catalog.switches[full.switches.switch_id])
    types = {full.id: full, one.id: one, "nvidia-gb300-nvl72": catalog.racks["nvidia-gb300-nvl72"]}
    info = hall_info({full.id: 1, one.id: 1, "nvidia-gb300-nvl72": 4}, types, {})
    assert [name for name, _ in info.rack_types] == [
        "4 × GB300 NVL72",
        "1 × Quantum-X800 Q3400 network rack (3 switches)",
        "1 × Quantum-X800 Q3400 network rack (1 switch)",
    ]
