"""The PySide6 designer: main window, canvas, panels and the Qt bridges to the core document."""
