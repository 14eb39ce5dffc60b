"""The cable schedule and the bill of materials as CSV or JSON text, and writing them.

Text is built whole in memory; ``designer.core.io.atomic.write_output`` writes it, so a
failed write leaves no partial file and the previous file, if any, untouched.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence

from designer.core.findings import Finding
from designer.core.naming import natural_key
from designer.core.network.bom import Bom
from designer.core.network.schedule import COLUMNS, ScheduleLine, line_values

BOM_COLUMNS = (
    "category",
    "item",
    "length_m",
    "quantity",
    "unit_power_w",
    "power_w",
    "unit_usd",
    "cost_usd",
)


#: How a cell a spreadsheet would run as a formula starts (OWASP's CSV injection list).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def as_text(value: object) -> object:
    """A text cell that would start a formula, with a leading apostrophe, which keeps it
    text in a spreadsheet (a label "=HYPERLINK(...)" is a name, not a link to follow)."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def sheet_bytes(text: str) -> bytes:
    """A CSV sheet's text as the bytes of its file: UTF-8 after the byte-order mark, which
    Excel needs to read it as UTF-8 (without it a trial's "2 × 400G" and "m²" read "2 Ã—
    400G" and "mÂ²"). LibreOffice, pandas and ``import-racks`` read past it. Printed
    sheets and NetBox's import files go without it."""
    return ("\ufeff" + text).encode("utf-8")


def _csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([as_text(v) for v in row] for row in rows)
    return buffer.getvalue()


def schedule_csv(lines: Sequence[ScheduleLine]) -> str:
    """The schedule, one bundle per row, with a header row, rack by rack as an installer
    works through a hall (a trial's file began GB300-06, GB300-08, GB300-02)."""
    return _csv(COLUMNS, (line_values(line) for line in sorted(lines, key=_by_rack)))


def _by_rack(line: ScheduleLine) -> tuple[object, ...]:
    """Hall, then rack, in the order their names read (compute-2 before compute-10). Two
    halls of one name mix; the check ``file.duplicate_hall_name`` reports them."""
    return (
        natural_key(line.from_hall),
        natural_key(line.from_name),
        natural_key(line.to_hall),
        natural_key(line.to_name),
        line.plane,
    )


def schedule_json(project: str, lines: Sequence[ScheduleLine], findings: Sequence[Finding]) -> str:
    """The schedule and the planner's findings as one JSON document."""
    bundles = [
        dict(zip(COLUMNS, line.as_dict().values(), strict=True))
        for line in sorted(lines, key=_by_rack)
    ]
    return _json({"project": project, "bundles": bundles, "findings": findings_data(findings)})


def findings_data(findings: Sequence[Finding]) -> list[dict[str, object]]:
    """Findings as plain data: code, severity, message, ids, measured, limit, unit."""
    return [
        {
            "code": f.code,
            "severity": f.severity,
            "message": f.message,
            "ids": list(f.ids),
            "measured": f.measured,
            "limit": f.limit,
            "unit": f.unit,
        }
        for f in findings
    ]


def bom_csv(bom: Bom) -> str:
    """The BOM, one item per row, then a total row (power in W, cost in USD)."""
    rows = [["" if v is None else v for v in line.as_dict().values()] for line in bom.lines]
    rows.append(
        [
            "total",
            "optics and active cables; cost low confidence",
            "",
            "",
            "",
            round(bom.optics_power_w, 3),
            "",
            round(bom.cost_usd, 2),
        ]
    )
    return _csv(BOM_COLUMNS, rows)


def bom_json(project: str, bom: Bom, site: str | None = None) -> str:
    """The BOM as one JSON document with its totals; of one ``site`` (its name) if given."""
    return _json(
        {
            "project": project,
            **({"site": site} if site else {}),
            "lines": [line.as_dict() for line in bom.lines],
            "totals": {
                "optics_power_w": round(bom.optics_power_w, 3),
                "cost_usd": round(bom.cost_usd, 2),
                "cost_confidence": "low",
                # the network racks' slots, all counted in their power; the switch lines
                # say how many the fabric fills
                "switch_slots": bom.switch_slots,
            },
        }
    )


def _json(data: object) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
