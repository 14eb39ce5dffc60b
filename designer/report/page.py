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
    #: A hall's plan at a scale that cannot write every rack's label whole (1:200 and
    #: coarser, or a label longer than its rack at 1:100): enlarged parts would.
    unnamed: bool = False
    #: On the first sheet of a hall: the sentence naming what its plan leaves off, reaching
    #: too far outside the hall (``left_off_note``); "" when nothing does.
    left_off: str = ""
