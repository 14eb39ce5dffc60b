"""What hovering over something on the floor tells the user: its power, cooling, weight and findings.

The text is rich text (a little HTML), which a Qt tooltip shows as it is; it is made here,
from the project and the findings alone, so it is tested without a window.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from designer.core.format import number
from designer.core.model.equipment import RackType
from designer.core.model.project import Project
from designer.core.rules import Finding, Severity
from designer.core.rules.loads import room_air_kw

_ICON = {Severity.ERROR: "✖", Severity.WARNING: "▲", Severity.INFO: "ℹ"}
_COLOUR = {Severity.ERROR: "#c62828", Severity.WARNING: "#b26a00", Severity.INFO: "#1f5fa8"}
#: At most this many findings are listed in a tooltip.
MAX_LISTED = 6


def findings_html(findings: Sequence[Finding]) -> str:
    """The findings as coloured lines, worst first, excluded ones left out."""
    shown = sorted((f for f in findings if not f.excluded), key=Finding.sort_key)
    if not shown:
        return ""
    lines = [
        f"<span style='color:{_COLOUR[f.severity]}'>{_ICON[f.severity]}</span> {escape(f.message)}"
        for f in shown[:MAX_LISTED]
    ]
    if len(shown) > MAX_LISTED:
        lines.append(f"… and {len(shown) - MAX_LISTED} more")
    return "<br>".join(lines)


def hover_text(
    project: Project,
    rack_types: Mapping[str, RackType],
    entity_id: str,
    findings: Sequence[Finding],
    checked: bool,
) -> str:
    """Rich text describing ``entity_id`` for a tooltip, with ``findings``, those naming it.

    ``checked`` False (no check has reported yet) leaves out the "No findings" line.
    """
    rack = project.placements.get(entity_id)
    rows: list[str] = []
    if rack is not None:
        kind = rack_types.get(rack.type_id)
        title = f"<b>{escape(rack.label or entity_id)}</b> — {escape(kind.name if kind else rack.type_id)}"
        if kind is None:
            rows.append("Unknown type: counts for no power, cooling or weight.")
        else:
            feeds = ", ".join(
                escape(project.feeds[f].name)
                + (f" ({project.feeds[f].side})" if project.feeds[f].side else "")
                for f in rack.feed_ids
                if f in project.feeds
            )
            rows.append(
                f"Power {number(kind.max_kw)} kW max, {number(kind.typical_kw)} kW typical"
                f" · {feeds or 'no feed'}"
            )
            cdu = project.cooling_units.get(rack.cdu_id or "")
            liquid = (
                f"{number(kind.liquid_kw)} kW to liquid → {escape(cdu.name) if cdu else 'no CDU'}"
            )
            air = f"{number(kind.air_kw)} kW to air"
            door = (
                f" (rear door {number(rack.rear_door_kw)} kW: "
                f"{number(room_air_kw(rack, kind))} kW to the room)"
                if rack.rear_door_kw
                else ""
            )
            rows.append(
                f"Cooling {liquid if kind.liquid_share else ''}{' · ' if kind.liquid_share else ''}{air}{door}"
            )
            accel = (
                f" · {kind.accelerators} {escape(kind.accelerator_kind)}"
                if kind.accelerators
                else ""
            )
            rows.append(f"Weight {number(kind.weight_kg, 0)} kg{accel}")
        if rack.group_id and rack.group_id in project.groups:
            group = project.groups[rack.group_id]
            rows.append(
                f"Part of {escape(group.label or group.id)} (moves as one; Edit ▸ Ungroup to split)"
            )
    else:
        title, rows = _other(project, entity_id)
    found = findings_html(findings)
    if checked and not found:
        found = "<span style='color:#2e7d32'>✔</span> No findings"
    body = "<br>".join(rows)
    return f"<p style='white-space:pre'>{title}<br>{body}</p>" + (
        f"<p>{found}</p>" if found else ""
    )


def _other(project: Project, entity_id: str) -> tuple[str, list[str]]:
    unit = project.cooling_units.get(entity_id)
    if unit is not None:
        capacity = unit.liquid_capacity_kw or unit.air_capacity_kw
        medium = "liquid" if unit.kind == "cdu" else "air"
        served = sum(1 for r in project.placements.values() if r.cdu_id == entity_id)
        rows = [f"{number(capacity)} kW to {medium}"]
        if unit.kind == "cdu":
            rows.append(f"Serves {served} rack{'s' if served != 1 else ''}")
        return (
            f"<b>{escape(unit.name)}</b> — {unit.kind.replace('_', ' ').upper() if unit.kind != 'inrow_cooler' else 'In-row cooler'}",
            rows,
        )
    feed = project.feeds.get(entity_id)
    if feed is not None:
        racks = sum(1 for r in project.placements.values() if entity_id in r.feed_ids)
        side = f", side {feed.side}" if feed.side else ""
        return f"<b>{escape(feed.name)}</b> — {feed.kind}{side}", [
            f"{number(feed.voltage_v, 0)} V {number(feed.amps, 0)} A, {feed.phases}-phase: {number(feed.rating_kw)} kW",
            f"Feeds {racks} rack{'s' if racks != 1 else ''}",
        ]
    tray = project.trays.get(entity_id)
    if tray is not None:
        return f"<b>{escape(tray.name or 'Cable tray')}</b> — cable tray", [
            f"{tray.width_mm} × {tray.depth_mm} mm at {number(tray.height_mm / 1000, 2)} m, {number(tray.length_mm / 1000, 1)} m long"
        ]
    obstacle = project.obstacles[entity_id]
    return f"<b>{escape(obstacle.label or obstacle.kind)}</b> — {obstacle.kind}", []
