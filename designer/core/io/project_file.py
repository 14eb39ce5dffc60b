"""Load and save project files.

Load: read -> parse JSON -> check it is a rackplan project -> refuse a newer schema ->
migrate step by step -> validate -> report integrity problems (unknown rack types,
dangling ids) without refusing the file, so no work is lost to one bad reference.
Save: serialize in memory, then write atomically. Every way a file can be wrong becomes a
``ProjectFileError`` whose message is one paragraph naming the file, the place (line or
field) and what was expected.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain
from pathlib import Path
from typing import Any, get_args, get_origin

from pydantic import ValidationError
from pydantic_core import PydanticSerializationError

from designer.core.collector import collector_paused
from designer.core.document.integrity import describe, inconsistencies
from designer.core.format import plural
from designer.core.io.atomic import (
    atomic_write_bytes,
    describe_write_error,
    remove_stale_temporaries_of,
)
from designer.core.io.canonical_json import dumps
from designer.core.io.migrations import STRICT_FROM, MigrationError, upgrade
from designer.core.io.printable import printable
from designer.core.io.safe_read import Unreadable, read_regular_file
from designer.core.io.strict_json import JsonRefused, first_unencodable, lone_surrogate, parse
from designer.core.model.equipment import RackType
from designer.core.model.placement import Placement
from designer.core.model.project import FORMAT, SCHEMA_VERSION, Project
from designer.core.rack_columns import RackColumns

#: What is left of a JSON file cut inside a value: the start of null, true, false or a
#: number (or nothing at all).
_PART_OF_A_VALUE = re.compile(r"n(u(ll?)?)?|t(r(ue?)?)?|f(a(l(se?)?)?)?|-?[\d.eE+-]*")

#: The extension rackplan gives its files (they are plain JSON).
SUFFIX = ".rackplan.json"

#: The longest a value or a name from the file is shown in a message.
_SHOWN = 80


class ProjectFileError(Exception):
    """A project file cannot be read or written; ``str(err)`` is the user-facing message."""


@dataclass(frozen=True)
class FileProblem:
    """Something wrong inside a file that still loads: a code, a sentence and the ids.

    ``meanwhile`` says what the designer and ``check`` make of it until it is fixed; a
    command that refuses the file leaves it out, as it makes nothing of it."""

    code: str
    problem: str
    ids: tuple[str, ...]
    meanwhile: str = ""

    @property
    def message(self) -> str:
        return f"{self.problem} {self.meanwhile}".strip()


@dataclass(frozen=True)
class LoadResult:
    """A loaded project, the schema its file had, and what is wrong inside it.

    What is wrong is worked out when first asked for: ``check`` does not ask, as its own
    ``file.integrity`` rule finds the same (on the 100k campus, some 60 ms a load)."""

    project: Project
    path: Path
    file_version: int
    #: the rack types the project's racks may name: the catalog's and its own
    known: Mapping[str, RackType] = field(default_factory=dict, repr=False)

    @cached_property
    def problems(self) -> list[FileProblem]:
        """What is wrong inside the file that still loads (an unknown rack type, a dangling
        id), each with what the designer and ``check`` make of it meanwhile."""
        return integrity_problems(self.project, self.known)

    @property
    def migrated(self) -> bool:
        """True when the file was written by an older version and will be upgraded on save."""
        return self.file_version < SCHEMA_VERSION


def to_bytes(project: Project) -> bytes:
    """The file contents for ``project``: canonical, UTF-8, ending with a newline."""
    return dumps(project.model_dump(mode="json")).encode("utf-8")


def unencodable_text(project: Project, racks: RackColumns | None = None) -> str | None:
    """Which text of ``project`` no encoder writes, as a message says it ("the text of
    placements -> rk-001 -> label is not valid Unicode ..."); None when all of it is valid.

    The loader refuses a lone surrogate in a file, but one pasted into the designer is held
    in memory: saving it fails in the encoder, and a PDF painted with it crashes inside
    Qt's font fallback. Asked before either; pydantic's serializer tells in a blink whether
    there is one, and only then is the project walked for where. ``racks``: the project's
    ``rack_columns``, when the caller has read them (an export): the racks' texts are then
    encoded straight from their columns, and the serializer asked of the rest only (the
    racks are three quarters of a campus's 20 ms)."""
    try:
        if racks is None:
            project.model_dump_json()
        else:
            project.model_dump_json(exclude={"placements"})
            "\n".join(_rack_texts(project, racks)).encode("utf-8")
    except (PydanticSerializationError, UnicodeEncodeError):
        where = first_unencodable(project.model_dump(mode="json"))
    else:
        return None
    if where is None:
        return None
    return (
        f"the text of {printable(' -> '.join(where), limit=_SHOWN)} is not valid Unicode "
        "(half of a surrogate pair, alone); type it again."
    )


#: The fields of a placement holding text, each with whether it is a list of texts: the
#: columns of ``RackColumns`` (one per field of ``Placement``) ``_rack_texts`` reads.
_RACK_TEXTS = tuple(
    (name, get_origin(info.annotation) is list)
    for name, info in Placement.model_fields.items()
    if str in (info.annotation, *get_args(info.annotation))
)


def _rack_texts(project: Project, racks: RackColumns) -> Iterator[str]:
    """Every text of the project's racks, read from their columns, and their keys."""
    yield from project.placements
    for name, listed in _RACK_TEXTS:
        column = getattr(racks, name)
        yield from chain.from_iterable(column) if listed else filter(None, column)


def save(project: Project, path: Path) -> None:
    """Write ``project`` to ``path`` atomically; the old file survives any failure, and a
    project holding text no encoder writes (a lone surrogate pasted in) is not written."""
    try:
        data = to_bytes(project)
    except UnicodeEncodeError as err:
        problem = unencodable_text(project) or "some text is not valid Unicode."
        raise ProjectFileError(f"Cannot save to {path}: {problem} The file is unchanged.") from err
    try:
        atomic_write_bytes(path, data)
    except OSError as err:
        raise ProjectFileError(describe_write_error(path, err)) from err
    remove_stale_temporaries_of(path)  # what saves killed before this one left


def load(path: Path, rack_types: Mapping[str, RackType]) -> LoadResult:
    """Read the project at ``path``; ``rack_types`` are the catalog's rack types. A pipe, a
    device or a file over ``MAX_FILE_BYTES`` is refused before anything is read."""
    try:
        data = read_regular_file(path)
    except Unreadable as err:
        raise ProjectFileError(f"Cannot open {path}: {err}.") from err
    remove_stale_temporaries_of(path)  # what saves killed mid-way left beside it
    return loads(data, path, rack_types)


@collector_paused()  # parsing and validating a campus is a pass over the whole project
def loads(data: bytes, path: Path, rack_types: Mapping[str, RackType]) -> LoadResult:
    """Parse, migrate and validate the bytes of a project file read from ``path``.

    The cycle collector is paused meanwhile, as for a check: the parsed dicts and lists and
    the models made from them are hundreds of thousands of objects in no cycle, and each
    collection they set off walks them all again (the 6,912-rack campus set off 107, and a
    27,648-rack file loaded in 4 to 7x its ``json.loads``, 2.3 to 3.2x with it paused).
    """
    try:
        # a file saved by an editor that marks UTF-8 (Notepad) starts with a byte order
        # mark, which JSON does not allow: read past it (a trial's was refused)
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as err:
        raise ProjectFileError(
            f"{path} is not a rackplan project: it is not UTF-8 text (byte {err.start} cannot "
            "be decoded). rackplan projects are JSON files."
        ) from err
    if not text.strip():
        raise ProjectFileError(
            f"{path} is empty: there is no project in it. It may have been cut short when it "
            "was copied; open a backup of it."
        )
    try:
        raw = parse(text)
    except JsonRefused as err:
        raise ProjectFileError(f"{path} cannot be opened: {err.problem}.") from err
    except json.JSONDecodeError as err:
        # the JSON stops before its end: nothing but part of one value follows the error
        # ("nu" of a null, half a number), or a string never closes (a hand edit missing a
        # quote is closed by the next one)
        tail = text[err.pos :].rstrip()
        if _PART_OF_A_VALUE.fullmatch(tail) or err.msg.startswith("Unterminated string"):
            raise ProjectFileError(
                f"{path} is cut short: its JSON stops at line {err.lineno} before the project "
                "ends (an interrupted copy or a full disk). Open a backup of it."
            ) from err
        raise ProjectFileError(
            f"{path} is not a rackplan project: it is not valid JSON ({err.msg} at line "
            f"{err.lineno}, column {err.colno}). If you edited it by hand, look for a missing "
            "comma or quote there."
        ) from err
    if (where := lone_surrogate(text, raw)) is not None:
        alone = "it is not valid Unicode text (half of a surrogate pair, \\ud800 to \\udfff, alone)"
        raise ProjectFileError(_wrong(path, text, raw, where, alone))
    version = _check_header(raw, path)
    if version < SCHEMA_VERSION:
        try:
            raw = upgrade(raw, version)
        except MigrationError as err:
            message = f"expected {err.expected}{_found(err.found)}"
            raise ProjectFileError(_wrong(path, text, raw, err.loc, message)) from err
    try:
        project = Project.model_validate(raw, strict=version >= STRICT_FROM)
    except ValidationError as err:
        raise ProjectFileError(_invalid(path, text, err, raw)) from err
    known = dict(rack_types)
    known.update(project.custom_types)
    return LoadResult(project, path, version, known)


#: What a JSON value is, in JSON's words (a trial read "a JSON NoneType").
_JSON_KINDS: dict[type, str] = {
    list: "a JSON list",
    str: "a JSON string",
    int: "a JSON number",
    float: "a JSON number",
    bool: "JSON true or false",
    type(None): "JSON null",
}


def _check_header(raw: Any, path: Path) -> int:
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        found = _JSON_KINDS.get(type(raw), "JSON of another kind")
        if isinstance(raw, dict):
            found = "JSON without it"
        raise ProjectFileError(
            f"{path} is not a rackplan project file: a project starts with "
            f'"schema_version" and "format": "{FORMAT}", and this file is {found}.'
        )
    version = raw.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ProjectFileError(
            f"{path} has no usable schema version: expected a whole number such as "
            f'"schema_version": {SCHEMA_VERSION}, found {_shown(version)}.'
        )
    if version > SCHEMA_VERSION:
        raise ProjectFileError(
            f"{path} was written by a newer rackplan (schema version {version}); this version "
            f"reads schema versions 1 to {SCHEMA_VERSION}. Install a newer rackplan to open it; "
            "the file has not been changed."
        )
    return version


def _invalid(path: Path, text: str, err: ValidationError, raw: Any) -> str:
    """One paragraph for the first validation error, with the field path and its line."""
    first = err.errors(include_url=False)[0]
    loc = [str(part) for part in first["loc"]]
    if first["type"] == "missing":  # "the field meta is wrong: Field required" (a trial)
        return f"{path} cannot be opened: {_field(text, raw, loc)} is missing."
    message = first["msg"].removeprefix("Value error, ") + _found(first.get("input"))
    more = err.error_count() - 1
    tail = ""
    if more:
        tail = f" {plural(more, 'more problem')} follow{'s' if more == 1 else ''} this one."
    return _wrong(path, text, raw, loc, message) + tail


def _wrong(path: Path, text: str, raw: Any, loc: list[str], message: str) -> str:
    """One paragraph: the field at ``loc`` (named, with its line) is wrong, ``message``."""
    return f"{path} cannot be opened: {_field(text, raw, loc)} is wrong: {message}."


def _field(text: str, raw: Any, loc: list[str]) -> str:
    """The field at ``loc`` as a message names it, with its line where it has one."""
    where = " -> ".join(printable(part, limit=_SHOWN) for part in _named(raw, loc))
    line = _line_of(text, loc)
    at = f" (line {line})" if line else ""
    return f"the field {where or 'the top level'}{at}"


def _shown(value: Any) -> str:
    """``value`` as JSON writes it, escaped and cut short for a message."""
    return printable(json.dumps(value, ensure_ascii=False), limit=_SHOWN)


def _found(value: Any) -> str:
    """The "; found <value>" of a message, as JSON writes it and cut short; nothing for a
    list or an object."""
    if value is None or isinstance(value, dict | list):
        return ""
    return f"; found {_shown(value)}"


def _named(raw: Any, loc: list[str]) -> list[str]:
    """``loc`` with the item it runs through named as the architect knows it: a rack by its
    label, a hall or feed by its name ("placements -> rk-e7 (GB300-01) -> x"); ids alone
    meant nothing to a trial."""
    if len(loc) < 2 or not isinstance(raw, dict) or not isinstance(raw.get(loc[0]), list):
        return loc
    for item in raw[loc[0]]:
        if isinstance(item, dict) and str(item.get("id")) == loc[1]:
            name = item.get("label") or item.get("name")
            if isinstance(name, str) and name:
                return [loc[0], f"{loc[1]} ({name})", *loc[2:]]
    return loc


def _line_of(text: str, loc: list[str]) -> int | None:
    """The line where the field at ``loc`` is written, found by walking the keys and ids."""
    position = 0
    for part in loc:
        if part.isdigit():
            continue
        pattern = rf'"id"\s*:\s*"{re.escape(part)}"|"{re.escape(part)}"\s*:'
        found = re.compile(pattern).search(text, position)
        if found is None:
            break
        position = found.start()
    return text.count("\n", 0, position) + 1 if position else None


def refusal(problems: Sequence[FileProblem], what: str) -> str:
    """Why a project with ``problems`` gets no deliverable (``what``: "export it", ...):
    counted one way by one table and another by the next, a rack of no hall or type would
    make the set disagree with itself (a trial's cover summed 11 racks, its halls 10)."""
    them = "it" if len(problems) == 1 else "them"
    more = f" ({plural(len(problems) - 1, 'more problem')} besides.)" if len(problems) > 1 else ""
    return (
        f"Cannot {what}: {plural(len(problems), 'problem')} inside the file would make its "
        f"figures disagree. {problems[0].problem}{more} Fix {them} in the designer, whose "
        f"findings list {them}, or see `check`, then try again."
    )


def integrity_problems(
    project: Project, rack_types: Mapping[str, RackType], racks: RackColumns | None = None
) -> list[FileProblem]:
    """What is inconsistent inside a valid file: unknown types, dangling and duplicate ids
    (``racks``: the project's ``rack_columns``, when the caller already has them)."""
    problems = []
    found = inconsistencies(project, rack_types, racks)
    for rack in found.unknown_types:
        near = difflib.get_close_matches(rack.type_id, list(rack_types), n=1)
        hint = f" Did you mean {near[0]!r}?" if near else ""
        problems.append(
            FileProblem(
                "file.unknown_type",
                f"The rack {rack.label or rack.id!r} uses the type {rack.type_id!r}, which is "
                f"neither in the catalog nor among the project's own types.{hint}",
                (rack.id,),
                "Until it is fixed, the rack counts for no power, weight or cooling.",
            )
        )
    for reference in found.dangling:
        problems.append(
            FileProblem(
                "file.dangling_id",
                # as written: a label keeps its case, even where it starts the sentence
                describe(reference, project) + ".",
                (reference.owner, reference.target),
                "The reference is ignored until it is fixed.",
            )
        )
    for twice in found.duplicate_ids:
        problems.append(
            FileProblem(
                "file.duplicate_id",
                f"The id {twice!r} is used by two different kinds of entity; ids must be unique "
                "across the project.",
                (twice,),
            )
        )
    return problems
