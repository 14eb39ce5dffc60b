"""The bill of materials orders the feeds the power table rates, on every example and after
a busway's current is changed (a trial set 1,250 A and still ordered 800 A busways).

The power table rates each feed at sqrt(3) x V x I; the bill names a catalog product. Both
are compared as the multiset of ratings: each bill line's product rated the same way, as
many times as the line's quantity.
"""

import math
from collections import Counter

import pytest

from designer.core.catalog import default_catalog, projects_dir
from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.io.project_file import load
from designer.core.network import bill_of_materials
from designer.core.rules import RuleEngine
from designer.core.rules.limits import default_thresholds
from designer.core.rules.loads import loads
from designer.core.rules.network import PLAN
from tests.core.network.helpers import add_hall, new_doc

CATALOG = default_catalog()
EXAMPLES = sorted(projects_dir().glob("*.rackplan.json"))


def table_ratings(project):
    """The ratings of the power table's feeds (kW, to 0.1)."""
    found = loads(
        project, CATALOG.with_custom_racks(project.custom_types), default_thresholds().values
    )
    return Counter(round(x.rating_kw, 1) for x in found if x.kind == "feed")


def bill_ratings(project):
    """The ratings of the feeds the bill orders: each line's catalog product, by its name."""
    by_name = {t.name: t for t in CATALOG.feeds.values()}
    bill = bill_of_materials(RuleEngine(CATALOG).derived(PLAN, project))
    ratings: Counter[float] = Counter()
    for line in bill.lines:
        if line.category == "power_feed":
            kind = by_name[line.item]  # every example's feeds are catalog products
            root = math.sqrt(3) if kind.phases == 3 else 1.0
            ratings[round(kind.voltage_v * kind.amps * root / 1000, 1)] += line.quantity
    return ratings


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_the_bill_orders_the_feeds_the_power_table_rates_on_every_example(path):
    project = load(path, CATALOG.racks).project
    assert project.feeds
    assert bill_ratings(project) == table_ratings(project)


def _one_busway() -> tuple[Document, str]:
    doc, site = new_doc()
    hall = add_hall(doc, site)
    feed = ops.add_feed(doc, hall, "busway-800a-415v", [(0, 1_000), (4_800, 1_000)], "Busway 1")
    return doc, feed


def test_a_busway_set_to_1250_amps_is_ordered_as_a_1250_amp_busway():
    doc, feed = _one_busway()
    ops.update(doc, feed, amps=1_250)
    project = doc.project
    assert project.feeds[feed].type_id == "busway-1250a-415v"
    # sqrt(3) x 415 V x 1,250 A = 898.5 kW, on the table and on the bill
    assert table_ratings(project) == bill_ratings(project) == Counter({898.5: 1})


def test_an_older_file_naming_the_type_it_was_drawn_as_is_ordered_by_its_rating():
    doc, feed = _one_busway()
    stale = doc.project.feeds[feed].model_copy(update={"amps": 1_250.0})
    project = doc.project.model_copy(update={"feeds": {feed: stale}})
    assert project.feeds[feed].type_id == "busway-800a-415v"
    assert table_ratings(project) == bill_ratings(project) == Counter({898.5: 1})
