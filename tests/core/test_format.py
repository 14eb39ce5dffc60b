from designer.core.format import number, power


def test_numbers_read_like_a_spec_sheet():
    assert number(1076.4) == "1,076.4"
    assert number(1076.0) == "1,076"
    assert number(0.5, 0) == "0"
    assert number(165_888, 0) == "165,888"


def test_large_powers_switch_to_megawatts():
    assert power(9_999) == "9,999 kW"
    assert power(241_488) == "241.49 MW"


def test_compute_and_memory_switch_units_at_ten_thousand():
    from designer.core.format import compute, memory

    assert compute(5_760) == "5,760 PFLOPS"
    assert compute(124_747.8) == "124.7 EFLOPS"
    assert memory(107.2) == "107.2 TB"
    assert memory(21_233.7) == "21.23 PB"
