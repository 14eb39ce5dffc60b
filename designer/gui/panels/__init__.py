"""Dock panels of the main window: palette, properties, findings, dashboard."""
