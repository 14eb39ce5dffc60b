import pytest


@pytest.fixture(autouse=True)
def gui_app(qapp):
    """The session's Qt application (pytest-qt's QApplication), for every report test: the
    report needs only QtGui, but measuring text needs an application (a table test run on
    its own aborted without one)."""
    return qapp
