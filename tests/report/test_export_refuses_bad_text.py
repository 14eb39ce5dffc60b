"""A project built in memory holding a lone surrogate (a paste the loader never saw) is
refused by every export with the field's path, before Qt paints it: a PDF segfaulted in
Qt's font fallback, a PNG or SVG crashed after writing, a DXF crashed in its encoder
(issue 21, item 2)."""

import pytest

from designer.core.catalog import default_catalog
from designer.core.examples import EXAMPLES
from designer.core.io.atomic import OutputError
from designer.core.model import Obstacle, evolve
from designer.report.export import export

CATALOG = default_catalog()


@pytest.mark.parametrize(
    ("name", "table"),
    [
        ("set.pdf", "links"),
        ("hall.png", "links"),
        ("hall.svg", "links"),
        ("links.csv", "links"),
        ("hall.dxf", "links"),
        ("netbox.zip", "netbox"),
        ("racks.csv", "racks"),
    ],
)
def test_a_lone_surrogate_in_memory_is_refused_with_its_path(tmp_path, name, table):
    bad = with_a_lone_surrogate(EXAMPLES["mistakes"]().project)
    with pytest.raises(OutputError) as err:
        export(bad, CATALOG, tmp_path / name, table=table)
    assert str(err.value) == (
        f"Cannot export to {name}: the text of obstacles -> ob-9 -> label is not valid "
        "Unicode (half of a surrogate pair, alone); type it again."
    )
    assert list(tmp_path.iterdir()) == []  # nothing written, nothing left half-written


def with_a_lone_surrogate(project):  # type: ignore[no-untyped-def]
    """``project`` with a keep-out ``ob-9`` in its first hall labelled with half of a
    surrogate pair, as a paste can hold it in memory."""
    keepout = Obstacle(
        id="ob-9",
        hall_id=next(iter(project.halls)),
        kind="keepout",
        outline=[(0, 0), (600, 0), (600, 600)],
    )
    obstacles = {**project.obstacles, "ob-9": evolve(keepout, label="pasted \ud800")}
    return evolve(project, obstacles=obstacles)
