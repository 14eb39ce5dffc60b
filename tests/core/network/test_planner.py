"""The planner: tray fill and ports at their limits, and update() equal to a full plan."""

import contextlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.document.document import Document, TransactionError
from designer.core.examples import two_sites
from designer.core.generate import ClusterRequest, generate
from designer.core.io.project_file import loads, to_bytes
from designer.core.model import Placement
from designer.core.model.network_settings import NetworkSettings
from designer.core.network import bill_of_materials, cable_schedule
from designer.core.network.planner import update_plan
from designer.core.resilience.sweep import sweep
from designer.core.resilience.topology import build_topology
from designer.core.rules import RuleEngine
from designer.core.rules.limits import default_thresholds, resolve
from designer.core.rules.network import PLAN
from tests.core.network.helpers import H100, add_hall, draw, new_doc, plan_of, planned, tray
from tests.strategies import projects

#: An MPO fibre cable of 3.0 mm takes 3.0^2 x 0.785 = 7.065 mm² of a tray (links B46).
FIBRE_MM2 = 3.0**2 * 0.785


def fill_codes(count):
    """Codes found for ``count`` fibre links on a 100 x 100 mm tray (10,000 mm²)."""
    doc, site = new_doc()
    hall = add_hall(doc, site)
    a = ops.place_rack(doc, hall, H100, 0, 1_200)
    b = ops.place_rack(doc, hall, H100, 1_800, 1_200)
    ops.add_tray(doc, hall, [(0, 1_800), (6_000, 1_800)], 2_700, 100, 100, "Narrow")
    draw(doc, a, b, plane="storage", count=count)  # 6.6 m with slack: multimode fibre
    return {f.code: f for f in plan_of(doc).findings if f.code.startswith("cabling.tray")}


@pytest.mark.parametrize(
    ("count", "codes"),
    [
        (566, set()),  # 566 x 7.065 = 3,998.8 mm²: 39.99 %
        (567, {"cabling.tray_fill"}),  # 4,005.9 mm²: 40.06 %, a warning
        (707, {"cabling.tray_fill"}),  # 4,995.0 mm²: 49.95 %
        (708, {"cabling.tray_overfull"}),  # 5,002.0 mm²: 50.02 %, an error
    ],
)
def test_tray_fill_at_40_and_50_percent(count, codes):
    found = fill_codes(count)
    assert set(found) == codes
    for finding in found.values():
        assert finding.measured == pytest.approx(count * FIBRE_MM2 / 10_000 * 100)


def exceeded(doc):
    plan = plan_of(doc)
    return {
        f.ids: (f.measured, f.limit) for f in plan.findings if f.code == "network.ports_exceeded"
    }


def test_more_links_than_a_racks_ports():
    # Without a network rack there is no fabric; a drawn bundle alone uses the ports.
    doc, site = new_doc()
    hall = add_hall(doc, site)
    a = ops.place_rack(doc, hall, H100, 0, 1_200)
    b = ops.place_rack(doc, hall, H100, 3_600, 1_200)
    tray(doc, hall, [(0, 1_800), (6_000, 1_800)])
    bundle = draw(doc, a, b, count=32)  # 4 DGX x 8 NICs: 32 scale-out ports per rack
    assert exceeded(doc) == {}
    ops.update(doc, bundle, count=33)
    assert exceeded(doc) == {(a,): (33, 32), (b,): (33, 32)}


def test_more_links_than_a_switch_racks_ports():
    # A UB switch rack has no storage ports of its own, so only the QM9700 rack counts:
    # 12 switches x 64 ports of 400G = 768.
    doc, site = new_doc()
    hall = add_hall(doc, site)
    other = ops.place_rack(doc, hall, "huawei-cm384-ub-switch", 0, 1_200)
    net = ops.place_rack(doc, hall, "nvidia-qm9700-rack", 1_800, 1_200, label="NET")
    tray(doc, hall, [(0, 1_800), (6_000, 1_800)])
    bundle = draw(doc, other, net, plane="storage", count=768)
    assert exceeded(doc) == {}
    ops.update(doc, bundle, count=769)
    assert exceeded(doc) == {(net,): (769, 768)}
    # the fabric's own links count too: every scale-out port of a full SU fills the rack
    ops.place_row(doc, hall, H100, 2_400, 1_200, 8)
    ops.update(doc, bundle, count=1)
    assert exceeded(doc) == {(net,): (8 * 32 * 3 + 1, 768)}  # node, leaf up, spine down


def test_settings_change_the_plan():
    doc = two_sites.build()
    plan = plan_of(doc)
    [before] = [line for line in cable_schedule(plan) if line.from_name == "N1-B200-01"]
    assert before.reason.endswith("(NVIDIA-supported parts only)")
    ops.update_settings(doc, "Any vendor", network=NetworkSettings(nvidia_only=False))
    after = cable_schedule(update_plan(plan, doc.project, {"settings"}))
    [server] = [line for line in after if line.from_name == "N1-B200-01"]
    # 7.5 m from its leaf: AEC (7 m) and AOC (30 m) are no longer left out for their
    # vendor, but a QM9700's 800G cage carries two 400G links and neither cable is sold
    # to split one (links:S13), so multimode stays
    assert server.medium == "Multimode SR transceivers (850 nm) over MPO fibre"
    assert "NVIDIA" not in server.reason
    assert server.reason.endswith("AEC and AOC left out: none splits an 800G cage into 400G links")
    # with slack at 50 %, the same run is ordered longer
    ops.update_settings(doc, "Slack", network=NetworkSettings(nvidia_only=False, slack=0.5))
    slack = cable_schedule(update_plan(plan, doc.project, {"settings"}))
    [longer] = [line for line in slack if line.from_name == "N1-B200-01"]
    assert (server.order_m, longer.order_m) == (10.0, 15.0)  # 6.8 m routed: 7.5 m, 10.2 m


def test_the_project_file_keeps_only_changed_settings():
    assert NetworkSettings().model_dump() == {}
    assert NetworkSettings(slack=0.2).model_dump() == {"slack": 0.2}


def snapshot(plan):
    """Everything a user sees of a plan."""
    fills = sorted((f for group in plan.fills.values() for f in group), key=lambda f: f.tray_id)
    return cable_schedule(plan), plan.findings, fills, bill_of_materials(plan)


steps = st.sampled_from([-2_400, -600, -300, 300, 600, 2_400])


class PlannerSession(RuleBasedStateMachine):
    """Random edits of the two-site example, a CloudMatrix384 and drawn bundles; after
    each, the planner's update must equal a fresh full plan of the same project."""

    @initialize()
    def start(self):
        self.doc = two_sites.build()
        doc = self.doc
        self.changes = []
        halls = list(doc.project.halls)
        big = ops.add_hall(
            doc,
            next(iter(doc.project.sites)),
            "CM hall",
            14_000,
            9_600,
            floor_rating_kpa=12,
            floor_type="raised",
            power_capacity_kw=900,
            cooling_capacity_kw=900,
            site_origin=(0, 40_000),
            cable_entry=(0, 600),
        )
        ops.place_system(doc, big, "huawei-cm384", 2_400, 1_800, 0, "CM")
        ops.add_tray(
            doc, big, [(0, 600), (2_400, 600), (2_400, 4_800), (8_000, 4_800)], 2_700, 900, 150
        )
        ops.add_tray(doc, big, [(2_400, 2_400), (8_000, 2_400)], 2_700, 900, 150)
        ops.place_rack(doc, halls[0], "nvidia-gb200-nvl72", 4_600, 2_600, 0, "NVL72")
        racks = list(doc.project.placements)
        draw(doc, racks[0], racks[-1], plane="storage", count=4)
        draw(doc, racks[1], racks[12], plane="management", rate=100, lane=25, count=2)
        self.plan = plan_of(doc)
        doc.subscribe(self.changes.append)

    def _racks(self):
        return sorted(self.doc.project.placements)

    def _edit(self, action):
        with contextlib.suppress(TransactionError):
            action()

    @rule(pick=st.integers(0, 200), dx=steps, dy=steps)
    def move_a_rack(self, pick, dx, dy):
        racks = self._racks()
        if racks:
            self._edit(lambda: ops.move(self.doc, [racks[pick % len(racks)]], dx, dy))

    @rule(pick=st.integers(0, 200))
    def turn_a_rack(self, pick):
        racks = self._racks()
        if racks:
            self._edit(lambda: ops.rotate(self.doc, [racks[pick % len(racks)]]))

    @rule(pick=st.integers(0, 200))
    def delete_a_rack(self, pick):
        racks = self._racks()
        if racks:
            self._edit(lambda: ops.delete(self.doc, [racks[pick % len(racks)]]))

    @rule(
        kind=st.sampled_from(
            [H100, "nvidia-qm9700-rack", "nvidia-gb200-nvl72", "nvidia-dgx-b200-rack"]
        ),
        hall=st.integers(0, 3),
        x=st.integers(0, 20).map(lambda v: v * 600),
    )
    def place_a_rack(self, kind, hall, x):
        halls = sorted(self.doc.project.halls)
        self._edit(lambda: ops.place_rack(self.doc, halls[hall % len(halls)], kind, x, 1_200))

    @rule(pick=st.integers(0, 200), leaf=st.integers(0, 200))
    def choose_a_leaf_rack(self, pick, leaf):
        racks = self._racks()
        network = [r for r in racks if "qm9700" in self.doc.project.placements[r].type_id]
        if racks:
            chosen = network[leaf % len(network)] if network and leaf % 3 else None
            self._edit(
                lambda: ops.update(self.doc, racks[pick % len(racks)], network_rack_id=chosen)
            )

    @rule(pick=st.integers(0, 200), dx=steps, dy=steps)
    def move_a_tray(self, pick, dx, dy):
        trays = sorted(self.doc.project.trays)
        self._edit(lambda: ops.move(self.doc, [trays[pick % len(trays)]], dx, dy))

    @rule(km=st.sampled_from([0.5, 8.0, 40.0, 150.0]))
    def change_the_fibre_route(self, km):
        route = next(iter(self.doc.project.fibre_routes))
        self._edit(lambda: ops.update(self.doc, route, distance_km=km))

    @rule(pick=st.integers(0, 3), y=st.sampled_from([None, 600, 5_000]))
    def move_a_cable_entry(self, pick, y):
        halls = sorted(self.doc.project.halls)
        entry = None if y is None else (0, y)
        self._edit(lambda: ops.update(self.doc, halls[pick % len(halls)], cable_entry=entry))

    @rule(pick=st.integers(0, 3), x=st.sampled_from([0, 30_000, 150_000]))
    def place_a_hall_on_its_site(self, pick, x):
        """Racks join the switches nearest them on the site plan: a hall moved there moves
        its racks towards other switches."""
        halls = sorted(self.doc.project.halls)
        self._edit(lambda: ops.update(self.doc, halls[pick % len(halls)], site_origin=(x, 0)))

    @rule(slack=st.sampled_from([0.1, 0.2]))
    def change_the_slack(self, slack):
        self._edit(
            lambda: ops.update_settings(self.doc, "Slack", network=NetworkSettings(slack=slack))
        )

    @precondition(lambda self: self.doc.history.can_undo)
    @rule()
    def undo(self):
        self.doc.undo()

    @precondition(lambda self: self.doc.history.can_redo)
    @rule()
    def redo(self):
        self.doc.redo()

    @invariant()
    def update_equals_a_full_plan(self):
        for changes in self.changes:
            self.plan = update_plan(self.plan, self.doc.project, changes.ids)
        self.changes.clear()
        assert snapshot(self.plan) == snapshot(plan_of(self.doc))


PlannerSession.TestCase.settings = settings(max_examples=12, stateful_step_count=12, deadline=None)
TestPlannerSession = PlannerSession.TestCase


@given(project=projects())
def test_any_valid_project_can_be_planned(project):
    plan = planned(project)
    lines = cable_schedule(plan)
    assert len(lines) == len(plan.table())
    for line in lines:
        # a bundle either has a route and a medium, or says why not
        assert (line.medium != "") or line.reason
        assert line.routed_m is None or line.routed_m >= 0
    bom = bill_of_materials(plan)
    assert bom.optics_power_w >= 0


def test_a_hall_moved_on_its_site_is_planned_as_a_full_plan_would():
    """A review moved two-sites' North hall 2 onto North hall 1 in the designer: the
    update kept the old fabric (16 bundles) where a fresh plan had 15."""
    doc = two_sites.build()
    plan = plan_of(doc)
    seen = []
    doc.subscribe(seen.append)
    by_name = {h.name: h for h in doc.project.halls.values()}
    ops.update(doc, by_name["North hall 2"].id, site_origin=by_name["North hall 1"].site_origin)
    updated = update_plan(plan, doc.project, seen[-1].ids)
    assert snapshot(updated) == snapshot(plan_of(doc))


def test_a_hall_taken_away_by_undo_is_planned_as_a_full_plan_would():
    """The property test found the update reading the site plan place of a hall that an
    undo had just taken away."""
    doc = two_sites.build()
    plan = plan_of(doc)
    seen = []
    doc.subscribe(seen.append)
    site = next(iter(doc.project.sites))
    ops.add_hall(
        doc,
        site,
        "Annex",
        12_000,
        9_000,
        floor_rating_kpa=12,
        floor_type="slab",
        power_capacity_kw=500,
        cooling_capacity_kw=500,
    )
    plan = update_plan(plan, doc.project, seen[-1].ids)
    doc.undo()
    assert snapshot(update_plan(plan, doc.project, seen[-1].ids)) == snapshot(plan_of(doc))


def test_a_relabelled_rack_in_a_switch_shortage_is_planned_as_a_full_plan_would():
    """A shortage connects racks in label order: a review renamed R01 to R99 and the
    designer kept R01's links where a fresh plan gave them to R09."""
    doc, site = new_doc()
    hall = add_hall(doc, site)
    row = ops.place_row(doc, hall, H100, 0, 1_200, 10)  # 10 x 32 ports: 20 switches
    ops.place_rack(doc, hall, "nvidia-qm9700-rack", 0, 4_000, label="NET")  # 12 slots
    tray(doc, hall, [(0, 1_800), (17_000, 1_800)])
    for number, rack in enumerate(row, start=1):
        ops.update(doc, rack, label=f"R{number:02d}")
    plan = plan_of(doc)
    seen = []
    doc.subscribe(seen.append)
    ops.update(doc, row[0], label="R99")
    updated = update_plan(plan, doc.project, seen[-1].ids)
    assert snapshot(updated) == snapshot(plan_of(doc))
    [shortage] = [f for f in updated.findings if f.code == "network.switch_shortage"]
    assert "so R10 and R99 (64 ports) have no scale-out links" in shortage.message


def test_idle_network_racks_named_alike_in_two_halls_are_told_apart_by_hall():
    """A generated hall's racks are named alike in every hall: the note of idle racks read
    "NET-B01, NET-B01" (a trial). A spare QM9700 rack in the far corner of each of two
    halls holds no switch; the note names each with its hall."""
    project = generate(ClusterRequest("nvl72-su", systems=16, halls_per_site=2))
    spares = {}
    for hall in project.halls.values():
        x, y = (max(c[i] for c in hall.outline) for i in (0, 1))
        spare = Placement(
            id=f"rk-spare-{hall.id}",
            hall_id=hall.id,
            type_id="nvidia-qm9700-rack",
            x=x - 1_200,
            y=y - 2_400,
            label="NET-SPARE",
        )
        spares[spare.id] = spare
    project = project.model_copy(update={"placements": {**project.placements, **spares}})
    report = RuleEngine(default_catalog()).run(project)
    (idle,) = [f.message for f in report.findings if f.code == "network.idle_network_rack"]
    assert idle == (
        "2 network racks of Site 1 hold no switch of the site's scale-out fabric: "
        "NET-SPARE (S1 Hall 1), NET-SPARE (S1 Hall 2)."
    )


def test_a_hall_named_again_renames_it_in_the_fabrics_notes():
    """The note of idle racks named alike kept the hall's old name after a rename."""
    project = generate(ClusterRequest("nvl72-su", systems=16, halls_per_site=2))
    doc = Document(project)
    for hall in list(doc.project.halls.values()):
        x, y = (max(c[i] for c in hall.outline) for i in (0, 1))
        ops.place_rack(doc, hall.id, "nvidia-qm9700-rack", x - 1_200, y - 2_400, label="NET-SPARE")
    first = next(iter(doc.project.halls))
    engine = RuleEngine(default_catalog())
    engine.run(doc.project)
    ops.update(doc, first, name="Renamed hall")
    report = engine.update(doc.project, [first])
    (idle,) = [f.message for f in report.findings if f.code == "network.idle_network_rack"]
    assert "NET-SPARE (Renamed hall)" in idle


def _ids_reversed(project):
    """``project`` with every id given again so that ids sort the other way round, as the
    window's random ids may: the same design, drawn again."""
    text = to_bytes(project).decode("utf-8")
    ids = [
        i
        for name in ("sites", "halls", "trays", "feeds", "cooling_groups", "cooling_units")
        for i in getattr(project, name)
    ] + [*project.groups, *project.placements]
    for n, old in enumerate(ids):
        text = text.replace(f'"{old}"', f'"id-{len(ids) - n:05d}"')
    return loads(text.encode("utf-8"), Path("again.rackplan.json"), default_catalog().racks)


def test_one_design_drawn_again_with_other_ids_is_planned_and_swept_alike():
    """A trial drew one two-hall design twice in the window: its racks' NICs went to other
    leaves and its ties between routes of one length broke otherwise, and the N-1 sweeps
    found 19 and 20 single points of failure."""
    project = generate(ClusterRequest("nvl72-su", systems=16, halls_per_site=2))
    again = _ids_reversed(project).project
    catalog = default_catalog()

    def by_labels(p):
        plan = RuleEngine(catalog).derived(PLAN, p)
        name = {i: (p.halls[r.hall_id].name, r.label) for i, r in p.placements.items()}
        table, legs = plan.table(), plan.columns()
        return sorted(
            (
                name.get(table.a[i], table.a[i]),
                name.get(table.b[i], table.b[i]),
                table.role[i],
                int(table.count[i]),
                float(legs.routed_m[i]),
            )
            for i in range(len(table))
        )

    assert by_labels(project) == by_labels(again)

    def swept(p):
        limits = resolve(default_thresholds().values, p.settings.rules.thresholds)
        plan = RuleEngine(catalog).derived(PLAN, p)
        topology = build_topology(p, catalog.with_custom_racks(p.custom_types), limits, plan)
        return sorted((c.component.name, c.single_point) for c in sweep(topology))

    assert swept(project) == swept(again)
