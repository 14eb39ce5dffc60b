"""A real designer window per test, with scripted dialogs and private settings."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QStandardPaths

from designer.core.catalog import projects_dir
from designer.gui.dialogs.insert_pod import PodChoice
from designer.gui.dialogs.new_project import NewProjectSpec
from designer.gui.main_window import MainWindow
from designer.gui.recent import RecentFiles

QStandardPaths.setTestModeEnabled(True)


class ScriptedPrompts:
    """Answers every question from a script, records what was shown, never blocks."""

    def __init__(self) -> None:
        self.save_answer = "discard"
        self.restore_answer = True
        self.open_answer: Path | None = None
        self.save_as_answer: Path | None = None
        self.new_answer: NewProjectSpec | None = NewProjectSpec()
        self.row_answer = None
        self.row_extension = None
        self.export_answer = None
        self.site_answer = None
        self.cluster_answer = None
        #: a preset's name (on the preset's fabric) or the whole choice
        self.pod_answer: str | PodChoice | None = None
        self.confirm_answer = True
        self.errors: list[tuple[str, str]] = []
        self.asked: list[str] = []

    def save_changes(self, name: str) -> str:
        self.asked.append(f"save {name}")
        return self.save_answer

    def restore(self, what: str, when: str) -> bool:
        self.asked.append(f"restore {what}")
        return self.restore_answer

    def open_path(self, folder: Path) -> Path | None:
        return self.open_answer

    def save_path(self, suggested: Path) -> Path | None:
        self.asked.append(f"save as {suggested}")
        return self.save_as_answer

    def error(self, title: str, text: str) -> None:
        self.errors.append((title, text))

    def info(self, title: str, text: str) -> None:
        self.asked.append(f"info {title}")

    def comment(self, finding: str) -> str | None:
        return None

    def confirm(self, title: str, text: str, action: str) -> bool:
        self.asked.append(f"{action}? {text}")
        return self.confirm_answer

    def new_project(self) -> NewProjectSpec | None:
        return self.new_answer

    def new_hall(self, name: str) -> NewProjectSpec | None:
        self.asked.append(f"new hall {name}")
        return self.new_answer

    def new_site(self, sites, like):  # type: ignore[no-untyped-def]
        self.asked.append(f"new site like {like.name}")
        return self.site_answer

    def new_cluster(self, catalog):  # type: ignore[no-untyped-def]
        self.asked.append("new cluster")
        return self.cluster_answer

    def pod(self, doc, where: str, pue: float, target=None) -> PodChoice | None:  # type: ignore[no-untyped-def]
        self.asked.append(f"pod: {where}")
        self.target = target
        self.pue = pue
        answer = self.pod_answer
        return PodChoice(answer) if isinstance(answer, str) else answer

    def place_row(self, rack_types, type_id, prefix, at, extend=None):  # type: ignore[no-untyped-def]
        self.asked.append(f"place row {type_id} {prefix}")
        self.row_extension = extend
        return self.row_answer

    def export(self, folder, stem, halls, hall_id):  # type: ignore[no-untyped-def]
        self.asked.append(f"export {stem}")
        return self.export_answer

    def project_settings(self, editor) -> bool:  # type: ignore[no-untyped-def]
        self.asked.append("project settings")
        return False


@pytest.fixture
def prompts() -> ScriptedPrompts:
    return ScriptedPrompts()


@pytest.fixture
def make_window(qtbot, tmp_path, prompts) -> Iterator:  # type: ignore[no-untyped-def]
    """Build windows on demand; each is closed (discarding changes) after the test."""
    windows: list[MainWindow] = []

    def make(path: Path | None = None, **options) -> MainWindow:  # type: ignore[no-untyped-def]
        recent = RecentFiles(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
        window = MainWindow(prompts=prompts, recent=recent, debounce_ms=0, **options)
        qtbot.addWidget(window)
        window.resize(1600, 1000)
        window.show()
        window.activateWindow()
        try:
            qtbot.waitUntil(window.isActiveWindow, timeout=2_000)
        except qtbot.TimeoutError:  # a busy machine: ask the platform once more
            window.windowHandle().requestActivate()
            qtbot.waitUntil(window.isActiveWindow, timeout=5_000)
        if path is not None:
            assert window.open_path(path)
        windows.append(window)
        return window

    yield make
    prompts.save_answer = "discard"
    for window in windows:
        window.close()


@pytest.fixture
def example(tmp_path) -> callable:  # type: ignore[valid-type]
    """A copy of an example project in a private folder (autosaves land beside it)."""

    def copy(name: str) -> Path:
        target = tmp_path / f"{name}.rackplan.json"
        shutil.copy(projects_dir() / f"{name}.rackplan.json", target)
        return target

    return copy


def wait_checked(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Wait until the findings describe the document as it is now."""
    # a bound for a hung check, not a speed test: the campus on a busy 2-core machine took
    # more than 15 s in one of twenty runs
    qtbot.waitUntil(lambda: window.editor.checked and window.checker.idle, timeout=60_000)
