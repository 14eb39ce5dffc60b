"""Starting the designer where Qt cannot open a window gives one line, not Qt's abort."""

import ctypes.util

from designer.gui import app


def test_a_missing_xcb_cursor_library_is_named(monkeypatch):
    monkeypatch.setenv("DISPLAY", ":9")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: None)
    assert app.missing_x11_library() == "libxcb-cursor0"
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: f"lib{name}.so.0")
    assert app.missing_x11_library() is None


def test_wayland_and_offscreen_need_no_xcb_library(monkeypatch):
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: None)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert app.missing_x11_library() is None
    monkeypatch.delenv("QT_QPA_PLATFORM")
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert app.missing_x11_library() is None
