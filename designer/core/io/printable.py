"""Text from a file, made safe to show on a terminal or in a one-paragraph message.

A label is the user's text, but a file can hold anything: an escape sequence that recolours
or clears the terminal it is printed on, a newline that breaks a one-line message, a lone
surrogate no encoder writes, a megabyte of one value. Shown through ``printable`` each is
written out as its escape (``\\u001b``, ``\\n``, ``\\ud800``) and a long value is cut. The
escapes are JSON's, so a JSON document shown this way is still the same JSON.
"""

from __future__ import annotations

import re

#: C0 and C1 control characters, DEL, surrogates, and the format characters that reorder
#: or hide text on a terminal (bidirectional overrides and isolates).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(found: re.Match[str]) -> str:
    char = found.group()
    if char in _NAMED:
        return _NAMED[char]
    return f"\\u{ord(char):04x}"


def printable(text: str, keep: str = "", limit: int | None = None) -> str:
    """``text`` with every unsafe character escaped, except those in ``keep`` (``"\\n"`` for a
    page of lines); cut to ``limit`` characters with an ellipsis when given."""
    if limit is not None and len(text) > limit:
        text = text[: max(limit - 1, 0)] + "…"
    if not _UNSAFE.search(text):
        return text
    if not keep:
        return _UNSAFE.sub(_escape, text)
    return _UNSAFE.sub(lambda m: m.group() if m.group() in keep else _escape(m), text)
