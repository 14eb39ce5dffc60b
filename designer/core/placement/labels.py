"""The labels new items get: free names counting up from a stem their type suggests.

A rack placed from the catalog is "NVL72-01", the next "NVL72-02"; a row placed after a
rack the architect labelled "GB300-07" goes on from "GB300-".
"""

from __future__ import annotations

import re

from designer.core.document import operations as ops
from designer.core.model.equipment import RackType
from designer.core.model.project import Project
from designer.core.naming import short_name


def name_tag(name: str) -> str:
    """A short stem for automatic labels: the last word of ``name`` holding a number.

    Long words are shortened to their capitals and number: "GB200 NVL72" gives "NVL72",
    "Huawei CloudMatrix384 supernode" gives "CM384".
    """
    tokens = [t for t in re.split(r"[\s/]+", name) if any(c.isdigit() for c in t)]
    if not tokens:
        return ""
    token = tokens[-1]
    if len(token) <= 8:
        return token
    split = re.match(r"([^\d]*)(\d.*)", token)
    letters, digits = (split.group(1), split.group(2)) if split else (token, "")
    return "".join(c for c in letters if c.isupper()) + digits


def label_stem(label: str) -> str:
    """What comes before a label's closing number after a separator ("GB300-" of
    "GB300-07"), or "" when it has none ("NVL72" names a model): a row placed after a rack
    the architect labelled continues its labels, not the catalog's tag."""
    found = re.fullmatch(r"(.*[-_ ./])\d+", label)  # "NVL72" is a model, not a row number
    return found.group(1) if found else ""


def rack_tag(kind: RackType) -> str:
    """The stem of automatic rack labels: "NVL72" for a GB200 NVL72, "NET" for a network rack."""
    if kind.category == "network":
        return "NET"
    return name_tag(short_name(kind)) or "R"


def next_index(project: Project, prefix: str) -> int:
    """One more than the highest number after ``prefix`` among the rack labels: where a
    new row of racks labelled ``prefix`` starts counting."""
    pattern = re.compile(re.escape(prefix) + r"(\d+)$")
    found = [int(m.group(1)) for r in project.placements.values() if (m := pattern.match(r.label))]
    return max(found, default=0) + 1


#: The stem of an automatic name for each kind of cooling unit.
UNIT_STEM = {"cdu": "CDU", "crah": "CRAH", "inrow_cooler": "IRC"}
#: The first automatic label of each kind of obstacle.
OBSTACLE_STEM = {"column": "C1", "keepout": "KO-1", "wall": "W1"}


def obstacle_label(project: Project, kind: str) -> str:
    """A free label for a new obstacle of ``kind``: C1, C2, ... for columns."""
    return ops.free_name((o.label for o in project.obstacles.values()), OBSTACLE_STEM[kind])


def feed_name(project: Project, busway: bool) -> str:
    """A free name for a new busway (Busway 1, ...) or PDU (PDU 1, ...)."""
    return ops.free_name(
        (f.name for f in project.feeds.values()), "Busway 1" if busway else "PDU 1"
    )


def tray_name(project: Project) -> str:
    """A free name for a new cable tray: Tray 1, Tray 2, ..."""
    return ops.free_name((t.name for t in project.trays.values()), "Tray 1")
