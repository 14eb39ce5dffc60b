"""New, Open, Save, Save As, recent files and crash recovery, without ever losing work.

Every way a file can be wrong reaches the user as the loader's own message; a save that
fails leaves the document dirty and the old file untouched; closing, opening or starting
a new project asks first when there are unsaved changes. The recovery snapshot is deleted
only once the work is safe (saved, or deliberately discarded).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from designer.core.catalog import projects_dir
from designer.core.document.document import Document
from designer.core.document.new_project import NewProjectSpec
from designer.core.io import autosave
from designer.core.io.project_file import (
    SUFFIX,
    LoadResult,
    ProjectFileError,
    load,
    save,
    unencodable_text,
)
from designer.core.naming import file_stem
from designer.gui.autosave import Autosaver
from designer.gui.dialogs.new_project import new_document
from designer.gui.editor import Editor
from designer.gui.prompts import Prompts
from designer.gui.recent import RecentFiles

RECOVER_LABEL = "Recover unsaved changes"


def display_name(document: Document) -> str:
    """The file name shown in the title and in questions ("Untitled" before a first save)."""
    return document.path.name if document.path else "Untitled"


class FileController(QObject):
    """The File menu's verbs over the bridge's document; recovered work goes in through the
    editor, as an edit Undo takes back.

    ``message`` carries status-bar sentences; ``recent_changed`` fires when the recent
    list changed.
    """

    message = Signal(str)
    recent_changed = Signal()

    def __init__(
        self, editor: Editor, prompts: Prompts, recent: RecentFiles, autosaver: Autosaver
    ) -> None:
        super().__init__(editor)
        self.editor = editor
        self.bridge = editor.bridge
        self.prompts = prompts
        self.recent = recent
        self.autosaver = autosaver
        #: (document, file, its modification time and size) as this window last read or wrote it
        self._disk: tuple[int, Path, tuple[int, int] | None] | None = None

    @property
    def document(self) -> Document:
        return self.bridge.document

    # --- leaving the current document ---------------------------------------------------------

    def settle(self) -> bool:
        """Make sure no work is lost before the document goes; False when the user cancels."""
        document = self.document
        if document.is_dirty:
            answer = self.prompts.save_changes(display_name(document))
            if answer == "cancel":
                return False
            if answer == "save" and not self.save():
                return False
        self.autosaver.discard()
        return True

    # --- new and open ----------------------------------------------------------------------

    def new(self) -> bool:
        """Ask for the first hall and start an untitled project."""
        with self.autosaver.paused():
            return self._new()

    def _new(self) -> bool:
        if not self.settle():
            return False
        spec = self.prompts.new_project()
        if spec is None:
            return False
        self.bridge.replace(new_document(spec, self.document.catalog))
        self.message.emit(
            f"New project with hall ‘{spec.hall_name}’: drag racks from the palette onto the floor."
        )
        return True

    def open(self, path: Path | None = None) -> bool:
        """Open ``path`` (or ask for one); a file that cannot be read gets the loader's message."""
        with self.autosaver.paused():
            return self._open(path)

    def _open(self, path: Path | None) -> bool:
        if not self.settle():
            return False
        if path is None:
            folder = self._folder(projects_dir())
            path = self.prompts.open_path(folder)
            if path is None:
                return False
        return self.load(path)

    def load(self, path: Path) -> bool:
        """Replace the document with the file at ``path`` (offering recovered work); no
        questions about the current one. A file that cannot be read is reported, and work
        a crash left of it is offered instead."""
        catalog = self.document.catalog
        try:
            result = load(path, catalog.racks)
        except ProjectFileError as err:
            self.prompts.error("Cannot open project", str(err))
            # the status bar said "Opened" of the file before, which never opened (a trial)
            self.message.emit(f"Did not open {path.name}; the open project is unchanged.")
            if self._recover_unreadable(path):
                return True
            if not path.exists():
                self.recent.remove(path.resolve())
                self.recent_changed.emit()
            return False
        document = Document(result.project, path=path, catalog=catalog)
        self.bridge.replace(document)
        self._remember_disk(path)
        self.recent.add(path)
        self.recent_changed.emit()
        notes = [p.message for p in result.problems]
        if result.migrated:
            notes.append(
                "It was written by an older rackplan and will be upgraded when you save it."
            )
        if notes:
            self.prompts.error(
                "Opened with problems", f"{path.name} opened, but:\n\n" + "\n\n".join(notes)
            )
        self.message.emit(f"Opened {path}.")
        if autosave.open_elsewhere(path):
            self.prompts.info(
                "Open in another window",
                f"{path.name} has unsaved changes in another rackplan window. Both can "
                "edit it, but a save in one replaces what the other saved; you will be "
                "asked before saving over a change made elsewhere.",
            )
        self._offer_recovery(path)
        return True

    def _offer_recovery(self, path: Path) -> None:
        """Offer each snapshot a crash left of the open file, newest first, until one is
        taken; No deletes that one. One that holds just what the file holds goes silently
        (a save whose clean-up failed)."""
        for snapshot in autosave.left_behind(path):
            result = self._read_snapshot(snapshot)
            if result is None:
                continue
            if result.project == self.document.project:
                autosave.discard(snapshot.path)
                continue
            older = _older_than(snapshot, path)
            what = (
                f"{path.name} (older than the file, which was saved since)" if older else path.name
            )
            if self.prompts.restore(what, snapshot.when):
                self.editor.replace_project(result.project, RECOVER_LABEL)
                self.autosaver.adopt(snapshot.path)
                self.message.emit(
                    "Recovered unsaved changes; Undo goes back to the version on disk."
                )
                return
            autosave.discard(snapshot.path)

    def _recover_unreadable(self, path: Path) -> bool:
        """Offer the work a crash left of ``path``, which cannot be read now; saving it
        writes the file afresh."""
        return self._recover(
            autosave.left_behind(path), f"{path.name} (the file itself cannot be read)", path
        )

    def recover_untitled(self) -> bool:
        """At start-up: offer the snapshots of untitled projects a crash left, newest first."""
        return self._recover(autosave.untitled_snapshots(), "an untitled project", None)

    def _recover(self, snapshots: list[autosave.Snapshot], what: str, path: Path | None) -> bool:
        """Offer ``snapshots`` in turn; the one taken becomes the document, unsaved, with
        nothing to undo (there is no saved version to go back to)."""
        for snapshot in snapshots:
            result = self._read_snapshot(snapshot)
            if result is None:
                continue
            if not self.prompts.restore(what, snapshot.when):
                autosave.discard(snapshot.path)
                continue
            recovered = Document(result.project, path=path, catalog=self.document.catalog)
            recovered.mark_unsaved()
            self.bridge.replace(recovered)
            self.autosaver.adopt(snapshot.path)
            self.message.emit("Recovered unsaved work; save it to keep it.")
            return True
        return False

    def _read_snapshot(self, snapshot: autosave.Snapshot) -> LoadResult | None:
        """The project ``snapshot`` holds; None, said once, when it cannot be restored: it
        is set aside then, or it would be offered, and refused, at every start."""
        try:
            return autosave.restore(snapshot, self.document.catalog.racks)
        except ProjectFileError as err:
            try:
                kept = autosave.set_aside(snapshot.path)
            except OSError as why:
                fate = f"It could not be set aside ({why.strerror or why}): it comes back."
            else:
                fate = f"It is kept as {kept.name} beside it, and will not be offered again."
            self.prompts.error("Cannot recover", f"{err} {fate}")
            return None

    # --- saving ----------------------------------------------------------------------------

    def save(self) -> bool:
        """Save to the document's file, asking for one the first time and for a project
        opened from the bundled examples (a trial's Ctrl+S on the example the designer
        opens on wrote over the installation's own file)."""
        path = self.document.path
        if path is None or _bundled(path):
            return self.save_as()
        return self._write(path)

    def save_as(self) -> bool:
        document = self.document
        folder = self._folder(Path.home(), saving=True)
        stem = (
            document.path.name if document.path else file_stem(document.project.meta.name) + SUFFIX
        )
        path = self.prompts.save_path(folder / stem)
        if path is None:
            return False
        if not path.name.endswith(SUFFIX) and path.suffix.lower() != ".json":
            path = path.with_name(path.name + SUFFIX)
        if document.path is not None or document.project.meta.name not in PLACEHOLDER_NAMES:
            return self._write(path)
        # a first save names a project that still has File ▸ New's name after its file (a
        # trial's drawing set, saved as my-first-pod, was titled "New project"); a save
        # that fails takes the name back
        history = document.history
        before = history.undo_entry
        self.editor.run(lambda: self.editor.update_meta(name=_file_title(path)))
        renamed = history.undo_entry is not before
        if self._write(path):
            return True
        if renamed:
            self.editor.undo()
            self.message.emit(f"Not saved to {path}: the project is still open, as it was.")
        return False

    def _folder(self, otherwise: Path, saving: bool = False) -> Path:
        """Where a file dialog opens: the project's folder, else that of the file opened or
        saved last (a trial's untitled project's Save As opened in the home folder, far from
        the projects beside it), else ``otherwise``. A save never starts in the bundled
        examples' folder: a newcomer's first pod, saved after the example the designer opens
        on, went in among the examples of the installation."""
        examples = projects_dir().resolve()
        candidates = [self.document.path] if self.document.path is not None else []
        candidates += self.recent.paths()
        for path in candidates:
            folder = path.parent
            if folder.is_dir() and not (saving and folder.resolve() == examples):
                return folder
        return otherwise

    def _write(self, path: Path) -> bool:
        document = self.document
        if not self._unchanged_on_disk(path):
            return False
        old_snapshots = self.autosaver.targets()
        try:
            save(document.project, path)
        except ProjectFileError as err:
            # text no encoder writes (a lone surrogate pasted in) fails wherever it is saved;
            # a project with no change to lose is still open, not "your changes" (a trial)
            if unencodable_text(document.project):
                kept, then = "Your changes are still open", "type that text again, then save"
            elif document.is_dirty:
                kept, then = "Your changes are still open", "save them somewhere else"
            else:
                kept, then = "The project is still open", "save it somewhere else"
            self.prompts.error("Cannot save project", f"{err}\n\n{kept}; {then}.")
            self.message.emit(f"Not saved to {path}: {kept[0].lower()}{kept[1:]}.")
            return False
        document.mark_saved(path)
        self._remember_disk(path)
        self.bridge.saved()
        self.autosaver.discard(old_snapshots)
        self.autosaver.discard()
        self.recent.add(path)
        self.recent_changed.emit()
        self.message.emit(f"Saved {path}.")
        return True

    # --- the file on disk ------------------------------------------------------------------

    def _remember_disk(self, path: Path) -> None:
        """Note the file as this window read or wrote it, to notice a change made elsewhere."""
        self._disk = (id(self.document), path, _stamp(path))

    def _unchanged_on_disk(self, path: Path) -> bool:
        """True when saving to ``path`` replaces only what this window read or wrote there,
        or the user agrees to save over a change made since by another window or program."""
        disk = self._disk
        if disk is None or disk[:2] != (id(self.document), path):
            return True
        now = _stamp(path)
        if now is None or now == disk[2]:
            return True
        if self.prompts.confirm(
            "Changed on disk",
            f"{path.name} was changed on disk after this window opened or saved it (by "
            "another rackplan window or another program). Saving replaces that version.",
            "Save over it",
        ):
            return True
        self.message.emit(f"Not saved: {path.name} changed on disk; Save As keeps both.")
        return False


#: The names a project has until someone names it: what File ▸ New offers, and the empty
#: window's.
PLACEHOLDER_NAMES = frozenset({NewProjectSpec.name, "Untitled"})


def _file_title(path: Path) -> str:
    """The name a project takes from its file: ``my-first-pod.rackplan.json`` is
    "my-first-pod"."""
    name = path.name
    for suffix in (SUFFIX, ".json"):
        if name.lower().endswith(suffix):
            return name[: -len(suffix)] or name
    return name


def _bundled(path: Path) -> bool:
    """Whether ``path`` is one of the examples installed with rackplan."""
    return path.resolve().parent == projects_dir().resolve()


def _older_than(snapshot: autosave.Snapshot, path: Path) -> bool:
    """True when the file was saved after the snapshot was taken (by another window)."""
    try:
        return snapshot.path.stat().st_mtime < path.stat().st_mtime
    except OSError:
        return False


def _stamp(path: Path) -> tuple[int, int] | None:
    """The file's modification time and size, or None when it is gone."""
    try:
        found = path.stat()
    except OSError:
        return None
    return (found.st_mtime_ns, found.st_size)
