"""Autosave and crash recovery: snapshots beside the user's file, never over it.

A snapshot of a saved project goes next to it as ``.~<name>.autosave`` (or into the
recovery folder when that folder is read-only); an untitled project's goes into the
recovery folder. Each snapshot records which file it belongs to. Saving or closing cleanly
deletes the snapshot; finding one newer than its file on open means the last session
ended without saving, and the GUI offers to restore it. Snapshots are JSON, never pickled.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from designer.core.io.atomic import atomic_write_bytes
from designer.core.io.project_file import LoadResult, ProjectFileError, loads
from designer.core.model.equipment import RackType
from designer.core.model.project import Project

_MARK = "rackplan_autosave"


def recovery_dir() -> Path:
    """Where snapshots of untitled projects live (``RACKPLAN_RECOVERY_DIR`` overrides it)."""
    override = os.environ.get("RACKPLAN_RECOVERY_DIR")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "rackplan" / "recovery"


def autosave_path(document_path: Path | None, session: str) -> Path:
    """Where the snapshot of a document goes; ``session`` names untitled documents apart."""
    if document_path is None:
        return recovery_dir() / f"untitled-{session}.autosave"
    if os.access(document_path.parent, os.W_OK):
        return _beside(document_path)
    return _in_recovery_dir(document_path)


def _beside(document_path: Path) -> Path:
    return document_path.parent / f".~{document_path.name}.autosave"


def _in_recovery_dir(document_path: Path) -> Path:
    """A name unique to the document's full path, for folders we cannot write to."""
    digest = hashlib.sha1(str(document_path.resolve()).encode()).hexdigest()[:12]
    return recovery_dir() / f"{digest}-{document_path.name}.autosave"


def write_autosave(project: Project, document_path: Path | None, target: Path) -> None:
    """Write a snapshot of ``project`` that belongs to ``document_path`` (None if untitled)."""
    envelope = {
        _MARK: 1,
        "original": str(document_path) if document_path else None,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "project": project.model_dump(mode="json"),
    }
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(target, json.dumps(envelope, ensure_ascii=False).encode("utf-8"))


@dataclass(frozen=True)
class Snapshot:
    """A snapshot found on disk: where it is, which file it belongs to and when it was taken."""

    path: Path
    original: Path | None
    saved_at: str


def read_snapshot(path: Path) -> Snapshot | None:
    """The header of the snapshot at ``path``, or None when it is not a readable snapshot."""
    try:
        envelope = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(envelope, dict) or envelope.get(_MARK) != 1:
        return None
    original = envelope.get("original")
    return Snapshot(path, Path(original) if original else None, str(envelope.get("saved_at", "")))


def restore(snapshot: Snapshot, rack_types: Mapping[str, RackType]) -> LoadResult:
    """Load the project a snapshot holds, through the same checks as any file."""
    try:
        envelope = json.loads(snapshot.path.read_text(encoding="utf-8"))
        data = json.dumps(envelope["project"]).encode("utf-8")
    except (OSError, ValueError, KeyError) as err:
        raise ProjectFileError(f"The recovery file {snapshot.path} cannot be read: {err}.") from err
    return loads(data, snapshot.path, rack_types)


def pending_for(document_path: Path) -> Snapshot | None:
    """A snapshot of ``document_path`` newer than the file itself, if one was left behind."""
    candidates = [_beside(document_path), _in_recovery_dir(document_path)]
    try:
        saved = document_path.stat().st_mtime
    except OSError:
        saved = 0.0
    for candidate in candidates:
        snapshot = read_snapshot(candidate) if candidate.exists() else None
        if snapshot and candidate.stat().st_mtime >= saved:
            return snapshot
    return None


def untitled_snapshots() -> list[Snapshot]:
    """Snapshots of untitled projects left in the recovery folder, newest first."""
    folder = recovery_dir()
    if not folder.is_dir():
        return []
    found = [read_snapshot(p) for p in folder.glob("untitled-*.autosave")]
    return sorted((s for s in found if s), key=lambda s: s.saved_at, reverse=True)


def discard(path: Path) -> None:
    """Delete a snapshot once the project is saved or closed cleanly."""
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
