"""Floor load at its boundaries.

GB200 NVL72: 1,360 kg on 600 x 1,068 mm = 0.6408 m². 1,360 kg x 9.80665 m/s² = 13,337.0 N;
/ 0.6408 m² = 20,813 Pa = 20.81 kPa.
"""

import pytest

from designer.core.document import operations as ops
from tests.core.rules.helpers import found, hall_doc, one

NVL72 = "nvidia-gb200-nvl72"


@pytest.mark.parametrize(("rating", "over"), [(20.82, False), (20.81, True)])
def test_rack_pressure_against_the_floor_rating(rating, over):
    doc, hall = hall_doc(floor_rating_kpa=rating)
    ops.place_rack(doc, hall, NVL72, 2_000, 2_000, 0, "NVL72-01")
    assert len(found(doc, "floor.overload")) == over


def test_an_nvl72_on_a_typical_floor_says_what_would_fix_it():
    doc, hall = hall_doc(floor_rating_kpa=12)
    rack = ops.place_rack(doc, hall, NVL72, 2_000, 2_000, 0, "NVL72-01")
    f = one(doc, "floor.overload")
    assert f.ids == (rack,)
    assert f.measured == pytest.approx(20.813, abs=1e-3)
    assert f.limit == 12
    assert f.unit == "kPa"
    # spreading 13,337 N at 12 kPa needs 13,337 / 12,000 = 1.11 m²
    for text in ("1,360 kg on 0.64 m²", "20.8 kPa", "12 kPa", "slab", "1.11 m²", "plates"):
        assert text in f.message


@pytest.mark.parametrize(("tile_kg", "over"), [(454, False), (453, True)])
def test_tile_point_load_is_a_third_of_the_rack(tile_kg, over):
    # 1,360 kg / 3 = 453.3 kg on one tile (links B29)
    doc, hall = hall_doc(floor_type="raised", tile_rating_kg=tile_kg)
    ops.place_rack(doc, hall, NVL72, 2_000, 2_000, 0, "NVL72-01")
    findings = found(doc, "floor.tile_load")
    assert len(findings) == over
    if over:
        assert findings[0].measured == pytest.approx(453.33, abs=0.01)
        assert "453 kg" in findings[0].message


def test_tiles_are_not_checked_on_a_slab():
    doc, hall = hall_doc(floor_type="slab", tile_rating_kg=100)
    ops.place_rack(doc, hall, NVL72, 2_000, 2_000, 0, "NVL72-01")
    assert found(doc, "floor.tile_load") == []


def test_a_raised_floor_without_a_tile_rating_is_said_once_per_hall():
    doc, hall = hall_doc(floor_type="raised")
    assert found(doc, "floor.tile_rating_missing") == []  # no racks, nothing unchecked
    ops.place_row(doc, hall, NVL72, 2_000, 2_000, 2, 180)
    finding = one(doc, "floor.tile_rating_missing")
    assert finding.ids == (hall,)
    # a third of an NVL72's 1,360 kg on one tile (links B29): 453 kg
    assert "load of its 2 racks on its tiles is not checked" in finding.message
    assert "the heaviest puts 453 kg" in finding.message
    ops.update(doc, hall, tile_rating_kg=680)
    assert found(doc, "floor.tile_rating_missing") == []
