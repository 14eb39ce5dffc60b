"""Two designs compared job by job: each job's step and its time on each plane, matched by
the job's name, and a job one design lacks shown as lacking, not as a step of 0 s."""

import pytest

from designer.core.energy.compare import compare, design_figures
from designer.core.energy.text import cells
from tests.core.jobs.helpers import CATALOG, cluster, with_job


def two_nvl72(oversubscription: float, **job):
    """Two GB200 NVL72 (144 GPUs, 400 Gb/s NICs) at a leaf oversubscription, with the job
    "llama70b" (70B dense, BF16, 8,192 tokens) of TP 8 x DP 18 and 144 sequences a step
    unless ``job`` says otherwise."""
    doc = cluster("nvl72-su", systems=2, oversubscription=oversubscription)
    with_job(doc, **{"name": "llama70b", "tp": 8, "dp": 18, "global_batch": 144, **job})
    return design_figures(doc.project, CATALOG)


def rows_of(a, b):
    return {r.label: r for r in compare(a, b) if r.key.startswith("jobs/")}


def test_a_job_at_two_oversubscriptions_differs_in_its_scale_out_time():
    """Each GPU all-reduces its 70e9 / 8 x 2 B = 17.5 GB of gradients over 18 replicas in
    two NVL72s: 2 x 17 / 18 x 17.5 GB = 33.06 GB a step over the scale-out, at 400 / 2 =
    200 Gb/s 1,322.22 ms, at 1:1 661.11 ms. The step: 6 x 70e9 x 144 x 8,192 FLOPs over 144
    GPUs at 2.5 PFLOPS BF16 and 40 % is 3.44 s, one stage (no fill and drain), the same in
    both; the scale-up carries TP alike in both."""
    rows = rows_of(two_nvl72(2), two_nvl72(1))
    assert list(rows) == [
        "Job llama70b: step, compute with fill and drain (s)",
        "Job llama70b: scale-up time a step (ms)",
        "Job llama70b: scale-out time a step (ms)",
    ]
    step = rows["Job llama70b: step, compute with fill and drain (s)"]
    assert step.a == step.b == pytest.approx(3.441, abs=1e-3)
    assert cells(step) == ("3.44", "3.44", "=")
    out = rows["Job llama70b: scale-out time a step (ms)"]
    assert (out.a, out.b) == (pytest.approx(1_322.222), pytest.approx(661.111))
    assert cells(out) == ("1,322.22", "661.11", "−661.11")
    assert not rows["Job llama70b: scale-up time a step (ms)"].differs


def test_a_step_counts_the_pipelines_fill_and_drain():
    """PP 2 over the two racks: 144 sequences / DP 9 = 16 micro-batches a pipeline, the fill
    and drain (2 - 1) / 16 = 6.25 % on the 3.44 s of compute, 3.66 s a step."""
    rows = rows_of(two_nvl72(2, pp=2, dp=9), two_nvl72(2, pp=2, dp=9))
    step = rows["Job llama70b: step, compute with fill and drain (s)"]
    assert step.a == pytest.approx(3.44064 * 1.0625, abs=1e-3)


def test_a_job_one_design_lacks_reads_as_lacking_there_not_as_zero():
    with_job_a, without = two_nvl72(2), two_nvl72(2, name="llama8b")
    rows = rows_of(with_job_a, without)
    step = rows["Job llama70b: step, compute with fill and drain (s)"]
    assert (step.b, step.difference, step.missing) == (None, None, ("", "no such job"))
    assert cells(step) == ("3.44", "no such job", "only in A")
    out = rows["Job llama70b: scale-out time a step (ms)"]
    assert cells(out) == ("1,322.22", "no such job", "only in A")
    # the job only B holds, after A's: its own rows, A's side lacking it
    other = rows["Job llama8b: step, compute with fill and drain (s)"]
    assert cells(other) == ("no such job", "3.44", "only in B")
    assert list(rows).index("Job llama8b: step, compute with fill and drain (s)") == 3


def test_a_job_one_design_cannot_place_reads_as_not_placed():
    """DP 36 asks for 288 GPUs of the two racks' 144."""
    rows = rows_of(two_nvl72(2), two_nvl72(2, dp=36, global_batch=288))
    step = rows["Job llama70b: step, compute with fill and drain (s)"]
    assert cells(step) == ("3.44", "not placed", "only in A")
    assert step.differs
