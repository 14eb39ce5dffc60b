"""What a described job says of itself: its systems named so a reader tells them apart."""


def test_systems_are_told_apart_by_hall_then_by_site_where_their_labels_repeat():
    from designer.core.jobs.summary import _told_apart

    alone = [("R1S1", "Hall 1", "North"), ("R1S2", "Hall 1", "North")]
    assert _told_apart(alone) == ["R1S1", "R1S2"]
    halls = [("R1S1", "Hall 1", "North"), ("R1S1", "Hall 2", "North")]
    assert _told_apart(halls) == ["R1S1 (Hall 1)", "R1S1 (Hall 2)"]
    sites = [("R1S1", "Hall 1", "North"), ("R1S1", "Hall 1", "South")]
    assert _told_apart(sites) == ["R1S1 (North Hall 1)", "R1S1 (South Hall 1)"]
