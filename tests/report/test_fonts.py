"""Characters no installed font has are named before they print as empty boxes."""

from designer.core.examples import EXAMPLES
from designer.report.fonts import missing_characters, missing_note

#: A code point Unicode leaves unassigned: no font draws it, on any machine.
UNASSIGNED = "\u0378"


def rename_hall(name):
    project = EXAMPLES["gb200-nvl72-su"]().project
    (hall_id,) = project.halls
    halls = {hall_id: project.halls[hall_id].model_copy(update={"name": name})}
    return project.model_copy(update={"halls": halls})


def test_a_character_no_font_has_is_named_and_others_are_not():
    """A trial's Japanese hall name printed as boxes, without a word (no CJK font here)."""
    assert missing_characters(rename_hall("Säle Ω — Ōsaka")) == []
    project = rename_hall(f"Hall {UNASSIGNED}")
    assert missing_characters(project) == [UNASSIGNED]
    note = missing_note(project)
    assert note.startswith(
        f"1 character of the project's names ({UNASSIGNED}) has no font on this machine and "
        "prints as empty boxes"
    )


def test_a_character_beyond_the_basic_plane_that_no_font_has_is_named_as_a_box():
    """Characters past U+FFFF are looked up as whole code points, not as halves of a
    surrogate pair (U+1FFFE is a noncharacter, which no font draws)."""
    assert missing_characters(rename_hall("Hall \U0001fffe")) == ["\U0001fffe"]
