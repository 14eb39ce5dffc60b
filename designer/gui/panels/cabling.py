"""The cabling charts: how long the project's links run, and what they are made of.

Both read the network plan the design check keeps current (``Editor.network``), so they
follow every edit without planning again, and both colour bars by medium family as the
links layer on the canvas does.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from designer.core.format import plural
from designer.core.network.mix import FAMILIES, FAMILY_NAMES, length_histogram, media_mix
from designer.core.network.network_plan import NetworkPlan
from designer.drawing import style
from designer.gui.editor import Editor
from designer.gui.panels.charts import BarChart

WAITING = "The links appear once the design check has run."


def family_key(families: list[str]) -> str:
    """A line of coloured squares naming ``families`` (rich text, for a chart's note); a
    note that wraps breaks between families, never inside a name."""
    return " &nbsp; ".join(
        f"<span style='color:{style.LINK_FAMILY[f].name()}'>■</span>&nbsp;"
        + FAMILY_NAMES[f].replace(" ", "&nbsp;").replace("-", "\u2011")
        for f in families
    )


class PlanChart(BarChart):
    """A chart of the network plan, drawn again with each new plan."""

    def __init__(self, editor: Editor, parent: QWidget | None = None) -> None:
        super().__init__("Links", parent)
        self.editor = editor
        self.note.setTextFormat(Qt.TextFormat.RichText)
        editor.network_changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        plan = self.editor.network
        if plan is None:
            self.show_bars([], [], [])
            self.note.setText(WAITING)
        else:
            self.draw(plan)

    def draw(self, plan: NetworkPlan) -> None:
        raise NotImplementedError


class LengthsChart(PlanChart):
    """Links per routed-length band, stacked by medium family.

    Only the bands some link falls in: from a rack's 2 m to a DCI's 120 km there are 14,
    and in a dock's height their labels ran into each other.
    """

    def draw(self, plan: NetworkPlan) -> None:
        histogram = length_histogram(plan)
        totals = sum(histogram.links.values(), np.zeros(len(histogram.edges_m) - 1, dtype=int))
        bands = np.flatnonzero(totals).tolist()
        families = [f for f in FAMILIES if f in histogram.links]
        self.show_bars(
            [histogram.label(b) for b in bands],
            [
                (histogram.links[f][list(bands)], [style.LINK_FAMILY[f]] * len(bands))
                for f in families
            ],
            [f"{int(totals[b]):,}" for b in bands],
            [_band_tip(histogram.label(b), histogram.links, families, b) for b in bands],
        )
        parts = [f"{plural(int(totals.sum()), 'link')} by routed length, every hall"]
        if histogram.in_rack:
            parts.append(f"{plural(histogram.in_rack, 'link')} within a rack, uncabled, left out")
        if histogram.unrouted:
            parts.append(f"{histogram.unrouted:,} not routed")
        self.note.setText(" · ".join(parts) + "<br>" + family_key(families))


def _band_tip(label: str, links: dict[str, np.ndarray], families: list[str], band: int) -> str:
    """A length band's readout: its links in all and by medium family."""
    counts = [(f, int(links[f][band])) for f in families if links[f][band]]
    parts = ", ".join(f"{FAMILY_NAMES[f]} {n:,}" for f, n in counts)
    return f"{label}: {plural(sum(n for _, n in counts), 'link')} ({parts})"


class MediaMixChart(PlanChart):
    """Links per medium, coloured by family."""

    def draw(self, plan: NetworkPlan) -> None:
        mix = media_mix(plan)
        total = sum(m.links for m in mix)
        self.show_bars(
            [m.short for m in mix],
            [(np.array([m.links for m in mix]), [style.LINK_FAMILY[m.family] for m in mix])],
            [f"{m.links:,}  ({m.links / total:.0%})" for m in mix],
            [f"{m.name}: {plural(m.links, 'link')} in {plural(m.bundles, 'bundle')}" for m in mix],
        )
        families = [f for f in FAMILIES if any(m.family == f for m in mix)]
        bundles = sum(m.bundles for m in mix)
        self.note.setText(
            f"{plural(total, 'link')} in {plural(bundles, 'bundle')}, every hall<br>"
            f"{family_key(families)}"
        )
