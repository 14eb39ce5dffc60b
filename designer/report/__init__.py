"""The deliverables: a vector PDF drawing set, PNG/SVG plans of a hall, built headless.

Pages are drawn with QtGui's QPainter (never QtWidgets, never designer.gui), and the floor
plans through ``designer.drawing``, the same functions the canvas uses, so the PDF matches
the screen. A QGuiApplication on the offscreen platform is all it needs.
"""
