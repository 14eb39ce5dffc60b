"""The feed form: a busway's or PDU's name, side, electrical rating and upstream cap, and
what it may carry continuously."""

from __future__ import annotations

from designer.core.catalog.feed_types import product_of
from designer.core.format import number
from designer.core.rules.limits import default_thresholds, resolve
from designer.core.rules.loads import feed_limit
from designer.gui.panels.properties.fields import parse_number
from designer.gui.panels.properties.form import Form


def feed_form(form: Form, feed_id: str) -> None:
    editor = form.editor
    project = editor.project
    feed = project.feeds[feed_id]
    types = editor.doc.catalog.feeds
    product = product_of(feed, types)
    form.heading(
        f"<b>{feed.name}</b>",
        f"{'Busway' if feed.kind == 'busway' else 'PDU'} · "
        f"{product.id if product else 'custom'} · {feed.id}",
    )
    form.text_field("name", "Name", feed.name, lambda t: editor.update(feed_id, name=t.strip()))
    # the product and its rating are one choice: a type sets the figures below, and
    # figures typed below pick the type of that rating (or Custom)
    form.choice_field(
        "type",
        "Type",
        [(t.name, t.id) for t in types.values() if t.kind == feed.kind] + [("Custom", "")],
        product.id if product else "",
        lambda v: editor.update(feed_id, type_id=v) if v else None,
    )
    form.choice_field(
        "side",
        "Side",
        [("None", ""), ("A", "A"), ("B", "B")],
        feed.side or "",
        lambda v: editor.update(feed_id, side=v or None),
    )
    form.text_field(
        "voltage",
        "Voltage (V)",
        number(feed.voltage_v),
        lambda t: editor.update(feed_id, voltage_v=parse_number(t, "The voltage")),
    )
    form.text_field(
        "amps",
        "Current (A)",
        number(feed.amps),
        lambda t: editor.update(feed_id, amps=parse_number(t, "The current")),
    )
    form.choice_field(
        "phases",
        "Phases",
        [("1-phase", 1), ("3-phase", 3)],
        feed.phases,
        lambda v: editor.update(feed_id, phases=v),
    )
    form.text_field(
        "pf",
        "Power factor",
        number(feed.power_factor, 2),
        lambda t: editor.update(feed_id, power_factor=parse_number(t, "The power factor")),
    )
    form.text_field(
        "upstream",
        "Upstream cap (kW)",
        "" if feed.upstream_capacity_kw is None else number(feed.upstream_capacity_kw),
        lambda t: editor.update(
            feed_id, upstream_capacity_kw=parse_number(t, "The upstream capacity", None)
        ),
        "What the switchboard behind the feed can deliver, when less than the feed's rating",
    )
    racks = sum(feed_id in r.feed_ids for r in project.placements.values())
    # what the checker and the utilisation bars hold the feed to: the project's
    # continuous share of its rating, or its switchboard when that is less
    share = resolve(
        default_thresholds().values, project.settings.rules.thresholds
    ).continuous_load_share
    form.summary.setText(
        f"<p style='color:#4a5560'>Rating {number(feed.rating_kw)} kW (may carry "
        f"{number(feed_limit(feed, share))} kW continuously, {number(share * 100, 0)} % of "
        f"its rating or its switchboard) · feeds {racks} racks.</p>"
    )
