"""The obstacle form: a column's, keep-out zone's or wall's label and kind."""

from __future__ import annotations

from designer.gui.panels.properties.form import Form


def obstacle_form(form: Form, obstacle_id: str) -> None:
    editor = form.editor
    obstacle = editor.project.obstacles[obstacle_id]
    form.heading(
        f"<b>{obstacle.label or obstacle.kind.capitalize()}</b>",
        f"{obstacle.kind.capitalize()} · {obstacle.id}",
    )
    form.text_field(
        "label",
        "Label",
        obstacle.label,
        lambda t: editor.update(obstacle_id, label=t.strip()),
    )
    form.choice_field(
        "kind",
        "Kind",
        [("Column", "column"), ("Keep-out zone", "keepout"), ("Wall", "wall")],
        obstacle.kind,
        lambda v: editor.update(obstacle_id, kind=v),
    )
