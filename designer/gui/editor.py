"""The editing controller: turns the user's intentions into core operations.

Tools, actions, panels, dialogs and the file controller call the editor; the editor calls
``designer.core.document.operations`` (and ``core.generate.pod.insert_pod``, a pod laid out
in one transaction) and nothing else in the GUI changes the project. Two kinds of edit:

- a field's edit (the properties panel, the settings dialog) raises the core's
  ``TransactionError`` when refused, for the form to say next to its fields;
- a gesture (a tool's, a menu's) says a refusal in the status bar (``run``) and selects
  what it made.

Either way a refused edit leaves the document as it was. The editor also holds the view
state the canvas needs: the hall shown, the selection, the latest findings with the
network plan they were checked against, and a hit-test index rebuilt when the document's
revision changes.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import shapely
from PySide6.QtCore import QObject, Signal

from designer.core.document import operations as ops
from designer.core.document.changes import ChangeSet
from designer.core.document.document import Document, TransactionError
from designer.core.format import number, plural
from designer.core.generate import PRESETS
from designer.core.generate.pod import PodError, insert_pod
from designer.core.generate.presets import Fabric
from designer.core.geometry.footprint import Box, around, snap
from designer.core.geometry.picking import Picker
from designer.core.geometry.site import beside_the_halls, new_cable_entry
from designer.core.model.base import Point, Rotation
from designer.core.model.project import Project
from designer.core.naming import natural_key
from designer.core.network.network_plan import NetworkPlan
from designer.core.placement.entry import PaletteEntry
from designer.core.placement.fit import PlacementPlan, plan_placement
from designer.core.placement.labels import feed_name, next_index, obstacle_label
from designer.core.placement.place import add_tray, place
from designer.core.placement.rows import row_labels, selected_row
from designer.core.rules import Finding
from designer.core.totals import totals_by_hall
from designer.drawing.links import LinkGeometry, hall_links
from designer.gui.bridge import DocumentBridge
from designer.gui.selection import Selection, in_hall

T = TypeVar("T")

#: An arrow key moves the selection this far; with Shift, one tile.
NUDGE_MM = 100


class Editor(QObject):
    """The hall being edited, what is selected in it, and every edit the GUI can make.

    ``message`` carries sentences for the status bar; ``hall_changed`` fires when another
    hall is shown; ``findings_changed`` when new findings arrived; ``network_changed`` when
    a new network plan did.
    """

    message = Signal(str)
    hall_changed = Signal()
    findings_changed = Signal()
    network_changed = Signal()

    def __init__(
        self, bridge: DocumentBridge, selection: Selection, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.selection = selection
        self.hall_id: str | None = None
        #: The halls shown before this one, latest last: where the canvas goes back to
        #: when the shown hall goes (an undone Add Hall, a deleted hall).
        self._shown_before: list[str] = []
        self.place_rotation: Rotation = 0
        self.findings: Sequence[Any] = ()
        self.checked = False
        self.network: NetworkPlan | None = None
        self._links: dict[str, LinkGeometry] = {}
        self._by_id: dict[str, list[Any]] = {}
        self._picker: Picker | None = None
        self._picker_for: tuple[int, str, int] = (0, "", -1)
        self._picker_stale: set[str] = set()
        self._systems: tuple[tuple[int, int], dict[str, list[str]]] = ((0, -1), {})
        bridge.replaced.connect(self._document_replaced)
        bridge.changed.connect(self._document_changed)
        self._document_replaced()

    # --- the document --------------------------------------------------------------------

    @property
    def doc(self) -> Document:
        return self.bridge.document

    @property
    def project(self) -> Project:
        return self.bridge.document.project

    def _document_replaced(self) -> None:
        # the hall first: what listens to the selection and the findings reads the hall
        # on screen, and the new project may not have the old one
        halls = list(self.project.halls)
        self.hall_id = halls[0] if halls else None
        self._shown_before.clear()
        self._picker = None
        self.set_findings((), checked=False)
        self.set_network(None)
        self.selection.clear()
        self.hall_changed.emit()

    def _document_changed(self, changes: Any) -> None:
        self._picker_stale |= changes.ids
        if any(c.collection in ("halls", "custom_types") for c in changes.changes.values()):
            self._picker = None  # new walls or new footprints for every rack of a type
        # a hall that comes (Add Hall redone, a deletion undone) is shown; when the shown
        # hall goes, the one shown before it
        came = [
            hall_id
            for hall_id, c in changes.changes.items()
            if c.collection == "halls" and c.before is None and c.after is not None
        ]
        if came:
            self.set_hall(came[0])
        elif self.hall_id not in self.project.halls:
            while self._shown_before and self._shown_before[-1] not in self.project.halls:
                self._shown_before.pop()
            halls = list(self.project.halls)
            back = self._shown_before.pop() if self._shown_before else None
            self.hall_id = back or (halls[0] if halls else None)
            self.hall_changed.emit()
        self.selection.prune(self.project, self.hall_id)

    def set_hall(self, hall_id: str) -> None:
        """Show ``hall_id`` on the canvas."""
        if hall_id != self.hall_id and hall_id in self.project.halls:
            if self.hall_id is not None:  # once, as the latest shown
                self._shown_before = [h for h in self._shown_before if h != self.hall_id]
                self._shown_before.append(self.hall_id)
            self.hall_id = hall_id
            self.selection.clear()
            self.hall_changed.emit()

    def picker(self) -> Picker:
        """The hit-test index of the shown hall, brought up to the document's revision.

        After edits only the changed ids are recomputed; another hall or document (or a
        change to the project's own rack types) builds it afresh.
        """
        doc, hall = self.doc, self.hall_id or ""
        revision = doc.revision
        if self._picker is None or self._picker_for[:2] != (id(doc), hall):
            self._picker = Picker(self.project, hall, doc.rack_types)
        elif self._picker_for[2] != revision:
            self._picker = self._picker.advanced(self.project, self._picker_stale, doc.rack_types)
        self._picker_for = (id(doc), hall, revision)
        self._picker_stale = set()
        return self._picker

    @property
    def tile_mm(self) -> int:
        hall = self.project.halls.get(self.hall_id or "")
        return hall.tile_mm if hall else 600

    def run(self, edit: Callable[[], T]) -> T | None:
        """Run one edit; a refusal becomes a status message and returns None. An edit made
        is named in the status bar (its caller may say more after): Add Hall, a deletion and
        Delete Hall left the last action's words there (a trial)."""
        history = self.doc.history
        before = history.undo_entry
        try:
            done = edit()
        except TransactionError as err:
            self._refused(err)
            return None
        if history.undo_entry is not before and history.undo_label:
            self.message.emit(f"{history.undo_label}. Edit ▸ Undo takes it back.")
        return done

    def _refused(self, err: Exception) -> None:
        """Say why an edit was refused, as a sentence."""
        text = str(err)
        self.message.emit(text[:1].upper() + text[1:] + ("" if text.endswith(".") else "."))

    # --- findings ------------------------------------------------------------------------

    def set_findings(self, findings: Sequence[Any], checked: bool = True) -> None:
        """Keep the latest findings (for hover text and panels) and tell who listens."""
        self.findings = findings
        self.checked = checked
        by_id: dict[str, list[Any]] = {}
        for finding in findings:
            for entity_id in finding.ids:
                by_id.setdefault(entity_id, []).append(finding)
        self._by_id = by_id
        self.findings_changed.emit()

    def findings_of(self, entity_id: str) -> list[Any]:
        return self._by_id.get(entity_id, [])

    def set_network(self, plan: NetworkPlan | None) -> None:
        """Keep the network plan the latest findings were checked against (the rule
        engine's own, brought up to date edit by edit), and tell who listens."""
        if plan is self.network:
            return
        self.network = plan
        self._links = {}
        self.network_changed.emit()

    def hall_links(self, hall_id: str) -> LinkGeometry | None:
        """The links layer of ``hall_id`` from the current plan (None before any plan).

        Built once per plan and hall, when a view first asks for it.
        """
        if self.network is None or hall_id not in self.network.project.halls:
            return None
        if hall_id not in self._links:
            self._links[hall_id] = hall_links(self.network, hall_id)
        return self._links[hall_id]

    # --- history -------------------------------------------------------------------------

    def undo(self) -> None:
        """Undo the last step and select what it touched that stands in the hall shown: the
        racks a delete took come back selected, moved racks stay so (a trial's undo left
        nothing selected). The status bar says what was undone: what the step had said
        (an inserted pod's "Edit ▸ Undo takes it out") went on standing after it."""
        label = self.doc.history.undo_label
        changes = self.bridge.undo()
        if changes is not None:
            self.message.emit(f"Undid {label}.")
        self._select_touched(changes)

    def redo(self) -> None:
        """Redo the next step, selecting what it touched as ``undo`` does."""
        label = self.doc.history.redo_label
        changes = self.bridge.redo()
        if changes is not None:
            self.message.emit(f"Redid {label}.")
        self._select_touched(changes)

    def _select_touched(self, changes: ChangeSet | None) -> None:
        touched = changes.ids if changes is not None else ()
        shown = [i for i in touched if in_hall(self.project, i, self.hall_id)]
        hall = _hall_of(changes) if changes is not None and not shown else None
        if hall is not None and hall != self.hall_id and hall in self.project.halls:
            # the step was another hall's: show it there (a trial undid a pod in Hall 2
            # while Hall 1 was on screen, and saw nothing change)
            self.set_hall(hall)
            shown = [i for i in touched if in_hall(self.project, i, hall)]
        if shown:
            self.selection.set(shown)
        else:  # a hall's, a setting's or another hall's step: what was selected stays
            self.selection.prune(self.project, self.hall_id)

    # --- selection -----------------------------------------------------------------------

    def selected(self) -> list[str]:
        """The selection with every rack of each selected system (as ``ops.with_groups``).

        The racks of each system are looked up once per revision, not by scanning every
        rack on every click.
        """
        project = self.project
        wanted = dict.fromkeys(self.selection.ids)
        systems = {project.placements[i].group_id for i in wanted if i in project.placements} - {
            None
        }
        if systems:
            members = self._members()
            for system in systems:
                wanted.update(dict.fromkeys(members.get(system, ())))  # type: ignore[arg-type]
        return [i for i in wanted if i not in project.groups]

    def _members(self) -> dict[str, list[str]]:
        key = (id(self.doc), self.doc.revision)
        if self._systems[0] != key:
            members: dict[str, list[str]] = {}
            for rack in self.project.placements.values():
                if rack.group_id:
                    members.setdefault(rack.group_id, []).append(rack.id)
            self._systems = (key, members)
        return self._systems[1]

    def select_all(self) -> None:
        project, hall = self.project, self.hall_id
        ids = [
            e.id
            for name in ("placements", "cooling_units", "obstacles", "trays", "feeds")
            for e in getattr(project, name).values()
            if e.hall_id == hall
        ]
        self.selection.set(ids)

    def selection_box(self) -> Box | None:
        """The box around the selection, or None when nothing is selected."""
        types = self.doc.rack_types
        return around(
            b for b in (ops.footprint_of(self.project, i, types) for i in self.selected()) if b
        )

    # --- edits on the selection ------------------------------------------------------------

    def delete_selection(self) -> None:
        ids = self.selection.ids
        if ids and self.delete(ids):
            self.selection.clear()

    def rotate_selection(self, quarter_turns: int = 1) -> None:
        ids = self.selection.ids
        if ids:
            self.run(lambda: ops.rotate(self.doc, ids, quarter_turns))

    def nudge(self, dx: int, dy: int) -> None:
        """Move the selection; consecutive nudges of one selection are one undo step."""
        ids = self.selection.ids
        if ids:
            key = "nudge:" + ",".join(sorted(ids))
            self.run(lambda: ops.move(self.doc, ids, dx, dy, merge_key=key))

    def move(self, ids: Sequence[str], dx: int, dy: int) -> bool:
        """Move ``ids`` by ``(dx, dy)``; False when nothing moved (a refusal is said)."""
        if ids and (dx or dy):
            return self.run(lambda: ops.move(self.doc, ids, dx, dy)) is not None
        return False

    def align(self, edge: str) -> None:
        ids = self.selection.ids
        if len(ops.with_groups(self.project, ids)) < 2:
            self.message.emit("Select two or more items to align.")
            return
        self.run(lambda: ops.align(self.doc, ids, edge))

    def ungroup_selection(self) -> None:
        groups = {
            self.project.placements[i].group_id
            for i in self.selection.ids
            if i in self.project.placements and self.project.placements[i].group_id
        }
        if not groups:
            self.message.emit(
                "Select a rack of a CloudMatrix384 (or another system) to ungroup it."
            )
            return
        for group in groups:
            self.run(lambda g=group: ops.ungroup(self.doc, g))

    def copy_selection(self) -> ops.Fragment | None:
        ids = self.selection.ids
        return ops.copy_fragment(self.project, ids) if ids else None

    def paste(self, fragment: ops.Fragment, at: tuple[float, float] | None) -> list[str]:
        """Paste ``fragment`` into the shown hall: centred on ``at`` (snapped), or one tile off.

        Where it would overlap the very items it was copied from (the cursor still over
        them), the copy goes beside them instead, to their right and in line: a copy on top
        of its original is an overlap no one asks for.
        """
        if self.hall_id is None or not fragment.items:
            return []
        shift = (self.tile_mm, self.tile_mm)
        if at is not None:
            boxes = [
                ops.footprint_of(_fragment_project(self.project, fragment), i, self.doc.rack_types)
                for i in fragment.ids
            ]
            boxes = [b for b in boxes if b]
            if boxes:
                x0 = min(b.x0 for b in boxes)
                y0 = min(b.y0 for b in boxes)
                w = max(b.x1 for b in boxes) - x0
                h = max(b.y1 for b in boxes) - y0
                tile = self.tile_mm
                shift = (
                    snap(round(at[0] - w / 2), tile) - x0,
                    snap(round(at[1] - h / 2), tile) - y0,
                )
                if abs(shift[0]) < w and abs(shift[1]) < h and self._copied_here(fragment):
                    shift = (w, 0)
        hall = self.hall_id
        new = self.run(lambda: ops.paste(self.doc, fragment, hall, *shift)) or []
        if new:
            self.selection.set(new)
        return new

    def on_floor(self, point: tuple[float, float] | None) -> tuple[int, int] | None:
        """``point`` in whole millimetres when it lies inside the shown hall's outline."""
        hall = self.project.halls.get(self.hall_id or "")
        if (
            point is None
            or hall is None
            or not shapely.Polygon(hall.outline).contains(shapely.Point(point))
        ):
            return None
        return (round(point[0]), round(point[1]))

    def insert_pod(
        self, preset: str, at: tuple[int, int] | None, fabric: Fabric | None = None
    ) -> list[str]:
        """Insert a pod of ``preset`` on ``fabric`` (None: the preset's) into the shown hall
        as one undo step, centred on ``at`` or (None) on the first free floor, and select
        it; when it does not fit the reason is said and nothing changes."""
        hall = self.hall_id
        if hall is None:
            self.message.emit("There is no hall on screen to insert a pod into.")
            return []
        try:
            pod = self.run(lambda: insert_pod(self.doc, hall, preset, at, fabric))
        except PodError as err:
            self._refused(err)
            return []
        if pod is None:
            return []
        # what a user sees and picks on the plan: a pod's CDU group (and a CM384's system
        # record) was selected too and counted, until the next edit (a save) pruned it
        self.selection.set(i for i in pod.ids if in_hall(self.project, i, hall))
        racks = sum(1 for i in pod.ids if i in self.project.placements)
        x, y = pod.origin
        self.message.emit(
            f"Inserted the {PRESETS[preset].title} ({plural(racks, 'rack')}) from x {x / 1000:g} m, "
            f"y {y / 1000:g} m; Edit ▸ Undo takes it out.{self._over_power(hall)}"
        )
        return list(pod.ids)

    def _over_power(self, hall_id: str) -> str:
        """A sentence when the hall's racks now draw more than its power capacity (a trial's
        third pod took a hall to 147 % and the status said nothing of it), else ""."""
        hall = self.project.halls[hall_id]
        drawn = totals_by_hall(self.project, self.doc.rack_types)[hall_id].it_max_kw
        capacity = hall.power_capacity_kw
        if drawn <= capacity:
            return ""
        share = f", {drawn / capacity:.0%}" if capacity else ""
        return (
            f" {hall.name} now draws up to {number(drawn, 0)} kW{share} of its "
            f"{number(capacity, 0)} kW power capacity: see Findings."
        )

    def _copied_here(self, fragment: ops.Fragment) -> bool:
        """True when the fragment's items still stand in the shown hall where they were."""
        return all(
            getattr(self.project, name).get(entity.id) == entity  # type: ignore[attr-defined]
            and entity.hall_id == self.hall_id  # type: ignore[attr-defined]
            for name, entity in fragment.items
            if name != "groups"
        )

    # --- gestures of the tools and menus: a refusal is said, what was made is selected -----

    def delete(self, ids: Sequence[str]) -> bool:
        """Delete ``ids`` and what depends on them (a hall's racks, a site's halls); False
        when refused."""
        return bool(self.run(lambda: ops.delete(self.doc, ids)))

    def place_row(
        self,
        type_id: str,
        x: int,
        y: int,
        count: int,
        rotation: Rotation,
        gap_mm: int,
        prefix: str,
    ) -> list[str]:
        """Place a row of ``count`` racks in the shown hall from ``(x, y)``, labelled on from
        the highest number after ``prefix`` already taken, and select it."""
        hall = self.hall_id
        if hall is None:
            return []
        first = next_index(self.project, prefix)
        ids = self.run(
            lambda: ops.place_row(
                self.doc, hall, type_id, x, y, count, rotation, gap_mm, prefix, first
            )
        )
        if ids:
            self.selection.set(ids)
        return ids or []

    def add_run(self, points: list[Point], entry: PaletteEntry) -> None:
        """Add a cable tray or a busway of ``entry``'s catalog type along ``points`` in the
        shown hall, named on from the last, and select it."""
        hall, doc = self.hall_id or "", self.doc
        if entry.kind == "tray":
            new = self.run(lambda: add_tray(doc, hall, entry.type_id, points))
        else:
            name = feed_name(self.project, busway=True)
            new = self.run(lambda: ops.add_feed(doc, hall, entry.type_id, points, name))
        if new:
            self.selection.set([new])

    def add_obstacle(self, kind: str, box: Box) -> None:
        """Add a column, keep-out zone or wall covering ``box`` in the shown hall."""
        hall, label = self.hall_id or "", obstacle_label(self.project, kind)
        outline = ops.rectangle(box.x0, box.y0, box.width, box.height)
        new = self.run(lambda: ops.add_obstacle(self.doc, hall, kind, outline, label))
        if new:
            self.selection.set([new])

    def set_outline(self, points: list[Point]) -> None:
        """Give the shown hall the outline ``points``."""
        hall = self.hall_id
        if hall is not None:
            self.run(lambda: ops.update(self.doc, hall, outline=points))

    def add_site(self, name: str, **fields: Any) -> str | None:
        """Add a site (``fields`` as ``Site``'s); its id, None when refused."""
        return self.run(lambda: ops.add_site(self.doc, name, **fields))

    def add_fibre_route(self, site_a: str, site_b: str, distance_km: float) -> None:
        self.run(lambda: ops.add_fibre_route(self.doc, site_a, site_b, distance_km))

    def add_hall(
        self, site_id: str | None, name: str, width_mm: int, depth_mm: int, **fields: Any
    ) -> None:
        """Add a hall of ``width_mm`` x ``depth_mm`` beside the other halls of ``site_id``
        (None: a first site, "Site 1", with the hall's capacities) and show it."""

        def add() -> str:
            site = site_id or ops.add_site(
                self.doc,
                "Site 1",
                power_capacity_kw=fields["power_capacity_kw"],
                cooling_capacity_kw=fields["cooling_capacity_kw"],
            )
            origin = beside_the_halls(self.project, site)
            fields.setdefault("cable_entry", new_cable_entry(depth_mm))
            return ops.add_hall(
                self.doc, site, name, width_mm, depth_mm, site_origin=origin, **fields
            )

        hall = self.run(add)
        if hall:
            self.set_hall(hall)
            self._site_short_of_halls(self.project.halls[hall].site_id, name)

    def _site_short_of_halls(self, site_id: str, name: str) -> None:
        """Say so when the site supplies less power than its halls can take: a site made by
        File ▸ New supplies its first hall's capacity, and a trial's second hall put the
        site over its supply with no word of it until the check."""
        site = self.project.sites[site_id]
        halls = math.fsum(
            h.power_capacity_kw for h in self.project.halls.values() if h.site_id == site_id
        )
        if halls > site.power_capacity_kw:
            self.message.emit(
                f"Added {name}. {site.name} supplies {number(site.power_capacity_kw, 0)} kW, "
                f"less than its halls' {number(halls, 0)} kW: raise it in the site's "
                "properties if the site has more. Edit ▸ Undo takes the hall back."
            )

    def import_base_plan(
        self,
        hall_id: str,
        outline: list[Point],
        columns: Sequence[list[Point]],
        drawing_origin: tuple[int, int] | None = None,
    ) -> bool:
        """Give ``hall_id`` a base plan's outline and columns, and where it lies in the
        drawing (File ▸ Import Floor Plan…); False when refused."""
        done = self.run(
            lambda: ops.import_base_plan(self.doc, hall_id, outline, columns, drawing_origin)
        )
        return done is not None

    def place_racks(self, rows: Sequence[tuple[str, str, int, int, Rotation, str]]) -> bool:
        """Place racks given as (hall, type, x, y, rotation, label) rows (File ▸ Import
        Racks…); False when refused."""
        return self.run(lambda: ops.place_racks(self.doc, rows)) is not None

    def accept_finding(self, finding: Finding, comment: str) -> None:
        """Keep ``finding`` listed as accepted, with the architect's reason."""
        self.run(lambda: ops.accept_finding(self.doc, finding.code, finding.ids, comment))

    def reopen_finding(self, finding: Finding) -> None:
        """Count an accepted finding again."""
        self.run(lambda: ops.reopen_finding(self.doc, finding.code, finding.ids))

    # --- edits of one field: a refusal raises TransactionError for the form to say -------

    def update(self, entity_id: str, **fields: Any) -> None:
        """Set fields of one entity (a name, a capacity, a hall's outline)."""
        ops.update(self.doc, entity_id, **fields)

    def update_many(self, ids: Sequence[str], **fields: Any) -> None:
        """Set the same fields on every one of ``ids`` (a type, a rear door) in one step."""
        ops.update_many(self.doc, ids, **fields)

    def set_rotation(self, ids: Sequence[str], rotation: Rotation) -> None:
        """Turn ``ids`` to face ``rotation``, each about its own centre (systems whole)."""
        ops.set_rotation(self.doc, ids, rotation)

    def shift(self, ids: Sequence[str], dx: int, dy: int) -> None:
        """Move ``ids`` by ``(dx, dy)`` (a typed position)."""
        ops.move(self.doc, ids, dx, dy)

    # --- rows, power and cooling of the selected racks: one undo step each ----------------

    def _selected_racks(self) -> list[str]:
        """The selected racks, a system's all of them."""
        placements = self.project.placements
        return [i for i in ops.with_groups(self.project, self.selection.ids) if i in placements]

    def feed_from_busways_above(self) -> None:
        """Edit ▸ Feed From Busways Above: each selected rack on the A and B busways over it."""
        racks = self._selected_racks()
        if not racks:
            self.message.emit("Select the racks to feed from the busways above them.")
            return
        found = self.run(lambda: ops.feed_from_busways_above(self.doc, racks))
        if found is None:
            return
        feeds = self.project.feeds
        names = sorted({feeds[f].name for ids in found.values() for f in ids}, key=natural_key)
        said = [f"Fed {plural(len(found), 'rack')} from {', '.join(names)}."] if found else []
        if len(racks) > len(found):
            under = len(racks) - len(found)
            said.append(f"{plural(under, 'rack')} stand{'s' * (under == 1)} under no busway.")
        self.message.emit(" ".join(said))

    def assign_nearest_cdu(self) -> None:
        """Edit ▸ Assign Nearest CDU: each selected liquid-cooled rack the nearest CDU of its
        hall with room for its liquid heat."""
        racks = self._selected_racks()
        if not racks:
            self.message.emit("Select the racks to give their nearest CDU.")
            return
        found = self.run(lambda: ops.assign_nearest_cdu(self.doc, racks))
        if found is None:
            return
        if not found:
            self.message.emit("None of the selected racks is liquid-cooled: they need no CDU.")
            return
        units = self.project.cooling_units
        given = Counter(c for c in found.values() if c is not None)
        each = ", ".join(
            f"{units[c].name} {n}"
            for c, n in sorted(given.items(), key=lambda i: natural_key(units[i[0]].name))
        )
        said = []
        if given:
            said.append(
                f"Gave {plural(given.total(), 'liquid-cooled rack')} the nearest CDU with room ({each})."
            )
        if len(found) > given.total():
            said.append(
                f"No CDU of the hall has room for {plural(len(found) - given.total(), 'rack')}."
            )
        self.message.emit(" ".join(said))

    def group_cdus(self) -> None:
        """Edit ▸ Group CDUs as N+1: the selected CDUs share their racks, one of them spare."""
        units = self.project.cooling_units
        cdus = [i for i in self.selection.ids if i in units and units[i].kind == "cdu"]
        name = ops.free_name((g.name for g in self.project.cooling_groups.values()), "CDU group 1")
        if self.run(lambda: ops.group_cdus(self.doc, cdus, name)) is not None:
            self.message.emit(f"{name} (N+1): {', '.join(units[i].name for i in cdus)}.")

    def renumber_row(self) -> None:
        """Edit ▸ Renumber Row: the labels of the selected row counting up along it."""
        row = selected_row(self.project, self.doc.rack_types, self.selection.ids)
        if not row:
            self.message.emit("Select a rack of the row to renumber.")
            return
        labels = row_labels(self.project, self.doc.rack_types, row)
        changed = self.run(lambda: ops.relabel(self.doc, labels, "Renumber row"))
        if changed is None:
            return
        first, last = labels[row[0]], labels[row[-1]]
        self.message.emit(
            f"Renumbered {plural(len(changed), 'rack')} of the row: {first} to {last}."
            if changed
            else f"The row is numbered in order already: {first} to {last}."
        )

    def assign_cdu(self, rack_ids: Sequence[str], cdu_id: str | None) -> None:
        ops.assign_cdu(self.doc, rack_ids, cdu_id)

    def connect_feed(self, rack_ids: Sequence[str], feed_id: str, connected: bool) -> None:
        """Connect ``feed_id`` to every rack of ``rack_ids``, or take it off them."""
        ops.connect_feed(self.doc, rack_ids, feed_id, connected)

    def set_fibre_route(
        self, site_a: str, site_b: str, distance_km: float | None, path: int = 1
    ) -> None:
        """The fibre of the ``path``-th route between two sites as laid (None: none)."""
        ops.set_fibre_route(self.doc, site_a, site_b, distance_km, path)

    def update_meta(self, **changes: Any) -> None:
        """Change what the title block and the cover show: the project's name, description,
        revision, author, date."""
        ops.update_meta(self.doc, **changes)

    def update_settings(self, label: str, **changes: Any) -> None:
        """Change the project's network or rule settings, as one step named ``label``."""
        ops.update_settings(self.doc, label, **changes)

    def add_job(self, name: str, **fields: Any) -> str:
        """Add a training job (``fields`` as ``Job``'s); its id."""
        return ops.add_job(self.doc, name, **fields)

    def replace_project(self, project: Project, label: str) -> None:
        """Put ``project`` in place of the one edited, as one undoable step (recovered work)."""
        ops.replace_project(self.doc, project, label)

    # --- placing from the palette ------------------------------------------------------

    def plan(self, entry: PaletteEntry, x: float, y: float) -> PlacementPlan | None:
        """Where ``entry`` would go at ``(x, y)`` in the shown hall, and whether it may."""
        if self.hall_id is None:
            return None
        try:
            return plan_placement(
                self.doc, self.hall_id, entry, x, y, self.place_rotation, self.picker()
            )
        except TransactionError as err:
            self.message.emit(str(err))
            return None

    def place(self, entry: PaletteEntry, x: float, y: float) -> list[str]:
        """Place ``entry`` at ``(x, y)``; refuse with a message when it cannot stand there.

        Outside the hall or on an obstacle it is refused; over other racks it is placed and
        the message says what it overlaps (the checker reports the overlap).
        """
        plan = self.plan(entry, x, y)
        if plan is None:
            return []
        if plan.problem:
            self.message.emit(plan.message())
            return []
        hall = self.hall_id
        assert hall is not None
        new = self.run(lambda: place(self.doc, hall, plan)) or []
        if new:
            self.selection.set(new)
            self.message.emit(plan.placed())
        return new


def _fragment_project(project: Project, fragment: ops.Fragment) -> Project:
    """``project`` with the fragment's items in it, to measure their footprints."""
    updates: dict[str, dict[str, Any]] = {}
    for name, entity in fragment.items:
        updates.setdefault(name, dict(getattr(project, name)))[entity.id] = entity  # type: ignore[attr-defined]
    return project.model_copy(update=updates)


def _hall_of(changes: ChangeSet) -> str | None:
    """The hall a step changed: of the first thing it changed that stands in a hall (by
    id, so a step over two halls always shows the same one), or a hall it changed itself."""
    for entity_id in sorted(changes.ids):
        change = changes.changes[entity_id]
        entity = change.after or change.before
        if change.collection == "halls":
            return entity_id
        hall = getattr(entity, "hall_id", None)
        if isinstance(hall, str):
            return hall
    return None
