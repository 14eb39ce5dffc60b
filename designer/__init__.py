"""rackplan: a desktop designer for AI compute clusters.

The package is layered: ``designer.core`` is pure Python (the model, catalog, checks,
network planner and file I/O); ``designer.drawing``, ``designer.report`` and
``designer.gui`` draw and edit it with Qt; ``designer.cli`` runs it headless.
"""

__version__ = "0.1.0"
