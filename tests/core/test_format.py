from designer.core.format import number, power


def test_numbers_read_like_a_spec_sheet():
    assert number(1076.4) == "1,076.4"
    assert number(1076.0) == "1,076"
    assert number(0.5, 0) == "0"
    assert number(165_888, 0) == "165,888"


def test_large_powers_switch_to_megawatts():
    assert power(9_999) == "9,999 kW"
    assert power(241_488) == "241.49 MW"


def test_optics_power_keeps_the_bills_two_decimals_in_kw_and_megawatts_above_ten():
    # the cover's optics power: 9,747.2 W on two sites, 21,212.93 kW on the campus
    assert power(9.7472, 2) == "9.75 kW"
    assert power(21_212.93, 2) == "21.21 MW"


def test_compute_and_memory_switch_units_at_ten_thousand():
    from designer.core.format import compute, memory

    assert compute(5_760) == "5,760 PFLOPS"
    assert compute(124_747.8) == "124.7 EFLOPS"
    assert memory(107.2) == "107.2 TB"
    assert memory(21_233.7) == "21.23 PB"


def test_a_bandwidth_under_a_terabit_is_said_in_gigabits():
    from designer.core.format import bandwidth

    assert bandwidth(0.18) == "180 Gb/s"  # a route sized by one job's pipeline
    assert bandwidth(6.4) == "6.4 Tb/s"
    assert bandwidth(1_382.4) == "1,382.4 Tb/s"
    assert bandwidth(0) == "0 Tb/s"


def test_a_rate_too_small_for_two_decimals_keeps_two_figures_rather_than_reading_0():
    from designer.core.format import small

    # 27 switches x 6.99e-7 failures an hour x 24 h: a pod's switches a day
    assert small(27 * 6.99e-7 * 24) == "0.00045"
    assert small(0.17) == "0.17"
    assert small(0.004) == "0.004"
    assert small(0.005) == "0.01"  # shown at two decimals, as before
    assert small(4.5e-6) == "0.0000045"
    assert small(0) == "0"
    assert small(1_234.567) == "1,234.57"


def test_a_message_of_many_paragraphs_is_cut_to_its_first_with_the_count_left():
    from designer.core.format import abridged

    notes = "f.json opened, but:\n\n" + "\n\n".join(f"Rack {n} names no hall." for n in range(33))
    short = abridged(notes, 6)
    assert short is not None and short.count("\n\n") == 6
    assert short.startswith("f.json opened, but:\n\nRack 0 names no hall.")
    assert short.endswith("… and 28 more (Show Details lists them all).")
    assert abridged("one\n\ntwo\n\nthree", 2) is None  # cutting one saves no line
    assert abridged("one\n\ntwo", 6) is None


def test_a_list_names_its_first_few_and_counts_the_rest():
    from designer.core.format import first_of

    assert first_of(["A", "B", "C", "D", "E"], 2) == "A, B and 3 more"
    assert first_of(["A", "B"], 2) == "A, B"
    assert first_of([str(i) for i in range(1_002)], 1) == "0 and 1,001 more"
