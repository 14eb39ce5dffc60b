"""Which item of one design is which item of another: paired as an architect names them.

Two saved variants of one project keep their ids, but two files ``generate`` made with one
option changed do not: it numbers ids in the order it builds, so where one site gains
network racks every id after them shifts. Paired by id alone, every rack after the first
new one read as moved and changed (a trial: "8 added, 122 moved, 40 changed" where all 168
labels of A stood at the same x, y in B and 8 items were new). An architect knows a rack by
its label in its hall, and a CDU, busway or tray by its name, so each collection is paired
in passes, each over what the passes before it left (an item equal in both designs
under one id is paired with itself first: nothing could tell it from itself):

1. by a key that names the item, where that key belongs to one item alone on each side
   (for racks: hall, kind and label). Names win over ids: two racks whose labels were
   swapped read as each moved to where its label now stands, which is how a drawing
   that calls them by their labels reads them.
2. by a key of where it stands (hall, kind and the exact box it covers), again only where
   one item alone has it on each side: things without a name, or whose name repeats in
   the hall (a pairing among those would be a guess), that stayed where they were, and
   things renamed in place. The caller may then try the name again: of two racks
   labelled alike, one paired by its place leaves the label to the other.
3. by id: a rack renamed and moved, or moved to another hall, in the designer keeps its
   id, and nothing else says it is the same rack.

A key shared by two items of one side pairs neither of them in that pass, so a duplicate
never takes another's partner. Items left unpaired are only in A or only in B. Halls are
paired by id: a hall's id is part of every key, and the canvas draws B's items in A's hall
of that id.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

T = TypeVar("T")

#: A key of an item for one pass; ``None`` when the item has none (an empty label).
Key = Callable[[T], Hashable | None]


def pair(
    left: Mapping[str, T],
    right: Mapping[str, T],
    keys: Sequence[tuple[Key[T], Key[T]]],
    same: Collection[str] = (),
) -> dict[str, str]:
    """A's ids to the ids of the same items in B: ``same`` (ids of items equal in both,
    which nothing could tell from themselves) with themselves, then by each of ``keys`` in
    turn (each a key of A's items and one of B's, which may read their own design's rack
    types), then by id (module docstring); the items not in it are only in their own
    design."""
    paired = {i: i for i in same}
    taken = set(paired)
    for key_a, key_b in keys:
        if len(paired) == len(left) or len(taken) == len(right):
            break  # the most of a campus compared with an edit of itself: no key built
        lone_a = _lone((i, key_a(left[i])) for i in left if i not in paired)
        lone_b = _lone((i, key_b(right[i])) for i in right if i not in taken)
        for value, a_id in lone_a.items():
            b_id = lone_b.get(value)
            if b_id is not None:
                paired[a_id] = b_id
                taken.add(b_id)
    for a_id in left:
        if a_id not in paired and a_id in right and a_id not in taken:
            paired[a_id] = a_id
            taken.add(a_id)
    return paired


def _lone(keyed: Iterable[tuple[str, Hashable | None]]) -> dict[Hashable, str]:
    """Each key that one item alone has, with that item's id."""
    items = [(i, k) for i, k in keyed if k is not None]
    seen = Counter(k for _, k in items)
    return {k: i for i, k in items if seen[k] == 1}
