"""What a described job says of itself: its systems named so a reader tells them apart."""


def test_systems_are_told_apart_by_hall_then_by_site_where_their_labels_repeat():
    from designer.core.jobs.summary import _told_apart

    alone = [("R1S1", "Hall 1", "North"), ("R1S2", "Hall 1", "North")]
    assert _told_apart(alone) == ["R1S1", "R1S2"]
    halls = [("R1S1", "Hall 1", "North"), ("R1S1", "Hall 2", "North")]
    assert _told_apart(halls) == ["R1S1 (Hall 1)", "R1S1 (Hall 2)"]
    sites = [("R1S1", "Hall 1", "North"), ("R1S1", "Hall 1", "South")]
    assert _told_apart(sites) == ["R1S1 (North Hall 1)", "R1S1 (South Hall 1)"]


def test_where_a_job_stands_names_its_halls_by_their_names_and_counts():
    """A trial read "Site 1: 21 (GB200 NVL72 SuperPOD scalable unit hall 21)" as a hall named
    with a number: one hall is said as "in", several each with its count."""
    from designer.core.jobs.summary import sites_text

    def site(name, *halls):
        listed = [{"name": h, "accelerators": n} for h, n in halls]
        return {"name": name, "accelerators": sum(n for _, n in halls), "halls": listed}

    about = {
        "sites": [
            site("Site 1", ("S1 Hall 1", 21)),
            site("Site 2", ("S2 Hall 1", 288), ("S2 Hall 2", 288)),
            site("Site 3", *((f"S3 Hall {i}", 72) for i in range(1, 5))),
        ]
    }
    assert sites_text(about) == (
        "Site 1: 21 in S1 Hall 1; Site 2: 576 (S2 Hall 1: 288, S2 Hall 2: 288); "
        "Site 3: 288 in 4 halls"
    )
