"""One hall holding 6,912 racks against the same racks in 24 halls: plan and check.

Target (DESIGN.md section 9): the network plan and the full check of one hall holding all
6,912 racks cost at most 1.2x those of the same racks in 24 halls (no step may grow faster
than the design).

Three projects, all from ``campus.build(432)`` (24 halls of 288 racks over 3 sites):

- campus: as built;
- 24 halls, one site: every hall moved to the first site, the halls laid out on the site
  plan in a 6 x 4 grid 6 m apart (the same fabric as one hall, so only the floor differs);
- one hall: each of those halls' contents moved into the first hall where the hall stood on
  the site plan (blocks in the same grid, each rack's label led by its hall's name so labels
  stay unique), the blocks' cross trays joined by a spine tray
  along each row of blocks and a trunk tray down the hall's left wall to its cable entry,
  so every rack's cables reach every other rack along the trays.

Plan: ``planner.build_plan``, with the cycle collector paused as the rule engine pauses it
whenever it plans (the product never plans with it running: timed with it running, a
collection of the three projects this script holds landed in one side or the other at
random, and the same tree's plan ratio read 1.15 in one run and 1.34 in the next); check:
``RuleEngine.run`` (which builds the plan too). All three are timed in turns, best of
several, so the ratios hold on a busy shared machine.

    python benchmarks/hall_bench.py
"""

from __future__ import annotations

from timing import best_in_turns

from designer.core.catalog import default_catalog
from designer.core.collector import collector_paused
from designer.core.examples import campus
from designer.core.model.project import Project
from designer.core.network import default_media
from designer.core.network.planner import build_plan
from designer.core.rules import RuleEngine

ROUNDS = 5
#: Halls side by side on the site plan, and the gap between them (mm).
COLUMNS, GAP = 6, 6_000
#: The joining trays: as the campus's cross tray.
TRAY = {"height_mm": 2_700, "width_mm": 900, "depth_mm": 150}


def one_site(project: Project) -> Project:
    """Every hall of ``project`` in its first site, in a grid on the site plan."""
    raw = project.model_dump(mode="python")
    first = raw["sites"][0]
    for key in ("power_capacity_kw", "cooling_capacity_kw"):
        first[key] = sum(site[key] for site in raw["sites"])
    raw["sites"] = [first]
    raw["fibre_routes"] = []
    width = max(x for h in raw["halls"] for x, _ in h["outline"]) + GAP
    depth = max(y for h in raw["halls"] for _, y in h["outline"]) + GAP
    for i, hall in enumerate(raw["halls"]):
        hall.update(
            site_id=first["id"], site_origin=((i % COLUMNS) * width, (i // COLUMNS) * depth)
        )
    return Project.model_validate(raw)


def one_hall(project: Project) -> Project:
    """The halls of ``project`` (one site, as ``one_site`` lays it out) as blocks of its
    first hall where each stood on the site plan, their cable entries joined by trays."""
    raw = project.model_dump(mode="python")
    halls = raw["halls"]
    first = halls[0]
    shift = {h["id"]: h["site_origin"] for h in halls}
    right = max(x + shift[h["id"]][0] for h in halls for x, _ in h["outline"])
    bottom = max(y + shift[h["id"]][1] for h in halls for _, y in h["outline"])
    first["outline"] = [(0, 0), (right, 0), (right, bottom), (0, bottom)]
    for key in ("power_capacity_kw", "cooling_capacity_kw"):
        first[key] = sum(h[key] for h in halls)
    raw["halls"] = [first]

    def moved(points: list, dx: int, dy: int) -> list:
        return [(x + dx, y + dy) for x, y in points]

    names = {h["id"]: h["name"] for h in halls}
    for rack in raw["placements"]:  # labels stay unique in the hall, as an architect's are
        rack["label"] = f"{names[rack['hall_id']]} {rack['label']}"
    for name in ("placements", "cooling_units"):
        for entity in raw[name]:
            dx, dy = shift[entity["hall_id"]]
            entity.update(x=entity["x"] + dx, y=entity["y"] + dy, hall_id=first["id"])
    for name, field in (("trays", "path"), ("feeds", "path"), ("obstacles", "outline")):
        for entity in raw[name]:
            dx, dy = shift[entity["hall_id"]]
            entity.update(hall_id=first["id"], **{field: moved(entity[field], dx, dy)})
    for group in raw["cooling_groups"]:
        group["hall_id"] = first["id"]
    # the blocks' cable entries, joined: a spine along each row of blocks, a trunk down
    entries = [
        (h["cable_entry"][0] + shift[h["id"]][0], h["cable_entry"][1] + shift[h["id"]][1])
        for h in halls
    ]
    rows = sorted({y for _, y in entries})
    ends = {y: max(x for x, yy in entries if yy == y) for y in rows}
    x0 = min(x for x, _ in entries)
    joins = [[(x0, y), (ends[y], y)] for y in rows] + [[(x0, rows[0]), (x0, rows[-1])]]
    joins = [path for path in joins if path[0] != path[1]]  # a row of one block needs none
    for i, path in enumerate(joins):
        raw["trays"].append(
            {"id": f"tray-join-{i + 1}", "hall_id": first["id"], "name": "Join", "path": path}
            | TRAY
        )
    return Project.model_validate(raw)


def main(systems: int = 432) -> None:
    """Measure on ``campus.build(systems)`` (a test runs it small)."""
    catalog = default_catalog()
    built = campus.build(systems).project
    site = one_site(built)
    projects = {"campus": built, "24 halls, one site": site, "one hall": one_hall(site)}
    media = default_media()
    engine = RuleEngine(catalog)
    plans = {name: build_plan(p, catalog, media) for name, p in projects.items()}
    reports = {name: engine.run(p) for name, p in projects.items()}
    actions = {}

    def plan(project: Project) -> None:
        with collector_paused():
            build_plan(project, catalog, media)

    for name, p in projects.items():
        actions[f"plan {name}"] = lambda p=p: plan(p)
        actions[f"check {name}"] = lambda p=p: engine.run(p)
    best = best_in_turns(actions, ROUNDS)
    for name, p in projects.items():
        print(
            f"{name:<20} {len(p.placements):>6,} racks {len(p.halls):>3} halls "
            f"{len(plans[name].table()):>7,} bundles {len(reports[name].findings):>5,} findings  "
            f"plan {best[f'plan {name}'] * 1000:8.1f} ms  check {best[f'check {name}'] * 1000:8.1f} ms"
        )
    for base in ("24 halls, one site", "campus"):
        for step in ("plan", "check"):
            ratio = best[f"{step} one hall"] / best[f"{step} {base}"]
            print(f"{step} one hall / {base:<20} {ratio:6.2f}   (target <= 1.2)")


if __name__ == "__main__":
    main()
