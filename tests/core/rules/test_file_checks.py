"""What the loader finds inside a file that still opens comes back as error findings."""

import json

from designer.core.catalog import default_catalog
from designer.core.io.project_file import load
from designer.core.rules import RuleEngine, Severity
from tests.core.rules.helpers import CATALOG

DATA = {
    "schema_version": 2,
    "format": "rackplan-project",
    "meta": {"name": "Broken"},
    "sites": [{"id": "site-1", "name": "S", "power_capacity_kw": 100, "cooling_capacity_kw": 100}],
    "halls": [
        {
            "id": "hall-1",
            "site_id": "site-1",
            "name": "H",
            "outline": [[0, 0], [9000, 0], [9000, 9000], [0, 9000]],
            "floor_rating_kpa": 12,
            "floor_type": "slab",
            "power_capacity_kw": 100,
            "cooling_capacity_kw": 100,
        }
    ],
    "placements": [
        {"id": "rk-1", "hall_id": "hall-1", "type_id": "nvidia-gb200-nvl73", "x": 0, "y": 0},
        {
            "id": "rk-2",
            "hall_id": "hall-1",
            "type_id": "nvidia-qm9700-rack",
            "x": 3000,
            "y": 3000,
            "feed_ids": ["feed-gone"],
        },
    ],
}


def test_unknown_types_and_dangling_ids_are_errors(tmp_path):
    path = tmp_path / "broken.rackplan.json"
    path.write_text(json.dumps(DATA))
    result = load(path, default_catalog().racks)
    findings = RuleEngine(CATALOG).run(result.project).findings
    file_findings = {(f.code, f.ids, f.severity) for f in findings if f.code.startswith("file.")}
    assert file_findings == {
        ("file.unknown_type", ("rk-1",), Severity.ERROR),
        ("file.dangling_id", ("rk-2", "feed-gone"), Severity.ERROR),
    }
    assert {(p.code, p.ids) for p in result.problems} == {(c, i) for c, i, _ in file_findings}
    unknown = next(f for f in findings if f.code == "file.unknown_type")
    assert "nvidia-gb200-nvl72" in unknown.message  # the loader's "did you mean"
    assert unknown.hall_id == "hall-1"


def test_two_racks_of_one_hall_with_one_label_are_named_and_other_halls_may_repeat_it():
    from designer.core.document import operations as ops
    from tests.core.rules.helpers import found, hall_doc, one, second_hall

    doc, hall = hall_doc()
    racks = ops.place_row(doc, hall, "nvidia-gb200-nvl72", 2_000, 2_000, 3, 0)
    ops.update(doc, racks[0], label="NVL72-01")
    ops.update(doc, racks[1], label="NVL72-02")
    ops.update(doc, racks[2], label="NVL72-03")
    assert found(doc, "file.duplicate_label") == []
    ops.update(doc, racks[1], label="NVL72-03")  # the trial's rename
    dup = one(doc, "file.duplicate_label")
    assert set(dup.ids) == {racks[1], racks[2]} and dup.severity == Severity.WARNING
    assert dup.message.startswith("2 racks in Hall 1 are labelled NVL72-03")
    # the same label in another hall is no clash: the schedule names each end's hall
    other = second_hall(doc, doc.project.halls[hall].site_id)
    ops.update(doc, racks[1], hall_id=other)
    assert found(doc, "file.duplicate_label") == []


def test_two_halls_with_one_name_are_named_as_the_drawing_set_cannot_tell_them_apart():
    from designer.core.document import operations as ops
    from tests.core.rules.helpers import found, hall_doc, one, second_hall

    doc, hall = hall_doc()
    other = second_hall(doc, doc.project.halls[hall].site_id)
    assert found(doc, "file.duplicate_hall_name") == []
    ops.update(doc, other, name="hall 1 ")  # a trial's copy, in another case and spacing
    dup = one(doc, "file.duplicate_hall_name")
    assert set(dup.ids) == {hall, other} and dup.severity == Severity.WARNING
    assert dup.message.startswith("2 halls are named Hall 1, so the drawing set's sheets")
    ops.update(doc, other, name="Hall 2")
    assert found(doc, "file.duplicate_hall_name") == []
