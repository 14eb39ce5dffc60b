"""The dashboard: utilisation of every feed, CDU and the hall's air, power and heat.

A bar chart, one horizontal bar per feed, CDU or cooling group of the shown hall
and one each for the hall's room air, power and heat. Each bar is the core's ``Load.share``
(``designer.core.rules.loads``): the load over what the thing may carry continuously (a
feed: its continuous share of its rating; a CDU or a hall: its capacity), the figure the
checks and the report's power and cooling tables use, so 73 % here is 73 % in the PDF and
a red bar here is a finding there. 100 % is that limit; the dashed line at 80 % of it marks
"nearly there". Green: under 80 %; amber: over 80 % but within the limit; red: over it.
One load on a zero or tiny limit would stretch the axis until every other bar is a sliver,
so bars are cut at :func:`axis_cap` and keep their real figure as text. A hall with
hundreds of feeds shows its most loaded ones. It refreshes after every edit. While a what-if
shows on the canvas, the bars are the loads its survivors carry after the failure
(``core.resilience.survivors``), a feed or CDU down reads "down", and the caption says so.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from designer.core.findings import ERROR, OK, WARNING
from designer.core.format import number, plural
from designer.core.model.rule_settings import Thresholds
from designer.core.resilience.components import name_of
from designer.core.resilience.impact import Impact
from designer.core.resilience.survivors import DOWN_NOTE, loads_after
from designer.core.rules.limits import default_thresholds, resolve
from designer.core.rules.loads import NEAR_LIMIT, Load, loads
from designer.drawing import style
from designer.gui.editor import Editor
from designer.gui.panels.charts import BarChart

#: Where the dashed line stands: "nearly at the limit".
MARK = NEAR_LIMIT
#: Bars longer than the longest finite one (at least ``LEAST_CAP_PCT``) are cut there, and
#: never past ``MOST_CAP_PCT``, so a load on a zero limit leaves the others readable.
LEAST_CAP_PCT = 120.0
MOST_CAP_PCT = 200.0
#: A feed or cooling unit down in the what-if shown.
DOWN_COLOUR = QColor("#8a949e")
#: What the hall's own bars are called.
HALL_BARS = {"hall_air": "Hall room air", "hall_power": "Hall power", "hall_heat": "Hall heat"}


def _colour(load: Load) -> QColor:
    if load.note == DOWN_NOTE:
        return DOWN_COLOUR
    if load.share > 1.0:
        return style.STATUS_FILL[ERROR]
    if load.share > MARK:
        return style.STATUS_FILL[WARNING]
    return style.STATUS_FILL[OK]


def axis_cap(shares_pct: Sequence[float]) -> float:
    """Where bars are cut, in %: the longest finite bar, at least 120 % and at most 200 %
    (an infinite share, a load on no capacity, is always cut)."""
    finite = [s for s in shares_pct if math.isfinite(s)]
    return min(MOST_CAP_PCT, max([LEAST_CAP_PCT, *finite]))


def share_text(load: Load) -> str:
    """The bar's figure: its share of its limit (or of its flow, where that is fuller), or
    "no capacity" when the limit is zero."""
    return _percent(load.share)


def figures(load: Load) -> str:
    """What the bar's share is of: kW, or L/min for a CDU whose flow is the fuller."""
    if load.flow_share > load.load_share:
        return f"{number(load.flow_lpm, 0)} / {number(load.flow_limit_lpm, 0)} L/min"
    return f"{number(load.load_kw, 0)} / {number(load.limit_kw, 0)} kW"


def _percent(share: float) -> str:
    return "no capacity" if math.isinf(share) else f"{number(share * 100, 0)} %"


def bar_tip(load: Load) -> str:
    """What a bar's percentage is of, in words, for its tooltip."""
    name, kw = bar_name(load), number(load.load_kw)
    if load.limit_kw <= 0:
        text = f"{name}: {kw} kW with no capacity to carry it"
    elif load.limit_kw == load.rating_kw:
        share = _percent(load.load_share)
        text = f"{name}: {kw} kW, {share} of its {number(load.limit_kw)} kW capacity"
    else:
        what = "continuously" if load.kind == "feed" else "with its largest CDU down"
        text = (
            f"{name}: {kw} kW, {_percent(load.load_share)} of the {number(load.limit_kw)} kW "
            f"it may carry {what} (rating {number(load.rating_kw)} kW)"
        )
    return f"{text}; {load.note}" if load.note else text


def hall_loads(editor: Editor, hall_id: str, what_if: Impact | None = None) -> list[Load]:
    """The loads of one hall the dashboard shows (its feeds, CDUs, groups and the hall's own),
    in the core's order; with ``what_if``, those after its failure."""
    project, rack_types, limits = editor.project, editor.doc.rack_types, project_limits(editor)
    if what_if is not None:
        return loads_after(project, rack_types, limits, what_if, hall_id)
    return loads(project, rack_types, limits, hall_id)


def shown_bars(every: list[Load], room: int) -> tuple[list[Load], int]:
    """The bars to draw (the ``room`` most loaded feeds and CDUs, in order, then the hall's)
    and how many feeds and CDUs were left out."""
    hall = [b for b in every if b.kind in HALL_BARS]
    rest = [b for b in every if b.kind not in HALL_BARS]
    kept = set(sorted(range(len(rest)), key=lambda i: -rest[i].share)[:room])
    return [b for i, b in enumerate(rest) if i in kept] + hall, len(rest) - len(kept)


def bar_name(load: Load) -> str:
    return HALL_BARS.get(load.kind, load.name)


def legend(feed_share: float) -> str:
    """What the percentages are of, for the caption's tooltip."""
    return (
        "Each bar is a load as a share of what it may carry continuously, the figure of the "
        "report's Use column and of the power and cooling findings: 100 % is the limit the "
        f"checker enforces. A feed may carry {number(feed_share * 100, 0)} % of its rating (or "
        "what its switchboard supplies, if less); a CDU the larger of its heat against its "
        "capacity and the coolant flow that heat needs against what it pumps (L/min); the "
        "hall's power, heat and room air their capacity; an N+1 cooling group its capacity with its largest CDU down. The "
        f"dashed line at {number(MARK * 100, 0)} % marks a load nearly at its limit."
    )


def project_limits(editor: Editor) -> Thresholds:
    """The design-rule limits of this project: the defaults with what it sets."""
    return resolve(default_thresholds().values, editor.project.settings.rules.thresholds)


class DashboardPanel(BarChart):
    """Utilisation bars of the shown hall."""

    def __init__(self, editor: Editor, parent: QWidget | None = None) -> None:
        super().__init__("% of what it may carry continuously", parent, "% of its limit")
        self.editor = editor
        self.bars: list[Load] = []
        #: the what-if shown on the canvas, whose survivors' loads the bars show
        self.what_if: Impact | None = None
        self.add_mark(MARK * 100, style.STATUS_FILL[ERROR], 1.5, dashed=True)
        self.add_mark(100, QColor("#2b3540"))
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(150)
        self._timer.timeout.connect(self.refresh)
        editor.findings_changed.connect(self._timer.start)
        editor.hall_changed.connect(self._timer.start)
        editor.bridge.changed.connect(lambda _c: self._timer.start())
        # as many bars as the chart's new height holds: the window's, or the note's lines
        # taking more or less of it
        self.host.resized.connect(self._timer.start)
        self.refresh()

    def show_what_if(self, impact: Impact | None) -> None:
        """Draw the loads the survivors of ``impact``'s failure carry (None: the design's)."""
        self.what_if = impact
        self.refresh()

    def refresh(self) -> None:
        """Recompute the bars of the shown hall and redraw them."""
        hall = self.editor.hall_id
        every = (
            hall_loads(self.editor, hall, self.what_if) if hall in self.editor.project.halls else []
        )
        # as many of the most loaded as the chart names without skipping a row
        room = max(1, self.rows_named() - len(HALL_BARS))
        self.bars, hidden = shown_bars(every, room)
        shares = [b.share * 100 for b in self.bars]
        cap = axis_cap(shares)
        short = ["down" if bar.note == DOWN_NOTE else share_text(bar) for bar in self.bars]
        texts = [
            text if bar.note == DOWN_NOTE else f"{text}  {figures(bar)}"
            for bar, text in zip(self.bars, short, strict=True)
        ]
        self.show_bars(
            [bar_name(b) for b in self.bars],
            [(np.array(shares, dtype=float), [_colour(b) for b in self.bars])],
            texts,
            [bar_tip(b) for b in self.bars],
            least_x=100.0,
            most_x=cap,
            short=short,
        )
        caption = self.caption(hall, every, hidden, cap)
        if self.what_if is not None and hall in self.editor.project.halls:
            failed = self.what_if.failed
            names = ", ".join(name_of(self.editor.project, i) for i in failed)
            verb = "fails" if len(failed) == 1 else "fail"
            caption = (
                f"<b>What if {html.escape(names)} {verb}:</b> the loads after the failure "
                f"(Esc returns to the design) · {caption}"
            )
        self.note.setText(caption)
        self.note.setToolTip(legend(project_limits(self.editor).continuous_load_share))

    def caption(self, hall: str | None, every: list[Load], hidden: int, cap: float) -> str:
        """How many of the hall's loads (its feeds, CDUs, cooling groups and its own power,
        heat and room air: every bar the chart may show) are over or near their limit, and
        whether bars were cut. What the percentages are of is the axis title, and in full
        the caption's tooltip (:func:`legend`)."""
        if hall not in self.editor.project.halls:
            return "No hall to measure: open a project or add a hall."
        # every bar counts, the hall's own too: a trial saw "0 over their limit" under a
        # red room-air bar
        over = [b for b in every if b.share > 1.0]
        near = [b for b in every if MARK < b.share <= 1.0]
        parts = [
            f"{len(over)} over their limit, {len(near)} above {number(MARK * 100, 0)} %, "
            f"of {plural(len(every), 'load')}"
        ]
        if hidden:
            # a trial read "of 8 loads · 4 most loaded shown" under 7 bars: the hall's own
            # three are always shown
            parts.append(f"the {hidden} least loaded not shown")
        parts.append(f"dashed line: {number(MARK * 100, 0)} %")
        if self.cut.any():
            parts.append(f"bars cut at {number(cap, 0)} %")
        return " · ".join(parts)
