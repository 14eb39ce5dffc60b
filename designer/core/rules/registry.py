"""Every check the engine runs, family by family, and every code they may emit.

A new family is one more module in ``FAMILIES``; nothing else in the engine changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from designer.core.findings import CodeInfo, Severity
from designer.core.rules import (
    cooling,
    file,
    floor,
    jobs,
    network,
    power,
    resilience,
    site,
    space,
)
from designer.core.rules.check import Check

#: The family modules, each with a ``CHECKS`` tuple, in the order their checks run
#: (``network`` reports the cabling, scale-up and network findings of the network plan).
FAMILIES = (file, space, site, floor, power, cooling, network, jobs, resilience)

CHECKS: tuple[Check, ...] = tuple(check for family in FAMILIES for check in family.CHECKS)

#: The checks a one-shot check may run in a forked copy of the process, beside the others
#: (``RuleEngine.run``): they derive what they read on their own, and no other check reads
#: it (the network plan).
APART = frozenset({"network.plan"})

UNUSED_EXCLUSION = CodeInfo(
    "rules.unused_exclusion",
    "rules",
    "Exclusion matches nothing",
    Severity.INFO,
    "An accepted finding no longer occurs (it was fixed, or its items were deleted); the "
    "exclusion can be removed.",
)
"""Emitted by the engine itself, not by a check."""


def _codes() -> Mapping[str, CodeInfo]:
    codes: dict[str, CodeInfo] = {UNUSED_EXCLUSION.code: UNUSED_EXCLUSION}
    names: set[str] = set()
    for check in CHECKS:
        if check.name in names:
            raise ValueError(f"two checks are named {check.name!r}")
        names.add(check.name)
        for info in check.codes:
            if info.code in codes:
                raise ValueError(f"the rule code {info.code!r} is declared twice")
            if not info.code.startswith(f"{info.family}."):
                raise ValueError(f"the rule code {info.code!r} must start with {info.family!r}.")
            codes[info.code] = info
    return MappingProxyType(codes)


#: Every code any registered check may emit, with its title and default severity.
CODES: Mapping[str, CodeInfo] = _codes()
