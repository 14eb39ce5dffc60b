"""What lies under one point of the floor, topmost first, and what a click there selects.

A busway or tray runs over racks and an in-row CDU stands among them, so one point of the
plan can hold several things. A plain click takes the topmost; a click on the one thing
selected takes the next one down (round again after the last), so clicking on the same
spot walks through everything there. Shift adds the first thing there not yet selected,
Ctrl takes out the topmost selected one (or adds the topmost). The rules are here, apart
from the mouse, so they are tested without a window.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass

from designer.core.model.project import Project
from designer.core.naming import display_name

#: What each kind the picker gives is called in a sentence.
KIND_WORDS = {
    "rack": "rack",
    "cooling": "cooling unit",
    "obstacle": "obstacle",
    "feed": "power feed",
    "tray": "cable tray",
}


@dataclass(frozen=True)
class Stack:
    """The ids under one point, topmost first (as ``Picker.stack_at`` orders them)."""

    ids: tuple[str, ...]

    def __bool__(self) -> bool:
        return bool(self.ids)

    def top_selected(self, selected: Container[str]) -> str | None:
        """The topmost id here that is selected, None when none is."""
        return next((i for i in self.ids if i in selected), None)

    def after(self, entity_id: str) -> str:
        """The id below ``entity_id`` here, the topmost again after the last."""
        return self.ids[(self.ids.index(entity_id) + 1) % len(self.ids)]

    def first_unselected(self, selected: Container[str]) -> str | None:
        """What Shift-click adds: the topmost id here not yet selected."""
        return next((i for i in self.ids if i not in selected), None)

    def toggled(self, selected: Container[str]) -> str:
        """What Ctrl-click toggles: the topmost selected id here, else the topmost."""
        return self.top_selected(selected) or self.ids[0]

    def name(self, project: Project, entity_id: str, kind: str | None) -> str:
        """``entity_id``'s name and what it is: "Busway 1 (busway)"."""
        word = KIND_WORDS.get(kind or "", "item")
        feed = project.feeds.get(entity_id)
        if feed is not None:
            word = feed.kind if feed.kind == "busway" else "PDU"
        return f"{display_name(project, entity_id)} ({word})"

    def describe(self, project: Project, entity_id: str, kind: str | None) -> str:
        """The status bar's words for ``entity_id`` picked here: its name and kind, and,
        where others lie too, which of them it is and how to reach the next."""
        text = f"Selected {self.name(project, entity_id, kind)}"
        if len(self.ids) < 2:
            return f"{text}."
        position = self.ids.index(entity_id) + 1
        return f"{text}, {position} of {len(self.ids)} here: click again for the next."
