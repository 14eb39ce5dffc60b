"""How a hall looks: the one set of painting functions the canvas and the PDF report share.

Every function here draws into any ``QPainter`` whose world transform maps hall millimetres
to the device (a canvas item's painter, a ``QImage``, a ``QPdfWriter`` page at 1:100), so a
floor plan printed by ``designer.report`` looks exactly like the screen. They read only the
core model (frozen entities) and a ``Context`` that says how large a millimetre of floor
appears (the level of detail) and which part of the hall needs drawing.

- ``plan.draw_hall_plan`` draws a whole hall in one call: the entry point for reports;
- ``floor``, ``obstacles``, ``trays``, ``feeds``, ``cooling``, ``racks``, ``links``,
  ``markers`` draw one layer each (the canvas calls them from one item per layer);
  ``tray_labels`` places the trays' names;
- ``legend`` draws scale bars and legends, ``glyphs`` the small icons of the palette;
- ``style`` holds every colour, pen and brush; ``lod`` the context and thresholds.

QtGui only: nothing here imports Qt's widget module or the designer's GUI package (DESIGN.md,
rule 2); a test loads this package in a fresh interpreter and checks.
"""
