"""Per-project settings of the fabric generator, the cable router and the media chooser."""

from __future__ import annotations

from designer.core.model.base import Record


class NetworkSettings(Record):
    """Choices the architect makes for the whole project's cabling."""
