"""A generated hall's trays sized for the cables the plan puts in them (links B45, B46)."""

from types import SimpleNamespace

import pytest

from designer.core.examples._common import new_document
from designer.core.generate.trays import sized_trays
from designer.core.model import CableTray
from designer.core.network.network_plan import TrayFill


def _sized(area_mm2: float, width_mm: int = 900, depth_mm: int = 150) -> CableTray:
    """A tray of ``width_mm`` x ``depth_mm`` holding ``area_mm2`` of cable, once sized."""
    doc = new_document("Trays", "")
    tray = CableTray(
        id="tray-1",
        hall_id="hall-1",
        name="Row 1 top tray",
        path=[(0, 0), (10_000, 0)],
        height_mm=2_700,
        width_mm=width_mm,
        depth_mm=depth_mm,
    )
    project = doc.project.model_copy(update={"trays": {tray.id: tray}})
    fill = TrayFill(
        tray.id, "hall-1", area_mm2 / (width_mm * depth_mm), area_mm2, width_mm * depth_mm, (0, 0)
    )
    # the plan as far as sizing reads it: its fills and the warning fill, 40 %
    plan = SimpleNamespace(
        fills={"hall-1": (fill,)},
        media=SimpleNamespace(constants=SimpleNamespace(tray_fill_warning=0.4)),
    )
    return sized_trays(project, plan).trays[tray.id]


@pytest.mark.parametrize(
    ("area_mm2", "size"),
    [
        # 40,000 mm² is 29.6 % of 900 x 150: left as it is
        (40_000, (900, 150)),
        # 100,000 / 0.4 = 250,000 mm²: 1,667 mm at 150 deep, past 1.2 m, so 300 deep and
        # 833 -> 900 mm wide
        (100_000, (900, 300)),
        # 477,439 / 0.4 = 1,193,598 mm²: 3,979 mm at 300 deep, past the model's 3 m, so
        # 1,193,598 / 3,000 / 150 = 2.65 -> 3 tiers, 450 deep, 2,652 -> 2,700 mm wide (the
        # network row's tray of 90 CloudMatrix384 in one hall, 53 % full at 3 m x 300 mm)
        (477_439, (2_700, 450)),
    ],
)
def test_a_tray_too_full_is_widened_then_deepened_tier_by_tier(area_mm2, size):
    tray = _sized(area_mm2)
    assert (tray.width_mm, tray.depth_mm) == size
    assert area_mm2 / (tray.width_mm * tray.depth_mm) <= 0.4
