"""The designer's main window: palette, canvas, properties, findings, dashboard, menus.

It wires the parts together and owns no project state: the document lives in the
``DocumentBridge``, edits go through the ``Editor`` to the core operations, undo and redo
come from the core history, and the title and menu labels follow it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMimeData, QSize, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QCursor,
    QGuiApplication,
    QKeySequence,
    QPaintEvent,
    QShortcut,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QTabBar,
    QToolBar,
    QWidget,
)

from designer.core.document import operations as ops
from designer.core.document.document import Document, TransactionError
from designer.core.format import plural
from designer.core.geometry.footprint import Box
from designer.core.io.project_file import SUFFIX
from designer.core.model.project import Project, ProjectMeta
from designer.core.model.site import Site
from designer.core.naming import file_stem, next_hall_name
from designer.core.placement.entry import PaletteEntry
from designer.core.placement.labels import label_stem, rack_tag
from designer.core.placement.rows import row_extension, selected_row
from designer.gui.autosave import Autosaver
from designer.gui.bridge import DocumentBridge
from designer.gui.canvas.pick_filter import PickFilter
from designer.gui.canvas.tools.base import Tool
from designer.gui.canvas.tools.draw import ObstacleTool, OutlineTool, RunTool
from designer.gui.canvas.tools.place import PlaceTool, RowTool
from designer.gui.canvas.tools.select import SelectTool
from designer.gui.canvas.view import CanvasView
from designer.gui.central import CentralViews
from designer.gui.collection import collect_on_gui_thread
from designer.gui.compare import Comparison
from designer.gui.dialogs.insert_pod import PodTarget
from designer.gui.dialogs.new_project import NewProjectSpec
from designer.gui.dialogs.place_row import RowExtension
from designer.gui.editor import NUDGE_MM, Editor
from designer.gui.exporting import Exporter
from designer.gui.files import FileController, display_name
from designer.gui.findings import DEBOUNCE_MS, FindingsService
from designer.gui.generating import ClusterBuilder
from designer.gui.hall_chooser import HallChooser
from designer.gui.icons import icon
from designer.gui.importing import Importer
from designer.gui.jobs import install as install_jobs
from designer.gui.panels.cabling import LengthsChart, MediaMixChart
from designer.gui.panels.dashboard import DashboardPanel
from designer.gui.panels.energy import EnergyPanel
from designer.gui.panels.findings import FindingsPanel
from designer.gui.panels.links import LinksPanel
from designer.gui.panels.palette import PalettePanel
from designer.gui.panels.properties.fields import RevertingEdit
from designer.gui.panels.properties.panel import PropertiesPanel
from designer.gui.panels.status import StatusBar
from designer.gui.pointer import CanvasPointer
from designer.gui.prompts import DialogPrompts, Prompts
from designer.gui.recent import RecentFiles
from designer.gui.resilience import Resilience
from designer.gui.selection import Selection
from designer.gui.sitemap.view import SiteMapView

FRAGMENT_MIME = "application/x-rackplan-fragment"
#: How long after showing the window the first check waits for its first paint, at most.
FIRST_PAINT_WAIT_MS = 1_000
#: The catalog and properties never get narrower than this, whatever the panels below need.
SIDE_DOCK_MIN_PX = 290
#: One short group per line: a message box wraps long lines mid-phrase.
SHORTCUTS = """Ctrl+N new · Ctrl+O open · Ctrl+S save
Ctrl+Shift+S save as · Ctrl+E export
Ctrl+, project settings
Ctrl+Z undo · Ctrl+Y redo · Del delete
Ctrl+X / C / V cut, copy, paste · Ctrl+A select all
Ctrl+Shift+P insert a pod at the cursor
R rotate clockwise · Shift+R anticlockwise
Arrows nudge 100 mm · Shift+arrows one tile
Ctrl+0 fit the hall · Ctrl+= / Ctrl+- zoom
Ctrl+M site map ⇄ hall · double-click a hall opens it
Wheel zooms at the cursor
Middle button or Space + drag pans
H heat colouring · G tile grid · L links on the trays
V select · W row of racks · T cable tray · B busway
Click again on a spot: the next thing lying there
Esc cancels"""


def release_clipboard() -> None:
    """Empty the clipboard if it holds copied rackplan items.

    They mean nothing outside rackplan, and PySide6 crashes at exit when the clipboard
    still owns mime data made in Python.
    """
    clipboard = QGuiApplication.clipboard()
    data = clipboard.mimeData()
    if data is not None and data.hasFormat(FRAGMENT_MIME):
        clipboard.clear()


def blank_document() -> Document:
    """An empty untitled project (no hall yet)."""
    return Document(Project(meta=ProjectMeta(name="Untitled")))


class MainWindow(QMainWindow):
    """The designer window. ``prompts`` and ``recent`` can be replaced (tests script them)."""

    def __init__(
        self,
        prompts: Prompts | None = None,
        recent: RecentFiles | None = None,
        document: Document | None = None,
        autosave_ms: int | None = None,  # None: the preference (autosave.PREFERENCE)
        debounce_ms: int = DEBOUNCE_MS,
    ) -> None:
        super().__init__()
        self._closed = False  # the workers are stopped; see closeEvent
        self._painted = False  # see paintEvent
        self.resize(1600, 1000)
        self.bridge = DocumentBridge(document or blank_document(), self)
        self.selection = Selection(self)
        self.editor = Editor(self.bridge, self.selection, self)
        self.view = CanvasView(self.editor)
        self.site_map = SiteMapView(self.editor)
        self.central = CentralViews(self.view, self.site_map)
        self.setCentralWidget(self.central)
        self.prompts: Prompts = prompts or DialogPrompts(self)
        self.autosaver = Autosaver(self.bridge, autosave_ms)
        self.files = FileController(
            self.editor, self.prompts, recent or RecentFiles(), self.autosaver
        )
        self.checker = FindingsService(self.bridge, self.editor, debounce_ms)
        self.exporter = Exporter(
            self.editor, self.checker, self.prompts, self, lambda: self.resilience.service.swept
        )
        self.importer = Importer(self.editor, self.prompts, self)
        self.builder = ClusterBuilder(self.bridge, self.files, self.prompts, self)
        self.pointer = CanvasPointer(self.view)
        self.status = StatusBar(self.editor)
        self.setStatusBar(self.status)
        self.palette = PalettePanel(self.bridge.document.catalog)
        self.properties = PropertiesPanel(self.editor)
        self.findings_panel = FindingsPanel(self.editor)
        self.dashboard = DashboardPanel(self.editor)
        self.links_panel = LinksPanel(self.editor)
        self.lengths_chart = LengthsChart(self.editor)
        self.media_chart = MediaMixChart(self.editor)
        self.energy_panel = EnergyPanel(self.editor)
        self._docks()
        self.jobs_dock = install_jobs(
            self, self.view, self.editor, self.checker, self.findings_dock
        )
        self.resilience = Resilience(
            self,
            self.view,
            self.central,
            self.editor,
            self.checker,
            self.jobs_dock.widget().colouring,
            self.findings_dock,
        )
        self.resilience.overlay.shown.connect(self.dashboard.show_what_if)
        self.comparison = Comparison(
            self,
            self.view,
            self.central,
            self.editor,
            self.prompts,
            self.jobs_dock.widget().colouring,
            self.findings_dock,
        )
        self.hall_chooser = HallChooser(self.editor)
        self.actions_by_name: dict[str, QAction] = {}
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self._connect()
        self._history_changed()

    # --- layout ---------------------------------------------------------------------------

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea, name: str) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        if area in (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea):
            dock.setMinimumWidth(SIDE_DOCK_MIN_PX)
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )
        self.addDockWidget(area, dock)
        return dock

    def _tab(self, title: str, widget: QWidget, name: str, beside: QDockWidget) -> QDockWidget:
        """A dock shown as a tab beside ``beside``."""
        dock = self._dock(title, widget, self.dockWidgetArea(beside), name)
        self.tabifyDockWidget(beside, dock)
        return dock

    def _docks(self) -> None:
        self.palette_dock = self._dock(
            "Catalog", self.palette, Qt.DockWidgetArea.LeftDockWidgetArea, "paletteDock"
        )
        self.properties_dock = self._dock(
            "Properties", self.properties, Qt.DockWidgetArea.RightDockWidgetArea, "propertiesDock"
        )
        self.findings_dock = self._dock(
            "Findings", self.findings_panel, Qt.DockWidgetArea.BottomDockWidgetArea, "findingsDock"
        )
        self.dashboard_dock = self._dock(
            "Utilisation", self.dashboard, Qt.DockWidgetArea.BottomDockWidgetArea, "dashboardDock"
        )
        self.splitDockWidget(self.findings_dock, self.dashboard_dock, Qt.Orientation.Horizontal)
        self.links_dock = self._dock(
            "Links", self.links_panel, Qt.DockWidgetArea.RightDockWidgetArea, "linksDock"
        )
        # below the properties, not a tab beside them: a second tab group built before the
        # window shows leaves a stale tab bar painted under the docks (Qt 6.11)
        self.splitDockWidget(self.properties_dock, self.links_dock, Qt.Orientation.Vertical)
        self.lengths_dock = self._tab(
            "Cable lengths", self.lengths_chart, "lengthsDock", self.dashboard_dock
        )
        self.media_dock = self._tab("Media mix", self.media_chart, "mediaDock", self.dashboard_dock)
        self.energy_dock = self._tab("Energy", self.energy_panel, "energyDock", self.dashboard_dock)
        # the tabs' names whole, scrolled where they do not fit: elided in a 1,280-pixel
        # window they read "U…", "Cabl…", "Me…", "E…"
        for bar in self.findChildren(QTabBar):
            bar.setElideMode(Qt.TextElideMode.ElideNone)
            bar.setUsesScrollButtons(True)
        self.dashboard_dock.raise_()
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.resizeDocks(
            [self.palette_dock, self.properties_dock], [310, 360], Qt.Orientation.Horizontal
        )
        self.resizeDocks([self.findings_dock], [230], Qt.Orientation.Vertical)
        self.resizeDocks(
            [self.properties_dock, self.links_dock], [470, 430], Qt.Orientation.Vertical
        )
        self.resizeDocks(
            [self.findings_dock, self.dashboard_dock], [600, 360], Qt.Orientation.Horizontal
        )

    # --- actions ----------------------------------------------------------------------------

    def _action(
        self,
        name: str,
        text: str,
        slot: Callable[..., Any],
        shortcuts: tuple[str | QKeySequence.StandardKey, ...] = (),
        icon_name: str = "",
        tip: str = "",
        canvas_only: bool = False,
        checkable: bool = False,
    ) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        keys = [QKeySequence(k) for k in shortcuts]
        if keys:
            action.setShortcuts(keys)
        if icon_name:
            action.setIcon(icon(icon_name))
        shown_keys = (
            f" ({keys[0].toString(QKeySequence.SequenceFormat.NativeText)})" if keys else ""
        )
        action.setToolTip((tip or text.replace("&", "").rstrip("…")) + shown_keys)
        action.setStatusTip(tip)
        action.setCheckable(checkable)
        action.triggered.connect(lambda checked=False: slot(checked) if checkable else slot())
        if canvas_only:
            # single keys and arrows act on the floor plan only, never while typing in a field
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.view.addAction(action)
        else:
            self.addAction(action)
        self.actions_by_name[name] = action
        return action

    def _build_actions(self) -> None:
        """Every action of the window, one builder per menu (and the canvas's own keys)."""
        self._file_actions()
        self._edit_actions()
        self._arrange_actions()
        self._insert_actions()
        self._view_actions()
        self._tool_actions()
        self._help_actions()
        self._context_menu()

    def _file_actions(self) -> None:
        """File: new, open, save, import, export, quit."""
        a = self._action
        files = self.files
        Key = QKeySequence.StandardKey
        a("new", "&New…", files.new, (Key.New,), "new", "Start a project with a new hall")
        a(
            "new_cluster",
            "New &Cluster…",
            self.builder.start,
            (),
            "",
            "Build a whole cluster from a preset: sites, halls, racks, network racks, "
            "CDUs, busways and trays",
        )
        a("open", "&Open…", files.open, (Key.Open,), "open", "Open a project file")
        a("save", "&Save", files.save, (Key.Save,), "save", "Save the project")
        a(
            "save_as",
            "Save &As…",
            files.save_as,
            ("Ctrl+Shift+S",),
            "",
            "Save the project under a new name",
        )
        a(
            "export",
            "&Export…",
            self.export,
            ("Ctrl+E",),
            "",
            "Write the PDF drawing set, a picture of a hall, or a schedule as CSV",
        )
        a(
            "import_floor_plan",
            "Import &Floor Plan…",
            self.importer.ask_floor_plan,
            (),
            "",
            "Give the hall on screen the outline and columns of a CAD drawing (DXF)",
        )
        a(
            "import_racks",
            "Import &Racks…",
            self.importer.ask_racks,
            (),
            "",
            "Add racks from a spreadsheet saved as CSV: label, type, hall, x, y, facing",
        )
        a("quit", "&Quit", self.close, (Key.Quit,), "", "Close rackplan")

    def _edit_actions(self) -> None:
        """Edit: undo and redo, the clipboard, turning, systems, rows, halls and sites, settings."""
        a = self._action
        ed = self.editor
        Key = QKeySequence.StandardKey
        a("undo", "&Undo", self.editor.undo, (Key.Undo,), "undo")
        a("redo", "&Redo", self.editor.redo, ("Ctrl+Y", "Ctrl+Shift+Z"), "redo")
        a(
            "cut",
            "Cu&t",
            self.cut,
            (Key.Cut,),
            "",
            "Copy the selection and delete it",
            canvas_only=True,
        )
        a("copy", "&Copy", self.copy, (Key.Copy,), "", "Copy the selection", canvas_only=True)
        a("paste", "&Paste", self.paste, (Key.Paste,), "", "Paste at the cursor", canvas_only=True)
        a(
            "delete",
            "&Delete",
            ed.delete_selection,
            ("Del", "Backspace"),
            "delete",
            "Delete the selection (a system goes whole)",
            canvas_only=True,
        )
        a(
            "select_all",
            "Select &All",
            ed.select_all,
            (Key.SelectAll,),
            "",
            "Select everything in this hall",
            canvas_only=True,
        )
        a(
            "rotate",
            "&Rotate",
            lambda: ed.rotate_selection(1),
            ("R",),
            "rotate",
            "Turn the selection clockwise",
            canvas_only=True,
        )
        a(
            "rotate_back",
            "Rotate &Anticlockwise",
            lambda: ed.rotate_selection(3),
            ("Shift+R",),
            "",
            "Turn the selection anticlockwise",
            canvas_only=True,
        )
        a(
            "ungroup",
            "&Ungroup System",
            ed.ungroup_selection,
            ("Ctrl+Shift+G",),
            "",
            "Let a system's racks move on their own",
        )
        a(
            "place_row",
            "Place Ro&w…",
            self.place_row,
            ("Ctrl+Shift+W",),
            "",
            "Place N racks side by side, or extend the selected row",
        )
        a(
            "renumber_row",
            "Renum&ber Row",
            ed.renumber_row,
            (),
            "",
            "Label the selected row's racks counting up along it",
        )
        a(
            "feed_above",
            "&Feed From Busways Above",
            ed.feed_from_busways_above,
            (),
            "",
            "Tie each selected rack to the side A and side B busways running over it",
        )
        a(
            "nearest_cdu",
            "Assign &Nearest CDU",
            ed.assign_nearest_cdu,
            (),
            "",
            "Give each selected liquid-cooled rack the nearest CDU with room for its heat",
        )
        a(
            "group_cdus",
            "&Group CDUs as N+1",
            ed.group_cdus,
            (),
            "",
            "Put the selected CDUs in a new N+1 cooling group: one of them is the spare",
        )
        a("add_hall", "Add &Hall…", self.add_hall, (), "", "Add another hall to the project")
        a(
            "add_site",
            "Add S&ite…",
            self.add_site,
            (),
            "",
            "Add another site, its fibre route to a site, and its first hall",
        )
        a(
            "delete_hall",
            "Delete Hall…",
            self.delete_hall,
            (),
            "",
            "Delete the hall on screen and everything in it",
        )
        a(
            "delete_site",
            "Delete Site…",
            self.delete_site,
            (),
            "",
            "Delete the site on screen, its halls and its fibre routes",
        )
        a(
            "settings",
            "Project &Settings…",
            lambda: self.prompts.project_settings(self.editor),
            ("Ctrl+,",),
            "",
            "Cabling, network and design-rule thresholds of this project",
        )

    def _arrange_actions(self) -> None:
        """Edit ▸ Align, and the arrow keys that nudge the selection on the canvas."""
        a = self._action
        ed = self.editor
        for edge, text in (
            ("left", "Left Edges"),
            ("right", "Right Edges"),
            ("top", "Top Edges"),
            ("bottom", "Bottom Edges"),
            ("centre_x", "Centres Vertically"),
            ("centre_y", "Centres Horizontally"),
        ):
            a(
                f"align_{edge}",
                f"Align {text}",
                lambda e=edge: ed.align(e),
                (),
                "",
                f"Line the selection up on its {text.lower()}",
            )
        step = NUDGE_MM
        for key, dx, dy in (("Left", -1, 0), ("Right", 1, 0), ("Up", 0, -1), ("Down", 0, 1)):
            a(
                f"nudge_{key.lower()}",
                f"Nudge {key}",
                lambda dx=dx, dy=dy: ed.nudge(dx * step, dy * step),
                (key,),
                "",
                "",
                canvas_only=True,
            )
            a(
                f"step_{key.lower()}",
                f"Step {key}",
                lambda dx=dx, dy=dy: ed.nudge(dx * ed.tile_mm, dy * ed.tile_mm),
                (f"Shift+{key}",),
                "",
                "",
                canvas_only=True,
            )

    def _insert_actions(self) -> None:
        """Insert: a pod."""
        a = self._action
        a(
            "insert_pod",
            "&Pod…",
            self.insert_pod,
            ("Ctrl+Shift+P",),
            "",
            "Insert a scalable unit or a supernode, with its network racks, CDUs, busways "
            "and trays, at the cursor or on free floor",
        )

    def _view_actions(self) -> None:
        """View: fit, zoom, the site map, colouring, the grid and the links."""
        a = self._action
        view = self.view
        Key = QKeySequence.StandardKey
        central = self.central
        a("fit", "&Fit Hall", central.fit, ("Ctrl+0",), "fit", "Show the whole hall (or campus)")
        a("zoom_in", "Zoom &In", lambda: central.zoom_by(1.25), (Key.ZoomIn, "Ctrl+="), "", "")
        a("zoom_out", "Zoom &Out", lambda: central.zoom_by(0.8), (Key.ZoomOut,), "", "")
        a(
            "site_map",
            "Site &Map",
            central.show_site_map,
            ("Ctrl+M",),
            "site_map",
            "Every site and hall of the campus, coloured by findings, with the fibre between "
            "sites; double-click a hall to open it",
            checkable=True,
        )
        a(
            "heat",
            "Colour by &Heat",
            lambda on: view.set_colour_mode("heat" if on else "status"),
            ("H",),
            "heat",
            "Colour racks by max power instead of by findings",
            checkable=True,
            canvas_only=True,
        )
        grid = a(
            "grid",
            "Tile &Grid",
            lambda on: view.hall_scene.set_grid_visible(on),
            ("G",),
            "",
            "Show the 600 mm floor tiles",
            checkable=True,
            canvas_only=True,
        )
        grid.setChecked(True)
        a(
            "links",
            "&Links on the Trays",
            view.show_links,
            ("L",),
            "links",
            "Draw the cables along each tray: wider for more links, coloured by medium",
            checkable=True,
            canvas_only=True,
        )

    def _tool_actions(self) -> None:
        """Tools: one checkable action per canvas tool, and Esc to leave one."""
        a = self._action
        view = self.view
        self.tools = QActionGroup(self)
        self.tools.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)
        tools: list[tuple[str, str, Callable[[], Tool | None], tuple[str, ...], str, str]] = [
            ("tool_select", "&Select", lambda: None, ("V",), "select", "Select and move"),
            (
                "tool_row",
                "&Row of Racks",
                lambda: RowTool(view, self.palette.current_rack),
                ("W",),
                "row",
                "Drag to lay out a row of the rack type chosen in the catalog",
            ),
            (
                "tool_outline",
                "Hall &Outline",
                lambda: OutlineTool(view),
                (),
                "outline",
                "Redraw the hall's outline corner by corner",
            ),
            (
                "tool_column",
                "&Column",
                lambda: ObstacleTool(view, "column"),
                (),
                "column",
                "Draw a column",
            ),
            (
                "tool_keepout",
                "&Keep-out Zone",
                lambda: ObstacleTool(view, "keepout"),
                (),
                "keepout",
                "Draw a keep-out zone",
            ),
            ("tool_wall", "&Wall", lambda: ObstacleTool(view, "wall"), (), "wall", "Draw a wall"),
            (
                "tool_tray",
                "Cable &Tray",
                lambda: RunTool(view, PaletteEntry("tray", self.palette.current_tray)),
                ("T",),
                "tray",
                "Draw a cable tray along its route",
            ),
            (
                "tool_busway",
                "&Busway",
                lambda: RunTool(view, PaletteEntry("feed", self.palette.current_busway)),
                ("B",),
                "busway",
                "Draw a busway along its route",
            ),
        ]
        for name, text, make, keys, icon_name, tip in tools:
            action = a(
                name,
                text,
                lambda make=make: view.set_tool(make()),
                keys,
                icon_name,
                tip,
                canvas_only=True,
            )
            action.setCheckable(True)
            self.tools.addAction(action)
        self.actions_by_name["tool_select"].setChecked(True)
        # Esc leaves a tool wherever the keys are, a properties field included; while Select
        # is the tool, Esc stays with the widget that has the keys.
        self.leave_tool = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        self.leave_tool.activated.connect(self._escape)
        self.leave_tool.setEnabled(False)

    def _help_actions(self) -> None:
        """Help: the keyboard shortcuts."""
        a = self._action
        Key = QKeySequence.StandardKey
        a(
            "shortcuts",
            "&Keyboard Shortcuts",
            lambda: self.prompts.info("Keyboard shortcuts", SHORTCUTS),
            (Key.HelpContents,),
            "",
            "",
        )

    def _context_menu(self) -> None:
        """What the canvas's right-click menu offers."""
        n = self.actions_by_name
        self.view.context_actions = [
            n["rotate"],
            n["rotate_back"],
            None,
            n["cut"],
            n["copy"],
            n["paste"],
            n["delete"],
            None,
            n["align_left"],
            n["align_top"],
            n["ungroup"],
            n["feed_above"],
            n["nearest_cdu"],
            None,
            self.resilience.action,
            None,
            n["select_all"],
            n["fit"],
        ]

    def _build_menus(self) -> None:
        bar = self.menuBar()
        n = self.actions_by_name
        file_menu = bar.addMenu("&File")
        file_menu.addActions([n["new"], n["new_cluster"], n["open"]])
        self.recent_menu = file_menu.addMenu("Open &Recent")
        file_menu.addSeparator()
        file_menu.addActions([n["save"], n["save_as"]])
        file_menu.addSeparator()
        file_menu.addActions([n["import_floor_plan"], n["import_racks"], n["export"]])
        file_menu.addSeparator()
        file_menu.addActions([self.comparison.action, self.comparison.stop_action])
        file_menu.addSeparator()
        file_menu.addAction(n["quit"])
        edit = bar.addMenu("&Edit")
        edit.addActions([n["undo"], n["redo"]])
        edit.addSeparator()
        edit.addActions([n["cut"], n["copy"], n["paste"], n["delete"], n["select_all"]])
        edit.addSeparator()
        edit.addActions([n["rotate"], n["rotate_back"]])
        align = edit.addMenu("A&lign")
        align.addActions(
            [n[f"align_{e}"] for e in ("left", "right", "top", "bottom", "centre_x", "centre_y")]
        )
        edit.addActions([n["ungroup"], n["place_row"], n["renumber_row"]])
        edit.addActions([n["feed_above"], n["nearest_cdu"], n["group_cdus"]])
        edit.addSeparator()
        edit.addActions([n["add_hall"], n["add_site"], n["delete_hall"], n["delete_site"]])
        edit.addSeparator()
        edit.addAction(n["settings"])
        view = bar.addMenu("&View")
        view.addActions([n["site_map"], n["fit"], n["zoom_in"], n["zoom_out"]])
        view.addSeparator()
        view.addActions([n["heat"], n["grid"], n["links"]])
        view.addSeparator()
        for dock in (
            self.palette_dock,
            self.properties_dock,
            self.links_dock,
            self.findings_dock,
            self.dashboard_dock,
            self.lengths_dock,
            self.media_dock,
            self.energy_dock,
            self.jobs_dock,
            self.resilience.dock,
            self.comparison.dock,
        ):
            view.addAction(dock.toggleViewAction())
        insert = bar.addMenu("&Insert")
        insert.addAction(n["insert_pod"])
        tools = bar.addMenu("&Tools")
        tools.addActions(self.tools.actions())
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(n["shortcuts"])
        self._recent_changed()

    def _build_toolbar(self) -> None:
        bar = QToolBar("Main")
        bar.setObjectName("mainToolbar")
        bar.setMovable(False)
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        bar.setIconSize(QSize(22, 22))
        n = self.actions_by_name
        bar.addActions([n["new"], n["open"], n["save"]])
        bar.addSeparator()
        bar.addActions([n["undo"], n["redo"]])
        bar.addSeparator()
        bar.addActions(self.tools.actions())
        bar.addWidget(QLabel(" Pick "))
        self.pick_filter = PickFilter(self.view)
        bar.addWidget(self.pick_filter)
        bar.addSeparator()
        bar.addActions([n["rotate"], n["delete"]])
        bar.addSeparator()
        bar.addActions([n["site_map"], n["fit"], n["heat"], n["links"]])
        bar.addSeparator()
        label = QLabel("  Hall ")
        bar.addWidget(label)
        bar.addWidget(self.hall_chooser)
        self.addToolBar(bar)

    # --- wiring -------------------------------------------------------------------------------

    def _connect(self) -> None:
        self.bridge.history_changed.connect(self._history_changed)
        self.hall_chooser.chosen.connect(self.open_hall)
        self.site_map.hall_opened.connect(self.open_hall)
        self.central.switched.connect(self.actions_by_name["site_map"].setChecked)
        self.view.cursor_moved.connect(self.status.show_cursor)
        self.view.tool_changed.connect(self._tool_changed)
        self.palette.activated.connect(self._palette_activated)
        self.findings_panel.activated.connect(self.show_finding)
        self.findings_panel.accept.connect(self.accept_finding)
        self.findings_panel.reopen.connect(self.editor.reopen_finding)
        self.files.message.connect(self.status.say)
        self.exporter.finished.connect(self.status.say)
        self.builder.finished.connect(self.status.say_before_check)  # a built project is checked
        self.files.recent_changed.connect(self._recent_changed)
        self.autosaver.failed.connect(self.status.say)
        self.checker.failed.connect(self.status.say)
        self.selection.changed.connect(self._selection_changed)
        self._selection_changed()

    def _history_changed(self) -> None:
        document = self.bridge.document
        history = document.history
        undo, redo = self.actions_by_name["undo"], self.actions_by_name["redo"]
        undo.setEnabled(history.can_undo)
        redo.setEnabled(history.can_redo)
        undo.setText(f"&Undo {history.undo_label}" if history.can_undo else "&Undo")
        redo.setText(f"&Redo {history.redo_label}" if history.can_redo else "&Redo")
        self.setWindowTitle(self.title())

    def title(self) -> str:
        """The window title: the file name, an asterisk when there are unsaved changes."""
        document = self.bridge.document
        shown = display_name(document)
        parts = [shown + ("*" if document.is_dirty else "")]
        if document.project.meta.name and document.project.meta.name != shown:
            parts.append(document.project.meta.name)
        return " — ".join([*parts, "rackplan"])

    def _selection_changed(self) -> None:
        has = bool(self.selection)
        for name in ("cut", "copy", "delete", "rotate", "rotate_back"):
            self.actions_by_name[name].setEnabled(has)

    def open_hall(self, hall_id: str) -> None:
        """Show ``hall_id`` on the hall canvas (from the site map or the hall chooser)."""
        self.editor.set_hall(hall_id)
        self.central.show_site_map(False)

    def _escape(self) -> None:
        """Esc with a tool on: a field's typed text goes back first, then the tool."""
        field = QApplication.focusWidget()
        if isinstance(field, RevertingEdit) and field.revert():
            return
        self.view.escape()

    def _tool_changed(self, tool: Tool) -> None:
        self.leave_tool.setEnabled(not isinstance(tool, SelectTool))
        if isinstance(tool, SelectTool):
            self.actions_by_name["tool_select"].setChecked(True)
            self.palette.clear_choice()
        elif isinstance(tool, PlaceTool):
            checked = self.tools.checkedAction()
            if checked is not None:
                checked.setChecked(False)

    def _palette_activated(self, entry: PaletteEntry) -> None:
        self.view.set_tool(PlaceTool(self.view, entry))
        self.view.setFocus()

    def _recent_changed(self) -> None:
        menu = self.recent_menu
        menu.clear()
        paths = self.files.recent.paths()
        names = Counter(path.name for path in paths)
        for path in paths:
            # two files of one name are told apart by their folders
            text = path.name if names[path.name] == 1 else f"{path.name} — {path.parent}"
            action = menu.addAction(text)
            action.setToolTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self.files.open(p))
        if paths:
            menu.addSeparator()
            menu.addAction("Clear List", self._clear_recent)
        menu.setEnabled(bool(paths))

    def _clear_recent(self) -> None:
        self.files.recent.clear()
        self._recent_changed()

    # --- commands -------------------------------------------------------------------------------

    def open_path(self, path: Path) -> bool:
        """Open ``path`` at start-up (nothing to save yet)."""
        return self.files.load(path)

    def export(self) -> None:
        """Ask what to export and write it on a worker, with a progress dialog."""
        document = self.bridge.document
        project = document.project
        folder = document.path.parent if document.path else Path.home()
        stem = (
            document.path.name.removesuffix(SUFFIX)
            if document.path
            else file_stem(project.meta.name)
        )
        halls = {h.id: h.name for h in project.halls.values()}
        spec = self.prompts.export(folder, stem, halls, self.editor.hall_id)
        if spec is not None:
            self.exporter.start(spec)

    def copy(self) -> None:
        fragment = self.editor.copy_selection()
        if fragment is None:
            return
        data = QMimeData()
        data.setData(FRAGMENT_MIME, fragment.to_json().encode("utf-8"))
        QGuiApplication.clipboard().setMimeData(data)
        self.status.say(f"Copied {plural(len(fragment.ids), 'item')}.")

    def cut(self) -> None:
        self.copy()
        self.editor.delete_selection()

    def paste(self) -> None:
        data = QGuiApplication.clipboard().mimeData()
        if data is None or not data.hasFormat(FRAGMENT_MIME):
            self.status.say("The clipboard holds no rackplan items to paste.")
            return
        try:
            fragment = ops.Fragment.from_json(
                bytes(data.data(FRAGMENT_MIME).data()).decode("utf-8")
            )
        except TransactionError as err:
            self.status.say(str(err).capitalize() + ".")
            return
        viewport = self.view.viewport()
        local = viewport.mapFromGlobal(QCursor.pos())
        at = None
        if viewport.rect().contains(local):
            point = self.view.mapToScene(local)
            at = (point.x(), point.y())
        self.editor.paste(fragment, at)

    def place_row(self) -> None:
        editor = self.editor
        if editor.hall_id is None:
            return
        types = dict(editor.doc.rack_types)
        # the type of a selected rack (a row of more like it), else the catalog's choice
        chosen = [
            editor.project.placements[i]
            for i in self.selection.ids
            if i in editor.project.placements
        ]
        type_id = next((r.type_id for r in chosen if r.type_id in types), self.palette.current_rack)
        stems = [label_stem(r.label) for r in chosen if r.type_id == type_id]
        prefix = next((s for s in stems if s), f"{rack_tag(types[type_id])}-")
        box = editor.selection_box()
        at = (box.x0, box.y1 + editor.tile_mm) if box else (editor.tile_mm * 2, editor.tile_mm * 2)
        project = editor.project
        row = selected_row(project, types, self.selection.ids)
        extend = None
        if row:
            ends = f"{project.placements[row[0]].label or 'unlabelled'} to "
            ends += project.placements[row[-1]].label or "unlabelled"
            extend = RowExtension(
                f"{plural(len(row), 'rack')}, {ends}",
                lambda kind, gap: row_extension(project, types, row, kind, gap),
            )
        spec = self.prompts.place_row(types, type_id, prefix, at, extend)
        if spec is None:
            return
        editor.place_row(
            spec.type_id, spec.x, spec.y, spec.count, spec.rotation, spec.gap_mm, spec.label_prefix
        )

    def insert_pod(self) -> None:
        """Insert ▸ Pod: a pod preset on the fabric chosen, centred at the cursor when it is
        over the hall on screen (on the tiles, or flush against a pod it would overlap or
        nearly touch), else on the hall's first free floor (one undo step)."""
        editor = self.editor
        hall = editor.project.halls.get(editor.hall_id or "")
        if hall is None:
            self.prompts.info(
                "Insert a pod", "There is no hall on screen: start a project (File ▸ New) first."
            )
            return
        at = editor.on_floor(self.pointer.floor())
        where = (
            f"It goes centred at the cursor (x {at[0] / 1000:,.1f} m, y {at[1] / 1000:,.1f} m), "
            "on the floor tiles or flush against a pod beside it."
            if at
            else f"It goes on the first free floor of {hall.name}, from its top left (point "
            "at the floor and press Ctrl+Shift+P to put it at the cursor)."
        )
        site = editor.project.sites.get(hall.site_id)
        chosen = self.prompts.pod(
            editor.doc, where, site.pue if site is not None else 1.0, PodTarget(hall.id, at)
        )
        if chosen is not None:
            self._reveal(editor.insert_pod(chosen.preset, at, chosen.fabric))

    def _reveal(self, ids: list[str]) -> None:
        """Zoom to ``ids`` when they are not all in view (a pod put on the first free floor
        may land off screen: a trial saw only the message say where it went)."""
        total = self.editor.picker().bounds(ids)
        if total is not None and not self.view.shows(total):
            self.view.zoom_to_box(total)

    def _shown_site(self) -> Site | None:
        """The site of the hall on the canvas (else the project's first site)."""
        project = self.editor.project
        hall = project.halls.get(self.editor.hall_id or "")
        site = project.sites.get(hall.site_id) if hall is not None else None
        return site or next(iter(project.sites.values()), None)

    def add_site(self) -> None:
        """A new site joined by a fibre route, and its first hall (each one undo step).

        Both questions come first: a site is added with its hall or not at all, since a site
        without a hall could not be shown or reached in the designer.
        """
        project = self.editor.project
        like = self._shown_site()
        if like is None:
            self.prompts.info(
                "Add a site", "Start a project first (File ▸ New): it makes the first site."
            )
            return
        spec = self.prompts.new_site({s.id: s.name for s in project.sites.values()}, like)
        if spec is None:
            return
        hall_spec = self.prompts.new_hall(self._free_hall_name(f"{spec.name} hall 1"))
        if hall_spec is None:
            return
        site = self.editor.add_site(
            spec.name,
            power_capacity_kw=spec.power_capacity_kw,
            cooling_capacity_kw=spec.cooling_capacity_kw,
            pue=spec.pue,
        )
        if site is None:
            return
        if spec.route_to is not None:
            self.editor.add_fibre_route(spec.route_to, site, spec.distance_km)
        self._add_hall(hall_spec, site)

    def add_hall(self) -> None:
        """A new hall in the site of the hall on the canvas, as the user describes it."""
        site = self._shown_site()
        spec = self.prompts.new_hall(
            next_hall_name(self.editor.project, site.id if site is not None else None)
        )
        if spec is not None:
            self._add_hall(spec)

    def _free_hall_name(self, wanted: str) -> str:
        return ops.free_name((h.name for h in self.editor.project.halls.values()), wanted)

    def _add_hall(self, spec: NewProjectSpec, site: str | None = None) -> None:
        """Add the hall ``spec`` describes to ``site`` (default: the site on the canvas)."""
        shown = self._shown_site()
        self.editor.add_hall(
            site or (shown.id if shown is not None else None),
            spec.hall_name,
            **spec.hall_options(),
        )

    def delete_hall(self) -> None:
        """Delete the hall on the canvas and what stands in it, after asking (one undo step)."""
        hall = self.editor.project.halls.get(self.editor.hall_id or "")
        if hall is None:
            self.prompts.info("Delete hall", "There is no hall on screen to delete.")
            return
        racks = [plural(self._racks({hall.id}), "rack")]
        self._delete(hall.id, "Delete hall", hall.name, racks)

    def delete_site(self) -> None:
        """Delete the site on the canvas, its halls and fibre routes, after asking."""
        site = self._shown_site()
        if site is None:
            self.prompts.info("Delete site", "The project has no site to delete.")
            return
        project = self.editor.project
        halls = {h.id for h in project.halls.values() if h.site_id == site.id}
        routes = sum(1 for r in project.fibre_routes.values() if site.id in (r.site_a, r.site_b))
        gone = [plural(len(halls), "hall"), plural(self._racks(halls), "rack")]
        gone += [plural(routes, "fibre route")] if routes else []
        self._delete(site.id, "Delete site", site.name, gone)

    def _racks(self, halls: set[str]) -> int:
        return sum(1 for r in self.editor.project.placements.values() if r.hall_id in halls)

    def _delete(self, entity_id: str, title: str, name: str, gone: list[str]) -> None:
        """Ask before deleting ``entity_id``, saying what goes with it."""
        text = (
            f"Delete {name} and everything in it ({', '.join(gone)})? Edit ▸ Undo brings it back."
        )
        if self.prompts.confirm(title, text, "Delete"):
            self.editor.delete([entity_id])

    def show_finding(self, finding: Any) -> None:
        """Select what a finding names and zoom to it (switching hall if needed)."""
        editor = self.editor
        self.central.show_site_map(False)
        if finding.hall_id and finding.hall_id != editor.hall_id:
            editor.set_hall(finding.hall_id)
        picker = editor.picker()
        self.selection.set([i for i in finding.ids if picker.box(i) is not None])
        total = picker.bounds(finding.ids)
        if total is not None:
            self.view.zoom_to_box(total)
        elif finding.where is not None:
            x, y = finding.where
            self.view.zoom_to_box(Box(round(x), round(y), round(x), round(y)))
        self.status.say(finding.message)

    def accept_finding(self, finding: Any) -> None:
        """Accept a finding with the user's reason (kept in the project, undoable)."""
        reason = self.prompts.comment(finding.message)
        if reason is None:
            return
        self.editor.accept_finding(finding, reason)
        self.status.say(f"Accepted {finding.code}; it stays listed under Accepted.")

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._painted and not self.isMinimized():
            # the first paint first (see FindingsService.hold); a window whose own paint
            # event never comes (children covering all of it) is checked a second later
            self.checker.hold()
            QTimer.singleShot(FIRST_PAINT_WAIT_MS, self.checker.release)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._painted:  # the window is up: what can wait for it starts now
            self._painted = True
            self.checker.release()
            QTimer.singleShot(0, collect_on_gui_thread)

    # --- closing ---------------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        # A second close event (a close while the first one waits for the export worker)
        # finds the workers stopped: the window is closed already.
        if self._closed:
            event.accept()
            return
        if not self.files.settle():
            event.ignore()
            return
        self.exporter.shutdown()
        self.builder.shutdown()
        self.checker.shutdown()
        self.resilience.shutdown()
        self.comparison.shutdown()
        self.autosaver.shutdown()
        release_clipboard()
        self._closed = True
        event.accept()
