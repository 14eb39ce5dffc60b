"""The hall chooser: halls grouped under their site, marked by their worst finding."""

from __future__ import annotations

from PySide6.QtCore import Qt

from designer.core.findings import ERROR, UNCHECKED
from designer.gui.hall_chooser import HALL_ROLE
from tests.gui.conftest import wait_checked


def test_the_campus_halls_are_listed_under_their_site(make_window, example):
    window = make_window(example("cm384-campus-100k"))
    chooser, project = window.hall_chooser, window.editor.project
    assert chooser.grouped() == [
        (site.name, [h.name for h in project.halls.values() if h.site_id == site.id])
        for site in project.sites.values()
    ]
    assert [len(halls) for _, halls in chooser.grouped()] == [8, 8, 8]
    assert sorted(chooser.hall_ids()) == sorted(project.halls)
    # a site's name heads its halls and cannot be chosen
    header = chooser.rows.item(0)
    assert header.data(HALL_ROLE) is None and not header.flags() & Qt.ItemFlag.ItemIsEnabled
    assert chooser.currentText() == project.halls[window.editor.hall_id].name


def test_one_site_lists_its_halls_without_a_heading(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    [(heading, halls)] = window.hall_chooser.grouped()
    assert heading == "" and halls == [h.name for h in window.editor.project.halls.values()]


def test_choosing_a_hall_on_the_map_opens_it_on_the_canvas(make_window, example):
    window = make_window(example("two-sites"))
    window.actions_by_name["site_map"].trigger()
    chooser = window.hall_chooser
    row = next(r for r in range(chooser.count()) if chooser.itemText(r) == "South hall 1")
    chooser.activated.emit(row)
    assert window.editor.project.halls[window.editor.hall_id].name == "South hall 1"
    assert not window.central.map_shown
    heading = next(r for r in range(chooser.count()) if chooser.itemText(r) == "South")
    chooser.activated.emit(heading)  # a heading (were it reached) chooses nothing
    assert window.editor.project.halls[window.editor.hall_id].name == "South hall 1"


def test_each_hall_is_marked_with_its_worst_finding(qtbot, make_window, example):
    window = make_window(example("mistakes"))
    chooser = window.hall_chooser
    item = chooser.rows.item(0)
    assert item.icon().cacheKey() == chooser._icons[UNCHECKED].cacheKey()
    wait_checked(qtbot, window)
    assert item.icon().cacheKey() == chooser._icons[ERROR].cacheKey()
