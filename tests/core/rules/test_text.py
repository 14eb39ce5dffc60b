"""How findings name things and write figures."""

from designer.core.rules.text import called, num


def test_a_name_that_says_what_it_names_is_not_told_twice():
    # a trial read "the 12 kPa hall Small hall" and "Site Site 1 needs"
    assert called("hall", "Small hall") == "Small hall"
    assert called("hall", "HALL 2") == "HALL 2"
    assert called("site", "Site 1") == "Site 1"
    assert called("hall", "A") == "hall A"
    assert called("hall", "Hallway 3") == "hall Hallway 3"  # a word, not part of one


def test_figures_are_written_as_the_report_writes_them():
    # a trial read "230.0 kW" in a finding and "230" in the power table
    assert (num(230.0), num(1_368.04), num(57.25, 1), num(0.5, 0)) == ("230", "1,368", "57.2", "0")
