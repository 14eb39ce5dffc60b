"""The project's own fields under its hall's and site's: what the title block of every
drawing shows (its name, revision, author and date) and the description the cover prints
under the name. A trial's drawing set was titled "New project", the name the New dialog
offers, with no field to change it once the project was made; an architect issuing
revision B had none either; another could not correct a generated campus's description,
whose figures went stale after edits.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from designer.gui.panels.properties.form import Form


def project_fields(form: Form) -> None:
    """The rows of the project's title block fields and its description."""
    editor = form.editor
    meta = editor.project.meta
    heading = QLabel("<b>Project</b> · the title block of every drawing")
    heading.setObjectName("propertiesSection")
    form.layout.addRow(heading)
    form.text_field(
        "project_name",
        "Project name",
        meta.name,
        lambda t: editor.update_meta(name=t.strip()),
        "The drawing set's title, on its cover and in every sheet's title block.",
    )
    form.text_field(
        "description",
        "Description",
        meta.description,
        lambda t: editor.update_meta(description=t.strip()),
        "What the drawing set's cover says of the project under its name, in a few lines. "
        "Enter starts a new line; Ctrl+Enter, or leaving the field, keeps the text.",
        lines=5,
    )
    form.text_field(
        "revision",
        "Revision",
        meta.revision,
        lambda t: editor.update_meta(revision=t.strip()),
        "The revision the drawing set is issued at (A, B, ...).",
    )
    form.text_field("author", "Author", meta.author, lambda t: editor.update_meta(author=t.strip()))
    form.text_field(
        "date",
        "Date",
        meta.date,
        lambda t: editor.update_meta(date=t.strip()),
        "The date the set is issued, as 2026-12-07; blank: the day it is exported.",
    )
