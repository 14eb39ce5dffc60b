"""Commands run in-process here; ``export`` makes a QGuiApplication when none exists."""

import pytest


@pytest.fixture(autouse=True)
def _widgets_application(qapp):
    """A QApplication before any in-process export: the QGuiApplication an export would
    make first cannot hold the designer windows that tests/gui makes later in the same
    run, and Qt aborts the process when one is created."""
    return qapp
