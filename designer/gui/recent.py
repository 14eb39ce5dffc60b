"""Recently opened files, kept in the designer's settings (an INI file in the app config folder).

The settings live where ``QStandardPaths`` puts application configuration, so a test that
turns on ``QStandardPaths.setTestModeEnabled(True)`` never touches the user's list.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

#: How many files the Open Recent menu lists.
MAX_RECENT = 8
_KEY = "recent_files"


def settings() -> QSettings:
    """The designer's settings file."""
    folder = Path(
        QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppConfigLocation)
    )
    return QSettings(str(folder / "rackplan.ini"), QSettings.Format.IniFormat)


class RecentFiles:
    """The most recently opened or saved project files, newest first."""

    def __init__(self, store: QSettings | None = None) -> None:
        self._store = store or settings()

    def paths(self) -> list[Path]:
        raw = self._store.value(_KEY, [])
        if isinstance(raw, str):
            raw = [raw]
        return [Path(p) for p in raw or []]

    def add(self, path: Path) -> None:
        resolved = path.resolve()
        kept = [p for p in self.paths() if p != resolved]
        self._write([resolved, *kept][:MAX_RECENT])

    def remove(self, path: Path) -> None:
        self._write([p for p in self.paths() if p != path])

    def clear(self) -> None:
        self._write([])

    def _write(self, paths: list[Path]) -> None:
        self._store.setValue(_KEY, [str(p) for p in paths])
        self._store.sync()
