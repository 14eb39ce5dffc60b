"""The house of DESIGN section 1 holds: the layering, a Qt-free core, and the core's types.

The import contracts live in pyproject.toml ([tool.importlinter]) and read every import
statement, those inside functions and under TYPE_CHECKING too. Two things a static reading
cannot see are checked here by importing each layer in a fresh interpreter: a module imported
by name at run time, and a submodule of Qt (import-linter sees PySide6 only as a whole, so it
cannot tell the report's QtGui from the QtWidgets the report must never load).
"""

import ast
import importlib
import json
import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path

import mypy.api
import pytest

ROOT = Path(__file__).resolve().parent.parent

_OUTER_LAYERS = ("designer.gui", "designer.report", "designer.drawing", "designer.cli")
_OUTER_LAYERS += ("designer.commands", "designer.launch")

#: What importing every module of a layer must leave unloaded (a name and its submodules).
NEVER_LOADED = {
    "designer.core": ("PySide6", "shiboken6", "pyqtgraph", *_OUTER_LAYERS),
    "designer.drawing": ("PySide6.QtWidgets", "designer.gui"),
    "designer.report": ("PySide6.QtWidgets", "designer.gui"),
    "designer.commands": ("PySide6.QtWidgets", "designer.gui"),
}


def test_the_import_contracts_hold():
    lint_imports = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert lint_imports, "import-linter is not installed (pip install -e '.[test]')"
    run = subprocess.run(
        [lint_imports, "--config", "pyproject.toml", "--no-cache", "--no-logo"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize("layer", sorted(NEVER_LOADED))
def test_importing_a_layer_loads_nothing_it_must_not(layer):
    package = importlib.import_module(layer)
    modules = [m.name for m in pkgutil.walk_packages(package.__path__, layer + ".")]
    if layer == "designer.commands":
        modules.append("designer.cli")
    assert len(modules) > 3
    script = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    loaded = json.loads(run.stdout)
    forbidden = NEVER_LOADED[layer]
    assert [
        m for m in loaded if m in forbidden or m.startswith(tuple(f + "." for f in forbidden))
    ] == []


def test_the_core_type_checks(request, tmp_path_factory):
    """mypy, strict on designer/core with the pydantic plugin, as configured in pyproject.toml.

    The cache sits in pytest's cache folder, so a second run checks only what changed.
    """
    pytest_cache = getattr(request.config, "cache", None)  # absent under -p no:cacheprovider
    cache = pytest_cache.mkdir("mypy") if pytest_cache else tmp_path_factory.mktemp("mypy")
    out, err, status = mypy.api.run(
        [
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(cache),
            "--no-pretty",
            str(ROOT / "designer" / "core"),
        ]
    )
    assert status == 0, out + err


#: What marks a module as belonging in the GUI: it paints or listens through Qt, or builds
#: on another GUI module.
_GUI_IMPORTS = ("PySide6", "shiboken6", "pyqtgraph", "designer.gui")


def _imported(path: Path) -> set[str]:
    """Every module ``path`` imports, at any depth of its code (TYPE_CHECKING included)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_the_gui_holds_no_qt_free_module():
    """Logic that needs no Qt lives in the core, where the CLI and scripts reach it (issue
    20): a module under designer/gui that imports neither Qt nor another GUI module is one
    that belongs elsewhere."""
    modules = [p for p in (ROOT / "designer" / "gui").rglob("*.py") if p.name != "__init__.py"]
    assert len(modules) > 50
    qt_free = [
        str(p.relative_to(ROOT))
        for p in modules
        if not any(
            name.split(".")[0] in _GUI_IMPORTS or name.startswith("designer.gui")
            for name in _imported(p)
        )
    ]
    assert qt_free == []


#: The checkout's top level, fixed by the brief (and git's own ignore list).
TOP_LEVEL = {"main.py", "designer", "resources", "projects", "tests", "pyproject.toml"}
TOP_LEVEL |= {"README.md", ".ci", "benchmarks", "docs", ".gitignore"}


def test_the_top_level_holds_only_what_the_house_names():
    """Six stray outputs of a trial (t2.1.out...) were committed at the top, each saying
    shapely was not installed: a newcomer read them as a failed install."""
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    assert {name.split("/", 1)[0] for name in listed} <= TOP_LEVEL
