"""Write numbered sheets to a PDF without ever leaving half a file.

Everything is drawn into a temporary file beside the target and moved over it only once it
is complete; a failure or a cancel removes the temporary file and leaves any old file as it
was. Errors become ``OutputError`` with one sentence a user can act on.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from designer.core.io.atomic import (
    OutputError,
    describe_write_error,
    match_permissions,
    replaceable,
)
from designer.report.page import Page
from designer.report.paper import SheetFrame
from designer.report.pdf.document import PdfDocument
from designer.report.pdf.sheet import PdfSheet
from designer.report.title_block import TitleFields, draw_frame

#: (sheets done, sheets in all) -> False to cancel.
Progress = Callable[[int, int], bool]

#: The resolution sheets are drawn at: a device pixel is 0.02 mm, and coordinates are
#: written as whole pixels.
PDF_DPI = 1200


class ExportCancelled(Exception):
    """The user cancelled; nothing was written."""


@dataclass(frozen=True)
class SetInfo:
    """What every title block of the set repeats."""

    project: str
    revision: str
    date: str


def write_atomically(path: Path, render: Callable[[Path], None]) -> None:
    """Call ``render(temp)`` to fill a temporary file beside ``path``, then move it over ``path``."""
    try:
        target = replaceable(path)
        handle, name = tempfile.mkstemp(
            dir=target.parent, prefix=f".~{target.name}.", suffix=".tmp"
        )
    except OSError as err:
        raise OutputError(describe_write_error(path, err)) from err
    os.close(handle)
    temp = Path(name)
    try:
        render(temp)
        match_permissions(temp, target)
        os.replace(temp, target)
    except OSError as err:
        raise OutputError(describe_write_error(path, err)) from err
    finally:
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()


def write_pdf(
    pages: Sequence[Page],
    path: Path,
    paper: str,
    info: SetInfo,
    progress: Progress | None = None,
) -> None:
    """Write ``pages`` as a PDF drawing set on ``paper``, numbered "sheet n of m"."""
    frame = SheetFrame.of(paper)

    def render(temp: Path) -> None:
        with (
            temp.open("wb") as stream,
            PdfDocument(
                stream,
                frame.width / 25.4 * 72,
                frame.height / 25.4 * 72,
                PDF_DPI,
                title=f"{info.project}, revision {info.revision}",
                creator="rackplan",
            ) as document,
        ):
            sheet: PdfSheet | None = None
            for number, page in enumerate(pages, start=1):
                painter = document.page()
                if sheet is None:
                    sheet = PdfSheet(painter, frame, PDF_DPI)
                else:
                    sheet.turn_to(painter)
                fields = TitleFields(
                    info.project,
                    page.title,
                    info.revision,
                    info.date,
                    page.scale,
                    number,
                    len(pages),
                )
                draw_frame(sheet, fields)
                page.draw(sheet)
                document.end_page(painter)
                if progress is not None and not progress(number, len(pages)):
                    raise ExportCancelled
            document.close()
            _synced(stream)

    write_atomically(path, render)


def _synced(stream: BinaryIO) -> None:
    """Flush ``stream`` to the disk: the file is whole before it takes the target's name."""
    stream.flush()
    os.fsync(stream.fileno())
