"""Test-wide setup: Qt offscreen, no user settings or recovery files touched."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(autouse=True)
def _private_recovery_dir(tmp_path_factory, monkeypatch):
    """Autosave snapshots of untitled projects, and crash logs, go to per-test folders,
    never the user's."""
    monkeypatch.setenv("RACKPLAN_RECOVERY_DIR", str(tmp_path_factory.mktemp("recovery")))
    monkeypatch.setenv("RACKPLAN_CRASH_DIR", str(tmp_path_factory.mktemp("crashes")))
