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


def test_the_listing_of_the_commands_imports_no_core():
    """``python main.py --help``, a newcomer's first command, took 0.7 s importing every
    command's models, plans and the libraries under them, to print their help lines."""
    script = (
        "import json, sys\n"
        "from designer.cli import main\n"
        "try:\n"
        "    main(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    loaded = json.loads(run.stdout.splitlines()[-1])
    assert "bom" in run.stdout and "whatif" in run.stdout
    heavy = ("pydantic", "numpy", "shapely", "designer.core.model", "designer.core.catalog")
    assert [m for m in loaded if m.startswith(heavy)] == []


def test_each_command_module_has_its_help_line_and_each_line_its_module():
    """The help lines live apart from their modules (``designer.commands.HELP``): a command
    added without one would not be listed, a line without a module would list nothing."""
    import pkgutil

    import designer.commands
    from designer.commands import HELP

    modules = {
        info.name.replace("_", "-")
        for info in pkgutil.iter_modules(designer.commands.__path__)
        if not info.name.startswith("_")
    }
    assert set(HELP) == modules


def test_the_help_lines_name_what_their_commands_take():
    """Two lines name what their modules define: generate's presets, import-racks' columns."""
    from designer.commands import HELP
    from designer.core.generate import PRESETS
    from designer.core.interop.rack_sheet import COLUMNS

    assert f"({', '.join(PRESETS)})" in HELP["generate"]
    assert f"columns {','.join(COLUMNS)} " in HELP["import-racks"]
