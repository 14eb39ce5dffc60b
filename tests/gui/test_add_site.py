"""Edit ▸ Add Site: a second site, its fibre route and its first hall, from the designer."""

from designer.gui.dialogs.add_site import AddSiteDialog, SiteSpec
from designer.gui.dialogs.new_project import NewProjectSpec


def test_a_site_is_added_with_its_fibre_route_and_first_hall(make_window, example, prompts):
    window = make_window(example("gb200-nvl72-su"))
    doc = window.editor.doc
    [first] = doc.project.sites.values()
    prompts.site_answer = SiteSpec("South", 5_000, 5_000, 1.25, first.id, 40)
    prompts.new_answer = NewProjectSpec(hall_name="South hall 1")
    window.actions_by_name["add_site"].trigger()
    assert prompts.asked[-2:] == [f"new site like {first.name}", "new hall South hall 1"]
    south = next(s for s in doc.project.sites.values() if s.name == "South")
    assert (south.power_capacity_kw, south.pue) == (5_000, 1.25)
    [route] = doc.project.fibre_routes.values()
    assert {route.site_a, route.site_b} == {first.id, south.id} and route.distance_km == 40
    hall = doc.project.halls[window.editor.hall_id]  # the designer shows the new hall
    assert (hall.name, hall.site_id) == ("South hall 1", south.id)
    # Add Hall now adds to the site on the canvas, not to the project's first site
    prompts.new_answer = NewProjectSpec(hall_name="South hall 2")
    window.actions_by_name["add_hall"].trigger()
    # the name after the site's last hall's, in its pattern (a campus offered "Hall 25")
    assert prompts.asked[-1] == "new hall South hall 2"
    assert doc.project.halls[window.editor.hall_id].site_id == south.id
    for _ in range(4):
        doc.undo()
    assert list(doc.project.sites) == [first.id] and not doc.project.fibre_routes


def test_the_dialog_starts_from_the_site_shown_and_can_leave_out_the_route(
    qtbot, make_window, example
):
    window = make_window(example("gb200-nvl72-su"))
    [first] = window.editor.project.sites.values()
    dialog = AddSiteDialog({first.id: first.name}, first)
    qtbot.addWidget(dialog)
    spec = dialog.spec()
    assert (spec.power_capacity_kw, spec.cooling_capacity_kw, spec.pue) == (
        first.power_capacity_kw,
        first.cooling_capacity_kw,
        first.pue,
    )
    assert spec.route_to == first.id
    dialog.route_to.setCurrentIndex(dialog.route_to.findData(None))
    assert dialog.spec().route_to is None and not dialog.distance.isEnabled()


def test_cancelling_the_first_hall_adds_no_site(make_window, example, prompts):
    window = make_window(example("gb200-nvl72-su"))
    doc = window.editor.doc
    [first] = doc.project.sites.values()
    before = doc.project
    prompts.site_answer = SiteSpec("East", 5_000, 5_000, 1.25, first.id, 12)
    prompts.new_answer = None  # the hall is cancelled
    window.actions_by_name["add_site"].trigger()
    assert doc.project is before and not doc.history.can_undo


def test_with_every_hall_deleted_the_floor_is_empty(make_window, example, prompts):
    window = make_window(example("two-sites"))
    doc, scene = window.editor.doc, window.view.hall_scene
    while doc.project.halls:
        window.actions_by_name["delete_hall"].trigger()
    assert window.editor.hall_id is None and window.hall_chooser.count() == 0
    assert scene.floor is None and scene.racks.chunks == []
    assert scene.hall_id is None
    doc.undo()  # the last hall deleted comes back, and is drawn
    assert scene.hall_id == window.editor.hall_id is not None and scene.floor is not None
    assert scene.racks.chunks


def test_a_hall_and_a_site_are_deleted_after_asking_and_come_back_with_undo(
    make_window, example, prompts
):
    window = make_window(example("two-sites"))
    doc, editor = window.editor.doc, window.editor
    before = doc.project
    shown = doc.project.halls[editor.hall_id]
    racks = sum(1 for r in before.placements.values() if r.hall_id == shown.id)
    prompts.confirm_answer = False
    window.actions_by_name["delete_hall"].trigger()
    assert prompts.asked[-1] == (
        f"Delete? Delete {shown.name} and everything in it ({racks} racks)? "
        "Edit ▸ Undo brings it back."
    )
    assert doc.project is before  # cancelled: nothing changed
    prompts.confirm_answer = True
    window.actions_by_name["delete_hall"].trigger()
    assert doc.history.undo_label == f"Delete {shown.name}"
    assert shown.id not in doc.project.halls
    assert not any(r.hall_id == shown.id for r in doc.project.placements.values())
    assert editor.hall_id in doc.project.halls  # the canvas moved on to a hall still there
    assert window.hall_chooser.hall_ids() == list(doc.project.halls)
    # the site of the hall now shown goes with its halls and its fibre route
    site = doc.project.halls[editor.hall_id].site_id
    window.actions_by_name["delete_site"].trigger()
    assert prompts.asked[-1].endswith("racks, 1 fibre route)? Edit ▸ Undo brings it back.")
    assert site not in doc.project.sites and not doc.project.fibre_routes
    assert all(h.site_id != site for h in doc.project.halls.values())
    doc.undo()
    doc.undo()
    assert doc.project == before


def test_undo_and_redo_of_a_hall_show_the_hall_they_bring_back_or_the_one_shown_before(
    make_window, example, prompts
):
    """A trial's undone Add Hall jumped to the project's first hall, not the one on screen,
    and the redone one stayed out of sight."""
    window = make_window(example("two-sites"))
    doc, editor = window.editor.doc, window.editor
    by_name = {h.name: h.id for h in doc.project.halls.values()}
    editor.set_hall(by_name["North hall 2"])  # not the first hall
    prompts.new_answer = NewProjectSpec(hall_name="North hall 3")
    window.actions_by_name["add_hall"].trigger()
    added = editor.hall_id
    assert doc.project.halls[added].name == "North hall 3"
    doc.undo()
    assert editor.hall_id == by_name["North hall 2"]  # back where the user was
    doc.redo()
    assert editor.hall_id == added  # the hall brought back is shown
    assert window.hall_chooser.currentText().startswith("North hall 3")
    # deleting the hall on screen goes back to the one shown before it, too
    editor.set_hall(by_name["South hall 1"])
    window.actions_by_name["delete_hall"].trigger()
    assert editor.hall_id == added


def test_each_edit_is_named_in_the_status_bar(make_window, example):
    """Add Hall, a deletion and Delete Hall left the last action's words in the status bar
    ("Opened ...", "The clipboard holds no rackplan items to paste"; a trial)."""
    window = make_window(example("gb200-nvl72-su"))
    editor = window.editor
    racks = list(editor.project.placements)[:3]
    editor.delete(racks)
    assert window.status.currentMessage() == "Delete 3 items. Edit ▸ Undo takes it back."
    site = next(iter(editor.project.sites))
    editor.add_hall(
        site,
        "Hall 2",
        20_000,
        15_000,
        power_capacity_kw=1_000,
        cooling_capacity_kw=1_000,
        floor_rating_kpa=25,
        floor_type="slab",
    )
    # the example's site supplies 2,000 kW; its SU hall takes 1,200 and this one 1,000
    assert window.status.currentMessage() == (
        "Added Hall 2. Site 1 supplies 2,000 kW, less than its halls' 2,200 kW: raise it in "
        "the site's properties if the site has more. Edit ▸ Undo takes the hall back."
    )
    editor.delete([editor.hall_id])
    assert window.status.currentMessage() == "Delete Hall 2. Edit ▸ Undo takes it back."
