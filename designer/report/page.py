"""A sheet of the set before it is numbered: its title, its scale and how to draw its content."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from designer.report.sheet import Sheet


@dataclass(frozen=True)
class Page:
    """``draw`` fills the sheet's content area; the frame and title block are drawn around it."""

    title: str
    scale: str
    draw: Callable[[Sheet], None]
