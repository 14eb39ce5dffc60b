"""The floor-plan canvas: scene layers, the view, and the editing tools."""
