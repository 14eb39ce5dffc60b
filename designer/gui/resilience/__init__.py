"""What if it fails, in the designer (issue 24): right-click a component ▸ What If This
Fails (on the site map, a hall ▸ What If This Hall Fails, a fibre route ▸ What If This Route
Fails) colours the racks it takes down by what they lose, shows the survivors' loads on the
Utilisation bars and lists the figures in the Resilience panel, whose other tab ranks every
component failed alone."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

from designer.core.campus_map import failed_on_map
from designer.core.resilience.components import kind_of, name_of, sides
from designer.core.resilience.impact import Impact
from designer.core.rules.text import called, first_up
from designer.gui.canvas.view import CanvasView
from designer.gui.central import CentralViews
from designer.gui.docks import tabbed_dock
from designer.gui.editor import Editor
from designer.gui.findings import FindingsService
from designer.gui.jobs.colouring import JobColouring
from designer.gui.resilience.overlay import LOSS_COLOURS, WhatIfOverlay
from designer.gui.resilience.panel import ResiliencePanel
from designer.gui.resilience.service import ResilienceService

#: How near a fibre route's line a right-click on the site map picks it, in pixels.
ROUTE_REACH_PX = 6.0

#: What a right-click can fail on the hall canvas.
CANVAS_KINDS = frozenset({"feed", "cooling", "rack", "tray"})


class Resilience:
    """The Resilience dock, the canvas's What If This Fails action and what they share."""

    def __init__(
        self,
        window: QMainWindow,
        view: CanvasView,
        central: CentralViews,
        editor: Editor,
        checker: FindingsService,
        colouring: JobColouring,
        beside: QDockWidget,
    ) -> None:
        self.view = view
        self.central = central
        self.editor = editor
        self.service = ResilienceService(editor, checker)
        self.overlay = WhatIfOverlay(window, view, editor, colouring)
        self.panel = ResiliencePanel(editor, self.go_to, self.fail_ranked, self.overlay.clear)
        self.dock = tabbed_dock(window, "Resilience", "resilienceDock", self.panel, beside)
        self.action = QAction("What If This &Fails", window)
        self.action.setStatusTip("Show what failing the selected components takes down")
        self.action.triggered.connect(lambda: self.what_if())
        self.service.answered.connect(self.overlay.show)
        self.service.failed.connect(editor.message)
        self.service.ranked.connect(self.panel.set_ranking)
        self.service.ranking.connect(self.panel.set_busy)
        self.overlay.shown.connect(self.panel.show_impact)
        self.overlay.shown.connect(self._shown)
        self.overlay.shown.connect(self._mark_on_site_map)
        # a dock behind another's tab still says isVisible(): its visibilityChanged tells
        self._dock_shown = False
        self.dock.visibilityChanged.connect(self._rank_if_shown)
        checker.jobs_changed.connect(lambda _jobs: self._rank_if_shown(self._dock_shown))
        editor.selection.changed.connect(self._selection_changed)
        self._selection_changed()
        site_map = central.site_map
        site_map.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        site_map.customContextMenuRequested.connect(
            lambda pos: self.site_map_menu(pos).exec(site_map.viewport().mapToGlobal(pos))
        )

    def failing(self) -> list[str]:
        """The selected components a what-if can fail on the canvas; a power side of several
        feeds, all selected, fails as that side (the ranking's "Hall 1 side A" selects its
        busways, and its what-if was titled by all eight of them; a trial)."""
        project = self.editor.project
        chosen = [i for i in self.editor.selected() if kind_of(project, i) in CANVAS_KINDS]
        picked = set(chosen)
        whole = {
            side: feeds
            for side, feeds in sides(project).items()
            if len(feeds) > 1 and set(feeds) <= picked
        }
        taken = {feed for feeds in whole.values() for feed in feeds}
        return [*whole, *(i for i in chosen if i not in taken)]

    def _selection_changed(self) -> None:
        self.action.setEnabled(bool(self.failing()))

    def site_map_menu(self, pos: QPoint) -> QMenu:
        """The site map's right-click menu at viewport ``pos``: on a fibre route's line or
        label, What If This Route Fails; on a hall, What If This Hall Fails (the hall becomes
        the canvas's, so its racks show coloured there); within a site's frame, What If Site
        ... Fails (a site the ranking went to could not be failed on the map; a trial)."""
        site_map = self.central.site_map
        scene = site_map.map_scene
        point = site_map.mapToScene(pos)
        # a few pixels either side of a route's line, in map mm at this zoom
        reach = ROUTE_REACH_PX / max(site_map.transform().m11(), 1e-9)
        route = scene.route_at(point, reach)
        menu = QMenu(site_map)
        if route is not None:
            action = menu.addAction("What If This Route Fails")
            action.triggered.connect(lambda: self.what_if([route]))
            return menu
        hall = scene.hall_at(point)
        site = scene.site_at(point)
        if hall is not None or site is None:
            action = menu.addAction("What If This Hall Fails")
            action.setEnabled(hall is not None)
            if hall is not None:
                action.triggered.connect(lambda: self._hall_fails(hall))
        if site is not None:
            name = first_up(called("site", self.editor.project.sites[site].name))
            action = menu.addAction(f"What If {name.replace('&', '&&')} Fails")
            action.triggered.connect(lambda: self.what_if([site]))
        return menu

    def _hall_fails(self, hall_id: str) -> None:
        self.editor.set_hall(hall_id)
        self.what_if([hall_id])

    def what_if(self, ids: list[str] | None = None) -> None:
        """What failing ``ids`` (the selected components) together takes down."""
        ids = ids or self.failing()
        if not ids:
            return
        project = self.editor.project
        names = ", ".join(name_of(project, i) for i in ids)
        if not self.service.current:
            self.editor.message.emit(f"What if {names} fails: after the design check…")
        self.service.what_if(ids)

    def _shown(self, impact: object) -> None:
        if impact is not None:
            self.dock.show()
            self.dock.raise_()
            self.editor.message.emit("What if it fails: Esc returns to the design.")

    def _mark_on_site_map(self, impact: Impact | None) -> None:
        """The halls and fibre routes the what-if takes out, marked on the site map in the
        colour of what failed; none once it ends."""
        failed = impact.failed if impact is not None else ()
        halls, routes = failed_on_map(self.editor.project, failed)
        site_map = self.central.site_map
        site_map.map_scene.show_failed(halls, routes, LOSS_COLOURS[0])
        site_map.viewport().update()  # the legend too

    def _rank_if_shown(self, visible: bool) -> None:
        self._dock_shown = visible
        if visible:
            self.service.rank()

    def go_to(self, component_id: str) -> None:
        """Select ``component_id`` (a side: its feeds) and zoom to it; a hall is fitted, a
        site or fibre route shown on the site map."""
        editor = self.editor
        project = editor.project
        kind = kind_of(project, component_id)
        if kind in ("site", "fibre_route"):
            self.central.show_site_map(True)
            return
        self.central.show_site_map(False)
        if kind == "hall":
            editor.set_hall(component_id)
            editor.selection.clear()
            self.view.fit_hall()
            return
        ids = sides(project).get(component_id, [component_id])
        entity = next(
            (
                getattr(project, c)[ids[0]]
                for c in ("feeds", "cooling_units", "placements", "trays")
                if ids[0] in getattr(project, c)
            ),
            None,
        )
        if entity is None:
            return
        if entity.hall_id != editor.hall_id:
            editor.set_hall(entity.hall_id)
        editor.selection.set(ids)
        total = editor.picker().bounds(ids)
        if total is not None:
            self.view.zoom_to_box(total)

    def fail_ranked(self, component_id: str) -> None:
        """Go to a component of the ranking and show its what-if where it stands: on its
        hall's canvas, or on the site map for a site or fibre route."""
        self.go_to(component_id)
        self.what_if([component_id])

    def shutdown(self) -> None:
        self.service.shutdown()


__all__ = ["Resilience"]
