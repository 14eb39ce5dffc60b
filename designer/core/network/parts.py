"""Where what a bill counts is: the site or sites whose part of the bill it is in.

A drawing set prints the whole bill and then each site's part. Counted part by part, the
campus would be scanned once per site; instead everything is counted once, keyed first by
where it is, and each part takes the counts that are in it: a few hundred distinct keys
instead of thousands of racks and tens of thousands of bundles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

#: A count's key: where it is (the sites it is in), then what it counts. What follows
#: ``where`` differs from one kind of count to another (a rack's name; a cable's medium,
#: rate and length), so its parts are typed by the counts that make them.
Key = tuple[Any, ...]


def part_of(counts: Mapping[Key, int], site: str | None) -> Counter[Key]:
    """Of ``counts`` keyed by ``(where, *key)``, those in ``site``'s part, keyed by ``key``;
    for ``None``, the whole: every count, summed per key.

    ``where`` holds the sites a count is in: one (a rack's, a run's, a switch's, a bundle
    end's; ``None`` for none) or two (a cable's ends'). A count is in a site's part only if
    every one is that site; ``()``, what runs between sites, is in the whole only.
    """
    found: Counter[Key] = Counter()
    for (where, *key), n in counts.items():
        if site is None or (where and all(w == site for w in where)):
            found[tuple(key)] += n
    return found
