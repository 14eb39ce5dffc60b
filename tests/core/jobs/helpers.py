"""Small clusters and models for the job tests, built by the generator or by hand."""

from __future__ import annotations

from typing import Any

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.document.document import Document, sequential_ids
from designer.core.generate import ClusterRequest, generate
from designer.core.jobs import JobsPlan, plan_jobs
from designer.core.model import TransformerModel

CATALOG = default_catalog()

#: A dense 70-billion-parameter model of 80 layers, hidden 8,192, 8,192 tokens, BF16.
DENSE_70B = TransformerModel(
    parameters=70_000_000_000, layers=80, hidden=8_192, sequence=8_192, precision="bf16"
)


def cluster(preset: str, **options: Any) -> Document:
    """A document holding a generated cluster, with sequential ids for what is added."""
    return Document(generate(ClusterRequest(preset, **options)), ids=sequential_ids())


def with_job(doc: Document, **fields: Any) -> str:
    """Add a job of ``DENSE_70B`` (unless ``model`` is given) to ``doc``."""
    fields.setdefault("model", DENSE_70B)
    return ops.add_job(doc, fields.pop("name", "Job"), **fields)


def planned(doc: Document) -> JobsPlan:
    return plan_jobs(doc.project, CATALOG.with_custom_racks(doc.project.custom_types))


def ring(km: float = 40.0) -> tuple[Document, list[str], dict[frozenset[str], str]]:
    """Four sites of two NVL72 each in a metro ring A - B - C - D - A, ``km`` of fibre a
    route (the generator's mesh less its two diagonals, A - C and B - D); the sites in ring
    order and the route joining each adjacent pair."""
    doc = cluster("nvl72-su", systems=8, sites=4, site_km=km)
    a, b, c, d = doc.project.sites
    for one, other in ((a, c), (b, d)):
        ops.set_fibre_route(doc, one, other, None)
    routes = {frozenset((r.site_a, r.site_b)): r.id for r in doc.project.fibre_routes.values()}
    assert set(routes) == {frozenset(p) for p in ((a, b), (b, c), (c, d), (d, a))}
    return doc, [a, b, c, d], routes


def across_a_and_c(doc: Document, a: str, c: str) -> str:
    """A job of ``DENSE_70B`` kept to sites A and C of the ring: TP 8, PP 2, DP 18 on their
    2 x 144 GPUs, stage 0 in A and stage 1 in C, a global batch of 144 (8 micro-batches)."""
    return with_job(doc, name="Ring job", tp=8, pp=2, dp=18, global_batch=144, where=[a, c])
