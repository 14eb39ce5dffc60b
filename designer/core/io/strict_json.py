"""JSON read strictly: what ``json.loads`` lets through or dies on becomes a refusal with a line.

``json.loads`` keeps the last of two equal keys without a word, dies with a RecursionError
on lists nested past the interpreter's depth and with Python's digit-limit ValueError on an
integer of thousands of digits, and gives lone surrogates (``"\\ud800"``) as strings no
encoder can write (a PDF export then crashed inside Qt). Here each is a ``JsonRefused``
naming what and where; the careful scans that find the place run only once a file is
already refused, so a good file costs one ``json.loads`` with a key check.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from typing import Any

#: A JSON string or one of the brackets, the tokens that decide keys and nesting.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
#: Deeper than any project nests (about six levels): where a message says nesting went wrong.
_SENSIBLE_DEPTH = 64
#: The escape of a surrogate half, the only way a JSON text can hold one.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class JsonRefused(ValueError):
    """JSON that is refused: ``problem`` says what, ``line`` where (None when unknown)."""

    def __init__(self, problem: str, line: int | None = None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.line = line


class _Twice(ValueError):
    """A key found twice in one object while parsing (where is found afterwards)."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        raise _Twice()
    return found


def parse(text: str) -> Any:
    """The value of ``text``; ``JsonRefused`` for duplicate keys, nesting too deep or a number
    of too many digits. ``json.JSONDecodeError`` (text that is not JSON) passes through."""
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except _Twice:
        key, line = _first_duplicate(text)
        raise JsonRefused(
            f'the key "{key}" is written twice in one object (the second time at line '
            f"{line}); JSON keeps only one of them and rackplan will not guess which you "
            "meant",
            line,
        ) from None
    except RecursionError:
        depth, line = _deepest(text)
        raise JsonRefused(
            f"its lists and objects nest {depth:,} levels deep, past {_SENSIBLE_DEPTH} at line "
            f"{line}; a project nests only a few",
            line,
        ) from None
    except json.JSONDecodeError:
        raise
    except ValueError as err:  # an integer past the interpreter's digit limit
        digits, line = _longest_number(text)
        if not digits:
            raise JsonRefused(f"it holds a value JSON cannot stand for ({err})") from None
        raise JsonRefused(
            f"the number at line {line} has {digits:,} digits, more than any figure of a "
            f"project (at most {sys.get_int_max_str_digits():,} are read)",
            line,
        ) from None


def _line(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


def _first_duplicate(text: str) -> tuple[str, int]:
    """The first key written twice in one object, and the line of its second writing."""
    objects: list[set[str] | None] = []  # per open bracket: the keys of an object, None for a list
    tokens = _TOKEN.finditer(text)
    for token in tokens:
        kind = token.group()
        if kind in "[{":
            objects.append(set() if kind == "{" else None)
        elif kind in "]}":
            if objects:
                objects.pop()
        elif objects and objects[-1] is not None and _followed_by_colon(text, token.end()):
            key = json.loads(kind)
            if key in objects[-1]:
                return key, _line(text, token.start())
            objects[-1].add(key)
    return "?", 1  # pragma: no cover - only called once the parser found one


def _followed_by_colon(text: str, position: int) -> bool:
    while position < len(text) and text[position] in " \t\r\n":
        position += 1
    return position < len(text) and text[position] == ":"


def _deepest(text: str) -> tuple[int, int]:
    """How deep the brackets nest at most, and the line where they first pass
    ``_SENSIBLE_DEPTH`` (or reach their deepest, when they never do)."""
    depth = deepest = 0
    where = -1
    for token in _TOKEN.finditer(text):
        kind = token.group()
        if kind in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if where < 0 and depth > _SENSIBLE_DEPTH:
                where = token.start()
        elif kind in "]}":
            depth -= 1
    return deepest, _line(text, max(where, 0))


def _longest_number(text: str) -> tuple[int, int]:
    """The digits of the longest run of digits outside strings, and its line."""
    best = (0, 1)
    outside = _TOKEN.sub(lambda m: " " * len(m.group()) if m.group()[0] == '"' else m.group(), text)
    for run in re.finditer(r"\d+", outside):
        if len(run.group()) > best[0]:
            best = (len(run.group()), _line(text, run.start()))
    return best


def lone_surrogate(text: str, value: Any) -> list[str] | None:
    """The path to the first string (a key or a value) of ``value``, parsed from ``text``,
    that holds a lone surrogate, which no encoder writes; None when none does. The
    parsed value is walked only when ``text`` has a surrogate escape at all."""
    if "\\u" not in text or not _SURROGATE_ESCAPE.search(text):
        return None
    return first_unencodable(value)


def first_unencodable(value: Any) -> list[str] | None:
    """The path to the first string of ``value`` (a key or a value, in JSON data) that no
    encoder writes, or None."""
    return next(_unencodable(value, []), None)


def _unencodable(value: Any, path: list[str]) -> Iterator[list[str]]:
    if isinstance(value, str):
        if not _encodable(value):
            yield path
    elif isinstance(value, dict):
        for key, sub in value.items():
            if not _encodable(key):
                yield [*path, key]
            yield from _unencodable(sub, [*path, _part(key, sub, value)])
    elif isinstance(value, list):
        for index, sub in enumerate(value):
            yield from _unencodable(sub, [*path, _part(index, sub, value)])


def _part(key: str | int, sub: Any, holder: Any) -> str:
    """How a path names ``sub``: an item of a list of records by its id, as the loader's
    messages do ("placements -> rk-001 -> label")."""
    if (
        isinstance(holder, list)
        and isinstance(sub, dict)
        and isinstance(name := sub.get("id"), str)
    ):
        return name
    return str(key)


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
