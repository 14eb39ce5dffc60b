"""The example projects: rebuilt from code byte for byte, and their totals by hand."""

import pytest

from designer.core.catalog import default_catalog, projects_dir
from designer.core.examples import EXAMPLES, LARGE_EXAMPLES
from designer.core.io.project_file import SUFFIX, load, to_bytes
from designer.core.totals import project_totals

RACKS = default_catalog().racks


ALL = {**EXAMPLES, **LARGE_EXAMPLES}


@pytest.mark.parametrize("name", sorted(ALL))
def test_the_committed_file_is_what_the_builder_makes(name):
    path = projects_dir() / f"{name}{SUFFIX}"
    assert path.read_bytes() == to_bytes(ALL[name]().project), (
        f"{path} is stale: run python -m designer.core.examples projects"
    )


@pytest.mark.parametrize("name", sorted(ALL))
def test_every_example_loads_cleanly(name):
    result = load(projects_dir() / f"{name}{SUFFIX}", RACKS)
    assert result.problems == []
    assert result.project.meta.description


def totals(name):
    return project_totals(EXAMPLES[name]().project, RACKS)


def test_gb200_scalable_unit_totals():
    t = totals("gb200-nvl72-su")
    # 8 NVL72 at 72 GPUs, 120 kW typical, 132 kW max, 87 % to liquid, 1,360 kg; three
    # QM9700 racks (18 leaf + 9 spine switches of the 27 their 36 slots hold), each of 12
    # switches at 1.1 kW typical, 1.7 kW max, 12 x 14.8 kg + 150 kg of rack
    assert t.accelerators == {"B200": 576}
    assert t.racks_by_type == {"nvidia-gb200-nvl72": 8, "nvidia-qm9700-rack": 3}
    assert t.it_max_kw == pytest.approx(8 * 132 + 3 * 12 * 1.7)
    assert t.it_typical_kw == pytest.approx(8 * 120 + 3 * 12 * 1.1)
    assert t.liquid_kw == pytest.approx(8 * 132 * 0.87)
    assert t.air_kw == pytest.approx(8 * 132 * 0.13 + 3 * 20.4)
    assert t.weight_kg == pytest.approx(8 * 1360 + 3 * (12 * 14.8 + 150))
    assert t.pflops_dense == {"fp4": 5760, "fp8": 2880, "bf16": 1440}


def test_cloudmatrix_totals():
    t = totals("cm384-supernode")
    assert t.accelerators == {"Ascend 910C": 384}
    assert t.racks == 16
    assert t.it_max_kw == pytest.approx(12 * 42 + 4 * 13.75) == pytest.approx(559)
    assert t.liquid_kw == pytest.approx(12 * 42 * 0.8)
    assert t.pflops_dense["bf16"] == pytest.approx(384 * 0.752)
    assert t.hbm_tb == pytest.approx(384 * 0.128)


def test_air_cooled_hall_totals():
    t = totals("hgx-air-hall")
    assert t.accelerators == {"H100": 6 * 32, "B200": 4 * 32}
    assert t.it_max_kw == pytest.approx(6 * 40.8 + 4 * 57.2 + 20.4)
    assert t.liquid_kw == 0
    assert t.weight_kg == pytest.approx(6 * (4 * 130.45 + 180) + 4 * (4 * 142.4 + 180) + 327.6)
