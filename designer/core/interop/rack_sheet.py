"""Racks from a spreadsheet, and back: one rack a row, as ``label,type,hall,x,y,facing``.

A row is checked as the properties panel checks a typed value: the type by its catalog id
or name, the hall by its name or id, x and y whole millimetres within the floor's limits,
the facing one of up, right, down, left (or 0, 90, 180, 270). Every bad row is named with
its line, and then nothing is imported: a sheet goes in whole or not at all. Writing the
racks of a project in the same columns gives a sheet that reads back to the same racks.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from pydantic import ValidationError

from designer.core.model.base import Rotation
from designer.core.model.equipment import RackType
from designer.core.model.placement import Placement
from designer.core.model.project import Project
from designer.core.naming import NotFound, find_named
from designer.core.network.export import _FORMULA_START as FORMULA_START
from designer.core.network.export import _as_text

#: The columns of a rack sheet, in the order they are written.
COLUMNS = ("label", "type", "hall", "x", "y", "facing")

#: The words of the facing column, by rotation (the front faces up the plan at 0).
FACING_WORDS: dict[int, str] = {0: "up", 90: "right", 180: "down", 270: "left"}
_FACINGS: dict[str, Rotation] = {
    **{word: rotation for rotation, word in FACING_WORDS.items()},  # type: ignore[misc]
    "0": 0,
    "90": 90,
    "180": 180,
    "270": 270,
}

#: The most bad rows named in one message; the count says how many more.
SHOWN = 20


class RackSheetError(ValueError):
    """The sheet cannot be imported; the message names each bad row by its line."""


@dataclass(frozen=True)
class SheetRack:
    """One row, checked: the rack it places."""

    label: str
    type_id: str
    hall_id: str
    x: int
    y: int
    rotation: Rotation


def read_rack_sheet(
    text: str, project: Project, rack_types: Mapping[str, RackType]
) -> list[SheetRack]:
    """The racks of the sheet ``text`` for ``project``, or ``RackSheetError`` naming every
    bad row (by its line in the file) and what is wrong with it."""
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff")))  # Excel writes a BOM
    header = next(reader, None)
    if header is None:
        raise RackSheetError(
            "The sheet is empty; its first line names the columns: " + ",".join(COLUMNS) + "."
        )
    names = [h.strip().lower() for h in header]
    unknown = [h for h in names if h not in COLUMNS]
    missing = [c for c in COLUMNS if c not in names and c != "label"]
    if unknown or missing:
        said = []
        if missing:
            said.append("it has no column " + ", ".join(missing))
        if unknown:
            said.append("it has columns rackplan does not read: " + ", ".join(map(repr, unknown)))
        raise RackSheetError(
            f"Line 1 of the sheet names its columns, and {' and '.join(said)}. The columns are "
            + ",".join(COLUMNS)
            + " (label may be left out)."
        )
    types = _TypeNames(rack_types)
    halls = list(project.halls.values())
    racks, problems = [], []
    for row in reader:
        line = reader.line_num
        if not any(cell.strip() for cell in row):
            continue  # a blank line
        if len(row) != len(names):
            problems.append(f"line {line}: {len(row)} values for {len(names)} columns")
            continue
        cells = dict(zip(names, (cell.strip() for cell in row), strict=True))
        try:
            racks.append(_rack(cells, types, halls))
        except (_Bad, NotFound) as err:
            problems.append(f"line {line}: {err}")
    if problems:
        more = f"; and {len(problems) - SHOWN} more" if len(problems) > SHOWN else ""
        raise RackSheetError(
            f"{len(problems)} of the sheet's rows cannot be imported, so none is: "
            + "; ".join(problems[:SHOWN])
            + more
            + "."
        )
    return racks


class _Bad(ValueError):
    """One cell's value is wrong."""


class _TypeNames:
    """Rack types by id, or by name in any case (ids are lower case)."""

    def __init__(self, rack_types: Mapping[str, RackType]) -> None:
        self.by_id = rack_types
        self.by_name: dict[str, list[str]] = {}
        for kind in rack_types.values():
            self.by_name.setdefault(kind.name.casefold(), []).append(kind.id)

    def find(self, text: str) -> str:
        if text in self.by_id:
            return text
        found = self.by_name.get(text.casefold(), [])
        if len(found) == 1:
            return found[0]
        if found:
            raise _Bad(f"type {text!r} names {len(found)} types; give its id ({', '.join(found)})")
        raise _Bad(f"type {text!r} is no rack type of the catalog or the project")


def _whole_mm(cells: Mapping[str, str], column: str) -> int:
    text = cells[column].replace("_", "")
    try:
        return int(text)
    except ValueError:
        raise _Bad(f"{column} {cells[column]!r} is not a whole number of millimetres") from None


def _rack(cells: Mapping[str, str], types: _TypeNames, halls: Sequence[object]) -> SheetRack:
    type_id = types.find(cells["type"])
    hall_id = find_named(halls, _label(cells["hall"]), "hall", "the hall column")  # type: ignore[arg-type]
    x, y = _whole_mm(cells, "x"), _whole_mm(cells, "y")
    facing = cells["facing"].lower()
    if facing not in _FACINGS:
        raise _Bad(
            f"facing {cells['facing']!r} is none of up, right, down, left (or 0, 90, 180, 270)"
        )
    label = _label(cells.get("label", ""))
    try:  # the limits a typed value meets: the model's own
        Placement(
            id="rk",
            hall_id=hall_id,
            type_id=type_id,
            x=x,
            y=y,
            rotation=_FACINGS[facing],
            label=label,
        )
    except ValidationError as err:
        first = err.errors()[0]
        raise _Bad(
            f"{'.'.join(map(str, first['loc']))} {first['input']!r}: {first['msg']}"
        ) from None
    return SheetRack(label, type_id, hall_id, x, y, _FACINGS[facing])


def rack_sheet(project: Project, racks: Iterable[Placement] | None = None) -> str:
    """The racks of ``project`` (or ``racks``) in the sheet's columns, in the project's
    order: what ``read_rack_sheet`` reads back to the same racks."""
    # a hall by its name, or by its id where two halls share the name
    named = Counter(h.name.strip().casefold() for h in project.halls.values())
    hall_of = {
        h.id: h.name if named[h.name.strip().casefold()] == 1 else h.id
        for h in project.halls.values()
    }
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for rack in project.placements.values() if racks is None else racks:
        writer.writerow(
            (
                _as_text(rack.label),
                rack.type_id,
                _as_text(hall_of[rack.hall_id]),
                rack.x,
                rack.y,
                FACING_WORDS[rack.rotation],
            )
        )
    return out.getvalue()


def _label(text: str) -> str:
    """A label as the sheet holds it, less the apostrophe that keeps a spreadsheet from
    running it as a formula (written by ``rack_sheet``, hidden by the spreadsheet)."""
    if text.startswith("'") and text[1:].startswith(FORMULA_START):
        return text[1:]
    return text
