"""The media mix and the cable lengths, as the designer's charts show them."""

import numpy as np

from designer.core.examples import EXAMPLES
from designer.core.network.mix import LENGTH_BANDS_M, family, length_histogram, media_mix
from tests.core.network.helpers import plan_of, row_and_cross_trays


def band(metres):
    """The histogram band holding a routed length (bands include their upper edge)."""
    return next(i for i in range(len(LENGTH_BANDS_M) - 1) if metres <= LENGTH_BANDS_M[i + 1])


def test_lengths_by_band_and_family_on_a_small_floor():
    doc, _, _ = row_and_cross_trays()
    histogram = length_histogram(plan_of(doc))
    # a-b: 3 links of 6.0 m and a-c: 2 of 9.8 m, multimode; a-d: 4 of 25.0 m, single-mode
    expected = {"multimode": {band(6.0): 3, band(9.8): 2}, "single-mode": {band(25.0): 4}}
    got = {
        name: {i: int(n) for i, n in enumerate(counts) if n}
        for name, counts in histogram.links.items()
    }
    assert got == expected
    assert [histogram.label(band(x)) for x in (1.0, 6.0, 25.0)] == ["≤ 2 m", "5–7 m", "20–30 m"]
    assert histogram.label(11) == "500 m–2 km"
    assert histogram.label(len(LENGTH_BANDS_M) - 2) == "> 120 km"


def test_the_two_site_mix_has_copper_multimode_single_mode_and_coherent_links():
    doc = EXAMPLES["two-sites"]()
    plan = plan_of(doc)
    mix = media_mix(plan)
    assert [m.family for m in mix] == ["copper", "multimode", "single-mode", "coherent"]
    assert sum(m.links for m in mix) == int(plan.table().count.sum())
    histogram = length_histogram(plan)
    # every cable with a length is in one band; the 16 ZR links run the 40 km between sites
    assert sum(int(c.sum()) for c in histogram.links.values()) == sum(m.links for m in mix)
    assert histogram.links["coherent"].tolist()[band(40_000)] == 16


def test_the_nvlink_spine_is_in_the_mix_but_has_no_cable_length():
    doc = EXAMPLES["gb200-nvl72-su"]()
    plan = plan_of(doc)
    by_family = {m.family: m.links for m in media_mix(plan)}
    assert by_family == {"multimode": 1_152, "nvlink": 8 * 1_296}  # 72 GPUs x 18 links each
    histogram = length_histogram(plan)
    assert set(histogram.links) == {"multimode"}
    # and the chart can say how many it leaves out: a trial saw 1,152 links by length
    # beside a mix of 11,520 with no word of the other 10,368
    assert histogram.in_rack == 8 * 1_296 and histogram.unrouted == 0


def test_each_catalog_medium_has_a_family():
    plan = plan_of(EXAMPLES["two-sites"]())
    families = {m.id: family(m) for m in plan.media.media}
    assert families == {
        "dac": "copper",
        "acc": "copper",
        "aec": "copper",
        "aoc": "aoc",
        "mm_sr": "multimode",
        "sm_dr": "single-mode",
        "fr": "single-mode",
        "lr": "single-mode",
        "er": "single-mode",
        "zr": "coherent",
        "zr_plus": "coherent",
        "long_haul": "coherent",
        "nvlink_copper": "nvlink",
    }
    assert family(None) == "none"
    assert np.all(np.diff(LENGTH_BANDS_M) > 0)
