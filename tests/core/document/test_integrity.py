"""The whole-project integrity check: unknown types, dangling references, ids used twice."""

from designer.core.catalog import default_catalog
from designer.core.document.integrity import duplicate_ids, inconsistencies
from designer.core.model import Project

SITE = {"id": "s", "name": "S", "power_capacity_kw": 100, "cooling_capacity_kw": 100}
HALL = {
    "id": "h",
    "site_id": "s",
    "name": "H",
    "outline": [[0, 0], [9000, 0], [9000, 9000], [0, 9000]],
    "floor_rating_kpa": 12,
    "floor_type": "slab",
    "power_capacity_kw": 100,
    "cooling_capacity_kw": 100,
}
KNOWN = "nvidia-qm9700-rack"
CATALOG = default_catalog().racks


def rack(rack_id: str, type_id: str = KNOWN, **fields: object) -> dict[str, object]:
    return {"id": rack_id, "hall_id": "h", "type_id": type_id, "x": 0, "y": 0, **fields}


def project(**collections: list[dict[str, object]]) -> Project:
    return Project.model_validate(
        {"meta": {"name": "P"}, "sites": [SITE], "halls": [HALL], **collections}
    )


def test_the_racks_of_unknown_types_in_the_order_they_stand():
    racks = [rack("r1", "gone"), rack("r2"), rack("r3", "also-gone"), rack("r4", "gone")]
    found = inconsistencies(project(placements=racks), CATALOG).unknown_types
    assert [r.id for r in found] == ["r1", "r3", "r4"]
    assert inconsistencies(project(placements=[rack("r2")]), CATALOG).unknown_types == []


def test_an_id_is_dangling_only_when_no_collection_it_may_name_holds_it():
    bundle = {"plane": "scale_out", "rate_gbps": 400, "lane_gbps": 100, "count": 1}
    found = inconsistencies(
        project(
            placements=[rack("r1", feed_ids=["f-gone"]), rack("r2", cdu_id="c-gone")],
            # a bundle's end is a rack or a site: "s" is a site, "nowhere" neither
            bundles=[
                {"id": "b1", "a": {"node": "r1"}, "b": {"node": "s"}, **bundle},
                {"id": "b2", "a": {"node": "nowhere"}, "b": {"node": "r2"}, **bundle},
            ],
        ),
        CATALOG,
    ).dangling
    assert [(r.owner, r.field, r.target) for r in found] == [
        ("r1", "feed_ids", "f-gone"),
        ("r2", "cdu_id", "c-gone"),
        ("b2", "a", "nowhere"),
    ]


def test_an_id_in_three_collections_is_reported_for_each_after_the_first():
    # "x" names a site, a hall and a rack; "h" a hall and a rack
    site = {**SITE, "id": "x"}
    hall = {**HALL, "id": "x", "site_id": "x"}
    p = Project.model_validate(
        {
            "meta": {"name": "P"},
            "sites": [SITE, site],
            "halls": [HALL, hall],
            "placements": [rack("x"), rack("h"), rack("r")],
        }
    )
    assert duplicate_ids(p) == ["h", "x", "x"]
    assert inconsistencies(p, CATALOG).duplicate_ids == ["h", "x", "x"]
    assert duplicate_ids(project(placements=[rack("r")])) == []
