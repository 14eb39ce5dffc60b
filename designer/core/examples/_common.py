"""What the example builders share: a fresh document with stable ids, busway runs."""

from __future__ import annotations

from designer.core.document import operations as ops
from designer.core.document.document import Document, sequential_ids
from designer.core.model.project import Project, ProjectMeta


def new_document(name: str, description: str) -> Document:
    """An empty project whose ids are sequential (``rk-001`` ...), so rebuilt files match."""
    project = Project(meta=ProjectMeta(name=name, description=description, date="2026-11-30"))
    return Document(project, ids=sequential_ids())


def busway(
    doc: Document, hall: str, name: str, amps: int, side: str, y: int, x0: int, x1: int
) -> str:
    """A 415 V busway run of ``amps`` along y = ``y`` from ``x0`` to ``x1``."""
    return ops.add_feed(doc, hall, f"busway-{amps}a-415v", [(x0, y), (x1, y)], name, side=side)
