"""Scale-up: an NVL72's NVLink never leaves its rack (links:S60), and a CloudMatrix384's UB
links stay within its optics' reach and have UB switch racks to reach (systems:S24).

The findings come from the network plan (see ``network``).
"""

from __future__ import annotations

from designer.core.rules.network import family_check

FAMILY = "scale_up"

CHECKS = (family_check(FAMILY),)
