"""The deliverables: a vector PDF drawing set, PNG/SVG plans of a hall, built headless.

Pages are drawn with QtGui's QPainter, never with Qt's widget module or the designer's GUI
package (a test loads every module here in a fresh interpreter and checks), and the floor
plans through ``designer.drawing``, the same functions the canvas uses, so the PDF matches
the screen. A QGuiApplication on the offscreen platform is all it needs.

"""
