"""Racks from a spreadsheet: a sheet of 1,000 racks read and placed in an empty hall.

Target (issue 26): 1,000 racks import into an empty hall in under a second, parse, checks
and the one transaction that places them, best of several rounds; and the sheet written
back is identical (checked here too).

    python benchmarks/rack_sheet_bench.py
"""

from __future__ import annotations

import time

from designer.core.document import operations as ops
from designer.core.document.new_project import NewProjectSpec, new_document
from designer.core.interop.rack_sheet import rack_sheet, read_rack_sheet

REPEATS = 5


def sheet(racks: int) -> str:
    """``racks`` GB200 NVL72 in rows of 50, 600 mm apart, rows 2.4 m apart."""
    rows = [
        f"R{k // 50:02d}-{k % 50:02d},nvidia-gb200-nvl72,Data hall,{600 + 600 * (k % 50)},"
        f"{1200 + 2400 * (k // 50)},{'up' if (k // 50) % 2 else 'down'}"
        for k in range(racks)
    ]
    return "label,type,hall,x,y,facing\n" + "\n".join(rows) + "\n"


def main(racks: int = 1_000) -> None:
    text = sheet(racks)
    depth_m = max(18.0, 2.4 * (racks // 50 + 2))
    best = float("inf")
    for _ in range(REPEATS):
        doc = new_document(NewProjectSpec(hall_name="Data hall", width_m=32, depth_m=depth_m))
        start = time.perf_counter()
        found = read_rack_sheet(text, doc.project, doc.rack_types)
        ops.place_racks(doc, ((r.hall_id, r.type_id, r.x, r.y, r.rotation, r.label) for r in found))
        best = min(best, time.perf_counter() - start)
        assert rack_sheet(doc.project) == text, "the sheet written back differs"
    print(f"{racks:,} racks from a sheet into an empty hall: {best:.3f} s (target <= 1.0 s)")


if __name__ == "__main__":
    main()
