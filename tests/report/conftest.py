import pytest


@pytest.fixture
def gui_app(qapp):
    """The session's Qt application (pytest-qt's QApplication); the report needs only QtGui."""
    return qapp
