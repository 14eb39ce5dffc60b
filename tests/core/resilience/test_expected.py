"""Expected failures: the Llama 3 cluster's order of magnitude, and Young and Daly."""

import pytest

from designer.core.examples import EXAMPLES
from designer.core.resilience.expected import (
    Counts,
    daly_min,
    expect,
    expected_failures,
    per_hour,
    young_min,
)
from designer.core.resilience.rates import default_rates
from designer.core.resilience.text import expected_text
from tests.core.resilience.helpers import topology


def test_a_16384_gpu_cluster_expects_what_llama_3_saw():
    # 16,384 GPUs in 2,048 8-GPU hosts, one NIC link each (operations:O3, O6)
    counts = Counts(accelerators=16_384, hosts=2_048, links=16_384, switches=0)
    rates = per_hour(counts, default_rates())
    # by hand: 16,384 x (1.2621e-5 + 2.967e-6 + 7.808e-7) + 2,048 x 1.9968e-5 = 0.3091 per hour
    assert sum(rates.values()) == pytest.approx(0.3091, rel=1e-3)
    expectation = expect(rates, cost_min=5)
    # Llama 3: 419 unexpected interruptions in 54 days = 7.76 per day, one per 3.1 h
    assert expectation.per_day == pytest.approx(7.42, rel=1e-2)
    assert 0.5 < expectation.per_day / (419 / 54) < 2
    assert 3.0 < expectation.mtbi_hours < 3.4


def test_young_and_daly_give_the_reference_example():
    # operations:O20: M = 24 h, delta = 5 min: 117 min against 120 to first order
    assert young_min(5, 24 * 60) == pytest.approx(120)
    assert round(daly_min(5, 24 * 60)) == 117


def test_the_reference_checkpoint_at_an_mtbi_of_3_1_hours():
    # operations 2 (E): M = 3.1 h gives about 19 min at 1 min and 43 min at 5 min
    assert round(young_min(1, 3.1 * 60)) == 19
    assert round(young_min(5, 3.1 * 60)) == 43


def test_scale_up_links_between_racks_are_said_not_counted():
    """A trial: a CloudMatrix384's UB optics, 12 compute racks x 4 switch racks x 56
    links = 2,688 (systems:S24), fell out of the links counted without a word; no rate
    covers them (operations:O6 measured NIC-ToR links). An NVL72's copper spine stays
    inside its rack and is not among them."""
    supernode = expected_failures(topology(EXAMPLES["cm384-supernode"]()))
    assert supernode.counts.unrated_links == 12 * 4 * 56
    text = expected_text(EXAMPLES["cm384-supernode"]().project, supernode)
    assert "  Not counted: 2,688 scale-up links between racks, for which no failure rate" in text
    pod = expected_failures(topology(EXAMPLES["gb200-nvl72-su"]()))
    assert pod.counts.unrated_links == 0
    assert "Not counted" not in expected_text(EXAMPLES["gb200-nvl72-su"]().project, pod)
