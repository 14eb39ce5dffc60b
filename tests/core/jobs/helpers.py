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
