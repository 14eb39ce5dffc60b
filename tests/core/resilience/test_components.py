import pytest

from designer.core.document import operations as ops
from designer.core.examples._common import new_document
from designer.core.resilience.components import (
    UnknownComponents,
    namer,
    resolve,
    split_names,
    sweep_components,
)
from designer.core.resilience.impact import fail
from designer.core.resilience.text import impact_text
from tests.core.network.helpers import H100, add_hall
from tests.core.resilience.helpers import hall_of, topology


def test_components_of_one_name_in_two_halls_are_named_with_their_hall():
    doc = new_document("Two halls", "")
    site, first = hall_of(doc)
    second = add_hall(doc, site, "H2")
    for hall in (first, second):
        ops.add_tray(doc, hall, [(0, 2_000), (10_000, 2_000)], 2_700, 600, 100, "Cross tray")
    ops.add_tray(doc, second, [(0, 4_000), (10_000, 4_000)], 2_700, 600, 100, "Row tray")
    names = sorted(c.name for c in sweep_components(doc.project, []) if c.kind == "tray")
    assert names == ["Cross tray (H)", "Cross tray (H2)", "Row tray"]


def _two_halls_of_one_tray_name():
    doc = new_document("Two halls", "")
    site, first = hall_of(doc)
    second = add_hall(doc, site, "H2")
    trays = [
        ops.add_tray(doc, hall, [(0, 2_000), (10_000, 2_000)], 2_700, 600, 100, "Cross tray")
        for hall in (first, second)
    ]
    return doc, (first, second), trays


def test_a_component_is_found_by_the_name_a_sweep_gives_it():
    # the sweep printed "Cross tray (H2)", which --fail refused; "Cross tray" alone is two
    doc, (first, second), trays = _two_halls_of_one_tray_name()
    ops.add_feed(doc, second, "busway-1250a-415v", [(0, 1_000), (10_000, 1_000)], "B1", side="B")
    assert resolve(doc.project, ["Cross tray (H2)", "cross tray (h)"]) == [trays[1], trays[0]]
    assert resolve(doc.project, ["H2/B", "H2 side B"]) == [f"{second}/B"]
    # and "Cross tray" alone is refused naming both as --fail takes them (it gave ids)
    with pytest.raises(UnknownComponents) as refused:
        resolve(doc.project, ["Cross tray"])
    assert str(refused.value) == (
        "'Cross tray' names 2 components: Cross tray (H), Cross tray (H2): give one of these names"
    )
    name = namer(doc.project)
    assert (name(trays[1]), name(first)) == ("Cross tray (H2)", "H")
    # a name repeated across kinds is told apart too, as --fail must be given it
    main = ops.add_tray(doc, first, [(0, 6_000), (10_000, 6_000)], 2_700, 600, 100, "Main")
    ops.add_feed(doc, second, "busway-1250a-415v", [(0, 8_000), (10_000, 8_000)], "Main")
    assert namer(doc.project)(main) == "Main (H)"
    assert resolve(doc.project, ["Main (H)"]) == [main]


def test_what_if_names_racks_by_hall_where_their_labels_repeat():
    # two halls with racks labelled alike: the racks a failure lists say which hall
    doc, (first, second), _ = _two_halls_of_one_tray_name()
    for hall in (first, second):
        ops.place_row(doc, hall, H100, 2_000, 3_000, 2, label_prefix="R-")
    (site,) = doc.project.sites

    def lost_power():
        text = impact_text(doc.project, fail(topology(doc), [site]))
        return text.splitlines()[1]

    assert lost_power() == (
        "  4 racks (128 accelerators) lose power: R-01 (H), R-02 (H), R-01 (H2), R-02 (H2)"
    )
    # one rack reads as one ("1 rack lose scale-out links" read a trial)
    one = next(p.id for p in doc.project.placements.values() if p.hall_id == first)
    text = impact_text(doc.project, fail(topology(doc), [one]))
    assert text.splitlines()[1] == "  1 rack (32 accelerators) fails itself: R-01 (H)"
    # labels used in one hall only read as they are
    relabelled = {
        p.id: f"{p.label}b" for p in doc.project.placements.values() if p.hall_id == second
    }
    ops.relabel(doc, relabelled, "Relabel")
    assert lost_power() == "  4 racks (128 accelerators) lose power: R-01, R-02, R-01b, R-02b"


def test_a_feed_in_a_hall_that_is_gone_is_still_found_by_name():
    # the loader keeps a feed whose hall is gone (and warns): --fail ended in a KeyError
    # making the side's alias by its hall's name (a review)
    doc, (first, _), _ = _two_halls_of_one_tray_name()
    feed = ops.add_feed(
        doc, first, "busway-1250a-415v", [(0, 1_000), (10_000, 1_000)], "A1", side="A"
    )
    feeds = dict(doc.project.feeds)
    feeds[feed] = feeds[feed].model_copy(update={"hall_id": "hall-gone"})
    project = doc.project.model_copy(update={"feeds": feeds})
    assert resolve(project, ["A1"]) == [feed]


def test_fail_takes_a_fibre_route_by_the_name_with_a_comma_the_sweep_gives_it():
    # two routes join two sites: "fibre route Site 1 – Site 2, path 1" was split at its
    # comma into two names neither of which is a component (a trial)
    from designer.core.document.document import Document
    from designer.core.generate import ClusterRequest, generate

    project = generate(ClusterRequest("gb300-su", sites=2, site_km=40))
    first, second = sorted(project.fibre_routes)
    name = namer(project)
    assert name(first) == "fibre route Site 1 – Site 2, path 1"
    text = f"{name(first)}, {name(second)}, Site 1"
    names = split_names(project, text)
    assert names == [name(first), name(second), "Site 1"]
    assert resolve(project, names) == [first, second, *project.sites][:3]
    impact = fail(topology(Document(project)), [first, second])
    assert impact_text(project, impact).splitlines()[0] == (
        f"Failing {name(first)}; {name(second)}:"
    )
