"""Benchmark scripts imported as ``python benchmarks/NAME.py`` would find them."""

import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture
def bench(monkeypatch):
    """Import a benchmark script by name, as ``python benchmarks/NAME.py`` would find it."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    loaded = []

    def load(name: str):
        module = __import__(name)
        loaded.append(name)
        return module

    yield load
    for name in loaded:
        sys.modules.pop(name, None)
