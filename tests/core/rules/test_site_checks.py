"""Halls of one site must stand apart on the site plan: the cables between halls are
measured from where they stand there."""

from designer.core.document import operations as ops
from designer.core.rules import RuleEngine, Severity
from tests.core.rules.helpers import CATALOG, found, hall_doc, second_hall


def two_halls(second_at: tuple[int, int]):
    """Two 20 x 12 m halls of one site, the second with its corner at ``second_at``."""
    doc, first = hall_doc()
    second = second_hall(doc, doc.project.halls[first].site_id)
    ops.update(doc, second, site_origin=second_at)
    return doc, first, second


def test_two_halls_on_one_spot_overlap_by_a_whole_hall():
    """A hall added without a place stands at the site's corner, on the first one."""
    doc, first, second = two_halls((0, 0))
    [finding] = found(doc, "site.halls_overlap")
    assert finding.severity is Severity.ERROR
    assert set(finding.ids) == {first, second}
    assert finding.measured == 20 * 12  # m², the whole hall
    assert finding.message == (
        "Hall 1 and Hall 2 overlap by 240 m² on the site plan, so the links between them are "
        "planned as if they stood together. Set each hall's Site X and Y."
    )


def test_halls_may_share_a_wall_but_not_a_metre_of_floor():
    assert found(two_halls((20_000, 0))[0], "site.halls_overlap") == []  # wall to wall
    [finding] = found(two_halls((19_000, 5_000))[0], "site.halls_overlap")
    assert finding.measured == 1 * 7  # 1 m by the 7 m both halls span
    [finding] = found(two_halls((19_999, 0))[0], "site.halls_overlap")  # 1 mm by 12 m
    assert "overlap by less than 1 m² on the site plan" in finding.message


def test_halls_of_different_sites_never_overlap():
    doc, _ = hall_doc()
    other_site = ops.add_site(doc, "Site 2", power_capacity_kw=1e6, cooling_capacity_kw=1e6)
    second_hall(doc, other_site)
    assert found(doc, "site.halls_overlap") == []


def test_moving_a_hall_on_the_site_clears_the_finding_after_the_edit():
    doc, _, second = two_halls((0, 0))
    engine = RuleEngine(CATALOG)
    assert [f.code for f in engine.run(doc.project).findings].count("site.halls_overlap") == 1
    ops.update(doc, second, site_origin=(25_000, 0))
    after = engine.update(doc.project, [second])
    assert "site.halls_overlap" not in [f.code for f in after.findings]


def test_the_halls_are_named_in_the_order_a_reader_lists_them():
    """A trial read "Hall C and Hall B": the halls came in id order."""
    doc, first = hall_doc()
    second_hall(doc, doc.project.halls[first].site_id, "Annex")
    [finding] = found(doc, "site.halls_overlap")
    assert finding.message.startswith("Annex and Hall 1 overlap by 240 m²")


def test_halls_naming_a_site_that_is_not_there_are_left_to_the_file_check():
    """A review found a full check silent on them and an update after an edit reporting
    them: the check looks at sites that exist, in both."""
    doc, _, second = two_halls((0, 0))
    project = doc.project
    gone = project.model_copy(update={"sites": {}})
    engine = RuleEngine(CATALOG)
    assert "site.halls_overlap" not in [f.code for f in engine.run(gone).findings]
    renamed = gone.model_copy(
        update={
            "halls": {**gone.halls, second: gone.halls[second].model_copy(update={"name": "B"})}
        }
    )
    assert "site.halls_overlap" not in [f.code for f in engine.update(renamed, [second]).findings]
