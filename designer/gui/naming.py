"""File names suggested from what the user called things (projects, halls)."""

from __future__ import annotations


def file_stem(name: str, fallback: str = "project") -> str:
    """A file name from a project's (or hall's) name: letters, digits and dashes."""
    cleaned = "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")
    while "--" in cleaned:
        cleaned = cleaned.replace("--", "-")
    return cleaned or fallback
