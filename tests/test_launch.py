"""Starting the designer where Qt cannot open a window gives one line, not Qt's abort."""

import ctypes.util

from designer import launch


def test_a_missing_xcb_cursor_library_is_named(monkeypatch):
    monkeypatch.setenv("DISPLAY", ":9")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: None)
    assert launch.missing_x11_library() == "libxcb-cursor0"
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: f"lib{name}.so.0")
    assert launch.missing_x11_library() is None


def test_wayland_and_offscreen_need_no_xcb_library(monkeypatch):
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: None)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert launch.missing_x11_library() is None
    monkeypatch.delenv("QT_QPA_PLATFORM")
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert launch.missing_x11_library() is None


def test_without_a_display_the_line_names_the_headless_commands(monkeypatch):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    line = launch.why_no_window(["check", "export"])
    assert line is not None and "\n" not in line
    assert "no display found" in line
    assert "These commands work without one: check, export (python main.py --help)." in line
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert launch.why_no_window(["check"]) is None
