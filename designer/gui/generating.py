"""File ▸ New Cluster: the cluster asked for is built off the GUI thread and opens as a new
untitled project, as File ▸ New opens one.

A campus takes seconds to build (``generate`` lays out every hall), so it runs as a
``BackgroundJob`` whose dialog counts the halls and can cancel. Unsaved changes are asked
about first, as New asks; should the project open then change while the cluster is being
built (the window stays live), it is asked about again before the new project replaces it.
"""

from __future__ import annotations

from concurrent.futures import Future
from functools import partial

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from designer.core.document.document import Document
from designer.core.format import plural
from designer.core.generate import PRESETS, GenerateCancelled, GenerateError, Preset, generate
from designer.gui.background import BackgroundJob
from designer.gui.bridge import DocumentBridge
from designer.gui.dialogs.new_cluster import refusal
from designer.gui.files import FileController
from designer.gui.prompts import Prompts


class ClusterBuilder(QObject):
    """Builds one cluster at a time; ``finished(message)`` says how the build ended."""

    finished = Signal(str)

    def __init__(
        self, bridge: DocumentBridge, files: FileController, prompts: Prompts, parent: QWidget
    ) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.files = files
        self.prompts = prompts
        self.job = BackgroundJob(
            parent,
            "New cluster",
            lambda done, total: f"{plural(done, 'hall')} of {total} laid out…",
            "rackplan-generate",
        )
        #: The document and its revision when the user was asked about its changes.
        self._asked: tuple[int, int] = (0, -1)

    def start(self) -> bool:
        """Ask for the cluster (after unsaved changes) and start building it; False when
        the user backs out or a build is running already."""
        if self.job.running:
            self.prompts.error(
                "New cluster", "A cluster is still being built; wait for it or cancel it."
            )
            return False
        with self.files.autosaver.paused():
            if not self.files.settle():
                return False
            request = self.prompts.new_cluster(self.bridge.document.catalog)
        if request is None:
            return False
        document = self.bridge.document
        self._asked = (id(document), document.revision)
        preset = PRESETS[request.preset]
        self.job.start(
            partial(generate, request, document.catalog),
            f"Building the {preset.title}…",
            partial(self._end, preset),
        )
        return True

    def shutdown(self) -> None:
        """Cancel a build and wait for it (the window is closing)."""
        self.job.shutdown()

    def _end(self, preset: Preset, future: Future) -> None:
        error = future.exception()
        if isinstance(error, GenerateCancelled):
            self.finished.emit("New cluster cancelled; the project open is as it was.")
            return
        if error is not None:
            # a refusal met in the build (rows its CDUs cannot carry) named as the dialog
            # names its fields: "Racks per row pair", not the command line's "per-row"
            text = (
                refusal(error, preset)
                if isinstance(error, GenerateError)
                else f"The build failed: {error}"
            )
            self.prompts.error("Cannot build the cluster", text)
            self.finished.emit("New cluster failed; the project open is as it was.")
            return
        document = self.bridge.document
        changed = (id(document), document.revision) != self._asked
        with self.files.autosaver.paused():
            if changed and not self.files.settle():
                self.finished.emit("New cluster not opened: the project open was kept.")
                return
            project = future.result()
            self.bridge.replace(Document(project, catalog=document.catalog))
        self.finished.emit(f"Built ‘{project.meta.name}’ as a new untitled project; checking it…")
