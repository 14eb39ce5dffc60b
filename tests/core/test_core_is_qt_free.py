"""House rule 1: nothing in designer.core loads Qt or an outer layer."""

import json
import pkgutil
import subprocess
import sys

import designer.core


def test_importing_every_core_module_loads_no_qt():
    modules = [m.name for m in pkgutil.walk_packages(designer.core.__path__, "designer.core.")]
    assert len(modules) > 10
    script = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('PySide6', 'shiboken6') or m.startswith(('designer.gui', "
        "'designer.report', 'designer.cli', 'designer.drawing')))))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []
