"""A feed's catalog type and its rating never disagree: one follows the other on an edit."""

from designer.core.document import operations as ops
from tests.core.network.helpers import add_hall, new_doc


def _busway(**fields):
    doc, site = new_doc()
    hall = add_hall(doc, site)
    path = [(0, 1_000), (4_800, 1_000)]
    return doc, ops.add_feed(doc, hall, "busway-800a-415v", path, "Busway 1", **fields)


def test_changing_the_current_picks_the_type_of_that_rating():
    doc, feed = _busway()
    ops.update(doc, feed, amps=1_250)
    assert doc.project.feeds[feed].type_id == "busway-1250a-415v"
    ops.update(doc, feed, amps=400)
    assert doc.project.feeds[feed].type_id == "busway-400a-415v"
    # a rating the catalog does not sell is a custom busway, named by its figures
    ops.update(doc, feed, amps=1_000)
    assert doc.project.feeds[feed].type_id is None
    ops.update(doc, feed, amps=800)
    assert doc.project.feeds[feed].type_id == "busway-800a-415v"
    # undo walks back through the same pairs: one step each
    doc.undo()
    assert (doc.project.feeds[feed].amps, doc.project.feeds[feed].type_id) == (1_000, None)


def test_choosing_a_type_sets_its_rating():
    doc, feed = _busway()
    ops.update(doc, feed, type_id="busway-1250a-415v")
    busway = doc.project.feeds[feed]
    assert (busway.amps, busway.voltage_v, busway.phases) == (1_250, 415, 3)
    assert round(busway.rating_kw, 1) == 898.5


def test_figures_given_when_drawn_pick_the_type_they_rate_and_other_edits_keep_it():
    doc, feed = _busway(amps=1_250)
    assert doc.project.feeds[feed].type_id == "busway-1250a-415v"
    ops.update_many(doc, [feed], side="A")
    assert doc.project.feeds[feed].type_id == "busway-1250a-415v"
    ops.update_many(doc, [feed], voltage_v=400)
    assert doc.project.feeds[feed].type_id is None
