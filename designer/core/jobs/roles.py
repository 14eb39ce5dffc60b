"""What each rack does for the jobs, as a number to colour it by.

``job``: which job uses the rack (in the project's order of jobs); for one job, ``stage``:
its pipeline stage, ``replica``: its data-parallel replica, ``domain``: which of the job's
scale-up domains (the racks a TP x EP group never leaves). A rack that serves several
groups (a CloudMatrix384 holds 48 groups of 8) takes the first group's role.
"""

from __future__ import annotations

from typing import Literal

from designer.core.jobs.placement import Layout

Role = Literal["job", "stage", "replica", "domain"]

#: Each role as the legend and the menus name one of its values.
ROLE_NOUNS: dict[Role, str] = {
    "job": "Job",
    "stage": "PP stage",
    "replica": "DP replica",
    "domain": "TP domain",
}


def rack_roles(
    layout: Layout, role: Role, job_id: str | None, dp: int = 1, pp: int = 1
) -> dict[str, int]:
    """Each rack's value for ``role``: for ``job`` over every job, otherwise for ``job_id``
    (``dp`` and ``pp``: its DP and PP degrees, which tell a group's stage and replica
    apart in the order its groups were laid)."""
    roles: dict[str, int] = {}
    if role == "job":
        for number, job in enumerate(layout.jobs):
            for rack in layout.racks_of(job):
                roles.setdefault(rack, number)
        return roles
    placed = layout.jobs.get(job_id or "")
    if placed is None:
        return roles
    seen: dict[int, int] = {}
    stages, replicas = placed.stage_and_replica(pp, dp)
    for group, index in enumerate(placed.groups.tolist()):
        if role == "stage":
            value = int(stages[group])
        elif role == "replica":
            value = int(replicas[group])
        else:
            value = seen.setdefault(index, len(seen))
        for rack in layout.domains[index].racks:
            roles.setdefault(rack, value)
    return roles
