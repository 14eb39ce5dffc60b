"""A site's WUE in the project file (schema 4): a schema 3 file opens with none, and a WUE
set is written and read back as it was."""

import json
from pathlib import Path

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.examples import two_sites
from designer.core.io.project_file import loads, to_bytes
from designer.core.model import SCHEMA_VERSION

RACKS = default_catalog().racks


def test_a_schema_3_file_opens_with_no_wue_at_its_sites():
    project = two_sites.build().project
    raw = json.loads(to_bytes(project))
    raw["schema_version"] = 3
    for site in raw["sites"]:
        del site["wue_l_per_kwh"]
    result = loads(json.dumps(raw).encode(), Path("old.rackplan.json"), RACKS)
    assert result.migrated and result.file_version == 3 and result.problems == []
    assert [s.wue_l_per_kwh for s in result.project.sites.values()] == [None, None]
    assert result.project == project and result.project.schema_version == SCHEMA_VERSION == 4


def test_a_wue_is_written_and_read_back_byte_for_byte():
    doc = two_sites.build()
    north = next(iter(doc.project.sites))
    # Microsoft's fleet in 2021 (operations:O28)
    ops.update(doc, north, wue_l_per_kwh=0.49)
    first = to_bytes(doc.project)
    assert b'"wue_l_per_kwh": 0.49' in first
    again = loads(first, Path("wue.rackplan.json"), RACKS)
    assert again.problems == [] and again.project.sites[north].wue_l_per_kwh == 0.49
    assert to_bytes(again.project) == first
