"""A canonical, readable JSON layout for project files.

Two-space indentation and the key order the models declare, so a diff of two saves shows
what changed. Small records (a point, an endpoint, a rack's port group) stay on one line so
a placement reads as a handful of lines, not forty. The same data always gives the same
bytes, which is what makes save -> load -> save byte-identical.
"""

from __future__ import annotations

import json
from typing import Any

_INLINE_WIDTH = 88


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _flat(value: Any) -> bool:
    """Scalars, and lists or dicts of scalars (or of lists of scalars, such as outlines)."""
    if _scalar(value):
        return True
    if isinstance(value, list):
        return all(_scalar(v) or (isinstance(v, list) and all(map(_scalar, v))) for v in value)
    if isinstance(value, dict):
        return all(
            _scalar(v) or (isinstance(v, list) and all(map(_scalar, v))) for v in value.values()
        )
    return False


#: One encoder for every value: ``json.dumps`` with options makes an encoder a call, and a
#: campus's file is 266,000 calls (a fifth of ``generate``'s process).
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "), allow_nan=False)
_compact = _ENCODER.encode


def _write(value: Any, indent: int, out: list[str]) -> None:
    if _flat(value):
        text = _compact(value)
        if len(text) + indent <= _INLINE_WIDTH or _scalar(value):
            out.append(text)
            return
        if isinstance(value, list) and all(_scalar(v) or isinstance(v, list) for v in value):
            _write_items([_compact(v) for v in value], "[", "]", indent, out)
            return
    if isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        pad = " " * (indent + 2)
        out.append("{\n")
        for position, (key, sub) in enumerate(value.items()):
            out.append(f"{pad}{_compact(key)}: ")
            _write(sub, indent + 2, out)
            out.append(",\n" if position < len(value) - 1 else "\n")
        out.append(" " * indent + "}")
    elif isinstance(value, list):
        if not value:
            out.append("[]")
            return
        pad = " " * (indent + 2)
        out.append("[\n")
        for position, sub in enumerate(value):
            out.append(pad)
            _write(sub, indent + 2, out)
            out.append(",\n" if position < len(value) - 1 else "\n")
        out.append(" " * indent + "]")
    else:  # pragma: no cover - the models only produce JSON types
        raise TypeError(f"cannot write {type(value).__name__} to a project file")


def _write_items(items: list[str], opening: str, closing: str, indent: int, out: list[str]) -> None:
    """A long list of short items, wrapped to the line width."""
    pad = " " * (indent + 2)
    lines: list[str] = []
    line = ""
    for item in items:
        candidate = f"{line}, {item}" if line else item
        if line and len(pad) + len(candidate) > _INLINE_WIDTH:
            lines.append(line)
            line = item
        else:
            line = candidate
    lines.append(line)
    out.append(
        opening + "\n" + ",\n".join(pad + part for part in lines) + "\n" + " " * indent + closing
    )


def dumps(value: Any) -> str:
    """The canonical text of a JSON value, ending with a newline."""
    out: list[str] = []
    _write(value, 0, out)
    out.append("\n")
    return "".join(out)
