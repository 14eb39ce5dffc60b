"""Connections, stored as bundles: many identical cables between two endpoints."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from designer.core.model.base import Entity, Record

LinkPlane = Literal["nvlink", "ub", "scale_out", "storage", "management", "dci"]


class Endpoint(Record):
    """One end of a bundle: a placement (or, for DCI, a site) and an optional port label."""

    node: Annotated[str, Field(min_length=1)]
    port: str = ""


class Bundle(Entity):
    """``count`` links of ``rate_gbps`` on ``plane`` between endpoints ``a`` and ``b``.

    A 100,000-accelerator cluster has hundreds of thousands of cables; storing them as
    bundles keeps them to thousands of records.
    """

    a: Endpoint
    b: Endpoint
    plane: LinkPlane
    rate_gbps: Annotated[int, Field(gt=0, le=100_000)]
    lane_gbps: Annotated[int, Field(gt=0, le=100_000)]
    count: Annotated[int, Field(gt=0, le=10_000_000)]
    label: str = ""
