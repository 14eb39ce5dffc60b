"""The full-scale campus: 432 CloudMatrix384 (6,912 racks) over 3 sites and 24 halls,
complete with its scale-out fabric, made by the generator (``generate campus-cm384``).

This is the "100k-accelerator" scale of DESIGN section 9 (432 systems x 384 Ascend 910C is
165,888 NPUs) and more power than one site has: each site carries 144 systems and the 270
SN5600 racks of its three-tier RDMA fabric (86,976 kW of IT at max power, 108.7 MW of
facility power at PUE 1.25, within its 110 MW supply) in 8 halls, the sites joined by
fibre pairwise. The benchmarks use it, and ``build(systems=...)`` makes smaller campuses
the same way for side-by-side runs. ``designer/core/generate`` says how it is laid out.
"""

from __future__ import annotations

from designer.core.document.document import Document
from designer.core.generate import ClusterRequest, generate


def build(systems: int = 432) -> Document:
    """A campus of ``systems`` CloudMatrix384 as ``generate campus-cm384`` makes it."""
    return Document(generate(ClusterRequest("campus-cm384", systems=systems)))
