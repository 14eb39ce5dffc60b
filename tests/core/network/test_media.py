"""The media ladder at each boundary, just under and just over (links-and-rules section 3)."""

import json
import math

import numpy as np
import pytest

from designer.core.catalog import CatalogError, resources_dir
from designer.core.network.media import (
    PLANE_INDEX,
    PROTOCOL_INDEX,
    choose,
    default_media,
    load_media,
    power_w_per_end,
    reason,
)

MEDIA = default_media()


def pick(
    length_m,
    lane=100,
    rate=400,
    protocol="infiniband",
    plane="scale_out",
    nvidia=True,
    shared_cage=0,
):
    """The medium id and order length for one bundle of ``length_m`` (slack included),
    whose links share a cage of ``shared_cage`` Gb/s at an end (0: a cage each)."""
    choice = choose(
        MEDIA,
        np.array([length_m], dtype=float),
        np.array([lane]),
        np.array([rate]),
        np.array([PROTOCOL_INDEX[protocol]]),
        np.array([PLANE_INDEX[plane]]),
        np.array([nvidia]),
        np.array([shared_cage]),
    )
    position = int(choice.medium[0])
    medium = MEDIA.media[position].id if position >= 0 else None
    return medium, float(choice.order_m[0])


@pytest.mark.parametrize(
    ("length_m", "medium", "order_m"),
    [
        (2.0, "dac", 2.0),  # NVIDIA straight DAC reaches 2 m at 100G-PAM4 (links:S6)
        (2.1, "acc", 3.0),  # LACC sold at 3, 4, 5 m (links:S7)
        (5.0, "acc", 5.0),
        (5.1, "mm_sr", 7.0),  # NVIDIA-only: no AEC; multimode fibre sold 3-50 m (links:S153)
        (50.0, "mm_sr", 50.0),  # NVIDIA multimode: 50 m on OM4 (links:S1, S3)
        (51.0, "sm_dr", 60.0),  # beyond 50 m, single-mode cut to the next 10 m
        (500.0, "sm_dr", 500.0),  # 2xDR4 / DR8: 500 m (links:S5, S28)
        (501.0, "fr", 510.0),
        (2_000.0, "fr", 2_000.0),  # 2xFR4: 2 km (links:S19)
        (2_100.0, "lr", 2_100.0),
        (10_000.0, "lr", 10_000.0),  # LR4: 10 km (links:S27)
        (10_001.0, "er", 10_010.0),  # ER: 20 km as NVIDIA states it (links:S2)
    ],
)
def test_the_ladder_at_100g_lanes_with_nvidia_parts(length_m, medium, order_m):
    assert pick(length_m) == (medium, order_m)


@pytest.mark.parametrize(
    ("length_m", "medium"),
    [
        (5.1, "aec"),  # third-party AEC reaches 7 m (links:S90)
        (7.1, "aoc"),  # AOC up to 30 m, not from NVIDIA at 800G-class ports (links:S23)
        (30.0, "aoc"),
        (30.1, "mm_sr"),
        (51.0, "mm_sr"),  # IEEE 400GBASE-SR4 reaches 100 m on OM4 (links:S30)
        (100.0, "mm_sr"),
        (100.1, "sm_dr"),
    ],
)
def test_without_the_nvidia_filter_more_media_qualify(length_m, medium):
    assert pick(length_m, nvidia=False)[0] == medium


@pytest.mark.parametrize(
    ("length_m", "medium"),
    [
        (20_000.0, "er"),
        (20_001.0, "zr"),  # coherent ZR carries Ethernet to 120 km (links:S82)
        (120_000.0, "zr"),
        (120_001.0, "zr_plus"),  # beyond: ZR+ with inline amplifiers (links:S33)
        (1_000_000.0, "zr_plus"),  # ZR+ to 1,000 km (links:S33, S85)
        (1_000_001.0, "long_haul"),  # beyond: long-haul transponders (links addendum)
        (1_100_000.0, "long_haul"),  # two campuses several states apart
        (1_200_000.0, "long_haul"),  # 1,200 km of G.652 on C+L (links:S84)
        (1_200_001.0, None),
    ],
)
def test_long_ethernet_links_go_coherent(length_m, medium):
    assert pick(length_m, protocol="ethernet", nvidia=False)[0] == medium


def test_800g_wavelengths_beyond_zr_reach_go_long_haul():
    # 800ZR reaches 120 km (links:S31); ZR+ is a 400G part, so 800G goes to transponders
    dci = {"lane": 200, "rate": 800, "protocol": "ethernet", "plane": "dci", "nvidia": False}
    assert pick(120_000.0, **dci)[0] == "zr"
    assert pick(120_001.0, **dci)[0] == "long_haul"


def test_infiniband_stops_where_coherent_would_start():
    # ZR pluggables carry Ethernet (IP over DWDM), not InfiniBand
    assert pick(20_000.0, nvidia=False)[0] == "er"
    assert pick(20_001.0, nvidia=False)[0] is None


@pytest.mark.parametrize(
    ("length_m", "nvidia", "medium"),
    [
        (1.0, False, "dac"),  # third-party 200G-lane DAC <= 1 m (links:S22)
        (1.1, False, "acc"),  # NVIDIA's XDR LACC, 3 m (an estimate, links:S4, S22)
        (1.0, True, "acc"),  # NVIDIA: no XDR DAC, LACC (links:S4)
        (3.1, True, "sm_dr"),  # no multimode and no AOC at 200G lanes (links:S4)
        (10.0, True, "sm_dr"),
        (500.0, True, "sm_dr"),
        (501.0, True, None),  # NVIDIA's XDR optics are DR only (links:S4): break out
        (501.0, False, "fr"),  # 802.3dj 800G FR4 on 200G lanes: 2 km (links:S166, S167)
        (1_500.0, False, "fr"),
        (2_000.0, False, "fr"),
        (2_001.0, False, None),  # no LR at 200G lanes; InfiniBand has no coherent
    ],
)
def test_200g_lanes_have_no_multimode(length_m, nvidia, medium):
    assert pick(length_m, lane=200, rate=800, nvidia=nvidia)[0] == medium


def test_an_800g_ethernet_link_on_200g_lanes_at_1_5_km_is_fr_not_coherent():
    # links section 3, 200G lanes beyond 500 m: "FR/LR-class 200G/lane optics if
    # available"; coherent ZR starts only past FR's 2 km
    assert pick(1_500.0, lane=200, rate=800, protocol="ethernet", nvidia=False) == (
        "fr",
        1_500.0,  # LC duplex single-mode cut to the next 10 m
    )
    assert pick(2_001.0, lane=200, rate=800, protocol="ethernet", nvidia=False)[0] == "zr"
    ladder = MEDIA.ladder(200, 800, PROTOCOL_INDEX["ethernet"], PLANE_INDEX["scale_out"], False)
    rung = next(i for i, r in enumerate(ladder.rungs) if MEDIA.media[r.medium].id == "fr")
    text = reason(MEDIA, ladder, rung, 1_500.0, 1_500.0, 200, 800, PLANE_INDEX["scale_out"])
    assert text == (
        "1.5 km at 200G/lane: over DAC 1 m, ACC 3 m, AEC 3 m and single-mode DR 500 m, "
        "single-mode FR reaches 2 km; 1500 m LC duplex single-mode fibre (OS2)"
    )
    # a 1.6T port on 200G lanes has no FR-class part in 802.3dj's list (links:S166), and
    # 800ZR carries at most 800G (links:S31)
    assert pick(1_500.0, lane=200, rate=1_600, protocol="ethernet", nvidia=False)[0] is None


def test_50g_lanes_use_the_hdr_reaches():
    assert pick(3.0, lane=50, rate=200) == ("dac", 3.0)  # DAC 2-5 m by rate (links:S2)
    assert pick(3.1, lane=50, rate=200) == ("aoc", 5.0)  # NVIDIA 200G AOC 3-30 m (links:S9)


def test_planes_limit_the_media():
    # The CloudMatrix384's UB plane runs on its 400G SR8 optics: 100 m on OM4 (links:S25)
    assert pick(1.0, lane=50, protocol="ub", plane="ub", nvidia=False)[0] == "mm_sr"
    assert pick(100.0, lane=50, protocol="ub", plane="ub", nvidia=False)[0] == "mm_sr"
    assert pick(100.1, lane=50, protocol="ub", plane="ub", nvidia=False)[0] is None
    # DCI is coherent even where grey optics would reach, and is not ordered by the metre
    medium, order = pick(5_000.0, lane=400, protocol="ethernet", plane="dci", nvidia=False)
    assert medium == "zr"
    assert math.isnan(order)


def test_the_reason_names_what_was_too_short():
    ladder = MEDIA.ladder(100, 400, PROTOCOL_INDEX["infiniband"], PLANE_INDEX["scale_out"], True)
    medium, order = pick(7.4)
    rung = next(i for i, r in enumerate(ladder.rungs) if MEDIA.media[r.medium].id == medium)
    text = reason(MEDIA, ladder, rung, 7.4, order, 100, 400, PLANE_INDEX["scale_out"])
    assert text.startswith("7.4 m at 100G/lane: over DAC 2 m and ACC 5 m, multimode SR")
    assert "10 m MPO multimode fibre" in text
    assert "NVIDIA-supported parts only" in text  # AEC would have been cheaper


def test_power_of_a_rate_not_listed_scales_the_nearest():
    sr = MEDIA.media[MEDIA.index("mm_sr")]
    assert power_w_per_end(sr, 400, None) == 9.0  # links:S18
    assert power_w_per_end(sr, 100, None) == pytest.approx(4.5 * 100 / 200)


def test_every_figure_of_the_media_file_has_a_source(tmp_path):
    bundled = resources_dir() / "catalog" / "media.json"
    broken = tmp_path / "media.json"
    raw = json.loads(bundled.read_text())
    del raw["media"][0]["sources"]["cable_od_mm"]
    broken.write_text(json.dumps(raw))
    with pytest.raises(CatalogError, match="'cable_od_mm' has no source"):
        load_media(broken)
    raw = json.loads(bundled.read_text())
    raw["media"][0]["sources"]["cable_od_mm"] = "links:S999"
    broken.write_text(json.dumps(raw))
    with pytest.raises(CatalogError, match="cites 'links:S999'"):
        load_media(broken)


@pytest.mark.parametrize(
    ("length_m", "shared_cage", "medium"),
    [
        (6.0, 0, "aec"),  # 400G into a cage of its own: AEC reaches 7 m (links:S90)
        (6.0, 800, "mm_sr"),  # two 400G links in an 800G cage: no AEC splits one
        (20.0, 0, "aoc"),
        (20.0, 800, "mm_sr"),  # nor an AOC: NVIDIA offers no 800G AOC (links:S13)
        (1.5, 800, "dac"),  # the twin-port DAC splits it (links:S6)
        (4.0, 800, "acc"),  # and the twin-port LACC (links:S7)
        (60.0, 0, "mm_sr"),  # a single-port 400G SR4 at each end: IEEE's 100 m (links:S30)
        # the twin-port 2xSR4 in the switch's cage is NVIDIA's, 50 m (links:S1, S3), whatever
        # the other end: a CloudMatrix's NPU at 60 m from its SN5600 leaf went multimode
        (50.0, 800, "mm_sr"),
        (60.0, 800, "sm_dr"),
    ],
)
def test_links_sharing_a_switch_cage_take_no_cable_sold_for_one_link(length_m, shared_cage, medium):
    assert pick(length_m, nvidia=False, shared_cage=shared_cage)[0] == medium


def test_xdr_links_sharing_a_1_6t_cage_take_the_twin_port_lacc():
    # two 800G links of a Q3400's twin-port cage (systems:S39): LACC, the only copper of
    # XDR (links:S4); a DAC is not sold twin-port at 1.6T
    assert pick(1.0, lane=200, rate=800, nvidia=False, shared_cage=1600)[0] == "acc"
    assert pick(1.0, lane=200, rate=800, nvidia=False)[0] == "dac"


def test_the_reason_says_why_multimode_stops_at_the_twin_port_modules_reach():
    ladder = MEDIA.ladder(
        100, 400, PROTOCOL_INDEX["ethernet"], PLANE_INDEX["scale_out"], False, 800
    )
    rung = next(i for i, r in enumerate(ladder.rungs) if MEDIA.media[r.medium].id == "sm_dr")
    text = reason(MEDIA, ladder, rung, 60.0, 60.0, 100, 400, PLANE_INDEX["scale_out"])
    assert "multimode SR 50 m, single-mode DR reaches 500 m" in text
    assert text.endswith(
        "multimode SR held to the reach of NVIDIA's twin-port module for an 800G cage"
    )


def test_a_class_without_an_nvidia_part_at_the_lane_rate_keeps_its_reach_at_a_shared_cage():
    # no NVIDIA twin-port part is sourced at 200G lanes for an 800G cage: a review found
    # DAC left out at 1 m (ACC chosen) and FR at 800 m (coherent ZR chosen)
    assert (
        pick(1.0, lane=200, rate=400, protocol="ethernet", nvidia=False, shared_cage=800)[0]
        == "dac"
    )
    assert (
        pick(800.0, lane=200, rate=400, protocol="ethernet", nvidia=False, shared_cage=800)[0]
        == "fr"
    )


def test_the_reason_names_a_held_class_only_where_its_own_reach_would_have_done():
    ladder = MEDIA.ladder(
        100, 400, PROTOCOL_INDEX["ethernet"], PLANE_INDEX["scale_out"], False, 800
    )
    rung = next(i for i, r in enumerate(ladder.rungs) if MEDIA.media[r.medium].id == "sm_dr")
    # IEEE's SR4 reaches 100 m: at 120 m multimode was too short whatever the module
    text = reason(MEDIA, ladder, rung, 120.0, 120.0, 100, 400, PLANE_INDEX["scale_out"])
    assert "held to the reach" not in text
