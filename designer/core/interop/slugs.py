"""Slugs: names cut down to the letters, digits, dashes and underscores a URL, a file name
and NetBox's slug fields take."""

from __future__ import annotations

import re
import unicodedata

#: NetBox's slug fields take at most 100 characters (netbox/dcim/models/sites.py, Site.slug).
SLUG_MAX = 100

_NOT_SLUG = re.compile(r"[^a-z0-9_]+")


def slug(name: str, fallback: str) -> str:
    """``name`` in lower case ASCII with every other run of characters made one dash
    (accents dropped: "Salle Nord-Est" gives "salle-nord-est"); ``fallback`` when nothing is
    left (a name in Chinese), cut the same way."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    cut = _NOT_SLUG.sub("-", ascii_name.lower()).strip("-")[:SLUG_MAX].strip("-")
    if cut:
        return cut
    return slug(fallback, "") if fallback else "x"
