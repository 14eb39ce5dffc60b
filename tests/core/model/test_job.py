"""The job model: values refused with a reason, a round trip, and older files without jobs."""

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.io.project_file import loads, to_bytes
from designer.core.model import SCHEMA_VERSION, Job, TransformerModel
from tests.core.jobs.helpers import DENSE_70B, cluster, with_job

RACKS = default_catalog().racks


def test_a_moe_model_names_its_expert_parameters_and_a_sensible_top_k():
    with pytest.raises(ValidationError, match="needs the parameters in its experts"):
        TransformerModel(parameters=10**9, layers=2, hidden=64, sequence=8, experts=8)
    with pytest.raises(ValidationError, match="top-k 9 is more than the 8 experts"):
        TransformerModel(
            parameters=10**9,
            layers=2,
            hidden=64,
            sequence=8,
            experts=8,
            top_k=9,
            expert_parameters=10**8,
        )
    with pytest.raises(ValidationError, match="more than the model's"):
        TransformerModel(
            parameters=10**9,
            layers=2,
            hidden=64,
            sequence=8,
            experts=8,
            expert_parameters=2 * 10**9,
        )


def test_ep_needs_experts_to_spread():
    with pytest.raises(ValidationError, match="EP 4 spreads more ranks than the model's 1"):
        Job(id="j", name="J", model=DENSE_70B, ep=4)


def test_a_degree_of_zero_is_refused():
    with pytest.raises(ValidationError, match="greater than or equal to 1"):
        Job(id="j", name="J", model=DENSE_70B, tp=0)


def test_a_project_with_a_job_round_trips_byte_for_byte():
    doc = cluster("nvl72-su")
    with_job(doc, tp=8, pp=2, dp=36, global_batch=288, zero=1, utilisation=0.45)
    first = to_bytes(doc.project)
    again = loads(first, Path("m.rackplan.json"), RACKS)
    assert again.problems == [] and again.project == doc.project
    assert to_bytes(again.project) == first


def test_a_schema_2_file_loads_with_no_jobs():
    raw = json.loads(to_bytes(cluster("nvl72-su").project))
    raw["schema_version"] = 2
    del raw["jobs"]
    result = loads(json.dumps(raw).encode(), Path("old.rackplan.json"), RACKS)
    assert result.migrated and result.file_version == 2
    assert result.project.jobs == {} and result.project.schema_version == SCHEMA_VERSION


def test_deleting_a_site_a_job_is_kept_to_leaves_the_job_its_other_places():
    doc = cluster("nvl72-su", systems=16, sites=2, site_km=40)
    first, second = doc.project.sites
    job = with_job(doc, tp=8, dp=9, global_batch=9, where=[first, second])
    ops.delete(doc, [first])
    assert doc.project.jobs[job].where == [second]
    doc.undo()
    assert doc.project.jobs[job].where == [first, second]
