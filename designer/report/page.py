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


def wrap(sheet: Sheet, text: str, width_mm: float, size_pt: float) -> list[str]:
    """``text`` broken into lines no wider than ``width_mm`` at ``size_pt``."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and sheet.text_width(candidate, size_pt) > width_mm:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines
