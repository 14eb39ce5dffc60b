"""A command loads what it uses: `check` does not pay for the DXF reader or for Qt.

ezdxf costs a process about 0.3 s and 30 MB to import; every command's parser is built at
start-up, so a module-level ezdxf import in `import-dxf`'s reader made every `check` pay it.
"""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_check_loads_neither_ezdxf_nor_qt():
    script = (
        "import json, sys\n"
        "from designer.cli import main\n"
        "code = main(['check', 'projects/gb200-nvl72-su.rackplan.json'])\n"
        "print(json.dumps([code, sorted(sys.modules)]))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    code, loaded = json.loads(run.stdout.splitlines()[-1])
    assert code == 0
    assert [m for m in loaded if m.split(".")[0] in ("ezdxf", "PySide6", "shiboken6")] == []
