"""The pure-Python core of rackplan.

Nothing under this package imports Qt or the outer layers
(``designer.gui``, ``designer.report``, ``designer.cli``); a test imports every module
here in a subprocess and asserts that no PySide6 module was loaded.
"""
