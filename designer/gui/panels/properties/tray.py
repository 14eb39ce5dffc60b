"""The cable tray form: its name, height, width and depth, and its length."""

from __future__ import annotations

from designer.core.format import number
from designer.gui.panels.properties.fields import parse_number
from designer.gui.panels.properties.form import Form


def tray_form(form: Form, tray_id: str) -> None:
    editor = form.editor
    tray = editor.project.trays[tray_id]
    form.heading(f"<b>{tray.name or 'Cable tray'}</b>", f"Cable tray · {tray.id}")
    form.text_field("name", "Name", tray.name, lambda t: editor.update(tray_id, name=t.strip()))
    for key, label, attr in (
        ("height", "Height (mm)", "height_mm"),
        ("width", "Width (mm)", "width_mm"),
        ("depth", "Depth (mm)", "depth_mm"),
    ):
        form.text_field(
            key,
            label,
            str(getattr(tray, attr)),
            lambda t, a=attr, lab=label: editor.update(
                tray_id, **{a: round(parse_number(t, lab.split(" (")[0]) or 0)}
            ),
        )
    form.summary.setText(f"<p style='color:#4a5560'>{number(tray.length_mm / 1000, 1)} m long.</p>")
