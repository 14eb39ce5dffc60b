"""The link inspector: the bundles of the selected racks, and everything about the one picked.

A table of the selection's bundles (where each goes, how many links of what ordered length
("72 × 10 m"), over what medium) with the picked bundle's full schedule line below it: plane
and rates, routed and order length, medium and module class, power per end, latency, cost
and the reason the medium was chosen (or why the bundle has none). The line is given the
height it needs and the table the rest, down to a few rows (``TABLE_LEAST_ROWS``). The
lines are the cable schedule's own, taken from the plan the design check keeps current
(``Editor.network`` through ``designer.core.network.selection.plan_of``), so after a rack
moves its lengths follow without planning again.
"""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
)
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QSizePolicy,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from designer.core.format import number, plural
from designer.core.network.fabric import UNPLANNED
from designer.core.network.media import PLANE_NAMES
from designer.core.network.mix import family
from designer.core.network.network_plan import NetworkPlan
from designer.core.network.schedule import ScheduleLine, cable_schedule
from designer.core.network.selection import plan_of
from designer.drawing import style
from designer.gui.editor import Editor
from designer.gui.panels.fitted_text import FittedText
from designer.gui.panels.table import RowsModel, rows_view

COLUMNS = ("To", "Links", "Medium")
#: The least of the table's width where the bundles go keeps when the medium column takes
#: the rest: enough for "in rack" or a short rack label, cut in its middle, in a dock too
#: narrow for both (the detail below names both ends whole). A fifth leaves the longest
#: medium ("NVLink copper spine") whole in the Links dock of a 1600 x 1000 window.
TO_LEAST_SHARE = 0.2
#: The rows the table keeps in sight, under its header, however much of the dock the picked
#: bundle's detail needs: the detail scrolls rather than the table shrink to nothing.
TABLE_LEAST_ROWS = 2


def metres(value: float | None) -> str:
    """A length as the schedule gives it: metres, kilometres from 1 km; a dash for none."""
    if value is None:
        return "—"
    return f"{number(value / 1000, 1)} km" if value >= 1_000 else f"{number(value, 1)} m"


class ElideRight(QStyledItemDelegate):
    """Cuts a cell's text at its end: a medium is read from its start ("NVLink copper…"),
    whereas rack names, elided in the middle, keep their distinguishing number."""

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        option.textElideMode = Qt.TextElideMode.ElideRight


class BundlesModel(RowsModel):
    """The schedule lines of the selection, one row each."""

    COLUMNS = COLUMNS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[ScheduleLine] = []
        self.short: dict[str, str] = {}
        self.family: dict[str, str] = {}
        self.racks: frozenset[str] = frozenset()

    def set_lines(
        self,
        lines: list[ScheduleLine],
        racks: frozenset[str],
        short: dict[str, str],
        families: dict[str, str],
    ) -> None:
        """Show ``lines``, the bundles of ``racks``; media by name as ``short`` and ``families``."""
        self.beginResetModel()
        self.rows, self.racks, self.short, self.family = lines, racks, short, families
        self.endResetModel()

    def far_end(self, line: ScheduleLine) -> str:
        """Where a bundle goes as seen from the selection: the end outside it, both ends
        when both are selected, or "in rack" for a bundle inside the one rack selected
        (with several, which rack). An end in another hall names its hall: a campus repeats
        its rack labels from hall to hall."""
        if line.from_id == line.to_id:
            alone = self.racks == {line.from_id}
            return "in rack" if alone else f"in rack {line.from_name}"
        inside = (line.from_id in self.racks, line.to_id in self.racks)
        ends = end_names(line)
        if all(inside):
            return f"{ends[0]} ↔ {ends[1]}"
        return ends[0] if inside[1] else ends[1]

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        line = self.rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return self.far_end(line)
            if column == 1:
                if line.from_id == line.to_id and not line.order_m:
                    return f"{line.count:,}"  # inside one rack: nothing to cut to length
                length = line.order_m if line.order_m is not None else line.routed_m
                return f"{line.count:,} × {metres(length)}"
            return self.short.get(line.medium, "none")
        if role == Qt.ItemDataRole.DecorationRole and column == 2:
            return style.LINK_FAMILY[self.family.get(line.medium, "none")]
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 1:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return line.medium or line.reason if column == 2 else line.reason
        return None


def end_names(line: ScheduleLine) -> tuple[str, str]:
    """The bundle's two ends by name, each with its hall when the two halls differ."""
    if line.from_hall == line.to_hall:
        return line.from_name, line.to_name
    return _in_hall(line.from_name, line.from_hall), _in_hall(line.to_name, line.to_hall)


def _in_hall(name: str, hall: str) -> str:
    """``name`` after its ``hall``: a cell too narrow is cut in its middle, and keeps the
    hall and the end of the label that tells racks apart ("North ha…N1-NET-02")."""
    return f"{hall}: {name}" if hall else name


#: Protocols as the trade writes them.
PROTOCOL_NAMES = {
    "infiniband": "InfiniBand",
    "ethernet": "Ethernet",
    "nvlink": "NVLink",
    "ub": "UB",
}


def _with(text: str, more: str, *same: str) -> str:
    """``text, more``, unless ``more`` repeats the plane (a trial read "NVLink, nvlink")."""
    repeats = more.casefold() in {text.casefold(), *(s.casefold() for s in same)}
    return text if not more or repeats else f"{text}, {more}"


def details(line: ScheduleLine) -> str:
    """Everything the schedule says of one bundle, as rich text."""
    ends = end_names(line)
    rows = [
        ("From", ends[0]),
        ("To", ends[1]),
        ("Plane", _with(PLANE_NAMES.get(line.plane, line.plane), line.role, line.plane)),
        (
            "Rate",
            _with(
                f"{line.rate_gbps:,}G on {line.lane_gbps}G lanes",
                PROTOCOL_NAMES.get(line.protocol, line.protocol),
                line.plane,
            ),
        ),
        ("Links", _links(line)),
        (
            "Medium",
            f"{line.medium or 'none'}" + (f" ({line.module_class})" if line.module_class else ""),
        ),
        (
            "Power",
            "—" if line.power_w_per_end is None else f"{number(line.power_w_per_end, 1)} W per end",
        ),
        ("Latency", _latency(line.latency_ns)),
        ("Cost", "—" if line.cost_usd is None else f"${number(line.cost_usd, 0)} (estimate)"),
        ("Why", line.reason),
    ]
    cells = "".join(
        f"<tr><td style='color:#5f6b76; padding-right:8px'>{name}</td><td>{escape(value)}</td></tr>"
        for name, value in rows
    )
    # rows as close as the lines of a paragraph: every line of a long medium and its reason
    # in the Links dock of a 1600 x 1000 window, above a table of a few rows
    return f"<table cellspacing='0' cellpadding='0'>{cells}</table>"


def _latency(ns: float | None) -> str:
    """A bundle's one-way latency: in ns within a hall (a 30 m link's 197 ns), in µs from
    10 µs on, as every other view gives a DCI route's ("147 µs one way"), where a 30 km
    route read "148,000 ns" (an architect's trial)."""
    if ns is None:
        return "—"
    return f"{number(ns, 0)} ns" if ns < 10_000 else f"{number(ns / 1000, 1)} µs"


def _links(line: ScheduleLine) -> str:
    """How many links of what length, the table's "64 × 190 m" said whole on one line
    ("64 × 190 m ordered (165.2 m routed)") where it took three: a trial at 1600 x 1000
    read the detail down to the cost and no further. A bundle with nothing ordered (a
    DCI's fibre pairs are counted apart) gives its route; one inside a rack, its count."""
    if line.order_m is not None:
        routed = f" ({metres(line.routed_m)} routed)" if line.routed_m is not None else ""
        return f"{line.count:,} × {metres(line.order_m)} ordered{routed}"
    if line.routed_m:
        return f"{line.count:,} × {metres(line.routed_m)} routed"
    return f"{line.count:,}"


class LinksPanel(QWidget):
    """The bundles of the selected racks (every rack of a selected system)."""

    def __init__(self, editor: Editor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.title = QLabel()
        self.title.setObjectName("linksTitle")
        self.title.setWordWrap(True)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet("color: #5f6b76;")
        self.model = BundlesModel(self)
        self.table = rows_view(self.model)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        # where a bundle goes takes the room left; the medium column fits the media listed
        # (``_fit_medium_column``)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Fixed)
        self._elide_right = ElideRight(self.table)
        self.table.setItemDelegateForColumn(2, self._elide_right)
        self.detail = QLabel()
        self.detail.setObjectName("linksDetail")
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.RichText)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail.setContentsMargins(2, 4, 2, 4)
        self.detail_box = FittedText(self.detail)
        self.detail_box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        # the detail takes the height its text needs (its size hint); the table, stretched,
        # the rest, down to its least rows (a stretched item's hint is its minimum)
        self.table.setMinimumHeight(
            self.table.horizontalHeader().sizeHint().height()
            + TABLE_LEAST_ROWS * self.table.verticalHeader().defaultSectionSize()
            + 2 * self.table.frameWidth()
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.addWidget(self.title)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.detail_box)
        self.table.selectionModel().currentRowChanged.connect(self._show_detail)
        self.table.viewport().installEventFilter(self)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        editor.selection.changed.connect(self._timer.start)
        editor.network_changed.connect(self._timer.start)
        self.refresh()

    def racks(self) -> list[str]:
        """The selected racks, every rack of a selected system included."""
        placements = self.editor.project.placements
        return [i for i in self.editor.selected() if i in placements]

    def refresh(self) -> None:
        """List the bundles of the selected racks from the current plan."""
        racks = self.racks()
        plan = self.editor.network
        picked = self.table.currentIndex().row()
        lines = cable_schedule(plan_of(plan, racks)) if plan is not None and racks else []
        media = plan.media.media if plan is not None else []
        self.model.set_lines(
            lines,
            frozenset(racks),
            {m.name: m.short for m in media},
            {m.name: family(m) for m in media},
        )
        self._fit_medium_column()
        placements = self.editor.project.placements
        if not racks:
            self.title.setText("<b>Links</b>")
            self.summary.setText("Select racks to see their bundles.")
        elif plan is None:
            self.title.setText(f"<b>{self._names(racks, placements)}</b>")
            self.summary.setText("The links appear once the design check has run.")
        else:
            self.title.setText(f"<b>{self._names(racks, placements)}</b>")
            why = self._fabric_problem(plan, racks, lines)
            self.summary.setText(self._totals(lines) + (f"<br>{escape(why)}" if why else ""))
        if lines:
            self.table.selectRow(min(max(picked, 0), len(lines) - 1))
        self._show_detail(self.table.currentIndex())

    def _fit_medium_column(self) -> None:
        """As wide as the widest medium listed, swatch and margins as the view measures its
        cells, short of ``TO_LEAST_SHARE`` of the table for where the bundles go: a medium
        is read whole, a far end in its middle (a trial at 1600 x 1000 read "multimo…"
        beside "CM384-co…witch-01", the medium held to 30 % for the far ends' sake)."""
        table, header = self.table, self.table.horizontalHeader()
        width = table.viewport().width()
        medium = max(table.sizeHintForColumn(2), header.sectionSizeHint(2))
        links = max(table.sizeHintForColumn(1), header.sectionSizeHint(1))
        header.resizeSection(2, max(0, min(medium, width - links - int(width * TO_LEAST_SHARE))))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A table made wider or narrower (the dock resized, its scroll bar come or gone)
        fits its medium column again; made lower (a longer detail picked below it), it
        keeps the picked bundle in sight."""
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_medium_column()
            self.table.scrollTo(self.table.currentIndex())
        return super().eventFilter(watched, event)

    @staticmethod
    def _names(racks: list[str], placements: Any) -> str:
        labels = [placements[i].label or i for i in racks]
        return escape(labels[0] if len(labels) == 1 else f"{len(labels)} racks ({labels[0]}, …)")

    def _fabric_problem(
        self, plan: NetworkPlan, racks: list[str], lines: list[ScheduleLine]
    ) -> str:
        """Why the selected racks have no scale-out links, when they have none and their
        site's fabric could not be planned: a trial's racks lost every scale-out link to a
        switch shortage elsewhere on the site, and the panel said only that no bundles
        ended there. (A site plans a fabric per NIC rate: racks with links of their own
        are not told of another rate's problem.)"""
        if any(line.plane == "scale_out" for line in lines):
            return ""
        project = self.editor.project
        sites = {
            project.halls[project.placements[r].hall_id].site_id
            for r in racks
            if project.placements[r].hall_id in project.halls
        }
        for finding in plan.findings:
            if finding.code in UNPLANNED and finding.ids and finding.ids[0] in sites:
                return f"No scale-out links: {finding.message}"
        return ""

    @staticmethod
    def _totals(lines: list[ScheduleLine]) -> str:
        if not lines:
            return "No bundles end at the selection."
        links = sum(x.count for x in lines)
        ordered = sum(x.count * x.order_m for x in lines if x.order_m is not None)
        cost = sum(x.cost_usd or 0.0 for x in lines)
        power = sum(2 * x.count * (x.power_w_per_end or 0.0) for x in lines)
        bundles = f"{len(lines):,} bundle" + ("s" if len(lines) != 1 else "")
        # no break inside a figure and its unit when the line wraps
        return " · ".join(
            part.replace(" ", "\u00a0")
            for part in (
                bundles,
                plural(links, "link"),
                f"{metres(ordered)} of cable ordered",
                f"{number(power / 1000, 2)} kW at both ends",
                f"${number(cost, 0)}",
            )
        )

    def _show_detail(self, index: QModelIndex) -> None:
        row = index.row()
        lines = self.model.rows
        self.detail.setText(details(lines[row]) if 0 <= row < len(lines) else "")
        self.detail_box.updateGeometry()  # the height of the new text
