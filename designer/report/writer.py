"""Write numbered sheets to a PDF without ever leaving half a file.

The sheets are painted on Qt's ``QPdfWriter`` in memory, then written into a temporary file
beside the target and moved over it only once it is complete; a failure or a cancel
removes the temporary file and leaves any old file as it was. Errors become
``OutputError`` with one sentence a user can act on.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QSizeF
from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter

from designer.core.io.atomic import (
    OutputError,
    describe_write_error,
    match_permissions,
    replaceable,
)
from designer.report import measure
from designer.report.page import Page
from designer.report.paper import SheetFrame
from designer.report.sheet import Sheet
from designer.report.title_block import TitleFields, draw_frame

#: (sheets done, sheets in all) -> False to cancel.
Progress = Callable[[int, int], bool]

#: The resolution sheets are drawn at, the one text is measured at (``measure.DPI``).
PDF_DPI = measure.DPI


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

    def render(temp: Path) -> None:
        # Drawn in memory, then written by Python, which raises on a full disk: Qt's file
        # writers report success after a write that ran out of space.
        data = _pdf(pages, paper, info, progress)
        with temp.open("wb") as stream:
            stream.write(data)
            _synced(stream)

    write_atomically(path, render)


def _pdf(pages: Sequence[Page], paper: str, info: SetInfo, progress: Progress | None) -> bytes:
    """The PDF of ``pages``, painted by a QPainter on a QPdfWriter, a page a sheet: Qt
    embeds and subsets the fonts (and the fonts it falls back to for scripts DejaVu lacks),
    shapes and kerns the text."""
    frame = SheetFrame.of(paper)
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setPageLayout(
        QPageLayout(
            # the paper upright, then turned: Qt names it (A3, Letter) from its size
            QPageSize(QSizeF(frame.height, frame.width), QPageSize.Unit.Millimeter),
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
        raise OSError("the PDF could not be started")
    try:
        sheet = Sheet(painter, frame, PDF_DPI, glyph_text=True)
        for number, page in enumerate(pages, start=1):
            if number > 1:
                writer.newPage()
            fields = TitleFields(
                info.project, page.title, info.revision, info.date, page.scale, number, len(pages)
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
    if not finished:
        raise OSError("the PDF could not be completed")
    return bytes(buffer.data().data())


def _synced(stream: BinaryIO) -> None:
    """Flush ``stream`` to the disk: the file is whole before it takes the target's name."""
    stream.flush()
    os.fsync(stream.fileno())
