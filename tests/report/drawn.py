"""What sheets write, read back without a PDF: each text a page draws, in order."""

from collections.abc import Sequence

from PySide6.QtGui import QImage, QPainter

from designer.report.page import Page
from designer.report.paper import SheetFrame
from designer.report.sheet import Sheet


def texts_drawn(pages: Sequence[Page], paper: str) -> list[str]:
    """Every text ``pages`` write on ``paper``, in the order they write them."""
    written: list[str] = []

    class Noting(Sheet):
        def text(self, x, y, text, *args, **kwargs):  # type: ignore[override]
            written.append(text)

    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    for page in pages:
        page.draw(Noting(painter, SheetFrame.of(paper), 25.4))
    painter.end()
    return written
