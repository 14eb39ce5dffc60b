import pytest
from PySide6.QtGui import QGuiApplication


@pytest.fixture(scope="session")
def gui_app():
    """A QGuiApplication: all the report needs (no widgets)."""
    return QGuiApplication.instance() or QGuiApplication([])
