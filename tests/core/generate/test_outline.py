"""What a request builds, worked out by hand, and the requests refused by the option to change."""

import math
from dataclasses import replace

import pytest

from designer.core.catalog import default_catalog
from designer.core.generate import (
    ClusterRequest,
    GenerateCancelled,
    GenerateError,
    generate,
    outline,
)
from designer.core.generate.cluster import Mention, default_per_row, oversubscription_of
from designer.core.io.project_file import to_bytes

#: Oversubscriptions both doors (the command line and New Cluster) refuse, with the words
#: after the option or the field's label, which each door says alike.
REFUSED_OVERSUBSCRIPTIONS = [
    ("0", "must be from 1 to 64 (downlinks per uplink), not 0"),
    ("-1", "must be from 1 to 64 (downlinks per uplink), not -1"),
    ("nan", "must be from 1 to 64 (downlinks per uplink), not nan"),
    ("inf", "must be from 1 to 64 (downlinks per uplink), not inf"),
    ("2:0", "'2:0' has no uplinks: give downlinks per uplink, such as 2:1 or 2"),
    ("x:1", "'x:1' is not a number such as 2 nor a ratio such as 2:1"),
]


def test_the_campus_of_432_supernodes_spreads_over_three_sites_by_their_power():
    o = outline(ClusterRequest("campus-cm384"))
    assert o.accelerators == 432 * 384 == 165_888
    assert o.racks == 432 * 16 == 6_912
    # per site 144 supernodes, 144 x 384 = 55,296 RDMA ports of 400G on SN5600 (64 x 800G,
    # radix 128 at 400G): 864 leaves of 64 down, 108 in each of 8 halls; each hall's leaves
    # make pods of 64 and 44 with as many spines (1:1), 55,296 / 128 = 432 cores; 2,160
    # switches, 270 a hall's share, 8 to a rack: 33.75, so 34 network racks a hall, 272 a
    # site (each hall holds its own share; 270 dealt over the site left two halls short)
    per_site = 55_296
    leaves = per_site // 64
    spines = 8 * (64 + 44)
    cores = per_site // 128
    assert leaves + spines + cores == 2_160
    assert [s.systems for s in o.sites] == [144, 144, 144]
    assert [s.hall_network for s in o.sites] == [(math.ceil(2_160 / 8 / 8),) * 8] * 3
    assert [s.network_racks for s in o.sites] == [8 * 34] * 3
    assert o.halls == 24
    # IT at max: 144 x 559 kW and the 2,160 switches at 3 kW (an SN5600 rack's 24 kW over
    # its 8): 86,976 kW a site, as generated (racks holding what their fabric places); with
    # the 272 racks full, 87,024 kW. At PUE 1.25 108.7 MW of the 110 MW supply; two sites
    # could not carry it
    assert o.sites[0].it_kw == pytest.approx(144 * (12 * 42 + 4 * 13.75) + 2_160 * 24 / 8)
    assert o.sites[0].full_racks_it_kw == pytest.approx(144 * (12 * 42 + 4 * 13.75) + 272 * 24)
    assert o.sites[0].it_kw * 1.25 <= 110_000 < o.sites[0].it_kw * 1.25 * 1.5


def test_one_scalable_unit_has_three_network_racks_of_leaves_and_spines():
    o = outline(ClusterRequest("nvl72-su"))
    # 576 GPUs at 400G on the 64-port QM9700: 18 leaves of 32 down, 576 / 64 = 9 spines;
    # 27 switches in racks of 12
    assert o.accelerators == 576
    assert o.network_racks == math.ceil((18 + 9) / 12) == 3


def test_the_nvl72_campus_is_about_100000_gpus():
    o = outline(ClusterRequest("campus-nvl72"))
    assert o.accelerators == 1_389 * 72 == 100_008
    assert len(o.sites) == 3


def test_accelerators_round_up_to_whole_systems():
    o = outline(ClusterRequest("campus-cm384", accelerators=10_000))
    assert o.systems == math.ceil(10_000 / 384) == 27


@pytest.mark.parametrize(
    ("request_", "option"),
    [
        (ClusterRequest("cm384", systems=0), "systems"),
        (ClusterRequest("campus-cm384", sites=2), "site-power"),
        (ClusterRequest("campus-cm384", site_power_mw=-5), "site-power"),
        (ClusterRequest("campus-cm384", site_km=30_000), "site-km"),
        (ClusterRequest("cm384", sites=2), "sites"),
        (ClusterRequest("cm384", oversubscription=0.5), "oversubscription"),
        (ClusterRequest("no-such-preset"), "preset"),
        # two systems in three halls built two halls without a word (a trial)
        (ClusterRequest("campus-nvl72", systems=2, sites=1, halls_per_site=3), "halls-per-site"),
        (ClusterRequest("nvl72-su", accelerators=0), "accelerators"),
    ],
)
def test_an_impossible_request_names_its_option(request_, option):
    with pytest.raises(GenerateError) as err:
        outline(request_)
    assert err.value.option == option
    assert str(err.value).startswith(f"{option}: ")


def test_two_sites_of_more_power_carry_the_campus():
    o = outline(ClusterRequest("campus-cm384", sites=2, site_power_mw=170))
    assert [s.systems for s in o.sites] == [216, 216]


def test_the_same_request_gives_the_same_file():
    request = ClusterRequest("campus-cm384", systems=20, halls_per_site=2)
    assert to_bytes(generate(request)) == to_bytes(generate(request))


def test_progress_is_told_per_hall_and_can_stop_the_build():
    seen = []

    def progress(done, total):
        seen.append((done, total))
        return done < 2

    with pytest.raises(GenerateCancelled):
        generate(ClusterRequest("campus-cm384", systems=40), progress=progress)
    assert seen == [(1, 3), (2, 3)]


def test_the_description_says_what_was_asked_not_figures_that_go_stale():
    """It held the outline's figures, which the PDF's cover printed above its own live
    tiles: a trial added a pod and read "Accelerators: 100,008" over "100,584". It says
    what the design was generated from; the figures are the cover's and the check's."""
    assert generate(ClusterRequest("nvl72-su")).meta.description == (
        "Generated by rackplan from the preset nvl72-su: 8 compute racks of NVIDIA GB200 "
        "NVL72 over 1 site; scale-out on NVIDIA Quantum-2 QM9700 at 1:1."
    )
    # the sites' supply where it sized them: a campus's, or one asked for
    two = generate(ClusterRequest("gb300-su", systems=16, sites=2, site_km=60, site_power_mw=5))
    assert "16 compute racks of NVIDIA GB300 NVL72 over 2 sites of 5 MW, 60 km apart;" in (
        two.meta.description
    )
    campus = generate(ClusterRequest("campus-cm384", systems=40, sites=2))
    assert "40 systems of Huawei CloudMatrix384 supernode over 2 sites of 110 MW, 40 km apart;" in (
        campus.meta.description
    )


def test_a_refusal_names_the_options_it_suggests_for_each_door_to_word():
    """The command line says "choose --fabric infiniband"; a dialog words the same refusal
    with its own field ("choose Fabric: InfiniBand"), so the option is carried, not worded.
    Every preset of the bundled catalog takes either fabric (a GB300 SU on Ethernet its
    Spectrum-X racks), so the refusal is met in a catalog without Ethernet network racks."""
    catalog = default_catalog()
    racks = {k: r for k, r in catalog.racks.items() if k != "nvidia-sn5600-rack"}
    with pytest.raises(GenerateError) as err:
        outline(ClusterRequest("nvl72-su", fabric="ethernet"), replace(catalog, racks=racks))
    assert err.value.option == "fabric"
    assert err.value.message == (
        "no ethernet switch in the catalog takes 400G ports on 100G lanes, as the NVIDIA "
        "GB200 NVL72's NICs are; choose --fabric infiniband"
    )
    assert Mention("fabric", ("infiniband",)) in err.value.parts
    worded = err.value.worded(lambda m: m.values[0].upper() if m.bare else f"<{m.option}>")
    assert worded.startswith("no ETHERNET switch in the catalog")
    assert worded.endswith("; choose <fabric>")


def test_a_size_given_twice_is_refused_naming_both_options():
    with pytest.raises(GenerateError) as err:
        outline(ClusterRequest("gb300-su", systems=2, accelerators=500))
    assert str(err.value) == "systems: give --systems or --accelerators, not both"


@pytest.mark.parametrize(
    ("typed", "taken"),
    [("2:1", 2.0), ("1.5:1", 1.5), ("2", 2.0), ("1.5", 1.5), (" 4 : 1 ", 4.0), ("3:2", 1.5)],
)
def test_oversubscription_is_read_as_the_tool_prints_it(typed, taken):
    assert oversubscription_of(typed) == taken
    assert outline(ClusterRequest("gb300-su", oversubscription=taken)).oversubscription == taken


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("2:0", "'2:0' has no uplinks: give downlinks per uplink, such as 2:1 or 2"),
        ("x:1", "'x:1' is not a number such as 2 nor a ratio such as 2:1"),
        ("2:1:1", "'2:1:1' is not a number such as 2 nor a ratio such as 2:1"),
        ("", "'' is not a number such as 2 nor a ratio such as 2:1"),
    ],
)
def test_an_oversubscription_that_is_no_ratio_is_refused(typed, said):
    with pytest.raises(GenerateError) as err:
        oversubscription_of(typed)
    assert (err.value.option, err.value.message) == ("oversubscription", said)


@pytest.mark.parametrize(
    ("request_", "per_row"),
    [
        (ClusterRequest("gb300-su"), 8),
        (ClusterRequest("gb300-su", systems=8), 8),
        # 9,000 GPUs: 125 racks, a cluster of GB300 racks, 32 to a row pair
        (ClusterRequest("gb300-su", accelerators=9_000), 32),
        (ClusterRequest("cm384", systems=10), 6),
        (ClusterRequest("campus-nvl72"), 32),
    ],
)
def test_the_row_pair_a_blank_per_row_takes_follows_the_size_asked(request_, per_row):
    assert default_per_row(request_) == per_row == outline(request_).per_row
