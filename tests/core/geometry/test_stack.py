"""A click on stacked things: the topmost first, again on the one selected the next one
down, Shift adds the next not selected, Ctrl takes the topmost selected out."""

from designer.core.document import operations as ops
from designer.core.examples import EXAMPLES
from designer.core.geometry.stack import Stack

STACK = Stack(("rack", "cdu", "busway", "tray"))


def test_a_click_again_on_the_one_selected_takes_the_next_down_and_round_again():
    assert STACK.top_selected([]) is None
    assert STACK.top_selected(["busway", "elsewhere"]) == "busway"
    assert [STACK.after(i) for i in STACK.ids] == ["cdu", "busway", "tray", "rack"]


def test_shift_adds_the_topmost_not_selected_and_ctrl_toggles_the_topmost_selected():
    assert STACK.first_unselected(["rack"]) == "cdu"
    assert STACK.first_unselected(STACK.ids) is None
    assert STACK.toggled([]) == "rack"  # nothing here selected: the topmost goes in
    assert STACK.toggled(["busway", "rack"]) == "rack"
    assert STACK.toggled(["busway"]) == "busway"  # out, though a rack lies over it


def test_the_status_bar_names_what_was_picked_and_where_it_stands_in_the_stack():
    doc = EXAMPLES["gb200-nvl72-su"]()
    project = doc.project
    feed = next(f for f in project.feeds.values() if f.kind == "busway")
    rack = next(iter(project.placements.values()))
    stack = Stack((rack.id, feed.id))
    assert stack.describe(project, feed.id, "feed") == (
        f"Selected {feed.name} (busway), 2 of 2 here: click again for the next."
    )
    assert Stack((rack.id,)).describe(project, rack.id, "rack") == f"Selected {rack.label} (rack)."
    hall = next(iter(project.halls))
    pdu = ops.add_feed(doc, hall, "pdu-415v-60a-3ph", [(600, 600)], "PDU 9")
    assert Stack((pdu,)).describe(doc.project, pdu, "feed") == "Selected PDU 9 (PDU)."
