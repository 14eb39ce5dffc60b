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


def pick(length_m, lane=100, rate=400, protocol="infiniband", plane="scale_out", nvidia=True):
    """The medium id and order length for one bundle of ``length_m`` (slack included)."""
    choice = choose(
        MEDIA,
        np.array([length_m], dtype=float),
        np.array([lane]),
        np.array([rate]),
        np.array([PROTOCOL_INDEX[protocol]]),
        np.array([PLANE_INDEX[plane]]),
        np.array([nvidia]),
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
    ],
)
def test_long_ethernet_links_go_coherent(length_m, medium):
    assert pick(length_m, protocol="ethernet", nvidia=False)[0] == medium


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
        (501.0, True, None),  # nothing beyond DR at 200G lanes: break out or go coherent
    ],
)
def test_200g_lanes_have_no_multimode(length_m, nvidia, medium):
    assert pick(length_m, lane=200, rate=800, nvidia=nvidia)[0] == medium


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
