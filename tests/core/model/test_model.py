"""The schema refuses what no building or rack can be."""

import pytest
from pydantic import ValidationError

from designer.core.model import Hall, Placement, PowerFeed, Project, ProjectMeta, evolve
from designer.core.model.network_settings import NetworkSettings
from designer.core.model.rule_settings import Thresholds


def test_evolve_validates_where_model_copy_would_not():
    rack = Placement(id="r1", hall_id="h", type_id="t", x=0, y=0)
    with pytest.raises(ValidationError):
        evolve(rack, rotation=45)
    assert evolve(rack, rotation=90).rotation == 90


def test_hall_outline_must_enclose_an_area_without_crossing_itself():
    base = {
        "id": "h",
        "site_id": "s",
        "name": "H",
        "floor_rating_kpa": 12,
        "floor_type": "slab",
        "power_capacity_kw": 1,
        "cooling_capacity_kw": 1,
    }
    with pytest.raises(ValidationError, match="crosses itself"):
        Hall(outline=[(0, 0), (10, 10), (10, 0), (0, 10)], **base)
    with pytest.raises(ValidationError, match="encloses no area"):
        Hall(outline=[(0, 0), (10, 0), (20, 0)], **base)
    assert Hall(outline=[(0, 0), (6000, 0), (6000, 3000), (0, 3000)], **base).area_m2 == 18


def test_three_phase_feed_rating_is_root_three_v_i():
    feed = PowerFeed(
        id="f",
        hall_id="h",
        name="B",
        kind="busway",
        voltage_v=415,
        amps=800,
        phases=3,
        path=[(0, 0)],
    )
    assert feed.rating_kw == pytest.approx(575.04, abs=0.01)
    single = evolve(feed, phases=1, voltage_v=230, amps=32)
    assert single.rating_kw == pytest.approx(7.36)


def test_duplicate_ids_in_a_collection_are_refused():
    rack = {"id": "r1", "hall_id": "h", "type_id": "t", "x": 0, "y": 0}
    with pytest.raises(ValidationError, match="appears twice"):
        Project.model_validate({"meta": {"name": "p"}, "placements": [rack, rack]})


def test_schema_version_and_format_come_first_in_the_file():
    keys = list(Project(meta=ProjectMeta(name="p")).model_dump())
    assert keys[:2] == ["schema_version", "format"]


@pytest.mark.parametrize(
    ("model", "field"),
    [(Thresholds, "cdu_flow_lpm_per_kw"), (NetworkSettings, "tray_reach_mm")],
)
def test_settings_that_would_switch_a_check_off_cannot_be_zero(model, field):
    # no coolant flow per kW would make every CDU's flow look sufficient; no tray reach
    # would leave every rack unreached
    with pytest.raises(ValidationError, match=field):
        model(**{field: 0})
