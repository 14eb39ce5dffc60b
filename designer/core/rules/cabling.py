"""Cabling: every bundle has a medium that reaches, a tray that reaches its racks, a way out
of its hall and between its sites, and trays no fuller than 40 % (warning) or 50 % (error)
of their cross-section (links B45, B46).

The findings come from the network plan (see ``network``).
"""

from __future__ import annotations

from designer.core.rules.network import family_check

FAMILY = "cabling"

CHECKS = (family_check(FAMILY),)
