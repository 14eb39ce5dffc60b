"""The site map: the whole campus at a glance, one block per hall, the fibre between sites.

- ``designer.core.campus_map`` works out what the map shows, Qt-free, from the core's
  model, findings, loads and network plan: where each site's frame and hall stand, each
  hall's worst finding and load, each DCI route's length, fibre pairs and latency;
- ``scene`` turns that into a few hundred stock Qt items (and one rack layer per hall,
  painted through ``designer.drawing`` only when the user zooms in far enough to see racks);
- ``view`` is the widget: zoom, pan, fit, double-click a hall to open it.
"""
