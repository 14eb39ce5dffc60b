"""Racks from a spreadsheet, and back: one rack a row, as ``label,type,hall,x,y,facing``.

A row is checked as the properties panel checks a typed value: the type by its catalog id
or name in any case (a miss is told the closest types), the hall by its name or id, x and
y whole millimetres within the floor's limits (``13200.0``, as pandas writes a whole
number, is whole), the facing one of up, right, down, left (or 0, 90, 180, 270). Every bad
cell is named by its line and column with what is wrong ("line 4, column x: '2.5 m' is
not a whole number of millimetres"), every cell of a row checked, in the order of the
sheet, and then nothing is imported: a sheet goes in whole or not at all, and a sheet
without a rack is refused rather than "imported". A row is bad too when its rack would
stand outside its hall, on something, or carries a label another rack of its hall
carries; a mistake the same on many lines is told once with its lines. Cells may be
parted by commas, semicolons (a European spreadsheet's CSV) or tabs, as the first line
shows. Writing the racks of a project in the same columns gives a sheet that reads back to
the same racks.
"""

from __future__ import annotations

import csv
import difflib
import io
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import ValidationError

from designer.core.geometry.footprint import Box, footprint
from designer.core.interop.sheet_overlaps import overlaps
from designer.core.io.safe_read import Unreadable, read_regular_file
from designer.core.model.base import Rotation
from designer.core.model.equipment import RackType
from designer.core.model.placement import Placement
from designer.core.model.project import Project
from designer.core.naming import NotFound, find_named, short_name
from designer.core.network.export import FORMULA_START, as_text
from designer.core.refusal import refusal
from designer.core.rules.layout import HallShape

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

_T = TypeVar("_T")

#: The most bad cells named in one message; the count says how many more.
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

    def footprint(self, rack_types: Mapping[str, RackType]) -> Box:
        """The floor it covers."""
        kind = rack_types[self.type_id]
        return footprint(self.x, self.y, kind.width_mm, kind.depth_mm, self.rotation)


def sheet_text(path: Path) -> str:
    """The text of the sheet at ``path``: UTF-8 (with or without Excel's byte-order mark);
    a ``RackSheetError`` saying why not, for the command and the window alike (the window
    said "[Errno 21] Is a directory" of a folder)."""
    try:
        data = read_regular_file(path, limit=100 << 20)
    except Unreadable as err:
        raise RackSheetError(f"Cannot open {path}: {err}.") from err
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise RackSheetError(
            f"{path.name} is not UTF-8 text (byte {err.start + 1}); save the sheet as "
            '"CSV UTF-8" and try again.'
        ) from err


def _read(reader: Any) -> Iterator[list[str]]:
    """The rows of ``reader``; a line the CSV reader refuses (a cell over its 131,072
    characters, a trial's 10 MB label) is a ``RackSheetError`` naming the line."""
    try:
        yield from reader
    except csv.Error as err:
        raise RackSheetError(
            f"Line {reader.line_num} of the sheet cannot be read as CSV ({err}); no rack is "
            "imported."
        ) from err


def read_rack_sheet(
    text: str, project: Project, rack_types: Mapping[str, RackType]
) -> list[SheetRack]:
    """The racks of the sheet ``text`` for ``project``, or ``RackSheetError`` naming every
    bad cell by its line in the file and its column, and what is wrong with it."""
    text = text.removeprefix("\ufeff")  # Excel writes a BOM
    reader = csv.reader(io.StringIO(text), delimiter=_delimiter(text))
    rows = _read(reader)
    header = next(rows, None)
    if header is None:
        raise RackSheetError(
            "The sheet is empty; its first line names the columns: " + ",".join(COLUMNS) + "."
        )
    names = [h.strip().lower() for h in header]
    unknown = [h for h in names if h not in COLUMNS]
    missing = [c for c in COLUMNS if c not in names and c != "label"]
    twice = sorted({h for h in names if h in COLUMNS and names.count(h) > 1})
    if unknown or missing or twice:
        said = []
        if missing:
            said.append("it has no column " + ", ".join(missing))
        if unknown:
            said.append("it has columns rackplan does not read: " + ", ".join(map(repr, unknown)))
        if twice:
            said.append("it names " + ", ".join(twice) + " twice")
        raise RackSheetError(
            f"Line 1 of the sheet names its columns, and {' and '.join(said)}. The columns are "
            + ",".join(COLUMNS)
            + " (label may be left out)."
        )
    types = _TypeNames(rack_types)
    halls = list(project.halls.values())
    floors = _Floors(project, rack_types)
    racks: list[SheetRack] = []
    lines: list[int] = []  # the line each of ``racks`` was read on
    problems: list[tuple[tuple[str, str], int]] = []
    rows_bad = 0
    ended = reader.line_num  # the line the header ended on
    for row in rows:
        # the line a row starts on: a quoted cell may run over several, and one left open
        # runs to the end of the sheet
        line, ended = ended + 1, reader.line_num
        if not any(cell.strip() for cell in row):
            continue  # a blank line
        if len(row) != len(names):
            rows_bad += 1
        if len(row) < len(names):
            empty = ", ".join(names[len(row) :])
            what = f"{len(row)} values for {len(names)} columns, none for {empty}"
            if any("\n" in cell for cell in row):  # the rest of the sheet read as one cell
                what = (
                    'a quote (") opened on it is never closed, so the rest of the sheet reads '
                    "as one cell"
                )
            problems.append((("", what), line))
            continue
        if len(row) > len(names):
            what = (
                f"{len(row)} values for {len(names)} columns, "
                f"{len(row) - len(names)} past the last ({names[-1]})"
            )
            problems.append((("", what), line))
            continue
        cells = dict(zip(names, (cell.strip() for cell in row), strict=True))
        rack = _Row(cells, line)
        found = rack.checked(types, halls)
        if found is not None:
            floors.place(found, rack)
        if rack.bad:
            rows_bad += 1
            problems += [((column, what), line) for column, what in rack.bad]
        elif found is not None:
            racks.append(found)
            lines.append(line)
    standing = overlaps(
        project, rack_types, [(r.hall_id, r.footprint(rack_types)) for r in racks], lines
    )
    rows_bad += len({line for _, line in standing})
    problems += standing
    if problems:
        told = _grouped(problems, names)
        more = f"; and {len(told) - SHOWN} more" if len(told) > SHOWN else ""
        raise RackSheetError(
            f"{rows_bad} of the sheet's rows cannot be imported, so none is: "
            + "; ".join(told[:SHOWN])
            + more
            + "."
        )
    if not racks:
        raise RackSheetError(
            "The sheet has no racks: under the line naming its columns, no line places one, "
            "so there is nothing to import."
        )
    return racks


def _delimiter(text: str) -> str:
    """What parts the first line's cells: a comma, else the semicolon or tab that parts
    more of it (a European spreadsheet writes "CSV" with semicolons; a trial's sheet was
    read as one unknown column 'label;type;hall;x;y;facing')."""
    first = text.split("\n", 1)[0]
    if "," in first:
        return ","
    return max((";", "\t"), key=first.count) if (";" in first or "\t" in first) else ","


def _grouped(problems: Sequence[tuple[tuple[str, str], int]], columns: Sequence[str]) -> list[str]:
    """Each mistake once, with the lines it is on (a trial's sheet said "no hall named 'Small
    hall'" seven times over), by its first line and then by ``columns``' order, what is
    wrong with a whole row first: as the rows are read in the spreadsheet (a review's sheet
    was told of lines 4, 6 and 7 and then of 2, 3 and 5, those standing on something being
    found last)."""
    lines: dict[tuple[str, str], list[int]] = {}
    for key, line in problems:
        lines.setdefault(key, []).append(line)
    place = {column: k for k, column in enumerate(("", *columns))}
    told = []
    for (column, what), at in sorted(
        lines.items(), key=lambda item: (min(item[1]), place.get(item[0][0], len(place)))
    ):
        where = f"line {at[0]}" if len(at) == 1 else f"lines {_lines(at)}"
        told.append(f"{where}, column {column}: {what}" if column else f"{where}: {what}")
    return told


def _lines(at: Sequence[int]) -> str:
    """'3, 4 and 9'; past six, the first five and how many more ('2, 3, 4, 5, 6 and 3
    more')."""
    if len(at) > 6:
        return ", ".join(map(str, at[:5])) + f" and {len(at) - 5} more"
    return ", ".join(map(str, at[:-1])) + f" and {at[-1]}"


class _Floors:
    """Where a row's rack would stand: within its hall's outline, and under a label no
    other rack of its hall carries (in the project or higher up the sheet)."""

    def __init__(self, project: Project, rack_types: Mapping[str, RackType]) -> None:
        self.project = project
        self.rack_types = rack_types
        self.outlines: dict[str, HallShape] = {}
        # compared as the check's file.duplicate_label compares them: exactly
        self.labels: dict[tuple[str, str], str] = {
            (p.hall_id, p.label): "a rack of the project"
            for p in project.placements.values()
            if p.label
        }

    def place(self, rack: SheetRack, row: _Row) -> None:
        """Tell ``row`` what is wrong with where ``rack`` stands, if anything."""
        kind = self.rack_types[rack.type_id]
        hall = self.project.halls[rack.hall_id]
        if hall.id not in self.outlines:
            self.outlines[hall.id] = HallShape.of(hall)
        covered = rack.footprint(self.rack_types)
        if not self.outlines[hall.id].covers(covered):
            row.bad.append(
                (
                    "",
                    f"the rack at x {rack.x:,}, y {rack.y:,} ({kind.width_mm:,} x "
                    f"{kind.depth_mm:,} mm) stands outside hall {hall.name!r}",
                )
            )
        if rack.label:
            key = (hall.id, rack.label)
            if key in self.labels:
                row.bad.append(
                    (
                        "label",
                        f"{rack.label!r} is already the label of {self.labels[key]} in "
                        f"{hall.name!r}",
                    )
                )
            elif not row.bad:  # a row refused takes no label from the rows after it
                self.labels[key] = f"the rack of line {row.line}"


class _Bad(ValueError):
    """One cell's value is wrong."""


class _TypeNames:
    """Rack types by id, or by id or name in any case: a review's sheet had its names taken
    in lower case but an id in upper case refused. A miss is told the closest types."""

    #: How alike (difflib's ratio) a miss and a type's spelling must be to suggest the type.
    CLOSE = 0.6

    def __init__(self, rack_types: Mapping[str, RackType]) -> None:
        self.by_id = rack_types
        self.folded: dict[str, list[str]] = {}  # each id and name in any case: its types
        for kind in rack_types.values():
            for spelling in dict.fromkeys((kind.id.casefold(), kind.name.casefold())):
                self.folded.setdefault(spelling, []).append(kind.id)
        self.missed: dict[str, str] = {}  # a sheet's misses repeat, row after row

    def find(self, text: str) -> str:
        """The id of the type ``text`` is the id or name of: exactly, else in any case; a
        ``_Bad`` if it is none's, or in any case more than one's, never a guess."""
        if text in self.by_id:
            return text
        found = list(dict.fromkeys(self.folded.get(text.casefold(), [])))
        if len(found) == 1:
            return found[0]
        if found:
            raise _Bad(
                f"{text!r} names {len(found)} types; give its id as written ({', '.join(found)})"
            )
        if text not in self.missed:
            self.missed[text] = self._closest(text)
        raise _Bad(f"{text!r} is no rack type of the catalog or the project{self.missed[text]}")

    def _closest(self, text: str) -> str:
        """What to suggest for ``text``, " (did you mean 'nvidia-gb200-nvl72'?)", or "": the
        types one of whose id, name or short name ("GB200 NVL72") is most like it, as
        difflib rates them for a mistyped command; every type as alike when several are, so
        that none is picked among equals."""
        matcher = difflib.SequenceMatcher(b=text.casefold())
        alike: dict[str, float] = {}
        for kind in self.by_id.values():
            for spelling in (kind.id, kind.name, short_name(kind)):
                matcher.set_seq1(spelling.casefold())
                alike[kind.id] = max(alike.get(kind.id, 0.0), matcher.ratio())
        best = max(alike.values(), default=0.0)
        if best < self.CLOSE:
            return ""
        closest = [repr(type_id) for type_id, ratio in alike.items() if ratio == best]
        return f" (did you mean {' or '.join(closest)}?)"


#: The column of each field of a placement that a row gives.
_COLUMN_OF = {
    "type_id": "type",
    "hall_id": "hall",
    "x": "x",
    "y": "y",
    "rotation": "facing",
    "label": "label",
}


class _Row:
    """One row's cells, each checked on its own: ``bad`` holds (column, what is wrong) for
    every cell refused, so a row with two mistakes is told both."""

    def __init__(self, cells: Mapping[str, str], line: int) -> None:
        self.cells = cells
        self.line = line
        self.bad: list[tuple[str, str]] = []

    def _cell(self, column: str, read: Callable[[str], _T]) -> _T | None:
        try:
            return read(self.cells[column])
        except (_Bad, NotFound) as err:
            text = str(err).rstrip(".")
            self.bad.append((column, text[:1].lower() + text[1:]))
            return None

    def checked(self, types: _TypeNames, halls: Sequence[object]) -> SheetRack | None:
        """The rack of this row, or None with ``bad`` saying why."""
        type_id = self._cell("type", types.find)
        hall_id = self._cell(
            "hall",
            lambda text: find_named(halls, _label(text), "hall", "the hall column"),  # type: ignore[arg-type]
        )
        x, y = self._cell("x", _whole_mm), self._cell("y", _whole_mm)
        rotation = self._cell("facing", _facing)
        label = _label(self.cells.get("label", ""))
        if type_id is None or hall_id is None or x is None or y is None or rotation is None:
            return None
        try:  # the limits a typed value meets: the model's own
            Placement(
                id="rk",
                hall_id=hall_id,
                type_id=type_id,
                x=x,
                y=y,
                rotation=rotation,
                label=label,
            )
        except ValidationError as err:
            for error in err.errors():
                field = str(error["loc"][0]) if error["loc"] else ""
                self.bad.append((_COLUMN_OF.get(field, field), _refused(error)))
            return None
        return SheetRack(label, type_id, hall_id, x, y, rotation)


#: A whole number as a spreadsheet writes one (Python's ``int`` also takes "1_6000"), or
#: as pandas writes one from a column of floats ("13200.0").
_WHOLE = re.compile(r"([+-]?[0-9]+)(?:\.0*)?")


def _whole_mm(text: str) -> int:
    whole = _WHOLE.fullmatch(text)
    if whole is None:
        raise _Bad(f"{text!r} is not a whole number of millimetres")
    return int(whole[1])


def _refused(error: Any) -> str:
    """What is wrong with a value the model refused, in the sheet's words, not the
    validator's (an audit read "Input should be less than or equal to 100000000")."""
    refused = refusal(error)
    shown = repr(refused.value)
    if len(shown) > 40:
        shown = shown[:39] + "…"
    if refused.too_large:
        return f"{shown} is past the most rackplan takes, {refused.limit:,}"
    if refused.too_small:
        return f"{shown} is below the least rackplan takes, {refused.limit:,}"
    if refused.bound == "max_length":
        return f"{shown} is longer than the {refused.limit:,} characters it may have"
    return f"{shown}: {refused.reason}"


def _facing(text: str) -> Rotation:
    try:
        return _FACINGS[text.lower()]
    except KeyError:
        raise _Bad(f"{text!r} is none of up, right, down, left (or 0, 90, 180, 270)") from None


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
                as_text(rack.label),
                rack.type_id,
                as_text(hall_of[rack.hall_id]),
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
