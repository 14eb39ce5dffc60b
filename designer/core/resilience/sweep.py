"""The N-1 sweep: fail every component of a design in turn and rank them by what their
failure takes down.

A component whose failure alone takes accelerators down or cuts them off is a single point
of failure. Ties are broken by the scale-out bisection lost (a spine rack cuts the fabric but
no rack off its leaf), the scale-up bandwidth lost (a UB switch rack of a CloudMatrix384
leaves every rack its domain, at less bandwidth), the survivors pushed over their limits and
the cross-site capacity lost, then by name, so the ranking reads the same run after run.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.core.resilience.components import Component, sweep_components
from designer.core.resilience.impact import Impact, fail
from designer.core.resilience.topology import Topology


@dataclass(frozen=True)
class Ranked:
    """One component and what its failure alone does."""

    component: Component
    impact: Impact

    @property
    def single_point(self) -> bool:
        """True when this failure alone takes accelerators down or cuts them off."""
        return self.impact.accelerators_hit > 0

    def key(self) -> tuple[float, ...]:
        impact = self.impact
        return (
            -impact.accelerators_hit,
            impact.bisection_left_gbps - impact.bisection_gbps,
            impact.scale_up_left_gbps - impact.scale_up_gbps,
            -len(impact.overloads),
            impact.cross_site_left_gbps - impact.cross_site_gbps,
        )


@dataclass(frozen=True)
class Swept:
    """A design's dependencies and its ranking, worked out together: the designer holds
    the last one its Resilience panel showed, and an export of that design draws its
    Resilience sheet from it rather than sweeping again (seconds on a campus)."""

    topology: Topology
    ranked: list[Ranked]


def sweep(topology: Topology) -> list[Ranked]:
    """Every component failed alone, the worst first."""
    ranked = [
        Ranked(component, fail(topology, (component.id,)))
        for component in sweep_components(topology.project, sorted(topology.network_racks))
    ]
    return sorted(ranked, key=lambda r: (*r.key(), r.component.name, r.component.id))
