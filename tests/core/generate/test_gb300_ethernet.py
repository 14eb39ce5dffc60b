"""A GB300 NVL72 SU on Spectrum-X Ethernet, as an architect asks for it: each GPU's
ConnectX-8 run as 2 x 400GbE (the DGX SuperPOD B300 RA's twin-planar mode, links S55), on
SN5600 switches that take 128 x 400G (systems S41); all but the network as on InfiniBand.
"""

from collections import Counter

import pytest

from designer.core.catalog import default_catalog
from designer.core.generate import ClusterRequest, generate, outline
from designer.core.generate.pod import insert_pod
from designer.core.network.bom import bill_of_materials
from designer.core.network.cages import cages_filled
from designer.core.network.totals import link_totals
from designer.core.rules import RuleEngine
from designer.core.rules.network import PLAN
from tests.core.generate.test_pod import empty_hall, findings

ETHERNET = "nvidia-gb300-nvl72-spectrum-x"
INFINIBAND = "nvidia-gb300-nvl72"


@pytest.fixture(scope="module", params=[1, 2], ids=["one-site-su", "two-site-cluster"])
def built(request):
    """An SU of 8 racks on one site, or 16 racks over two sites (8 each, each its own fabric,
    joined by DCI), on Ethernet: the project, its network plan and its sites."""
    sites = request.param
    project = generate(
        ClusterRequest("gb300-su", systems=8 * sites, sites=sites, fabric="ethernet")
    )
    return project, RuleEngine(default_catalog()).derived(PLAN, project), sites


def test_the_su_on_ethernet_takes_the_racks_whose_connectx8_run_as_two_400g_ports():
    """8 racks x 72 ConnectX-8 x 2 = 1,152 ports of 400G. The SN5600 takes 128 of them (64
    800G cages split in two): at 1:1 a leaf has 64 down and 64 up, so 1,152 / 64 = 18
    leaves and their 1,152 uplinks / 128 = 9 spines; 27 switches in racks of 8 make 4."""
    plan = outline(ClusterRequest("gb300-su", fabric="ethernet"))
    assert plan.unit.unit_id == ETHERNET
    assert plan.switch_name == "NVIDIA Spectrum-4 SN5600"
    assert plan.accelerators == 576
    assert plan.network_racks == 4
    nic = plan.unit.racks[0].ports["scale_out"]
    assert (nic.count, nic.rate_gbps, nic.lane_gbps, nic.cage_ports) == (144, 400, 100, 2)
    # asked for nothing, or for InfiniBand, it stays the XDR GB300 on Quantum-X800
    for fabric in (None, "infiniband"):
        assert outline(ClusterRequest("gb300-su", fabric=fabric)).unit.unit_id == INFINIBAND


def test_it_is_clean_and_every_scale_out_port_is_connected(built):
    """Per site the SU's fabric (above); between two sites only the note that no router
    ends their DCI, as on InfiniBand."""
    project, plan, sites = built
    said = [(f.severity, f.code) for f in RuleEngine(default_catalog()).run(project).findings]
    assert said == [("info", "network.dci_unterminated")] * (sites if sites > 1 else 0)
    totals = link_totals(plan)
    assert totals.unconnected_ports == 0
    assert dict(totals.switches) == {
        "NVIDIA Spectrum-4 SN5600 (leaf)": 18 * sites,
        "NVIDIA Spectrum-4 SN5600 (spine)": 9 * sites,
    }
    assert Counter(p.type_id for p in project.placements.values())[ETHERNET] == 8 * sites
    # per site 1,152 NIC links and 18 x 64 = 1,152 leaf uplinks; its 12.5 % of 1,152 x 400G
    # to the other site on 400G coherent links, 144 of them
    dci = 144 * sites // 2 if sites > 1 else 0
    assert totals.links == (1_152 + 1_152) * sites + dci


def test_the_bill_counts_two_400g_links_to_each_800g_module(built):
    """The hand count, per site: every one of the 27 SN5600's 64 cages is filled (1,728),
    each by one twin-port module or one end of a twin-port DAC; every ConnectX-8's one cage
    by one module for its two links (8 x 72 = 576). So modules + DAC ends = 1,728 + 576."""
    project, plan, sites = built
    network = {p.id for p in project.placements.values() if p.type_id.startswith("nvidia-sn5600")}
    assert sum(cages_filled(plan, network).values()) == 27 * 64 * sites
    lines = bill_of_materials(plan).lines
    twin = [line for line in lines if line.category == "module" and "twin-port" in line.item]
    assert [m.item for m in twin] == [
        "800G twin-port 2xSR4 multimode transceiver (OSFP, two MPO-12), 2 x 400G links each"
    ]
    dac = [line for line in lines if line.category == "cable" and "DAC" in line.item]
    assert all(line.item.endswith("2 x 400G links each") for line in dac)
    dac_ends = 2 * sum(line.quantity for line in dac)
    assert twin[0].quantity + dac_ends == (27 * 64 + 8 * 72) * sites
    # the DCI's coherent modules: one a link end, 144 links
    coherent = [line for line in lines if line.category == "module" and "coherent" in line.item]
    assert sum(line.quantity for line in coherent) == (2 * 144 if sites > 1 else 0)


def test_all_but_the_network_is_as_the_infiniband_su():
    """Same racks in the same places on the same CDUs and busways, same GPUs, compute,
    memory, power and heat, the same 800 Gb/s of scale-out a GPU; only its NICs' ports and
    the switches they meet differ."""
    kinds = default_catalog().racks
    ethernet, infiniband = kinds[ETHERNET], kinds[INFINIBAND]
    apart = {"id", "name", "description", "ports", "sources"}
    assert ethernet.model_dump(exclude=apart) == infiniband.model_dump(exclude=apart)
    assert {k: v for k, v in ethernet.sources.items() if not k.startswith("ports.")} == {
        k: v for k, v in infiniband.sources.items() if not k.startswith("ports.")
    }
    for kind in (ethernet, infiniband):
        nic = kind.ports["scale_out"]
        assert nic.count * nic.rate_gbps / kind.accelerators == 800

    def compute(project):
        """Each compute rack where it stands and what it hangs on, and the CDUs."""
        racks = sorted(
            (p.label, p.x, p.y, p.rotation, tuple(p.feed_ids or ()), p.cdu_id)
            for p in project.placements.values()
            if p.type_id in (ETHERNET, INFINIBAND)
        )
        units = sorted(
            (u.id, u.name, u.x, u.y) for u in project.cooling_units.values() if u.kind == "cdu"
        )
        return racks, units

    on_ethernet = generate(ClusterRequest("gb300-su", fabric="ethernet"))
    on_infiniband = generate(ClusterRequest("gb300-su"))
    racks, cdus = compute(on_ethernet)
    assert (len(racks), len(cdus)) == (8, 2)
    assert all(feeds and cdu for *_, feeds, cdu in racks)
    assert compute(on_infiniband) == (racks, cdus)


def test_insert_pod_brings_the_ethernet_su_beside_an_infiniband_one_each_on_its_fabric():
    doc, hall = empty_hall(width=40_000)
    insert_pod(doc, hall, "gb300-su", fabric="ethernet")
    insert_pod(doc, hall, "gb300-su")
    assert findings(doc) == []
    types = Counter(p.type_id for p in doc.project.placements.values())
    assert types == {
        ETHERNET: 8,
        "nvidia-sn5600-rack": 4,
        INFINIBAND: 8,
        "nvidia-q3400-rack": 4,
    }
