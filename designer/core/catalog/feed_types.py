"""Which catalog product a power feed is: the one whose rating is the feed's.

A feed keeps its figures (kind, voltage, current, phases) as well as the catalog type it
was drawn from, because the checks read the figures. The two must never tell different
stories: a busway set to 1,250 A is rated at 898.5 kW by the power table and must be
ordered as a 1,250 A busway, not as the 800 A type it was drawn as. So an edit of the
figures picks the type of that rating (``retyped``), and the bill of materials names a
feed by its figures (``product_of``), whatever its stored type says.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from designer.core.model.equipment import FeedType
from designer.core.model.hall import PowerFeed

#: The figures that make a feed one product or another.
RATING_FIELDS = ("kind", "voltage_v", "amps", "phases")


def _rated(kind: FeedType, figures: Mapping[str, Any]) -> bool:
    return all(getattr(kind, name) == figures[name] for name in RATING_FIELDS)


def type_for(
    figures: Mapping[str, Any], types: Mapping[str, FeedType], preferred: str | None = None
) -> str | None:
    """The id of the catalog type rated as ``figures`` say: ``preferred`` when it is, else
    the first that is; None for a rating the catalog does not sell (a custom feed)."""
    own = types.get(preferred or "")
    if own is not None and _rated(own, figures):
        return own.id
    return next((t.id for t in types.values() if _rated(t, figures)), None)


def product_of(feed: PowerFeed, types: Mapping[str, FeedType]) -> FeedType | None:
    """The catalog product ``feed`` is, read from its figures (an older file may still name
    the type it was drawn as before its current was changed)."""
    found = type_for({name: getattr(feed, name) for name in RATING_FIELDS}, types, feed.type_id)
    return types[found] if found is not None else None


def retyped(
    feed: PowerFeed, changes: Mapping[str, Any], types: Mapping[str, FeedType]
) -> dict[str, Any]:
    """``changes`` to ``feed`` with its type and its rating made to agree.

    A catalog ``type_id`` brings that type's figures (the field is the product); new
    figures bring the type of that rating, or none (a custom feed) when the catalog sells
    none. Changes that touch neither come back as they are.
    """
    changes = dict(changes)
    chosen = types.get(changes.get("type_id") or "")
    if chosen is not None:
        changes.update({name: getattr(chosen, name) for name in RATING_FIELDS})
        return changes
    if "type_id" in changes or not any(name in changes for name in RATING_FIELDS):
        return changes
    figures = {name: changes.get(name, getattr(feed, name)) for name in RATING_FIELDS}
    changes["type_id"] = type_for(figures, types, feed.type_id)
    return changes
