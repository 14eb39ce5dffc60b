"""The rack form: one rack's label, type, facing, position, feeds, CDU and rear door; for
several, what they share, applied to all in one step.

Ticking a feed connects or disconnects that feed alone, whatever other feeds each rack has.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import shapely
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QWidget,
)

from designer.core.document import operations as ops
from designer.core.format import number, plural
from designer.core.model.placement import Placement
from designer.core.naming import FACINGS, natural_key
from designer.core.rules.loads import room_air_kw
from designer.core.totals import rack_totals
from designer.gui.editor import Editor
from designer.gui.panels.properties.fields import InputError, parse_number
from designer.gui.panels.properties.form import Form
from designer.gui.panels.properties.position import position_fields


def rack_form(form: Form, ids: list[str]) -> None:
    """The fields of the racks ``ids`` (one or many)."""
    editor = form.editor
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
        form.heading(
            f"<b>{first.label or first.id}</b>",
            f"{kind.name if kind else 'Unknown type ' + first.type_id} · {first.id}",
        )
        form.text_field("label", "Label", first.label, lambda t: _relabel(editor, first.id, t))
    else:
        systems = {r.group_id for r in racks if r.group_id}
        form.heading(
            f"<b>{len(racks):,} racks</b>",
            f"{plural(len(systems), 'system')} among them"
            if systems
            else "Edits apply to every selected rack.",
        )
    form.choice_field(
        "type",
        "Type",
        [(t.name, t.id) for t in types.values()],
        shared("type_id"),
        lambda v: editor.update_many(ids, type_id=v),
    )
    form.choice_field(
        "facing",
        "Front faces",
        [(t, v) for v, t in FACINGS],
        shared("rotation"),
        lambda v: editor.set_rotation(ids, v),
    )
    if single:
        position_fields(form, first.id, first.x, first.y)
    _feed_list(form, ids, racks)
    cdus = [
        (u.name, u.id)
        for u in project.cooling_units.values()
        if u.hall_id == first.hall_id and u.kind == "cdu"
    ]
    assigned = {r.cdu_id for r in racks}
    current_cdu = (assigned.pop() or "") if len(assigned) == 1 else None
    form.choice_field(
        "cdu",
        "CDU",
        [("None", ""), *cdus],
        current_cdu,
        lambda v: editor.assign_cdu(ids, v or None),
    )
    door = shared("rear_door_kw")
    form.text_field(
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
        form.row("system", "System", host)
    totals = rack_totals(racks, types)
    # what rear doors take off the air before the room gets it (a trial read "57.2 kW to
    # air" for a rack whose 60 kW door leaves the room none)
    room = sum(room_air_kw(r, types[r.type_id]) for r in racks if r.type_id in types)
    past = f" ({number(room)} kW past rear doors)" if room < totals.air_kw - 1e-6 else ""
    form.summary.setText(
        f"<p style='color:#4a5560'>{number(totals.it_max_kw)} kW max · "
        f"{number(totals.liquid_kw)} kW to liquid · "
        f"{number(totals.air_kw)} kW to air{past} · {number(totals.weight_kg, 0)} kg"
        + (f" · {totals.accelerator_count:,} accelerators" if totals.accelerator_count else "")
        + "</p>"
    )


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


def _feed_list(form: Form, ids: list[str], racks: list[Placement]) -> None:
    """The hall's feeds, each ticked when every selected rack has it (part-ticked when some
    do)."""
    editor = form.editor
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
    # a long name is cut at its end, its whole text in its tooltip, rather than the list
    # scrolling sideways under a panel too narrow for it (a trial)
    listing.setTextElideMode(Qt.TextElideMode.ElideRight)
    listing.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    for feed in feeds:
        # its side as "Fed by" gives it, short enough for the rating to show in a narrow
        # panel (an audit saw every entry cut: "Busway A1.1t1 · side A · 899 …")
        side = f" ({feed.side})" if feed.side else ""
        text = f"{feed.name}{side} · {number(feed.rating_kw, 0)} kW"
        item = QListWidgetItem(text)
        item.setToolTip(text)
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
            form.apply(lambda: editor.connect_feed(ids, feed_id, connected), "Power feeds")

    listing.itemChanged.connect(commit)
    # the feeds every selected rack is on, named above the hall's list: among a hall's
    # fifty busways the rack's side A and side B feeds stood far apart in it (a trial)
    fed = [
        f"{f.name} ({f.side})" if f.side else f.name for f in feeds if attached[f.id] == len(racks)
    ]
    summary = QLabel(", ".join(fed) if fed else "none of the hall's feeds")
    summary.setWordWrap(True)
    form.row("fed_by", "Fed by", summary)
    form.row("feeds", "Power feeds", listing)
