"""A row of racks as the designer extends and labels it: which row a selection stands in,
where its next rack goes, and the labels that count along it.

Edit ▸ Place Row offers to carry on the selected row from its far end (``row_extension``),
and Edit ▸ Renumber Row gives its racks labels counting up along it (``row_labels``): after
racks were dropped into a row out of order, "R1-09" stands between "R1-03" and "R1-04".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from designer.core.document import operations as ops
from designer.core.geometry.floor import cooling_box, placement_box
from designer.core.geometry.footprint import Box
from designer.core.model.base import Rotation
from designer.core.model.equipment import RackType
from designer.core.model.project import Project
from designer.core.placement.labels import label_stem, next_index, rack_tag
from designer.core.rules.limits import default_thresholds, resolve


def selected_row(
    project: Project, rack_types: Mapping[str, RackType], ids: Iterable[str]
) -> list[str]:
    """The racks of the row the first selected rack stands in, in order along it; empty
    when no rack is selected. Racks less than the project's row break apart are one row,
    as the checker counts them."""
    first = next((i for i in ids if i in project.placements), None)
    if first is None:
        return []
    limits = resolve(default_thresholds().values, project.settings.rules.thresholds)
    return ops.row_through(project, rack_types, first, limits.row_break_mm or 0)


def row_extension(
    project: Project, rack_types: Mapping[str, RackType], row: list[str], type_id: str, gap_mm: int
) -> tuple[int, int, Rotation]:
    """Where racks of ``type_id`` carry on ``row`` (in order, as ``selected_row`` gives it):
    the corner of the first one, ``gap_mm`` past the last rack and past the in-row CDUs or
    coolers standing against it (the SU's CDU at its end), fronts on the row's line, and
    the row's facing."""
    last = project.placements[row[-1]]
    box = placement_box(last, rack_types)
    kind = rack_types[type_id]
    assert box is not None  # a rack of a row has a footprint
    along_x = last.rotation in (0, 180)
    far = box.x1 if along_x else box.y1
    units = [
        b
        for u in project.cooling_units.values()
        if u.hall_id == last.hall_id and u.mount == "in_row" and (b := cooling_box(u)) is not None
    ]
    moved = True
    while moved:  # unit after unit, as long as each stands against the end so far
        moved = False
        for b in units:
            start, end = (b.x0, b.x1) if along_x else (b.y0, b.y1)
            beside = b.y0 < box.y1 and box.y0 < b.y1 if along_x else b.x0 < box.x1 and box.x0 < b.x1
            if beside and far <= start <= far + gap_mm and end > far:
                far, moved = end, True
    end_box = Box(box.x0, box.y0, far, box.y1) if along_x else Box(box.x0, box.y0, box.x1, far)
    x, y = ops.row_slot(end_box, last.rotation, (kind.width_mm, kind.depth_mm), gap_mm)
    return x, y, last.rotation


def row_prefix(project: Project, rack_types: Mapping[str, RackType], row: list[str]) -> str:
    """The label stem of the row's compute racks: the first one labelled with a number
    after a separator ("R1-" of "R1-03"), else their type's tag ("NVL72-")."""
    racks = [project.placements[i] for i in row]
    compute = [r for r in racks if _kind_of(r.type_id, rack_types) != "network"] or racks
    stems = (label_stem(r.label) for r in compute)
    return next((s for s in stems if s), _tag(compute[0].type_id, rack_types))


def row_labels(
    project: Project, rack_types: Mapping[str, RackType], row: list[str]
) -> dict[str, str]:
    """New labels for the racks of ``row`` (in order): the network racks counting up on
    their stem ("NET-"), the others on the row's (``row_prefix``), each from the lowest
    number its racks hold now, or from the next free one when none holds a number."""
    racks = [project.placements[i] for i in row]
    network = [r for r in racks if _kind_of(r.type_id, rack_types) == "network"]
    others = [r for r in racks if r not in network]
    labels: dict[str, str] = {}
    for members in (others, network):
        if not members:
            continue
        if members is others:
            stem = row_prefix(project, rack_types, row)
        else:
            stem = next((s for r in members if (s := label_stem(r.label))), "NET-")
        pattern = re.compile(re.escape(stem) + r"(\d+)$")
        held = [int(m.group(1)) for r in members if (m := pattern.match(r.label))]
        if held:
            first = min(held)
        else:
            others_project = project.model_copy(
                update={"placements": {k: v for k, v in project.placements.items() if k not in row}}
            )
            first = next_index(others_project, stem)
        for number, rack in enumerate(members, start=first):
            labels[rack.id] = f"{stem}{number:02d}"
    return labels


def _kind_of(type_id: str, rack_types: Mapping[str, RackType]) -> str:
    kind = rack_types.get(type_id)
    return kind.category if kind is not None else ""


def _tag(type_id: str, rack_types: Mapping[str, RackType]) -> str:
    kind = rack_types.get(type_id)
    return f"{rack_tag(kind)}-" if kind is not None else "R-"
