"""Dialogs: a new project, a row of racks."""
