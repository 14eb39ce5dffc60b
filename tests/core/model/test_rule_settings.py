"""The Tier III choice is written only when the project changes it, and read back."""

import json

from designer.core.document import operations as ops
from designer.core.io.project_file import load, save
from tests.core.rules.helpers import CATALOG, hall_doc


def test_the_tier_iii_choice_is_stored_only_when_it_is_not_the_default(tmp_path):
    doc, _ = hall_doc()
    path = tmp_path / "p.rackplan.json"
    save(doc.project, path)
    assert "tier_iii_racks" not in path.read_text(encoding="utf-8")
    rules = doc.project.settings.rules.model_copy(update={"tier_iii_racks": "all"})
    ops.update_settings(doc, "Tier III", rules=rules)
    save(doc.project, path)
    assert json.loads(path.read_text(encoding="utf-8"))["settings"]["rules"] == {
        "severities": {},
        "exclusions": [],
        "tier_iii_racks": "all",
    }
    assert load(path, CATALOG.racks).project.settings.rules.tier_iii_racks == "all"
