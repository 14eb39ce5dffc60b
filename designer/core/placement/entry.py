"""A catalog item to place, as the palette hands it over and a drag carries it.

A drag between widgets carries bytes, so an entry says what it is in a few bytes of JSON;
anything else dropped on the canvas reads as no entry at all.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

from designer.core.document.document import Document, TransactionError

EntryKind = Literal["rack", "system", "cooling", "feed", "tray", "structure"]


@dataclass(frozen=True)
class PaletteEntry:
    """A catalog item as the palette hands it to the canvas (also the drag's mime data)."""

    kind: EntryKind
    type_id: str

    MIME = "application/x-rackplan-palette-entry"

    def to_bytes(self) -> bytes:
        return json.dumps({"kind": self.kind, "type_id": self.type_id}).encode("utf-8")

    @classmethod
    def from_bytes(cls, data: bytes) -> PaletteEntry | None:
        """The entry in ``data``, or None when it is not one."""
        try:
            raw = json.loads(bytes(data).decode("utf-8"))
            return cls(raw["kind"], raw["type_id"])
        except (ValueError, KeyError, TypeError):
            return None


def entry_name(doc: Document, entry: PaletteEntry) -> str:
    """What the entry is called in the catalog."""
    catalogs = {
        "rack": doc.rack_types,
        "system": doc.catalog.systems,
        "cooling": doc.catalog.cooling,
        "feed": doc.catalog.feeds,
        "tray": doc.catalog.trays,
        "structure": doc.catalog.structures,
    }
    kind = catalogs[entry.kind].get(entry.type_id)
    if kind is None:
        raise TransactionError(f"there is no {entry.kind} type {entry.type_id!r} in the catalog")
    return kind.name
