"""Read a file whole, refusing before the first byte what would hang or exhaust memory.

A FIFO blocks a reader until someone writes to it, ``/dev/zero`` never ends, and a 50 GB
file named by mistake would fill memory; each is refused from what ``stat`` says. The file
is opened without blocking and checked again on the open descriptor, so one swapped in
between the two looks is refused too.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

#: The largest file read: a million-accelerator campus is tens of MB, so 1 GB is no project.
MAX_FILE_BYTES = 1 << 30


class Unreadable(Exception):
    """The file cannot be read; ``str(err)`` says why, to follow "Cannot open <path>: "."""


def read_regular_file(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at ``path`` (through symlinks), at most ``limit``."""
    try:
        status = os.stat(path)
        _check(status.st_mode, status.st_size, limit)
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError as err:
        raise Unreadable("the file does not exist") from err
    except PermissionError as err:
        raise Unreadable("permission denied") from err
    except OSError as err:
        raise Unreadable(err.strerror or str(err)) from err
    with os.fdopen(handle, "rb") as stream:
        status = os.fstat(stream.fileno())
        _check(status.st_mode, status.st_size, limit)
        try:
            data = stream.read(status.st_size + 1)
            while len(data) <= limit and (more := stream.read(1 << 20)):  # it grew meanwhile
                data += more
        except OSError as err:
            raise Unreadable(err.strerror or str(err)) from err
    if len(data) > limit:
        raise Unreadable(_too_large(limit))
    return data


def _check(mode: int, size: int, limit: int) -> None:
    if stat.S_ISDIR(mode):
        raise Unreadable("that is a folder, not a file")
    if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
        raise Unreadable("it is a pipe or a socket, not a regular file")
    if not stat.S_ISREG(mode):
        raise Unreadable("it is a device, not a regular file")
    if size > limit:
        raise Unreadable(_too_large(limit))


def _too_large(limit: int) -> str:
    return (
        f"it is larger than {limit / 1e9:.0f} GB, far more than any project (a "
        "million-accelerator campus is tens of MB), so it is not read"
    )
