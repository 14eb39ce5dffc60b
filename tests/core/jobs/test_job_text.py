"""The jobs' figures as the findings and the panel print them."""

from designer.core.jobs.text import data, duration, rate


def test_a_rate_past_a_thousand_reads_as_a_whole_number_not_in_exponent_form():
    # a trial's 48,000-NPU job was "given 1.19e+03 Tb/s" of cross-site bandwidth
    assert rate(1_190_400) == "1,190 Tb/s"
    assert rate(7_200) == "7.2 Tb/s"
    assert rate(400) == "400 Gb/s"


def test_sizes_and_durations_keep_three_figures_below_a_hundred_and_whole_ones_above():
    assert data(1.88e12) == "1.88 TB"
    assert data(268e6) == "268 MB"
    assert data(4_500e12) == "4,500 TB"
    assert duration(0.0124) == "12.4 ms"
    assert duration(196e-6) == "196 µs"
    assert duration(2.5) == "2.50 s"
