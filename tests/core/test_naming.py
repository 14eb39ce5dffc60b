from designer.core.examples import EXAMPLES
from designer.core.naming import (
    display_name,
    fibre_route_name,
    file_stem,
    natural_key,
)


def test_entities_are_called_by_label_or_name_else_id():
    project = EXAMPLES["gb200-nvl72-su"]().project
    rack = next(iter(project.placements.values()))
    feed = next(iter(project.feeds.values()))
    assert display_name(project, rack.id) == rack.label == "NVL72-01"
    assert display_name(project, feed.id) == feed.name
    assert display_name(project, "no-such-id") == "no-such-id"


def test_numbers_in_names_sort_as_numbers():
    from designer.core.naming import natural_key

    names = ["compute-12", "compute-2", "Compute-10", "compute-02b", "net"]
    assert sorted(names, key=natural_key) == [
        "compute-2",
        "compute-02b",
        "Compute-10",
        "compute-12",
        "net",
    ]


def test_a_name_looked_for_in_a_project_without_sites_says_there_are_none():
    import pytest

    from designer.core.naming import NotFound, find_named

    with pytest.raises(NotFound) as err:
        find_named([], "X", "site", "--site")
    assert str(err.value) == "There is no site named 'X'; the project has no sites."


def test_a_file_name_is_made_of_letters_digits_and_single_dashes():
    assert file_stem("GB200 NVL72 — SU #1") == "gb200-nvl72-su-1"
    assert file_stem("  Hall/2  ") == "hall-2"
    assert file_stem("///", "hall") == "hall"


def test_a_superscript_digit_in_a_name_sorts_as_text():
    # "²" is a digit to str.isdigit but no number to int(): a label "R²" crashed the sort
    assert sorted(["R²", "R10", "R2"], key=natural_key) == ["R2", "R10", "R²"]


def test_a_fibre_route_is_called_by_its_sites_and_a_second_path_by_its_number():
    from designer.core.document import operations as ops

    doc = EXAMPLES["two-sites"]()
    north, south = doc.project.sites
    [first] = doc.project.fibre_routes
    assert fibre_route_name(doc.project, first) == "North – South"
    ops.set_fibre_route(doc, south, north, 46, path=2)
    second = next(r for r in doc.project.fibre_routes if r != first)
    # routes on separate paths are each named by their path
    assert fibre_route_name(doc.project, first) == "North – South, path 1"
    # laid from South, it is named as the pair's first route is, told apart by its path
    assert fibre_route_name(doc.project, second) == "North – South, path 2"


def test_a_hall_added_to_a_site_is_offered_the_name_after_its_last():
    # a campus's halls are "S1 Hall 1" to "S1 Hall 8": Add Hall offered "Hall 25"
    from designer.core.examples import campus, gb200_su
    from designer.core.naming import next_hall_name

    project = campus.build(48).project  # one site of three halls
    (site,) = project.sites
    assert next_hall_name(project, site) == "S1 Hall 4"
    # a hall named without a number, or a site without halls: "Hall n" by the project's count
    su = gb200_su.build().project
    (su_site,) = su.sites
    assert next_hall_name(su, su_site) == "Hall 2"
    assert next_hall_name(su, None) == "Hall 2"


def test_an_obstacle_without_a_label_is_called_by_its_kind_and_where_it_stands():
    """A review read "the rack stands on column 'obs-f2b67287'": a column read from
    a DXF has no label, and its id is shown nowhere. Called by its centre in metres, as the
    status bar reads the cursor, it is found on the plan."""
    from designer.core.document import operations as ops
    from designer.core.document.new_project import NewProjectSpec, new_document
    from designer.core.naming import obstacle_name

    doc = new_document(NewProjectSpec(hall_name="Data hall", width_m=40, depth_m=30))
    hall = next(iter(doc.project.halls))
    column = ops.add_obstacle(doc, hall, "column", ops.rectangle(9_700, 9_700, 600, 600))
    zone = ops.add_obstacle(doc, hall, "keepout", ops.rectangle(2_000, 3_000, 4_500, 1_200))
    labelled = ops.add_obstacle(doc, hall, "column", ops.rectangle(0, 0, 600, 600), "C1")
    project = doc.project
    assert display_name(project, column) == "column centred at x 10 m, y 10 m"
    assert display_name(project, zone) == "keep-out zone centred at x 4.25 m, y 3.6 m"
    assert display_name(project, labelled) == "C1"  # a label a user gave is its name
    assert obstacle_name(project.obstacles[labelled]) == "column C1"
    assert obstacle_name(project.obstacles[labelled], quoted=True) == "column 'C1'"
