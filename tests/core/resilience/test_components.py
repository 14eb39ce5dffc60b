from designer.core.document import operations as ops
from designer.core.examples._common import new_document
from designer.core.resilience.components import sweep_components
from tests.core.network.helpers import add_hall
from tests.core.resilience.helpers import hall_of


def test_components_of_one_name_in_two_halls_are_named_with_their_hall():
    doc = new_document("Two halls", "")
    site, first = hall_of(doc)
    second = add_hall(doc, site, "H2")
    for hall in (first, second):
        ops.add_tray(doc, hall, [(0, 2_000), (10_000, 2_000)], 2_700, 600, 100, "Cross tray")
    ops.add_tray(doc, second, [(0, 4_000), (10_000, 4_000)], 2_700, 600, 100, "Row tray")
    names = sorted(c.name for c in sweep_components(doc.project, []) if c.kind == "tray")
    assert names == ["Cross tray (H)", "Cross tray (H2)", "Row tray"]
