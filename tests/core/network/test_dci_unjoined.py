"""Sites whose routes join them in groups that no path joins to one another are told so
(``network.no_dci_path``): every site has a route, so ``network.no_dci_route`` says
nothing, yet a site of one group can send a site of another nothing."""

from designer.core.document import operations as ops
from designer.core.model.network_settings import NetworkSettings
from designer.core.network.dci import plan_dci
from tests.core.network.helpers import sites


def findings(doc, gbps):
    """The DCI plan's warnings by code when the sites' scale-out is ``gbps``."""
    scale_out = dict(zip(doc.project.sites, gbps, strict=True))
    plan = plan_dci(doc.project, scale_out, NetworkSettings())
    return [
        (f.code, f.message, f.ids) for f in plan.findings if f.code != "network.dci_unterminated"
    ]


def test_two_pairs_of_sites_no_route_joins_are_named():
    """A - B and C - D, each site with scale-out: one warning naming both groups."""
    doc, (a, b, c, d) = sites(4)
    ops.add_fibre_route(doc, a, b, 40)
    ops.add_fibre_route(doc, c, d, 40)
    [(code, message, ids)] = findings(doc, [96_000] * 4)
    assert code == "network.no_dci_path"
    assert message.startswith(
        "Site 1 and Site 2 have no fibre path to Site 3 and Site 4: a site in one "
        "group can exchange nothing with a site in another"
    )
    assert ids == (a, b, c, d)
    # a route between the groups joins them all (B - C: a line A - B - C - D)
    ops.add_fibre_route(doc, b, c, 40)
    assert findings(doc, [96_000] * 4) == []


def test_a_group_with_no_scale_out_or_a_site_with_no_route_is_not_named():
    """C and D hold no racks yet: they have nothing to exchange, and nothing is said; one
    site of a group with scale-out is enough. A site no route reaches is told so by
    ``network.no_dci_route``, and only that."""
    doc, (a, b, c, d) = sites(4)
    ops.add_fibre_route(doc, a, b, 40)
    ops.add_fibre_route(doc, c, d, 40)
    assert findings(doc, [96_000, 96_000, 0, 0]) == []
    [(code, _, ids)] = findings(doc, [96_000, 0, 96_000, 0])
    assert code == "network.no_dci_path" and ids == (a, b, c, d)
    doc, (a, b, c) = sites(3)
    ops.add_fibre_route(doc, a, b, 40)
    assert [(code, ids) for code, _, ids in findings(doc, [96_000] * 3)] == [
        ("network.no_dci_route", (c,))
    ]


def test_three_groups_are_each_named():
    """A - B, C - D and E - F, with a site G no route reaches: one warning for the three
    groups, and G's own."""
    doc, (a, b, c, d, e, f, g) = sites(7)
    for x, y in ((a, b), (c, d), (e, f)):
        ops.add_fibre_route(doc, x, y, 40)
    found = findings(doc, [96_000] * 7)
    assert [(code, ids) for code, _, ids in found] == [
        ("network.no_dci_route", (g,)),
        ("network.no_dci_path", (a, b, c, d, e, f)),
    ]
    assert found[1][1].startswith(
        "No fibre path joins these groups of sites to one another (Site 1 and Site 2; "
        "Site 3 and Site 4; Site 5 and Site 6): "
    )
