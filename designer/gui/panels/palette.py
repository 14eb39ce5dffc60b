"""The catalog as a palette: Compute, Network, Cooling, Power and Structure, ready to drag.

Each entry shows the item from above and its key figures (kW, kg, accelerators). Drag one
onto the floor to place it there, or click it to place it with clicks (Esc stops). The
drag carries a ``PaletteEntry`` as mime data; ``mime_data`` builds exactly what a drag
carries, so tests can drop without a real (blocking) drag.
"""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QDrag,
    QFont,
    QFontMetrics,
    QIcon,
    QPainter,
    QPixmap,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QLineEdit,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.core.catalog import Catalog
from designer.core.format import number
from designer.core.model.equipment import (
    CoolingType,
    FeedType,
    RackType,
    StructureType,
    SystemTemplate,
    TrayType,
)
from designer.core.placement.entry import PaletteEntry
from designer.drawing.glyphs import draw_glyph
from designer.gui.icons import glyph_icon

GROUPS = ("Compute", "Network", "Cooling", "Power", "Structure")
ENTRY_ROLE = Qt.ItemDataRole.UserRole
FIGURES_ROLE = Qt.ItemDataRole.UserRole + 1


def mime_data(entry: PaletteEntry) -> QMimeData:
    """What dragging ``entry`` out of the palette carries."""
    data = QMimeData()
    data.setData(PaletteEntry.MIME, entry.to_bytes())
    return data


def _rack_figures(kind: RackType) -> str:
    parts = [f"{number(kind.max_kw)} kW", f"{number(kind.weight_kg, 0)} kg"]
    if kind.accelerators:
        parts.append(f"{kind.accelerators} {kind.accelerator_kind or 'accelerators'}")
    elif kind.switches:
        parts.append(f"{kind.switches.count} switches")
    return " · ".join(parts)


def _cooling_note(entry: PaletteEntry, catalog: Catalog) -> str:
    """For a rack: how its heat leaves it (the tooltip's last figure)."""
    kind = catalog.racks.get(entry.type_id) if entry.kind == "rack" else None
    if kind is None:
        return ""
    if kind.liquid_share:
        return f"\n{number(kind.liquid_share * 100, 0)} % of its heat to liquid (needs a CDU)"
    return "\nAir-cooled"


def _system_figures(system: SystemTemplate, catalog: Catalog) -> str:
    weight = sum(
        catalog.racks[m.type_id].weight_kg for m in system.members if m.type_id in catalog.racks
    )
    return (
        f"{number(system.max_kw)} kW · {number(weight / 1000, 1)} t · {len(system.members)} racks · "
        f"{system.accelerators} NPUs"
    )


def _cooling_figures(unit: CoolingType) -> str:
    if unit.kind == "cdu":
        size = "in rack" if not unit.width_mm else f"{unit.width_mm} × {unit.depth_mm} mm"
        return f"{number(unit.liquid_capacity_kw)} kW liquid · {size}"
    return f"{number(unit.air_capacity_kw)} kW air · {unit.width_mm} × {unit.depth_mm} mm"


def _feed_figures(feed: FeedType) -> str:
    rating = feed.voltage_v * feed.amps * (3**0.5 if feed.phases == 3 else 1) / 1000
    return f"{number(rating, 0)} kW · {number(feed.voltage_v, 0)} V {number(feed.amps, 0)} A {feed.phases}-ph"


def _tray_figures(tray: TrayType) -> str:
    return f"{tray.width_mm} × {tray.depth_mm} mm · at {number(tray.height_mm / 1000, 1)} m"


def _structure_figures(structure: StructureType) -> str:
    return f"{structure.width_mm} × {structure.depth_mm} mm"


def catalog_entries(
    catalog: Catalog, custom: dict[str, RackType] | None = None
) -> dict[str, list[tuple[PaletteEntry, str, str, str]]]:
    """The palette's groups: (entry, name, figures, glyph) per catalog item, in catalog order."""
    groups: dict[str, list[tuple[PaletteEntry, str, str, str]]] = {g: [] for g in GROUPS}
    racks = {**catalog.racks, **(custom or {})}
    for kind in racks.values():
        group = "Network" if kind.category == "network" else "Compute"
        groups[group].append(
            (PaletteEntry("rack", kind.id), kind.name, _rack_figures(kind), kind.category)
        )
    for system in catalog.systems.values():
        groups["Compute"].append(
            (
                PaletteEntry("system", system.id),
                system.name,
                _system_figures(system, catalog),
                "system",
            )
        )
    for unit in catalog.cooling.values():
        groups["Cooling"].append(
            (PaletteEntry("cooling", unit.id), unit.name, _cooling_figures(unit), unit.kind)
        )
    for feed in catalog.feeds.values():
        groups["Power"].append(
            (PaletteEntry("feed", feed.id), feed.name, _feed_figures(feed), feed.kind)
        )
    for tray in catalog.trays.values():
        groups["Structure"].append(
            (PaletteEntry("tray", tray.id), tray.name, _tray_figures(tray), "tray")
        )
    for structure in catalog.structures.values():
        groups["Structure"].append(
            (
                PaletteEntry("structure", structure.id),
                structure.name,
                _structure_figures(structure),
                structure.kind,
            )
        )
    return groups


#: Where an entry's words start: after its 32 px glyph and the room around it.
TEXT_LEFT_PX = 42
#: The room after the words.
TEXT_RIGHT_PX = 4
#: The least room above and below them.
TEXT_PAD_PX = 4
#: An entry's least height: its glyph and the room around it.
ENTRY_LEAST_PX = 42
#: A name from its top left, broken between words onto as many lines as it needs.
NAME_WRAP = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap


class _EntryDelegate(QStyledItemDelegate):
    """Two parts per entry: the whole name, on as many lines as the palette's width needs
    (a trial's narrow dock read "NVIDIA GB200 NV…" and could not tell it from the GB300),
    and its figures on one line in a quieter grey (the tooltip has them whole)."""

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        if index.data(ENTRY_ROLE) is None:
            return QSize(option.rect.width(), 26)
        view = option.widget
        width = option.rect.width()
        if isinstance(view, QTreeWidget):  # the row's width: the view's, less its indent
            depth = 0
            parent = index.parent()
            while parent.isValid():
                depth, parent = depth + 1, parent.parent()
            width = view.viewport().width() - view.indentation() * depth
        name, figures = self._heights(option, index, width - TEXT_LEFT_PX - TEXT_RIGHT_PX)
        return QSize(width, max(ENTRY_LEAST_PX, name + figures + 2 * TEXT_PAD_PX))

    @staticmethod
    def _fonts(option: QStyleOptionViewItem) -> tuple[QFont, QFont]:
        """The name's font (bold) and the figures' (a point smaller)."""
        name_font = QFont(option.font)
        name_font.setWeight(QFont.Weight.DemiBold)
        small = QFont(option.font)
        small.setPointSizeF(max(6.5, option.font.pointSizeF() - 1))
        return name_font, small

    @classmethod
    def _heights(
        cls,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
        width: int,
    ) -> tuple[int, int]:
        """The heights of the name, wrapped to ``width``, and of the figures' line."""
        name_font, small = cls._fonts(option)
        text = index.data(Qt.ItemDataRole.DisplayRole) or ""
        name = QFontMetrics(name_font).boundingRect(
            QRect(0, 0, max(width, 1), 1 << 20), NAME_WRAP, text
        )
        return name.height(), QFontMetrics(small).height()

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        if index.data(ENTRY_ROLE) is None:
            super().paint(painter, option, index)
            return
        self.initStyleOption(option, index)
        widget = option.widget
        style = widget.style() if widget else None
        text = option.text
        option.text = ""
        option.icon = QIcon()
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter, widget)
        rect = option.rect
        painter.save()
        icon_rect = QRect(rect.left() + 4, rect.top() + (rect.height() - 32) // 2, 32, 32)
        index.data(Qt.ItemDataRole.DecorationRole).paint(painter, icon_rect)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        name_font, small = self._fonts(option)
        width = rect.width() - TEXT_LEFT_PX - TEXT_RIGHT_PX
        name_h, figures_h = self._heights(option, index, width)
        # the name and the figures as one block, in the middle of a row the glyph makes taller
        top = rect.top() + max(TEXT_PAD_PX, (rect.height() - name_h - figures_h) // 2)
        left = rect.left() + TEXT_LEFT_PX
        painter.setFont(name_font)
        painter.setPen(
            option.palette.highlightedText().color() if selected else option.palette.text().color()
        )
        painter.drawText(QRect(left, top, width, name_h), NAME_WRAP, text)
        painter.setFont(small)
        painter.setPen(option.palette.highlightedText().color() if selected else QColor("#67727d"))
        figures = index.data(FIGURES_ROLE) or ""
        painter.drawText(
            QRect(left, top + name_h, width, figures_h),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
            painter.fontMetrics().elidedText(figures, Qt.TextElideMode.ElideRight, width),
        )
        painter.restore()


class _Tree(QTreeWidget):
    """The tree of entries; dragging an entry starts a palette drag."""

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A new width wraps the names anew: the rows' heights are measured again."""
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.scheduleDelayedItemsLayout()

    def startDrag(self, supported: Qt.DropAction) -> None:
        item = self.currentItem()
        entry = item.data(0, ENTRY_ROLE) if item else None
        if entry is None:
            return
        drag = QDrag(self)
        drag.setMimeData(mime_data(entry))
        pixmap = QPixmap(40, 40)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        draw_glyph(painter, item.data(0, FIGURES_ROLE + 1), pixmap.rect().toRectF())
        painter.end()
        drag.setPixmap(pixmap)
        drag.exec(Qt.DropAction.CopyAction)


class PalettePanel(QWidget):
    """The catalog palette with a filter box.

    ``activated(entry)`` fires when the user clicks an entry (to place it by clicking);
    ``current_rack`` is the rack type the row tool lays out, ``current_busway`` and
    ``current_tray`` the busway and tray types the Busway and Cable Tray tools draw.
    """

    activated = Signal(object)

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.filter = QLineEdit(placeholderText="Filter the catalog…")
        self.filter.setClearButtonEnabled(True)
        self.tree = _Tree()
        self.tree.setHeaderHidden(True)
        self.tree.setRootIsDecorated(False)
        self.tree.setIndentation(8)
        self.tree.setDragEnabled(True)
        self.tree.setIconSize(QSize(32, 32))
        self.tree.setItemDelegate(_EntryDelegate(self.tree))
        self.tree.setUniformRowHeights(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(6)
        layout.addWidget(self.filter)
        layout.addWidget(self.tree)
        self.current_rack = "nvidia-gb200-nvl72"
        self.current_busway = "busway-800a-415v"
        self.current_tray = "tray-600x100"
        self._busways = {f.id for f in catalog.feeds.values() if f.kind == "busway"}
        self._fill(catalog)
        self.filter.textChanged.connect(self._apply_filter)
        self.tree.itemClicked.connect(self._clicked)
        self.tree.currentItemChanged.connect(self._chosen)
        self.tree.itemActivated.connect(self._clicked)  # Enter on the keyboard

    def _fill(self, catalog: Catalog) -> None:
        bold = QFont()
        bold.setBold(True)
        for group, entries in catalog_entries(catalog).items():
            top = QTreeWidgetItem([group.upper()])
            top.setFlags(Qt.ItemFlag.ItemIsEnabled)
            top.setFont(0, bold)
            top.setForeground(0, QColor("#5f6b76"))
            self.tree.addTopLevelItem(top)
            for entry, name, figures, glyph in entries:
                item = QTreeWidgetItem([name.split(" (")[0]])
                item.setData(0, ENTRY_ROLE, entry)
                item.setData(0, FIGURES_ROLE, figures)
                item.setData(0, FIGURES_ROLE + 1, glyph)
                item.setIcon(0, glyph_icon(glyph))
                item.setToolTip(
                    0,
                    f"{name}\n{figures}{_cooling_note(entry, catalog)}\nDrag onto the floor, or click it and then click on the floor.",
                )
                item.setFlags(
                    Qt.ItemFlag.ItemIsEnabled
                    | Qt.ItemFlag.ItemIsSelectable
                    | Qt.ItemFlag.ItemIsDragEnabled
                )
                top.addChild(item)
            top.setExpanded(True)

    def entries(self) -> list[PaletteEntry]:
        """Every entry, in the order shown."""
        found = []
        for g in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(g)
            found.extend(top.child(i).data(0, ENTRY_ROLE) for i in range(top.childCount()))
        return found

    def group_names(self) -> list[str]:
        return [self.tree.topLevelItem(g).text(0) for g in range(self.tree.topLevelItemCount())]

    def _apply_filter(self, text: str) -> None:
        words = text.lower().split()
        for g in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(g)
            shown = 0
            for i in range(top.childCount()):
                item = top.child(i)
                haystack = f"{item.text(0)} {item.data(0, FIGURES_ROLE)}".lower()
                hide = not all(w in haystack for w in words)
                item.setHidden(hide)
                shown += not hide
            top.setHidden(shown == 0)

    def _chosen(self, item: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None) -> None:
        """The highlighted rack type is the row tool's, the highlighted busway and tray the
        Busway and Cable Tray tools', however they were highlighted (a click, the arrow
        keys, the start of a drag)."""
        entry = item.data(0, ENTRY_ROLE) if item is not None else None
        if entry is not None:
            self._remember(entry)

    def _remember(self, entry: PaletteEntry) -> None:
        if entry.kind == "rack":
            self.current_rack = entry.type_id
        elif entry.kind == "feed" and entry.type_id in self._busways:
            self.current_busway = entry.type_id
        elif entry.kind == "tray":
            self.current_tray = entry.type_id

    def _clicked(self, item: QTreeWidgetItem) -> None:
        entry = item.data(0, ENTRY_ROLE)
        if entry is None:
            return
        self._remember(entry)
        self.activated.emit(entry)

    def clear_choice(self) -> None:
        self.tree.clearSelection()
