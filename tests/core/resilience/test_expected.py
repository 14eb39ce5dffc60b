"""Expected failures: the Llama 3 cluster's order of magnitude, and Young and Daly."""

import pytest

from designer.core.resilience.expected import Counts, daly_min, expect, per_hour, young_min
from designer.core.resilience.rates import default_rates


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
