"""The cabling sheets read as a recipient checks them: every bill-of-materials line
multiplies out, planes are named as people name them, a group of equal lengths has one."""

import pytest

from designer.core.catalog import default_catalog
from designer.core.examples import EXAMPLES
from designer.core.network import bill_of_materials
from designer.core.network.bom import bills_by_site
from designer.core.network.schedule import schedule_groups
from designer.core.rules import RuleEngine
from designer.core.rules.network import PLAN
from designer.report.pages.cabling import bom_table, schedule_summary


def planned(project):
    return RuleEngine(default_catalog()).derived(PLAN, project)


def plan_of(name):
    return planned(EXAMPLES[name]().project)


def figure(text):
    return float(text.replace(",", ""))


@pytest.mark.parametrize("name", ["two-sites", "gb200-nvl72-su", "cm384-supernode"])
def test_each_bom_line_is_quantity_times_unit_price(name):
    table = bom_table(bill_of_materials(plan_of(name)))
    priced = [row for row in table.rows if row[6] != "–"]
    assert priced
    for row in priced:
        quantity, unit, cost = figure(row[3]), figure(row[6]), figure(row[7])
        assert quantity * unit == pytest.approx(cost, abs=0.5), row


def test_the_bom_says_how_many_switch_slots_the_fabric_leaves_free():
    """A trial's BOM bought 27 switches for three racks powered for 36."""
    table = bom_table(bill_of_materials(plan_of("gb200-nvl72-su")))
    # 18 leaves and 9 spines in three QM9700 racks of 12 slots
    assert table.note.endswith(
        "The network racks hold 36 switches and are powered for all of them; the fabric "
        "fills 27, leaving 9 free."
    )
    # a project without network racks says nothing of slots
    assert (
        "switches and are powered"
        not in bom_table(bill_of_materials(plan_of("cm384-supernode"))).note
    )


def test_the_schedule_names_its_planes_and_gives_one_length_when_all_are_alike():
    table = schedule_summary(schedule_groups(plan_of("gb200-nvl72-su")))
    planes = {row[0] for row in table.rows}
    assert planes <= {"NVLink", "Scale-out"} and "Scale-out" in planes
    for row in table.rows:
        low, _, high = row[5].partition("–")
        assert high == "" or low != high, row
    assert "python main.py" not in table.note and "links-and-rules" not in table.note


def test_a_project_of_several_sites_lists_each_sites_part_after_the_whole_bill():
    """Two-sites: the whole bill, then what North and South each order; South's 4 racks x
    32 links to its leaves, both ends in South, take 64 twin-port modules at the NICs (two
    400G ports to an OSFP cage) and 64 at the leaves."""
    from designer.core.examples import two_sites
    from designer.report.pages.cabling import bom_tables

    plan = planned(two_sites.build().project)
    whole, north, south = bom_tables(plan, *bills_by_site(plan))
    assert (whole.title, north.title, south.title) == (
        "Bill of materials",
        "Bill of materials, North",
        "Bill of materials, South",
    )
    sr = "400G SR multimode transceiver (400G SR4 or SR8, 800G 2xSR4)"
    twin = "800G twin-port 2xSR4 multimode transceiver (OSFP, two MPO-12), 2 x 400G links each"
    assert [row[3] for row in south.rows if row[1] in (sr, twin)] == ["128"]
    assert south.note.startswith("What South orders: ")
    assert not [row for row in south.rows if row[0] == "fibre pair"]


def test_two_sites_of_one_name_have_their_bills_told_apart_by_their_ids():
    from designer.core.examples import two_sites
    from designer.report.pages.cabling import bom_tables

    project = two_sites.build().project
    north, south = project.sites.values()
    renamed = {**project.sites, south.id: south.model_copy(update={"name": "North"})}
    plan = planned(project.model_copy(update={"sites": renamed}))
    titles = [t.title for t in bom_tables(plan, *bills_by_site(plan))]
    assert titles == [
        "Bill of materials",
        f"Bill of materials, North ({north.id})",
        f"Bill of materials, North ({south.id})",
    ]
