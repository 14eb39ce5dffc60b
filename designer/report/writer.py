"""Write numbered sheets to a PDF (or one picture to PNG/SVG) without ever leaving half a file.

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

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter

from designer.core.io.atomic import (
    OutputError,
    describe_write_error,
    match_permissions,
    replaceable,
)
from designer.report.page import Page
from designer.report.paper import SheetFrame
from designer.report.sheet import Sheet
from designer.report.title_block import TitleFields, draw_frame

#: (sheets done, sheets in all) -> False to cancel.
Progress = Callable[[int, int], bool]

PDF_DPI = 1200
PAGE_SIZES = {
    "A4": QPageSize.PageSizeId.A4,
    "A3": QPageSize.PageSizeId.A3,
    "Letter": QPageSize.PageSizeId.Letter,
    "Tabloid": QPageSize.PageSizeId.Tabloid,
}


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
        writer = QPdfWriter(str(temp))
        writer.setPageLayout(
            QPageLayout(
                QPageSize(PAGE_SIZES[paper]),
                QPageLayout.Orientation.Landscape,
                QMarginsF(0, 0, 0, 0),
                QPageLayout.Unit.Millimeter,
            )
        )
        writer.setResolution(PDF_DPI)
        writer.setTitle(f"{info.project}, revision {info.revision}")
        writer.setCreator("rackplan")
        painter = QPainter()
        if not painter.begin(writer):
            raise OSError(f"cannot open {temp} for writing")
        try:
            sheet = Sheet(painter, frame, PDF_DPI, shaped=True)
            for number, page in enumerate(pages, start=1):
                if number > 1:
                    writer.newPage()
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
                painter.save()
                try:
                    page.draw(sheet)
                finally:
                    painter.restore()
                sheet.forget_state()
                if progress is not None and not progress(number, len(pages)):
                    raise ExportCancelled
        finally:
            finished = painter.end()
        if not finished or not _ends_like_a_pdf(temp):
            raise OSError(28, "the PDF could not be completed (is the disk full?)")

    write_atomically(path, render)


def _ends_like_a_pdf(path: Path) -> bool:
    """A PDF that was written to the end closes with ``%%EOF``; a cut-short one does not."""
    with path.open("rb") as stream:
        stream.seek(max(0, path.stat().st_size - 64))
        return b"%%EOF" in stream.read()
