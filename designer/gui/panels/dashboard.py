"""The dashboard: utilisation of every feed, CDU and the hall's air, power and heat.

A pyqtgraph bar chart, one horizontal bar per feed, CDU or cooling group of the shown hall
and one each for the hall's room air, power and heat, as a share of its nameplate, with
the 80 % line marked. Loads come from ``designer.core.rules.loads``, the model the checks
and the report use, so a red bar here is a finding there. Green: under 80 %; amber: over
80 % but within its limit; red: over its limit (for a feed, its continuous limit). A hall
with hundreds of feeds shows its most loaded ones. It refreshes after every edit.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from designer.core.format import number
from designer.core.rules.limits import default_thresholds, resolve
from designer.core.rules.loads import Load, loads
from designer.drawing import style
from designer.gui.editor import Editor
from designer.gui.panels.charts import BarChart

#: Where the dashed line stands: the continuous share of a rating.
MARK = 0.8
#: What the hall's own bars are called.
HALL_BARS = {"hall_air": "Hall room air", "hall_power": "Hall power", "hall_heat": "Hall heat"}
_SHOWN = ("feed", "cdu", "cooling_group", *HALL_BARS)

#: Height each bar needs to stay readable, in pixels; the panel shows as many of the most
#: loaded feeds and CDUs as its height allows, besides the hall's own bars.
BAR_PX = 19


def utilisation(load: Load) -> float:
    """Load over nameplate (infinite when something loads a zero nameplate)."""
    if load.rating_kw <= 0:
        return float("inf") if load.load_kw > 0 else 0.0
    return load.load_kw / load.rating_kw


def _colour(load: Load) -> QColor:
    if load.share > 1.0:
        return style.STATUS_FILL[style.ERROR]
    if utilisation(load) > MARK:
        return style.STATUS_FILL[style.WARNING]
    return style.STATUS_FILL[style.OK]


def hall_loads(editor: Editor, hall_id: str) -> list[Load]:
    """The loads of one hall the dashboard shows, in the core's order."""
    project = editor.project
    limits = resolve(default_thresholds().values, project.settings.rules.thresholds)
    found = loads(project, editor.doc.rack_types, limits.continuous_load_share)
    return [load for load in found if load.kind in _SHOWN and load.hall_id == hall_id]


def shown_bars(every: list[Load], room: int) -> tuple[list[Load], int]:
    """The bars to draw (the ``room`` most loaded feeds and CDUs, in order, then the hall's)
    and how many feeds and CDUs were left out."""
    hall = [b for b in every if b.kind in HALL_BARS]
    rest = [b for b in every if b.kind not in HALL_BARS]
    kept = set(sorted(range(len(rest)), key=lambda i: -utilisation(rest[i]))[:room])
    return [b for i, b in enumerate(rest) if i in kept] + hall, len(rest) - len(kept)


def bar_name(load: Load) -> str:
    return HALL_BARS.get(load.kind, load.name)


class DashboardPanel(BarChart):
    """Utilisation bars of the shown hall."""

    def __init__(self, editor: Editor, parent: QWidget | None = None) -> None:
        super().__init__("Utilisation (%)", parent)
        self.editor = editor
        self.bars: list[Load] = []
        pen80 = pg.mkPen(style.STATUS_FILL[style.ERROR], width=1.5, style=Qt.PenStyle.DashLine)
        self.plot.addItem(pg.InfiniteLine(pos=MARK * 100, angle=90, pen=pen80))
        self.plot.addItem(pg.InfiniteLine(pos=100, angle=90, pen=pg.mkPen("#2b3540", width=1)))
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(150)
        self._timer.timeout.connect(self.refresh)
        editor.findings_changed.connect(self._timer.start)
        editor.hall_changed.connect(self._timer.start)
        editor.bridge.changed.connect(lambda _c: self._timer.start())
        self.refresh()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._timer.start()  # as many bars as the new height holds

    def refresh(self) -> None:
        """Recompute the bars of the shown hall and redraw them."""
        hall = self.editor.hall_id
        every = hall_loads(self.editor, hall) if hall in self.editor.project.halls else []
        room = max(1, self.plot.height() // BAR_PX - 1 - len(HALL_BARS))
        self.bars, hidden = shown_bars(every, room)
        shares = np.array([min(utilisation(b), 9.99) * 100 for b in self.bars], dtype=float)
        texts = [
            f"{f'{number(share, 0)} %' if bar.rating_kw > 0 else 'no capacity'}  "
            f"{number(bar.load_kw, 0)} / {number(bar.rating_kw, 0)} kW"
            for bar, share in zip(self.bars, shares, strict=True)
        ]
        self.show_bars(
            [bar_name(b) for b in self.bars],
            [(shares, [_colour(b) for b in self.bars])],
            texts,
            [b.note for b in self.bars],
            least_x=100.0,
        )
        over = [b for b in every if b.kind not in HALL_BARS and b.share > 1.0]
        near = [
            b for b in every if b.kind not in HALL_BARS and b.share <= 1.0 and utilisation(b) > MARK
        ]
        parts = [
            f"{len(over)} over their limit, {len(near)} above 80 %, of {len(every) - len(HALL_BARS)} feeds and CDUs"
        ]
        if hidden:
            parts.append(f"showing the {len(self.bars) - len(HALL_BARS)} most loaded")
        self.note.setText(" · ".join(parts) + " · dashed line: 80 %")
