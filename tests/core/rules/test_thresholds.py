"""Thresholds: sourced defaults from rules.json, project overrides, bad values refused."""

import json
import shutil

import pytest

from designer.core.catalog import CatalogError, default_catalog, resources_dir
from designer.core.document import operations as ops
from designer.core.document.document import TransactionError
from designer.core.io.project_file import ProjectFileError, load, save
from designer.core.model.rule_settings import RuleSettings, Thresholds
from designer.core.rules.limits import default_thresholds, load_defaults
from tests.core.rules.helpers import hall_doc

RULES = resources_dir() / "catalog" / "rules.json"
SOURCES = dict(default_catalog().sources)


def test_every_default_is_set_and_sourced():
    defaults = default_thresholds()
    assert all(value is not None for _, value in defaults.values)
    assert defaults.values.cold_aisle_mm == 1_200  # links B19
    assert defaults.values.hot_aisle_mm == 900  # links B20
    assert defaults.values.continuous_load_share == 0.8  # links B32
    assert defaults.values.rack_air_limit_kw == 25  # links B6
    assert defaults.values.max_row_racks == 20  # links B22
    assert "links B16" in defaults.sources["max_pipe_run_mm"]
    assert defaults.sources["max_pipe_run_mm"].startswith("ours:")


def _rewritten(tmp_path, name, entry):
    raw = json.loads(RULES.read_text())
    raw["thresholds"][name] = entry
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(raw))
    return path


@pytest.mark.parametrize(
    ("entry", "says"),
    [
        ({"value": -1, "source": "ours: a test"}, "cold_aisle_mm"),
        ({"value": 1200}, "cold_aisle_mm in .* must cite its source"),
        ({"value": 1200, "source": "links:S9999 (made up)"}, "links:S9999"),
    ],
)
def test_a_bad_default_does_not_load(tmp_path, entry, says):
    with pytest.raises(CatalogError, match=says):
        load_defaults(_rewritten(tmp_path, "cold_aisle_mm", entry), SOURCES)


def test_a_negative_aisle_width_is_refused_naming_the_field():
    doc, _ = hall_doc()
    with pytest.raises(TransactionError, match="cold_aisle_mm"):
        ops.update_settings(doc, "Aisles", rules={"thresholds": {"cold_aisle_mm": -1_200}})


def test_a_negative_aisle_width_in_a_file_is_refused_naming_the_field(tmp_path):
    doc, _ = hall_doc()
    ops.update_settings(doc, "Aisles", rules=RuleSettings(thresholds=Thresholds(hot_aisle_mm=900)))
    path = tmp_path / "p.rackplan.json"
    save(doc.project, path)
    path.write_text(path.read_text().replace('"hot_aisle_mm": 900', '"hot_aisle_mm": -900'))
    with pytest.raises(ProjectFileError, match="hot_aisle_mm"):
        load(path, default_catalog().racks)


def test_a_zero_amp_feed_is_refused_naming_the_field():
    doc, hall = hall_doc()
    with pytest.raises(ValueError, match="amps"):
        ops.add_feed(doc, hall, "busway-800a-415v", [(0, 0)], "Busway A1", amps=0)


def test_only_overridden_thresholds_are_written_to_the_file(tmp_path):
    doc, _ = hall_doc()
    path = tmp_path / "p.rackplan.json"
    save(doc.project, path)
    assert "thresholds" not in path.read_text()
    ops.update_settings(
        doc, "Aisles", rules=RuleSettings(thresholds=Thresholds(cold_aisle_mm=1_500))
    )
    save(doc.project, path)
    assert json.loads(path.read_text())["settings"]["rules"]["thresholds"] == {
        "cold_aisle_mm": 1_500
    }
    assert load(path, default_catalog().racks).project == doc.project


def test_the_bundled_file_is_the_one_tested(tmp_path):
    copy = tmp_path / "rules.json"
    shutil.copy(RULES, copy)
    assert load_defaults(copy, SOURCES) == default_thresholds()
