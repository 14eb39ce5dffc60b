"""The bill priced: sourced prices only, the rest listed as unpriced, never zero."""

import pytest

from designer.core.catalog import CatalogError, default_catalog
from designer.core.energy.cost import UNPRICED, price_bom
from designer.core.energy.figures import load_economics
from designer.core.examples import gb200_su
from designer.core.generate import ClusterRequest, generate
from designer.core.network import bill_of_materials
from designer.core.rules import RuleEngine
from designer.core.rules.network import PLAN

CATALOG = default_catalog()


def priced(doc):
    bom = bill_of_materials(RuleEngine(CATALOG).derived(PLAN, doc.project))
    return bom, price_bom(bom, doc.rack_types, CATALOG.switches, 576)


def test_the_scalable_unit_prices_its_racks_and_optics_and_lists_the_rest():
    bom, capital = priced(gb200_su.build())
    racks = [p for p in capital.lines if p.line.item == "NVIDIA GB200 NVL72"]
    # links:S66: a GB200 NVL72 rack ~$2-3 M, taken at the midpoint
    assert racks[0].cost_usd == 8 * 2_500_000
    assert (racks[0].low_usd, racks[0].high_usd) == (8 * 2_000_000, 8 * 3_000_000)
    assert "links:S66" in racks[0].source
    # the optics keep the bill's own prices
    assert capital.priced_usd == pytest.approx(20_000_000 + bom.cost_usd)
    assert capital.per_accelerator_usd == pytest.approx(capital.priced_usd / 576)
    # no source prices a QM9700, its rack, a CDU, a busway or a tray: unpriced, not $0
    unpriced = {p.line.category for p in capital.unpriced}
    assert unpriced == {"rack", "switch", "cooling_unit", "power_feed", "cable_tray"}
    assert all(p.cost_usd is None and p.source == UNPRICED for p in capital.unpriced)


def test_each_category_keeps_its_sourced_low_confidence_and_unpriced_parts_apart():
    _, capital = priced(gb200_su.build())
    shown = {
        c.name: (c.sourced_usd, c.low_confidence_usd, [p.line.item for p in c.unpriced])
        for c in capital.by_category()
    }
    assert list(shown) == [
        "Racks and systems",
        "Cooling units",
        "Busways",
        "Cable trays",
        "Optical modules",
        "Cables",
        "Switches",
    ]
    # 8 NVL72 at $2.5 M (links:S66); no source prices the QM9700 network rack
    assert shown["Racks and systems"] == (
        20_000_000,
        0,
        ["Quantum-2 QM9700 network rack (12 switches)"],
    )
    # 576 SR modules at $700 and 864 twin-port 2xSR4 at $1,000 (media.json, low confidence)
    assert shown["Optical modules"] == (0, 576 * 700 + 864 * 1_000, [])
    assert shown["Cooling units"][:2] == (0, 0) and len(shown["Cooling units"][2]) == 2
    assert sum(c.priced_usd for c in capital.by_category()) == pytest.approx(capital.priced_usd)


def test_a_price_without_a_source_does_not_load(tmp_path):
    path = tmp_path / "economics.json"
    path.write_text(
        '{"prices": [{"id": "x", "name": "X", "kind": "rack", "usd": 1, "low_usd": 1,'
        ' "high_usd": 1}], "pue_by_cooling": ['
        '{"id": "liquid", "name": "L", "pue": 1.1, "sources": {"pue": "estimate: a"}},'
        '{"id": "air", "name": "A", "pue": 1.5, "sources": {"pue": "estimate: b"}}]}'
    )
    with pytest.raises(CatalogError, match="'usd' has no source"):
        load_economics(path)


def test_an_ethernet_fabric_prices_its_sn5600_switches_but_not_their_racks():
    project = generate(ClusterRequest("nvl72-su", fabric="ethernet"))
    bom = bill_of_materials(RuleEngine(CATALOG).derived(PLAN, project))
    capital = price_bom(bom, CATALOG.racks, CATALOG.switches, 576)
    switches = {p.line.item: p for p in capital.lines if p.line.category == "switch"}
    # links:S98: a 64 x 800G switch $150-250 k, taken at the midpoint
    leaf = switches["NVIDIA Spectrum-4 SN5600 (leaf)"]
    assert (leaf.line.quantity, leaf.unit_usd, leaf.cost_usd) == (9, 200_000, 1_800_000)
    assert (leaf.low_usd, leaf.high_usd) == (9 * 150_000, 9 * 250_000)
    assert "links:S98" in leaf.source
    racks = [p for p in capital.unpriced if p.line.category == "rack"]
    # 14 switches: a rack of 8, and one holding the 6 its fabric places (the project's own)
    assert sorted(p.line.item for p in racks) == [
        "Spectrum-4 SN5600 network rack (6 switches)",
        "Spectrum-4 SN5600 network rack (8 switches)",
    ]
