"""Paper sizes and the frame of every sheet: margins, title block, drawing area (mm).

Sheets are landscape, as drawing sets are. The title block runs along the bottom edge, full
width, so tables and plans get one rectangle above it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

PaperName = Literal["A4", "A3", "Letter", "Tabloid"]

#: Landscape width and height in millimetres.
PAPER_MM: dict[str, tuple[float, float]] = {
    "A4": (297.0, 210.0),
    "A3": (420.0, 297.0),
    "Letter": (279.4, 215.9),
    "Tabloid": (431.8, 279.4),
}

MARGIN_MM = 10.0
TITLE_BLOCK_MM = 22.0
GAP_MM = 4.0


@dataclass(frozen=True)
class Rect:
    """A rectangle on the sheet in millimetres, y down from the top edge."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def overlaps(self, other: Rect) -> bool:
        """True when the two share more than an edge."""
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.bottom
            and other.y < self.bottom
        )


@dataclass(frozen=True)
class SheetFrame:
    """Where things go on one sheet of a paper size."""

    paper: str
    width: float
    height: float

    @classmethod
    def of(cls, paper: str) -> SheetFrame:
        width, height = PAPER_MM[paper]
        return cls(paper, width, height)

    @property
    def border(self) -> Rect:
        return Rect(MARGIN_MM, MARGIN_MM, self.width - 2 * MARGIN_MM, self.height - 2 * MARGIN_MM)

    @property
    def title_block(self) -> Rect:
        border = self.border
        return Rect(border.x, border.bottom - TITLE_BLOCK_MM, border.width, TITLE_BLOCK_MM)

    @property
    def content(self) -> Rect:
        """The area above the title block, inside the border, for plans and tables."""
        border = self.border
        return Rect(
            border.x + GAP_MM,
            border.y + GAP_MM,
            border.width - 2 * GAP_MM,
            border.height - TITLE_BLOCK_MM - 2 * GAP_MM,
        )
