"""The sites' supply refusing a request says what it needs and what the sites carry.

A CloudMatrix384 is 12 compute racks at 42 kW and 4 UB switch racks at 13.75 kW: 559 kW.
Its 384 RDMA ports of 400G on SN5600 (radix 128 at 400G) in a site of a three-tier fabric
take 6 leaves of 64 down, 6 spines (1:1) and 384 / 128 = 3 cores: 15 switches at 3 kW (an
SN5600 rack's 24 kW over its 8), 45 kW. A system in such a site needs 604 kW of IT, 755 kW
at PUE 1.25.
"""

import pytest

from designer.core.generate import ClusterRequest, GenerateError, outline


def campus(systems, site_power_mw, sites=None, **more):
    return outline(
        ClusterRequest(
            "campus-cm384", systems=systems, sites=sites, site_power_mw=site_power_mw, **more
        )
    )


def refusal(*args, **more):
    with pytest.raises(GenerateError) as err:
        campus(*args, **more)
    return err.value


def test_the_sites_asked_for_say_how_many_systems_they_carry():
    """A trial asked 125 over 3 sites of 30 MW and found the 117 that fit by trying one
    number after another. 125 spread 42, 42, 41: 42 x 755 kW = 31,710 kW; 30,000 / 755 =
    39.7, so 39 a site, 117 in all; 40 in a site need 30,200 kW."""
    err = refusal(125, 30, 3)
    assert err.option == "site-power"
    assert err.message == (
        "3 sites of 30 MW cannot supply 125 systems: one site of 42 needs 31.71 MW at PUE "
        "1.25, and at most 117 systems fit them; raise the power per site or the number of sites"
    )
    assert [s.systems for s in campus(117, 30, 3).sites] == [39, 39, 39]
    assert [s.it_kw for s in campus(117, 30, 3).sites] == [39 * 604] * 3
    assert "one site of 40 needs 30.20 MW" in refusal(118, 30, 3).message


def test_the_need_reads_more_than_the_supply_it_is_refused_at():
    """Refused at 31.7 MW, the trial was told "needs 31.7 MW" of 31,710 kW; 31,700 / 755 is
    41.99, 41 a site."""
    said = refusal(125, 31.7, 3).message
    assert "one site of 42 needs 31.71 MW at PUE 1.25, and at most 123 systems fit them" in said
    assert [s.systems for s in campus(125, 31.71, 3).sites] == [42, 42, 41]


def test_a_request_past_every_site_says_how_many_the_most_sites_carry():
    """Two systems in a site of two tiers: 768 ports on 12 leaves and 6 spines, 54 kW; 1,118
    + 54 = 1,172 kW, at PUE 1.25 1,465 kW of 1,500. Three: 18 leaves and 9 spines, 81 kW;
    1,758 kW, at PUE 1.25 2,197.5 kW. 64 sites of 1.5 MW carry 128 systems."""
    err = refusal(200, 1.5)
    assert (err.option, err.message) == (
        "site-power",
        "200 systems need more than 64 sites of 1.5 MW: at most 128 systems fit 64 sites; "
        "raise the power per site",
    )
    assert len(campus(128, 1.5).sites) == 64
    assert "at most 128 systems fit 64 sites" in refusal(129, 1.5).message


@pytest.mark.parametrize("sites", [None, 3])
def test_a_supply_too_small_for_one_system_says_so_with_or_without_sites(sites):
    """One system alone: 6 leaves and 3 spines, 27 kW; 586 kW, 732.5 kW at PUE 1.25. It was
    told "125 systems need more than 64 sites of 0.5 MW", or, with 3 sites, that a site of
    42 needs 31.7 MW."""
    err = refusal(125, 0.5, sites)
    assert (err.option, err.message) == (
        "site-power",
        "one system needs 0.74 MW at PUE 1.25, more than a site of 0.5 MW supplies; raise the "
        "power per site",
    )


def test_every_site_of_a_spread_keeps_its_fabric_within_three_tiers():
    """On InfiniBand (QM9700 at radix 64) 170 CloudMatrix384 fit three tiers in one site and
    171 do not. 341 over two sites are 171 and 170: the site of 171, holding no switches,
    drew less than the other, was taken for the smaller, and the build crashed on its missing
    fabric."""
    assert len(campus(170, 8_000, 1, fabric="infiniband").sites) == 1
    err = refusal(341, 8_000, 2, fabric="infiniband")
    assert (err.option, err.message) == (
        "sites",
        "171 systems in one site need more than three tiers of switches for their scale-out "
        "ports: spread them over more sites",
    )
    spread = campus(341, 8_000, fabric="infiniband").sites
    assert [s.systems for s in spread] == [114, 114, 113]
    assert all(s.network_racks > 0 for s in spread)
