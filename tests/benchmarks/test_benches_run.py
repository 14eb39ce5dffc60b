"""Every benchmark script still runs and prints its ratios, on a campus small enough for CI.

The benchmarks are run by hand, at full size, when speed is the question; between those
runs a change of the code they drive (an operation's signature, a panel's attribute) could
break them unnoticed. Here each runs end to end on a campus of a few CloudMatrix384
systems and must print a figure on every line that states a target.
"""

import re

import pytest

TARGET = re.compile(r"(\d+\.\d+)%?\s.*\(target <= [\d.]+ ?%?\)")


def targets_printed(output: str) -> list[str]:
    """The lines that state a target, each checked to carry a figure before it."""
    lines = [line for line in output.splitlines() if "(target" in line]
    for line in lines:
        assert TARGET.search(line), f"no figure on: {line!r}"
    return lines


@pytest.mark.parametrize(
    ("name", "arguments", "targets"),
    [
        ("load_bench", {"systems": (1, 2)}, 2),
        ("check_bench", {"small_systems": 1, "large_systems": 2}, 3),
        ("route_bench", {"small_systems": 1, "large_systems": 2}, 2),
        ("hall_bench", {"systems": 2}, 4),
        ("export_bench", {"systems": 2}, 2),
        ("million_bench", {"accelerators": 3 * 384, "middle_systems": 2, "small_systems": 1}, 2),
        ("resilience_bench", {"systems": 2, "rounds": 1}, 1),
    ],
)
def test_a_benchmark_prints_a_figure_for_each_target(bench, capsys, qapp, name, arguments, targets):
    bench(name).main(**arguments)
    assert len(targets_printed(capsys.readouterr().out)) == targets


def test_the_process_benchmark_checks_a_project_and_prints_its_median(bench, capsys):
    script = bench("check_process_bench")
    script.main(script.ROOT / "projects" / "cm384-supernode.rackplan.json", rounds=2)
    [median] = targets_printed(capsys.readouterr().out)
    assert float(median.split()[-4]) > 0


def test_the_canvas_benchmark_drags_and_prints_its_ratios(bench, capsys, qapp):
    bench("canvas_bench").main(systems=2)
    assert len(targets_printed(capsys.readouterr().out)) == 2  # the repaint and the drag


def test_the_memory_benchmark_runs_its_children_and_prints_the_ratio(bench, capsys):
    bench("memory_bench").main(systems=2, rounds=1)
    out = capsys.readouterr().out
    [ratio] = targets_printed(out)
    assert float(ratio.split()[1]) > 0


def test_the_first_paint_benchmark_runs_its_children_and_prints_the_targets(bench, capsys):
    bench("first_paint_bench").main(systems=2, rounds=1)
    assert len(targets_printed(capsys.readouterr().out)) == 2  # first paint and peak memory
