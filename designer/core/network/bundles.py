"""Bundles as columns: one array per field, one row per bundle.

A 6,912-rack campus has tens of thousands of bundles and hundreds of thousands of cables;
the planner keeps them as a few numpy arrays (and tuples of the ids they name, which are
the project's own strings) so routing and media selection run over whole columns.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import chain
from typing import NamedTuple

import numpy as np

from designer.core.network.media import PLANE_INDEX, PROTOCOL_INDEX


class Row(NamedTuple):
    """One bundle as a generator emits it.

    ``role`` says what it is for: a fabric tier (``node-leaf``, ``leaf-spine``,
    ``spine-core``), a system's scale-up wiring (``ub``, ``nvlink``), the link between two
    sites (``dci``), or ``drawn`` by the architect.
    """

    a: str
    b: str
    plane: str
    rate_gbps: int
    lane_gbps: int
    # A field named count hides tuple.count, which nothing calls on a Row: the bundle's
    # cable count is what the generators and the table mean by the name.
    count: int  # type: ignore[assignment]
    protocol: str
    role: str
    bundle_id: str = ""


@dataclass(frozen=True, eq=False)
class BundleTable:
    """Bundles as columns; ``bundle_id`` is the id of a drawn bundle, ``""`` otherwise."""

    a: tuple[str, ...]
    b: tuple[str, ...]
    plane: np.ndarray
    rate: np.ndarray
    lane: np.ndarray
    count: np.ndarray
    protocol: np.ndarray
    role: tuple[str, ...]
    bundle_id: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.a)

    @cached_property
    def ends(self) -> tuple[list[str], np.ndarray]:
        """The distinct nodes the bundles name, in the order met, and each bundle end's
        index among them: end a of every bundle, then end b (``coded``). Worked out once per
        table: the planner sums port use by it, and after an edit finds by it the bundles
        of the racks that moved (a campus site's fabric has 19,000 bundles)."""
        return coded(self.a + self.b)

    def rows_at(self, nodes: Collection[str]) -> np.ndarray:
        """Indexes of the bundles with an end at one of ``nodes``."""
        names, ends = self.ends
        at = np.fromiter(map(nodes.__contains__, names), dtype=bool, count=len(names))[ends]
        return np.flatnonzero(at[: len(self)] | at[len(self) :])

    @classmethod
    def from_rows(cls, rows: Sequence[Row]) -> BundleTable:
        """A table of ``rows`` in their order."""
        if not rows:
            return EMPTY
        a, b, plane, rate, lane, count, protocol, role, bundle_id = zip(*rows, strict=True)
        return cls(
            a=a,
            b=b,
            plane=np.array([PLANE_INDEX[p] for p in plane], dtype=np.int8),
            rate=np.array(rate, dtype=np.int64),
            lane=np.array(lane, dtype=np.int64),
            count=np.array(count, dtype=np.int64),
            protocol=np.array([PROTOCOL_INDEX[p] for p in protocol], dtype=np.int8),
            role=role,
            bundle_id=bundle_id,
        )

    def nodes(self) -> set[str]:
        """Every endpoint the bundles name."""
        return set(self.a) | set(self.b)

    def take(self, rows: np.ndarray) -> BundleTable:
        """A table of the rows at ``rows``, in that order."""
        picked = rows.tolist()
        return BundleTable(
            a=tuple(self.a[i] for i in picked),
            b=tuple(self.b[i] for i in picked),
            plane=self.plane[rows],
            rate=self.rate[rows],
            lane=self.lane[rows],
            count=self.count[rows],
            protocol=self.protocol[rows],
            role=tuple(self.role[i] for i in picked),
            bundle_id=tuple(self.bundle_id[i] for i in picked),
        )


EMPTY = BundleTable(
    a=(),
    b=(),
    plane=np.zeros(0, dtype=np.int8),
    rate=np.zeros(0, dtype=np.int64),
    lane=np.zeros(0, dtype=np.int64),
    count=np.zeros(0, dtype=np.int64),
    protocol=np.zeros(0, dtype=np.int8),
    role=(),
    bundle_id=(),
)


def coded(names: Sequence[str]) -> tuple[list[str], np.ndarray]:
    """The distinct ``names`` in the order met, and each name's index among them.

    The planner sums and looks up per node by these codes: the dicts are made by C loops
    (``dict.fromkeys``, ``map``), as a campus's tables name nodes 150,000 times.
    """
    code = {name: i for i, name in enumerate(dict.fromkeys(names))}
    return list(code), np.fromiter(map(code.__getitem__, names), dtype=np.int64, count=len(names))


def concat(tables: Iterable[BundleTable]) -> BundleTable:
    """One table holding the rows of ``tables`` in order."""
    tables = [t for t in tables if len(t)]
    if not tables:
        return EMPTY
    if len(tables) == 1:
        return tables[0]

    def joined(name: str) -> tuple[str, ...]:
        return tuple(chain.from_iterable(getattr(t, name) for t in tables))

    def stacked(name: str) -> np.ndarray:
        return np.concatenate([getattr(t, name) for t in tables])

    return BundleTable(
        a=joined("a"),
        b=joined("b"),
        plane=stacked("plane"),
        rate=stacked("rate"),
        lane=stacked("lane"),
        count=stacked("count"),
        protocol=stacked("protocol"),
        role=joined("role"),
        bundle_id=joined("bundle_id"),
    )
