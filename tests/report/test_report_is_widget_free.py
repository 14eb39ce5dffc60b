"""House rule 2: the report draws with QtGui only, never widgets or the GUI."""

import json
import pkgutil
import subprocess
import sys

import designer.report


def test_importing_every_report_module_loads_no_widgets():
    modules = [m.name for m in pkgutil.walk_packages(designer.report.__path__, "designer.report.")]
    assert "designer.report.export" in modules
    script = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m == 'PySide6.QtWidgets' "
        "or m.startswith('designer.gui'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []
