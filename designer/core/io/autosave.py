"""Autosave and crash recovery: snapshots beside the user's file, never over it.

A snapshot of a saved project goes next to it as ``.~<name>.<session>.autosave`` (or into
the recovery folder when that folder is read-only or full); an untitled project's goes
into the recovery folder. Each window's session writes its own snapshot, so two windows
with the same file never overwrite each other's. Each snapshot records which file it
belongs to and the process that writes it: a snapshot whose process still runs is that
window's live work, not a crash, and is never offered or deleted by another window.
Saving or closing cleanly deletes the snapshot; finding one on open means a session ended
without saving, and the GUI offers to restore it. Snapshots are JSON, never pickled, and
as private as the project (an untitled project's only its owner may read).

A snapshot that cannot be restored (damaged, or written by a newer rackplan) is offered
like any other, so the user hears of it, and then set aside as ``<name>.unreadable``: kept
for whoever can read it, never offered again.
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import json
import os
import re
import secrets
import socket
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from designer.core.io.atomic import atomic_write_bytes, remove_stale_temporaries
from designer.core.io.project_file import (
    LoadResult,
    ProjectFileError,
    loads,
    unencodable_text,
)
from designer.core.io.safe_read import Unreadable, read_regular_file
from designer.core.io.strict_json import parse
from designer.core.model.equipment import RackType
from designer.core.model.project import Project

_MARK = "rackplan_autosave"
#: What a window's session is called in its snapshots' names (``new_session``).
_SESSION = "[0-9a-f]{8}"
#: What a snapshot that cannot be restored is renamed with (``set_aside``).
SET_ASIDE = ".unreadable"


def new_session() -> str:
    """A name for one window's snapshots, apart from every other window's."""
    return secrets.token_hex(4)


def recovery_dir() -> Path:
    """Where snapshots of untitled projects live (``RACKPLAN_RECOVERY_DIR`` overrides it)."""
    override = os.environ.get("RACKPLAN_RECOVERY_DIR")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "rackplan" / "recovery"


def autosave_path(document_path: Path | None, session: str) -> Path:
    """Where the snapshot of a document goes; ``session`` names each window's apart."""
    if document_path is None:
        return recovery_dir() / f"untitled-{session}.autosave"
    if os.access(document_path.parent, os.W_OK):
        return _beside(document_path, session)
    return _in_recovery_dir(document_path, session)


def fallback_path(document_path: Path | None, session: str) -> Path | None:
    """Where the snapshot goes when its own place refuses it (a full disk beside the file):
    the recovery folder, which is usually on another disk. None when it already goes there."""
    first = autosave_path(document_path, session)
    if document_path is None or first.parent == recovery_dir():
        return None
    return _in_recovery_dir(document_path, session)


def _beside(document_path: Path, session: str) -> Path:
    return document_path.parent / f".~{document_path.name}.{session}.autosave"


def _in_recovery_dir(document_path: Path, session: str) -> Path:
    """A name unique to the document's full path, for folders we cannot write to."""
    return recovery_dir() / f"{_digest(document_path)}-{document_path.name}.{session}.autosave"


def _digest(document_path: Path) -> str:
    return hashlib.sha1(str(document_path.resolve()).encode()).hexdigest()[:12]


def _patterns(document_path: Path) -> tuple[Path, Path]:
    """Globs matching every session's snapshot of ``document_path`` (and the single
    ``.~<name>.autosave`` of earlier versions), beside it and in the recovery folder."""
    name = glob.escape(document_path.name)  # a "[v2]" in a name is no character class
    return (
        document_path.parent / f".~{name}*.autosave",
        recovery_dir() / f"{_digest(document_path)}-{name}*.autosave",
    )


def _named_for(candidate: Path, document_path: Path) -> bool:
    """True when ``candidate``'s name is that of a snapshot of ``document_path`` (of any
    session, or the single one of earlier versions): what tells a damaged snapshot, which
    says nothing of its file, from another file's (``.~a.json*`` matches ``.~a.json.bak``'s)."""
    name = re.escape(document_path.name)
    prefix = r"\.~" if candidate.parent == document_path.parent else f"{_digest(document_path)}-"
    return re.fullmatch(f"{prefix}{name}(\\.{_SESSION})?\\.autosave", candidate.name) is not None


def _process_start(pid: int) -> str | None:
    """When process ``pid`` started (clock ticks since boot, from /proc), or None if it does
    not exist; a reused process id has another start time."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return fields.rsplit(")", 1)[1].split()[19]


def _owner() -> dict[str, object]:
    """This process, as a snapshot records its writer."""
    return {"host": socket.gethostname(), "pid": os.getpid(), "start": _process_start(os.getpid())}


def _running_elsewhere(owner: object) -> bool:
    """True when the process that wrote a snapshot still runs on this machine (and is not
    this one): the snapshot is another window's current work, not a crash's leftover."""
    if not isinstance(owner, dict) or owner.get("host") != socket.gethostname():
        return False
    pid = owner.get("pid")
    if not isinstance(pid, int) or pid == os.getpid():
        return False
    if Path("/proc/self/stat").exists():
        start = _process_start(pid)
        return start is not None and start == owner.get("start")
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, but belongs to another user
    return True


def write_autosave(project: Project, document_path: Path | None, target: Path) -> None:
    """Write a snapshot of ``project`` that belongs to ``document_path`` (None if untitled),
    as private as the project file itself. A project holding text no encoder writes (a
    lone surrogate pasted in) is a ``ProjectFileError`` naming the field, as Save's is."""
    envelope = {
        _MARK: 1,
        "original": str(document_path) if document_path else None,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "owner": _owner(),
        "project": project.model_dump(mode="json"),
    }
    target.parent.mkdir(parents=True, exist_ok=True)
    mode = 0o600  # an untitled project's: its owner's alone
    if document_path is not None:
        with contextlib.suppress(OSError):
            mode = stat.S_IMODE(document_path.stat().st_mode)
    try:
        data = json.dumps(envelope, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as err:
        problem = unencodable_text(project) or "some text is not valid Unicode."
        raise ProjectFileError(f"Cannot write the recovery file {target}: {problem}") from err
    # writable by its owner whatever the project's mode, or the next snapshot fails
    atomic_write_bytes(target, data, mode=mode | 0o200)


@dataclass(frozen=True)
class Snapshot:
    """A snapshot found on disk: where it is, which file it belongs to, when it was taken
    and whether the window that writes it is still open."""

    path: Path
    original: Path | None
    saved_at: str
    in_use: bool = False

    @property
    def when(self) -> str:
        """When it was taken, in local time as a person reads it."""
        try:
            taken = datetime.fromisoformat(self.saved_at)
        except ValueError:
            return "an earlier session"
        return taken.astimezone().strftime("%Y-%m-%d %H:%M")


def _read_envelope(path: Path) -> object:
    """The JSON of the snapshot at ``path``, read as strictly as a project file: nesting
    too deep (a RecursionError out of ``json.loads`` crashed every start that met it), a
    number too long or a key twice is a ``ValueError``, as bytes that are not UTF-8 are."""
    return parse(read_regular_file(path).decode("utf-8"))


def read_snapshot(path: Path) -> Snapshot | None:
    """The header of the snapshot at ``path``, or None when it is not a readable snapshot."""
    try:
        envelope = _read_envelope(path)
    except (Unreadable, ValueError):  # a pipe named like a snapshot is none either
        return None
    if not isinstance(envelope, dict) or envelope.get(_MARK) != 1:
        return None
    original = envelope.get("original")
    return Snapshot(
        path,
        Path(original) if original else None,
        str(envelope.get("saved_at", "")),
        _running_elsewhere(envelope.get("owner")),
    )


def restore(snapshot: Snapshot, rack_types: Mapping[str, RackType]) -> LoadResult:
    """Load the project a snapshot holds, through the same checks as any file."""
    try:
        envelope = _read_envelope(snapshot.path)
        if not isinstance(envelope, dict):
            raise TypeError("it holds no JSON object")
        data = json.dumps(envelope["project"]).encode("utf-8")
    except (Unreadable, ValueError, KeyError, TypeError) as err:
        raise ProjectFileError(f"The recovery file {snapshot.path} cannot be read: {err}.") from err
    return loads(data, snapshot.path, rack_types)


def snapshots_of(document_path: Path) -> list[Snapshot]:
    """Every snapshot of ``document_path``, beside it or in the recovery folder, newest
    first (those of open windows included: see ``in_use``). A damaged one named as its
    snapshots are is among them: ``restore`` says what is wrong with it."""
    found = []
    for pattern in _patterns(document_path):
        if not pattern.parent.is_dir():
            continue
        for candidate in pattern.parent.glob(pattern.name):
            snapshot = read_snapshot(candidate)
            if snapshot is None and _named_for(candidate, document_path):
                snapshot = Snapshot(candidate, document_path, "")
            if snapshot is not None and _same_file(snapshot.original, document_path):
                found.append(snapshot)
    return sorted(found, key=_age, reverse=True)


def _same_file(original: Path | None, document_path: Path) -> bool:
    """True when a snapshot's file is ``document_path``, however either was spelled (a
    relative path on the command line, an absolute one from Recent or the Open dialog)."""
    if original is None:
        return False
    return original == document_path or original.resolve() == document_path.resolve()


def _age(snapshot: Snapshot) -> float:
    """When the snapshot was written, to the nanosecond its file system keeps."""
    try:
        return snapshot.path.stat().st_mtime
    except OSError:
        return 0.0


def left_behind(document_path: Path) -> list[Snapshot]:
    """Snapshots of ``document_path`` that no open window writes, newest first: work a
    session ended without saving. However old: one older than the file is work another
    window's save did not include (the GUI leaves out one that holds just what the file
    holds)."""
    return [s for s in snapshots_of(document_path) if not s.in_use]


def open_elsewhere(document_path: Path) -> bool:
    """True when another window (a process still running) has unsaved work on this file."""
    return any(s.in_use for s in snapshots_of(document_path))


def untitled_snapshots() -> list[Snapshot]:
    """Snapshots of untitled projects a crash left in the recovery folder, newest first."""
    folder = recovery_dir()
    if not folder.is_dir():
        return []
    remove_stale_temporaries(folder, "*.autosave")  # of snapshots a crash cut mid-write
    found = [read_snapshot(p) or Snapshot(p, None, "") for p in folder.glob("untitled-*.autosave")]
    return sorted((s for s in found if not s.in_use), key=_age, reverse=True)


def set_aside(path: Path) -> Path:
    """Rename the snapshot at ``path``, which cannot be restored, to ``<name>.unreadable``
    (``-2``, ``-3``, ... when taken): no window offers it again, and whoever can read it
    (a newer rackplan) still may. Returns the new path; raises ``OSError`` when the folder
    refuses it."""
    target = path.with_name(path.name + SET_ASIDE)
    count = 1
    while target.exists():
        count += 1
        target = path.with_name(f"{path.name}{SET_ASIDE}-{count}")
    path.rename(target)
    return target


def discard(path: Path) -> None:
    """Delete a snapshot once the project is saved or closed cleanly."""
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
