"""A generated hall's busways (generate/layout.py): as few runs as one side carries, loaded
evenly."""

from designer.core.catalog import default_catalog
from designer.core.generate import ClusterRequest, generate
from designer.core.generate.layout import even_runs
from designer.core.rules import RuleEngine, Severity

#: A 1,250 A, 415 V three-phase busway at 80 % continuous: sqrt(3) x 415 x 1,250 x 0.8 W.
CARRIES_KW = 718.8


def test_a_line_is_cut_into_the_fewest_runs_loaded_evenly():
    # six GB300 NVL72 of 142 kW: 852 kW needs two runs; 5 + 1 put 710 kW (99 %) on one
    assert even_runs([142.0] * 6, CARRIES_KW) == [(0, 3), (3, 6)]
    # sixteen GB200 NVL72 of 132 kW: five fit a run (660 kW), so four runs, of four each
    assert even_runs([132.0] * 16, CARRIES_KW) == [(0, 4), (4, 8), (8, 12), (12, 16)]
    # a line one run carries stays one run; network racks of 20.4 and 5.1 kW too
    assert even_runs([42.0] * 16, CARRIES_KW) == [(0, 16)]
    assert even_runs([20.4, 20.4, 5.1], CARRIES_KW) == [(0, 3)]
    # uneven racks: 300 + 300 | 300 + 100 + 100 (600 and 500), not 300 + 300 | ... alone
    assert even_runs([300.0, 300.0, 300.0, 100.0, 100.0], CARRIES_KW) == [(0, 2), (2, 5)]
    # a rack over the rating has a run of its own, which the check reports
    assert even_runs([900.0, 10.0], CARRIES_KW) == [(0, 1), (1, 2)]


def test_a_generated_gb300_hall_has_no_busway_for_one_rack():
    """An architect's trial: 36 busways of five GB300 racks at 99 % of what they may carry,
    and a 0.6 m busway for each sixth rack. Lines of six now take two busways a side of
    three racks each (426 kW), and the design stays clean."""
    project = generate(ClusterRequest("gb300-su", systems=12, per_row=12))
    kinds = default_catalog().racks
    fed: dict[str, list[float]] = {}
    for rack in project.placements.values():
        for feed_id in rack.feed_ids:
            fed.setdefault(feed_id, []).append(kinds[rack.type_id].max_kw)
    compute = [loads for loads in fed.values() if max(loads) == 142.0]
    assert compute and all(loads == [142.0] * 3 for loads in compute)
    counts = RuleEngine(default_catalog()).run(project).counts()
    assert counts[Severity.ERROR] == counts[Severity.WARNING] == 0
