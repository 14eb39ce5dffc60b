"""Interaction tools of the canvas: select and move, place, draw outlines, trays and feeds."""
