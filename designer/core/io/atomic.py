"""Write a file so that it is either entirely the old version or entirely the new one.

The bytes go to a temporary file in the same folder (a rename is only atomic within one
filesystem), are flushed to disk, take over the old file's permissions and then replace
it in one ``os.replace``. On any failure the temporary file is removed and the old file is
untouched. A process killed mid-write leaves its temporary behind (``.~NAME.XXXXXXXX.tmp``);
the writer holds a lock on it while it writes, so ``remove_stale_temporaries`` can tell
one left by the dead from one being written.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import stat
import tempfile
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows: temporaries are then left alone
    fcntl = None  # type: ignore[assignment]

#: The random part ``mkstemp`` puts in a temporary's name: eight characters.
_TAG = "?" * 8


def atomic_write_bytes(path: Path, data: bytes, mode: int | None = None) -> None:
    """Replace ``path`` with ``data`` atomically (through a symlink, not over it).

    A read-only file is not replaced (a rename would ignore its mode): ``PermissionError``.
    The new file has permissions ``mode`` if given, else the old file's.
    """
    target = replaceable(path)
    folder = target.parent
    handle, temp = _locked_temporary(target)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        if mode is None:
            match_permissions(temp, target)
        else:
            os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()
        raise
    _sync_folder(folder)


def _locked_temporary(target: Path) -> tuple[int, Path]:
    """A new temporary beside ``target``, locked: a cleaner that took it between its
    creation and the lock (and removed it) makes us take another."""
    while True:
        handle, name = tempfile.mkstemp(
            dir=target.parent, prefix=f".~{target.name}.", suffix=".tmp"
        )
        if fcntl is None:
            return handle, Path(name)
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            if os.stat(name).st_ino == os.fstat(handle).st_ino:
                return handle, Path(name)
        except FileNotFoundError:
            pass
        os.close(handle)


def remove_stale_temporaries(folder: Path, names: str) -> int:
    """Remove the temporaries interrupted writes left in ``folder`` of files whose names
    match the glob ``names``: only the writer's own pattern, and only those no writer
    holds (a write in progress locks its own). Returns how many went."""
    if fcntl is None:
        return 0
    removed = 0
    for temp in folder.glob(f".~{names}.{_TAG}.tmp"):
        try:
            handle = os.open(temp, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue  # gone meanwhile, a link, or not ours to read
        try:
            if not stat.S_ISREG(os.fstat(handle).st_mode):
                continue
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if os.stat(temp).st_ino == os.fstat(handle).st_ino:
                temp.unlink()
                removed += 1
        except OSError:
            continue  # held by a writer, or not ours to remove
        finally:
            os.close(handle)
    return removed


def remove_stale_temporaries_of(path: Path) -> int:
    """Remove the stale temporaries of the file at ``path`` (where a write through a link
    puts them) and of its hidden companions named ``.~NAME.…`` (its recovery snapshots)."""
    target = Path(os.path.realpath(path))
    name = glob.escape(target.name)
    try:
        return remove_stale_temporaries(target.parent, name) + remove_stale_temporaries(
            target.parent, f".~{name}.*"
        )
    except OSError:
        return 0


class NotAFileError(OSError):
    """The path names a device, a pipe or a socket: nothing a file could replace."""


class ForeignLinkError(PermissionError):
    """The path is a symlink another user put in a shared folder such as /tmp."""


def _refuse_foreign_link(path: Path) -> None:
    """Refuse a symlink in a sticky, world-writable folder (/tmp) that belongs neither to
    this user nor to the folder's owner: anyone can plant one there, pointing at a file of
    the user's, and a write through it would replace that file (the rule of Linux's
    ``fs.protected_symlinks``, kept whatever the system's setting)."""
    try:
        link = os.lstat(path)
        folder = os.stat(path.parent)
    except OSError:
        return
    shared = folder.st_mode & stat.S_IWOTH and folder.st_mode & stat.S_ISVTX
    if stat.S_ISLNK(link.st_mode) and shared and link.st_uid not in (os.geteuid(), folder.st_uid):
        raise ForeignLinkError(
            errno.EACCES, "another user's link in a shared folder is not followed", str(path)
        )


def replaceable(path: Path) -> Path:
    """The file a write to ``path`` replaces: the one a symlink names, not the link.

    A folder, a device (``/dev/full``), a pipe or a socket is refused before anything is
    written: a rename would put a file in its place. So is a read-only file (a rename would
    ignore its mode), and another user's link in a shared folder (``_refuse_foreign_link``).
    """
    _refuse_foreign_link(path)
    target = Path(os.path.realpath(path))
    try:
        mode = os.stat(target).st_mode
    except OSError:
        return target  # a new file, or one whose folder the write will report on
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "that is a folder", str(path))
    if not stat.S_ISREG(mode):
        raise NotAFileError(errno.EINVAL, "not a regular file", str(path))
    if read_only(target):
        raise PermissionError(errno.EACCES, "the file is read-only", str(path))
    return target


def read_only(path: Path) -> bool:
    """True when ``path`` is a file marked read-only (no write bit for anyone) or one this
    user may not write; a missing file is not."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    writable = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH
    return stat.S_ISREG(mode) and (not mode & writable or not os.access(path, os.W_OK))


def match_permissions(temp: Path, target: Path) -> None:
    """Give ``temp`` the permissions ``target`` has, or a new file's under the umask.

    ``mkstemp`` creates files only their owner can read; a saved project or an exported PDF
    must be as readable as any file the user creates.
    """
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(temp, mode)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable; not every platform or filesystem allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class OutputError(Exception):
    """An output file (an export, a schedule, a report) cannot be written; the message names
    the file and what to do about it."""


def write_output(path: Path, data: bytes) -> None:
    """Write an output file atomically, or raise ``OutputError`` saying why not."""
    try:
        atomic_write_bytes(path, data)
    except OSError as err:
        raise OutputError(describe_write_error(path, err)) from err


def describe_write_error(path: Path, err: OSError) -> str:
    """One sentence for a failed write, naming the file and what to do about it."""
    unchanged = "The previous file, if any, is unchanged."
    folder = Path(os.path.realpath(path)).parent  # where a link's file would be written
    if (isinstance(err, FileNotFoundError) or err.errno == errno.ENOENT) and not folder.is_dir():
        reason = f"the folder {folder} does not exist. Choose a folder that exists."
    elif isinstance(err, FileNotFoundError) or err.errno == errno.ENOENT:
        # The folder is there but refuses new files (a system folder such as /proc).
        reason = f"files cannot be created in {folder}. Choose a folder you can write to."
    elif isinstance(err, IsADirectoryError):
        reason = "that is a folder. Give a file name."
    elif isinstance(err, ForeignLinkError):
        reason = (
            "it is a link another user put in a shared folder, which rackplan does not follow "
            f"(it could point at any of your files). Write somewhere else. {unchanged}"
        )
    elif isinstance(err, NotAFileError):
        reason = "that is a device, a pipe or a socket, not a file. Give a file name."
    elif read_only(path):
        reason = f"the file is read-only. Save under another name. {unchanged}"
    elif err.errno == errno.EROFS:
        reason = f"{path.parent} is on a read-only disk. Choose another folder. {unchanged}"
    elif isinstance(err, PermissionError) or err.errno in (errno.EACCES, errno.EPERM):
        reason = f"permission denied. Choose a folder you can write to. {unchanged}"
    elif err.errno == errno.ENOSPC:
        reason = f"the disk is full. Free some space and save again. {unchanged}"
    else:
        reason = f"{err.strerror or err}. {unchanged}"
    return f"Cannot save to {path}: {reason}"
