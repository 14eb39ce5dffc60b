"""The properties of the selection, edited in place through the editor's field edits.

One rack: label, type, facing, position, feeds, CDU and rear door. Several racks: what
they share (type, facing, feeds, CDU, rear door) applied to all in one step; ticking a
feed connects or disconnects that feed alone, whatever other feeds each rack has. A cooling
unit, feed, tray or obstacle: its own fields. Nothing selected: the hall itself and its site
(supply, heat rejection, PUE). A value the model refuses leaves the project unchanged and
shows the reason under the form.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import shapely
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from designer.core.document import operations as ops
from designer.core.document.document import TransactionError
from designer.core.format import number, plural
from designer.core.geometry.footprint import Box
from designer.core.geometry.site import in_hall
from designer.core.model.base import MAX_FLOOR_MM
from designer.core.model.hall import Hall
from designer.core.model.site import Site
from designer.core.naming import FACINGS, natural_key
from designer.core.network.dci import RouteDemand
from designer.core.network.planner import Plan
from designer.core.network.totals import route_media
from designer.core.rules.limits import default_thresholds, resolve
from designer.core.rules.loads import feed_limit, room_air_kw
from designer.core.settings_fields import BOUNDS, broken_bound
from designer.core.totals import hall_totals, rack_totals
from designer.gui.editor import Editor

MIXED = "—"
#: A model refusal starts with the field's name ("rear_door_kw: Input should be ...").
_FIELD_PREFIX = re.compile(r"^[a-z_][a-z0-9_.]*: (.+)$")


class InputError(ValueError):
    """A value typed in a field is not what the field takes; the message says what is."""


def _relabel(editor: Editor, rack_id: str, text: str) -> None:
    """Give a rack the label typed; a blank one is refused, as the rack would then go by
    its id in the findings and the cable schedule and by its type on the plan (a trial's
    cleared label did all three)."""
    label = text.strip()
    if not label:
        raise InputError(
            "A rack needs a label: it names the rack on the plan, in the findings and in the "
            "cable schedule"
        )
    editor.update(rack_id, label=label)


#: A number whose commas group thousands, as the designer writes them ("1,200.5").
_GROUPED = re.compile(r"^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$")


def parse_number(text: str, what: str, blank: Any = InputError) -> float | None:
    """``text`` as a finite number; a blank field gives ``blank`` (or refuses when it must
    be filled).

    Commas may group thousands, as the designer shows numbers; any other comma is refused
    rather than guessed at, since "1,2" meant as 1.2 would otherwise become 12.
    """
    text = text.strip()
    if not text:
        if blank is InputError:
            raise InputError(f"{what} needs a value")
        return blank
    if "," in text:
        if not _GROUPED.match(text):
            raise InputError(
                f"{what} must be a number, not {text!r}: write decimals with a point (1.2); "
                "a comma may only group thousands (1,200)"
            )
        text = text.replace(",", "")
    try:
        value = float(text)
    except ValueError:
        raise InputError(f"{what} must be a number, not {text!r}") from None
    if not math.isfinite(value):
        raise InputError(f"{what} must be a finite number, not {text!r}")
    return value


def parse_mm_from_m(text: str, what: str) -> int:
    """A length typed in metres, in the model's millimetres; refused, in metres, beyond the
    floor the model allows (the model would name its limit in millimetres)."""
    value = parse_number(text, what)
    assert value is not None
    if abs(value) * 1000 > MAX_FLOOR_MM:
        raise InputError(f"{what} must be within {number(MAX_FLOOR_MM / 1000, 0)} m of the corner")
    return round(value * 1000)


def _route_note(carried: RouteDemand, medium: str, plan: Plan) -> str:
    """What a fibre route carries, as the line under its field says it."""
    if not medium:
        return (
            f"Needs {number(carried.tbps, 1)} Tb/s, but no medium reaches "
            f"{number(carried.distance_km)} km: nothing is lit (see the findings)."
        )
    latency = carried.distance_km * plan.media.constants.fibre_ns_per_m
    return (
        f"{number(carried.tbps, 1)} Tb/s on {plural(carried.links, 'link')} of {medium}, "
        f"{plural(carried.pairs, 'fibre pair')}, {number(latency)} µs one way in the fibre."
    )


def _corner(hall: Hall) -> tuple[int, int]:
    """Where a hall's new cable entry starts before both its coordinates are typed: the
    north-west corner of the hall's bounds, so one typed figure puts it on a wall."""
    return min(x for x, _ in hall.outline), min(y for _, y in hall.outline)


class RevertingEdit(QLineEdit):
    """A field whose Esc puts back the value it showed, until Enter or leaving it commits.

    The first Esc is the field's while it has typed text (the window's Esc, which leaves a
    tool, asks ``revert`` first), as in any form. (No ``event`` override: Python would be
    called for every event of the field, its last ones during the window's teardown too.)
    """

    def __init__(self, value: str) -> None:
        super().__init__(value)
        self._shown = value

    def revert(self) -> bool:
        """Put back the value shown, if text was typed; True when there was some."""
        if not self.isModified():
            return False
        self.setText(self._shown)
        self.setModified(False)
        return True

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.revert():
            return
        super().keyPressEvent(event)


class PropertiesPanel(QWidget):
    """Shows and edits the selection (or the hall when nothing is selected)."""

    def __init__(self, editor: Editor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.title = QLabel()
        self.title.setObjectName("propertiesTitle")
        self.title.setWordWrap(True)
        self.subtitle = QLabel()
        self.subtitle.setObjectName("propertiesSubtitle")
        self.subtitle.setWordWrap(True)
        self.form_host, self.form = self._new_form()
        self.problem = QLabel()
        self.problem.setObjectName("propertiesProblem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #c62828;")
        self.problem.hide()
        self.summary = QLabel()
        self.summary.setObjectName("propertiesSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        inner = QWidget()
        self.column = column = QVBoxLayout(inner)
        column.setContentsMargins(10, 8, 10, 8)
        column.addWidget(self.title)
        column.addWidget(self.subtitle)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        column.addWidget(line)
        column.addWidget(self.form_host)
        column.addWidget(self.summary)
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(inner)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        # under the scrolled form, so a refusal is in sight whichever field was edited
        self.problem.setContentsMargins(10, 4, 10, 6)
        outer.addWidget(self.problem)
        self.fields: dict[str, QWidget] = {}
        self._single: dict[str, Callable[[str], None]] = {
            "cooling_units": self._cooling_unit,
            "feeds": self._feed,
            "trays": self._tray,
            "obstacles": self._obstacle,
        }
        editor.selection.changed.connect(self._selection_changed)
        editor.hall_changed.connect(self._selection_changed)
        editor.bridge.changed.connect(self._changed)
        editor.bridge.replaced.connect(self.refresh)
        #: Route id -> the line under its fibre field saying what it carries; updated in
        #: place when a new network plan arrives (a rebuild would take a field being typed in).
        self._route_notes: dict[str, QLabel] = {}
        editor.network_changed.connect(self._show_routes)
        self.refresh()

    # --- building the form -----------------------------------------------------------------

    def _selection_changed(self) -> None:
        self.problem.hide()
        self.refresh()

    def _changed(self, changes: Any) -> None:
        shown = set(self.editor.selected()) | {self.editor.hall_id or ""}
        if shown & changes.ids or not self.editor.selection:
            self.refresh()

    def refresh(self) -> None:
        """Rebuild the form for the current selection, keeping the focused field focused."""
        focused = next((k for k, w in self.fields.items() if w.hasFocus()), None)
        self._replace_form()
        self.fields = {}
        self.summary.clear()
        ids = self.editor.selected()
        kinds = {self._kind(i) for i in ids}
        if not ids:
            self._hall()
        elif kinds == {"placements"}:
            self._racks(ids)
        elif len(ids) == 1 and kinds <= self._single.keys():
            self._single[kinds.pop()](ids[0])
        else:
            self.title.setText(f"{len(ids)} items selected")
            self.subtitle.setText("Select items of one kind to edit them together.")
        if focused in self.fields:
            self.fields[focused].setFocus()

    @staticmethod
    def _new_form() -> tuple[QWidget, QFormLayout]:
        host = QWidget()
        form = QFormLayout(host)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        form.setContentsMargins(0, 4, 0, 4)
        return host, form

    def _replace_form(self) -> None:
        """Put an empty form where the old one was; the old one is deleted later, not now.

        A refresh usually runs inside a signal of one of the old fields (the feed list's
        ``itemChanged``, a line edit's ``editingFinished``, a combo's ``activated``), and
        Qt's own code goes on using that widget when the signal returns
        (``QAbstractItemView::mouseReleaseEvent``, ``QLineEdit::focusOutEvent``): deleting
        it now is a use-after-free that crashes the program. The old fields are silenced
        first, so hiding a focused one cannot commit its text a second time.
        """
        old = self.form_host
        for widget in self.fields.values():
            widget.blockSignals(True)
        self.form_host, self.form = self._new_form()
        self.column.insertWidget(self.column.indexOf(old), self.form_host)
        self.column.removeWidget(old)
        old.hide()
        old.deleteLater()

    def _kind(self, entity_id: str) -> str:
        for name in ("placements", "cooling_units", "feeds", "trays", "obstacles"):
            if entity_id in getattr(self.editor.project, name):
                return name
        return ""

    def _row(self, key: str, label: str, widget: QWidget) -> QWidget:
        self.fields[key] = widget
        widget.setObjectName(f"field_{key}")
        self.form.addRow(label, widget)
        return widget

    def text_field(
        self, key: str, label: str, value: str, commit: Callable[[str], None], tip: str = ""
    ) -> QLineEdit:
        field = RevertingEdit(value)
        field.setToolTip(tip)

        def finished() -> None:
            if field.isModified():
                field.setModified(False)
                typed = field.text()
                if not self._apply(lambda: commit(typed), label):
                    self._show_refused(key, typed)

        field.editingFinished.connect(finished)
        self._row(key, label, field)
        return field

    def choice_field(
        self,
        key: str,
        label: str,
        options: Sequence[tuple[str, Any]],
        current: Any,
        commit: Callable[[Any], None],
    ) -> QComboBox:
        field = QComboBox()
        # long catalog names elide instead of widening the panel past its dock
        field.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        field.setMinimumContentsLength(12)
        values = [v for _, v in options]
        for text, value in options:
            field.addItem(text, value)
        if current in values:
            field.setCurrentIndex(values.index(current))
        else:
            field.insertItem(0, MIXED, None)
            field.setCurrentIndex(0)

        def chosen(index: int) -> None:
            value = field.itemData(index)
            if value is not None and value != current:
                self._apply(lambda: commit(value), label)

        field.activated.connect(chosen)
        self._row(key, label, field)
        return field

    def _apply(self, edit: Callable[[], None], label: str = "") -> bool:
        """Run one edit; a refusal shows under the form, named by the field's label. True
        when the edit was made."""
        try:
            edit()
        except (TransactionError, InputError) as err:
            text = str(err)
            field = _FIELD_PREFIX.match(text)
            bound = broken_bound(err)
            if bound is not None and label:
                text = f"{label} must be {BOUNDS[bound[0]]} {number(bound[1], 3)}"
            elif field and label:
                reason = field.group(1)
                text = f"{label}: {reason[:1].lower()}{reason[1:]}"
            self.problem.setText(text[:1].upper() + text[1:] + ("" if text.endswith(".") else "."))
            self.problem.show()
            self.refresh()
            return False
        self.problem.hide()
        return True

    def _show_refused(self, key: str, typed: str) -> None:
        """Put what was typed back in the rebuilt field ``key``, selected, to be corrected
        (a trial's "1e9" went back to "-5" with the refusal, the text typed lost). It is not
        marked as typed: leaving it, or the form being rebuilt for another selection, must
        not offer the refused value again."""
        field = self.fields.get(key)
        if isinstance(field, RevertingEdit):
            field.setText(typed)
            field.selectAll()

    # --- racks ---------------------------------------------------------------------------

    def _racks(self, ids: list[str]) -> None:
        editor = self.editor
        doc, project = editor.doc, editor.project
        racks = [project.placements[i] for i in ids]
        types = doc.rack_types
        first = racks[0]
        single = len(racks) == 1

        def shared(attr: str) -> Any:
            values = {repr(getattr(r, attr)) for r in racks}
            return getattr(first, attr) if len(values) == 1 else None

        if single:
            kind = types.get(first.type_id)
            self.title.setText(f"<b>{first.label or first.id}</b>")
            self.subtitle.setText(
                f"{kind.name if kind else 'Unknown type ' + first.type_id} · {first.id}"
            )
            self.text_field("label", "Label", first.label, lambda t: _relabel(editor, first.id, t))
        else:
            self.title.setText(f"<b>{len(racks):,} racks</b>")
            systems = {r.group_id for r in racks if r.group_id}
            self.subtitle.setText(
                f"{plural(len(systems), 'system')} among them"
                if systems
                else "Edits apply to every selected rack."
            )
        self.choice_field(
            "type",
            "Type",
            [(t.name, t.id) for t in types.values()],
            shared("type_id"),
            lambda v: editor.update_many(ids, type_id=v),
        )
        self.choice_field(
            "facing",
            "Front faces",
            [(t, v) for v, t in FACINGS],
            shared("rotation"),
            lambda v: editor.set_rotation(ids, v),
        )
        if single:
            self._position(first.id, first.x, first.y)
        self._feed_list(ids, racks)
        cdus = [
            (u.name, u.id)
            for u in project.cooling_units.values()
            if u.hall_id == first.hall_id and u.kind == "cdu"
        ]
        assigned = {r.cdu_id for r in racks}
        current_cdu = (assigned.pop() or "") if len(assigned) == 1 else None
        self.choice_field(
            "cdu",
            "CDU",
            [("None", ""), *cdus],
            current_cdu,
            lambda v: editor.assign_cdu(ids, v or None),
        )
        door = shared("rear_door_kw")
        self.text_field(
            "rear_door",
            "Rear door (kW)",
            "" if door is None else number(door),
            lambda t: editor.update_many(
                ids, rear_door_kw=parse_number(t, "The rear door capacity", None)
            ),
            "Capacity of a rear-door heat exchanger; leave blank when there is none.",
        )
        groups = {r.group_id for r in racks if r.group_id}
        if groups:
            names = ", ".join(project.groups[g].label or g for g in groups if g in project.groups)
            button = QPushButton("Ungroup")
            button.setToolTip("Let the racks of this system move on their own")
            button.clicked.connect(editor.ungroup_selection)
            host = QWidget()
            row = QHBoxLayout(host)
            row.setContentsMargins(0, 0, 0, 0)
            row.addWidget(QLabel(names), 1)
            row.addWidget(button)
            self._row("system", "System", host)
        totals = rack_totals(racks, types)
        # what rear doors take off the air before the room gets it (a trial read "57.2 kW to
        # air" for a rack whose 60 kW door leaves the room none)
        room = sum(room_air_kw(r, types[r.type_id]) for r in racks if r.type_id in types)
        past = f" ({number(room)} kW past rear doors)" if room < totals.air_kw - 1e-6 else ""
        self.summary.setText(
            f"<p style='color:#4a5560'>{number(totals.it_max_kw)} kW max · "
            f"{number(totals.liquid_kw)} kW to liquid · "
            f"{number(totals.air_kw)} kW to air{past} · {number(totals.weight_kg, 0)} kg"
            + (f" · {totals.accelerator_count:,} accelerators" if totals.accelerator_count else "")
            + "</p>"
        )

    def _position(self, entity_id: str, x: int, y: int) -> None:

        def moved(axis: int) -> Callable[[str], None]:
            def commit(text: str) -> None:
                target = parse_mm_from_m(text, "The position")
                dx, dy = (target - x, 0) if axis == 0 else (0, target - y)
                self._refuse_leaving_the_hall(entity_id, dx, dy)
                self.editor.shift([entity_id], dx, dy)

            return commit

        self.text_field(
            "x",
            "X (m)",
            number(x / 1000, 3),
            moved(0),
            "Distance of the footprint's left edge from the hall's corner",
        )
        self.text_field(
            "y",
            "Y (m)",
            number(y / 1000, 3),
            moved(1),
            "Distance of the footprint's top edge from the hall's corner",
        )

    def _hall_points(self, hall: Hall) -> None:
        """Where the hall's corner stands on the site plan and where its cables leave it for
        other halls: the links between halls are routed from the one to the other. A blank
        cable entry takes it away (the check then says its links to other halls cannot be
        routed)."""
        editor = self.editor

        def placed(attr: str, axis: int, what: str) -> Callable[[str], None]:
            def commit(text: str) -> None:
                if not text.strip() and attr == "cable_entry":
                    editor.update(hall.id, cable_entry=None)
                    return
                point = list(getattr(hall, attr) or _corner(hall))
                point[axis] = parse_mm_from_m(text, what)
                if attr == "cable_entry" and not in_hall(hall, (point[0], point[1])):
                    raise InputError(
                        f"The cable entry must be inside the hall ‘{hall.name}’ or on its wall"
                    )
                editor.update(hall.id, **{attr: tuple(point)})

            return commit

        fields = (
            (
                "site_origin",
                "site",
                "Site",
                "The site position",
                "the site plan's corner",
                "the hall's corner stands: cables to other halls are measured from here",
            ),
            (
                "cable_entry",
                "entry",
                "Cable entry",
                "The cable entry",
                "the hall's corner",
                "cables leave for other halls and sites (blank: none)",
            ),
        )
        for attr, key, label, what, corner, purpose in fields:
            point = getattr(hall, attr)
            for axis, name, direction in ((0, "x", "east"), (1, "y", "south")):
                self.text_field(
                    f"{key}_{name}",
                    f"{label} {name.upper()} (m)",
                    "" if point is None else number(point[axis] / 1000, 3),
                    placed(attr, axis, what),
                    f"How far {direction} of {corner} {purpose}",
                )

    def _refuse_leaving_the_hall(self, entity_id: str, dx: int, dy: int) -> None:
        """A typed position that puts the item wholly outside the hall is a slip of the
        keyboard (it would vanish from the plan); one partly outside is placed and the
        check reports it, as for a drag."""
        editor = self.editor
        box = ops.footprint_of(editor.project, entity_id, editor.doc.rack_types)
        hall = editor.project.halls.get(editor.hall_id or "")
        if box is None or hall is None:
            return
        moved = Box(box.x0 + dx, box.y0 + dy, box.x1 + dx, box.y1 + dy)
        if editor.picker().outside_walls([moved]) == "wholly":
            raise InputError(f"That puts it wholly outside the hall ‘{hall.name}’")

    def _feed_list(self, ids: list[str], racks: list[Any]) -> None:
        editor = self.editor
        project, doc = editor.project, editor.doc
        hall = racks[0].hall_id
        # by name, the same order whichever racks are selected (a list that reorders itself
        # gets the wrong feed ticked); scrolled to the feed nearest the first rack
        feeds = sorted(
            (f for f in project.feeds.values() if f.hall_id == hall),
            key=lambda f: natural_key(f.name),
        )
        nearest = None
        box = ops.footprint_of(project, ids[0], doc.rack_types)
        if box is not None and len(feeds) > 1:
            centre = shapely.Point(box.centre)
            nearest = min(
                range(len(feeds)),
                key=lambda i: (
                    shapely.LineString(feeds[i].path).distance(centre)
                    if len(feeds[i].path) > 1
                    else shapely.Point(feeds[i].path[0]).distance(centre)
                ),
            )
        attached = Counter(f for r in racks for f in dict.fromkeys(r.feed_ids))
        listing = QListWidget()
        listing.setMaximumHeight(min(150, 24 * max(2, len(feeds)) + 6))
        for feed in feeds:
            side = f" · side {feed.side}" if feed.side else ""
            item = QListWidgetItem(f"{feed.name}{side} · {number(feed.rating_kw, 0)} kW")
            item.setData(Qt.ItemDataRole.UserRole, feed.id)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            count = attached[feed.id]
            state = (
                Qt.CheckState.Checked
                if count == len(racks)
                else Qt.CheckState.PartiallyChecked
                if count
                else Qt.CheckState.Unchecked
            )
            item.setCheckState(state)
            listing.addItem(item)
        if nearest is not None:
            listing.scrollToItem(listing.item(nearest))
        if not feeds:
            placeholder = QListWidgetItem("No feeds in this hall yet")
            placeholder.setFlags(Qt.ItemFlag.NoItemFlags)
            listing.addItem(placeholder)

        def commit(item: QListWidgetItem) -> None:
            # only the feed ticked or unticked changes: a feed some of the racks share
            # (shown part-ticked) stays on exactly the racks that have it
            feed_id = item.data(Qt.ItemDataRole.UserRole)
            connected = item.checkState() == Qt.CheckState.Checked
            if feed_id is not None:
                self._apply(lambda: editor.connect_feed(ids, feed_id, connected), "Power feeds")

        listing.itemChanged.connect(commit)
        self._row("feeds", "Power feeds", listing)

    # --- other things on the floor ----------------------------------------------------------

    def _cooling_unit(self, unit_id: str) -> None:
        editor = self.editor
        doc, project = editor.doc, editor.project
        unit = project.cooling_units[unit_id]
        self.title.setText(f"<b>{unit.name}</b>")
        what = {"cdu": "CDU (liquid)", "crah": "CRAH (air)", "inrow_cooler": "In-row cooler (air)"}[
            unit.kind
        ]
        self.subtitle.setText(f"{what} · {unit.type_id or 'custom'} · {unit.id}")
        self.text_field("name", "Name", unit.name, lambda t: editor.update(unit_id, name=t.strip()))
        if unit.width_mm:
            self.choice_field(
                "facing",
                "Front faces",
                [(t, v) for v, t in FACINGS],
                unit.rotation,
                lambda v: editor.set_rotation([unit_id], v),
            )
        self._position(unit_id, unit.x, unit.y)
        field = "liquid_capacity_kw" if unit.kind == "cdu" else "air_capacity_kw"
        self.text_field(
            "capacity",
            "Capacity (kW)",
            number(getattr(unit, field)),
            lambda t: editor.update(unit_id, **{field: parse_number(t, "The capacity")}),
            "What the unit delivers at this site's water temperatures",
        )
        groups = [
            (g.name, g.id) for g in project.cooling_groups.values() if g.hall_id == unit.hall_id
        ]
        if unit.kind == "cdu":
            self.choice_field(
                "group",
                "Cooling group",
                [("None", ""), *groups],
                unit.group_id or "",
                lambda v: editor.update(unit_id, group_id=v or None),
            )
            served = [r for r in project.placements.values() if r.cdu_id == unit_id]
            load = sum(
                doc.rack_types[r.type_id].liquid_kw for r in served if r.type_id in doc.rack_types
            )
            self.summary.setText(
                f"<p style='color:#4a5560'>Serves {len(served)} racks: {number(load)} kW of {number(unit.liquid_capacity_kw)} kW liquid.</p>"
            )

    def _feed(self, feed_id: str) -> None:
        editor = self.editor
        project = editor.project
        feed = project.feeds[feed_id]
        self.title.setText(f"<b>{feed.name}</b>")
        self.subtitle.setText(
            f"{'Busway' if feed.kind == 'busway' else 'PDU'} · {feed.type_id or 'custom'} · {feed.id}"
        )
        self.text_field("name", "Name", feed.name, lambda t: editor.update(feed_id, name=t.strip()))
        self.choice_field(
            "side",
            "Side",
            [("None", ""), ("A", "A"), ("B", "B")],
            feed.side or "",
            lambda v: editor.update(feed_id, side=v or None),
        )
        self.text_field(
            "voltage",
            "Voltage (V)",
            number(feed.voltage_v),
            lambda t: editor.update(feed_id, voltage_v=parse_number(t, "The voltage")),
        )
        self.text_field(
            "amps",
            "Current (A)",
            number(feed.amps),
            lambda t: editor.update(feed_id, amps=parse_number(t, "The current")),
        )
        self.choice_field(
            "phases",
            "Phases",
            [("1-phase", 1), ("3-phase", 3)],
            feed.phases,
            lambda v: editor.update(feed_id, phases=v),
        )
        self.text_field(
            "pf",
            "Power factor",
            number(feed.power_factor, 2),
            lambda t: editor.update(feed_id, power_factor=parse_number(t, "The power factor")),
        )
        self.text_field(
            "upstream",
            "Upstream cap (kW)",
            "" if feed.upstream_capacity_kw is None else number(feed.upstream_capacity_kw),
            lambda t: editor.update(
                feed_id, upstream_capacity_kw=parse_number(t, "The upstream capacity", None)
            ),
            "What the switchboard behind the feed can deliver, when less than the feed's rating",
        )
        racks = sum(feed_id in r.feed_ids for r in project.placements.values())
        # what the checker and the utilisation bars hold the feed to: the project's
        # continuous share of its rating, or its switchboard when that is less
        share = resolve(
            default_thresholds().values, project.settings.rules.thresholds
        ).continuous_load_share
        self.summary.setText(
            f"<p style='color:#4a5560'>Rating {number(feed.rating_kw)} kW (may carry "
            f"{number(feed_limit(feed, share))} kW continuously, {number(share * 100, 0)} % of "
            f"its rating or its switchboard) · feeds {racks} racks.</p>"
        )

    def _tray(self, tray_id: str) -> None:
        editor = self.editor
        project = editor.project
        tray = project.trays[tray_id]
        self.title.setText(f"<b>{tray.name or 'Cable tray'}</b>")
        self.subtitle.setText(f"Cable tray · {tray.id}")
        self.text_field("name", "Name", tray.name, lambda t: editor.update(tray_id, name=t.strip()))
        for key, label, attr in (
            ("height", "Height (mm)", "height_mm"),
            ("width", "Width (mm)", "width_mm"),
            ("depth", "Depth (mm)", "depth_mm"),
        ):
            self.text_field(
                key,
                label,
                str(getattr(tray, attr)),
                lambda t, a=attr, lab=label: editor.update(
                    tray_id, **{a: round(parse_number(t, lab.split(" (")[0]) or 0)}
                ),
            )
        self.summary.setText(
            f"<p style='color:#4a5560'>{number(tray.length_mm / 1000, 1)} m long.</p>"
        )

    def _obstacle(self, obstacle_id: str) -> None:
        editor = self.editor
        project = editor.project
        obstacle = project.obstacles[obstacle_id]
        self.title.setText(f"<b>{obstacle.label or obstacle.kind.capitalize()}</b>")
        self.subtitle.setText(f"{obstacle.kind.capitalize()} · {obstacle.id}")
        self.text_field(
            "label",
            "Label",
            obstacle.label,
            lambda t: editor.update(obstacle_id, label=t.strip()),
        )
        self.choice_field(
            "kind",
            "Kind",
            [("Column", "column"), ("Keep-out zone", "keepout"), ("Wall", "wall")],
            obstacle.kind,
            lambda v: editor.update(obstacle_id, kind=v),
        )

    # --- the hall ----------------------------------------------------------------------------

    def _site_fields(self, site: Site) -> None:
        """The shown hall's site: what it can supply and reject, its PUE (which turns every
        hall's IT power into facility power on the site's power check) and the length of its
        fibre routes to other sites (which decides the DCI links' medium and latency)."""
        editor = self.editor
        heading = QLabel(f"<b>Site</b> · {site.name}")
        heading.setObjectName("propertiesSection")
        self.form.addRow(heading)

        def site_number(key: str, label: str, attr: str, what: str) -> None:
            self.text_field(
                key,
                label,
                number(getattr(site, attr), 2),
                lambda t: editor.update(site.id, **{attr: parse_number(t, what)}),
            )

        self.text_field(
            "site_name", "Site name", site.name, lambda t: editor.update(site.id, name=t.strip())
        )
        site_number("site_power", "Site power (kW)", "power_capacity_kw", "The site's power")
        site_number(
            "site_cooling", "Site cooling (kW)", "cooling_capacity_kw", "The site's cooling"
        )
        site_number("pue", "PUE", "pue", "The PUE")
        project = self.editor.project
        for other in project.sites.values():
            if other.id == site.id:
                continue
            route = ops.fibre_route_between(project, site.id, other.id)
            self.text_field(
                f"fibre_{other.id}",
                f"Fibre to {other.name} (km)",
                "" if route is None else number(route.distance_km, 3),
                lambda t, other_id=other.id: editor.set_fibre_route(
                    site.id, other_id, parse_number(t, "The fibre distance", None)
                ),
                "The route as laid, not as the crow flies: the DCI links' reach and latency. "
                "Blank: no fibre between the two sites.",
            )
            if route is not None:
                note = QLabel()
                note.setObjectName("propertiesNote")
                note.setWordWrap(True)
                note.setStyleSheet("color: #5f6b76;")
                self.form.addRow("", note)
                self._route_notes[route.id] = note
        self._show_routes()

    def _show_routes(self) -> None:
        """Say under each fibre field what the network plan lights on that route."""
        plan = self.editor.network
        dci = plan.dci() if plan is not None else None
        demand = {r.route_id: r for r in dci.routes} if dci else {}
        for route_id, note in list(self._route_notes.items()):
            if not isValid(note):
                del self._route_notes[route_id]
                continue
            carried = demand.get(route_id)
            if plan is None:
                note.setText("Planning the links…")
            elif carried is None or not carried.links:
                note.setText("Carries nothing yet: no scale-out at one of its ends.")
            else:
                note.setText(_route_note(carried, route_media(plan, (carried,))[0], plan))

    def _hall(self) -> None:
        editor = self.editor
        hall_id = editor.hall_id
        if hall_id is None:
            self.title.setText("<b>No hall</b>")
            self.subtitle.setText("Add a hall (Edit ▸ Add Hall) or start a project (File ▸ New).")
            return
        doc = editor.doc
        hall: Hall = editor.project.halls[hall_id]
        self.title.setText(f"<b>{hall.name}</b>")
        self.subtitle.setText(f"Hall · {number(hall.area_m2, 0)} m² · nothing selected")

        def number_field(
            key: str, label: str, attr: str, what: str, blank: Any = InputError
        ) -> None:
            value = getattr(hall, attr)
            self.text_field(
                key,
                label,
                "" if value is None else number(value),
                lambda t: editor.update(hall_id, **{attr: parse_number(t, what, blank)}),
            )

        self.text_field("name", "Name", hall.name, lambda t: editor.update(hall_id, name=t.strip()))
        self.choice_field(
            "floor_type",
            "Floor",
            [("Raised floor", "raised"), ("Slab", "slab")],
            hall.floor_type,
            lambda v: editor.update(hall_id, floor_type=v),
        )
        number_field("floor_rating", "Floor rating (kPa)", "floor_rating_kpa", "The floor rating")
        number_field("tile_rating", "Tile rating (kg)", "tile_rating_kg", "The tile rating", None)
        self.text_field(
            "tile",
            "Tile (mm)",
            str(hall.tile_mm),
            lambda t: editor.update(hall_id, tile_mm=round(parse_number(t, "The tile size") or 0)),
        )
        number_field("power", "Power (kW)", "power_capacity_kw", "The power capacity")
        number_field("cooling", "Cooling (kW)", "cooling_capacity_kw", "The cooling capacity")
        self._hall_points(hall)
        site = editor.project.sites.get(hall.site_id)
        if site is not None:
            self._site_fields(site)
        totals = hall_totals(editor.project, hall_id, doc.rack_types)
        self.summary.setText(
            "<p style='color:#4a5560'>"
            f"{plural(totals.racks, 'rack')} · {plural(totals.accelerator_count, 'accelerator')}<br>"
            f"IT {number(totals.it_max_kw)} kW of {number(hall.power_capacity_kw)} kW<br>"
            f"Heat {number(totals.liquid_kw)} kW liquid + {number(totals.air_kw)} kW air of {number(hall.cooling_capacity_kw)} kW<br>"
            f"Racks weigh {number(totals.weight_kg / 1000, 1)} t</p>"
        )
